/**
 * Cancelling one session (POST /api/class-sessions/{id}/cancel): a reason, what the students get for it (as in
 * Settings unless the admin chooses here: a make-up token, credit or a refund of the session's share, or nothing),
 * and whether the enrolled students and the teachers are told (email and SMS by their preferences, once: a cancelled
 * session cannot be cancelled again, so the remedy is given once).
 */
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Checkbox, FormControlLabel, MenuItem, TextField, Typography } from '@mui/material';
import { FormDialog } from '@/common/FormDialog';
import { formatInZone } from '@/common/zonedTime';
import { errorMessage } from '@/providers/httpClient';
import type { ClassSession } from '@/providers/types';
import { cancelSession, type CancelledSession, type SessionRemedy } from './scheduleApi';

const REMEDIES: { value: SessionRemedy | ''; label: string }[] = [
  { value: '', label: 'As in Settings' },
  { value: 'makeup_token', label: 'A make-up token' },
  { value: 'credit', label: "Account credit for the session's share" },
  { value: 'refund', label: "A refund of the session's share" },
  { value: 'nothing', label: 'Nothing' },
];

export function SessionCancelDialog({
  session,
  title,
  zone,
  onClose,
  onCancelled,
}: {
  session: ClassSession;
  title: string;
  zone: string;
  onClose: () => void;
  onCancelled: (cancelled: CancelledSession) => void;
}) {
  const [reason, setReason] = useState('');
  const [notify, setNotify] = useState(true);
  const [remedy, setRemedy] = useState<SessionRemedy | ''>('');
  const cancel = useMutation({
    mutationFn: () => cancelSession(session.id, reason.trim(), notify, remedy || undefined),
    onSuccess: onCancelled,
  });
  return (
    <FormDialog
      open
      title={`Cancel session ${session.sessionIndex + 1}?`}
      onClose={onClose}
      cancelLabel="Keep session"
      submitLabel="Cancel session"
      submitColor="error"
      busy={cancel.isPending}
      error={cancel.error ? errorMessage(cancel.error, 'Failed to cancel the session') : null}
      onSubmit={() => cancel.mutate()}
      submitDisabled={!reason.trim()}
    >
      <Typography>
        {title}, {formatInZone(session.startsAt, zone, true)}. The other sessions of the class are unchanged.
      </Typography>
      <TextField label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} required inputProps={{ maxLength: 500 }} />
      <TextField
        select
        label="What the students get"
        value={remedy}
        onChange={(e) => setRemedy(e.target.value as SessionRemedy | '')}
        helperText={
          remedy === 'refund'
            ? "What each paid divided by the class's sessions, back to their card; in-person payments you refund at the desk"
            : remedy === 'credit'
              ? "What each paid divided by the class's sessions, as credit on their account"
              : 'Given once to every registered student of this session'
        }
      >
        {REMEDIES.map((r) => (
          <MenuItem key={r.value || 'settings'} value={r.value}>
            {r.label}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={<Checkbox checked={notify} onChange={(e) => setNotify(e.target.checked)} />}
        label="Tell the enrolled students and the teachers"
      />
    </FormDialog>
  );
}

/** 'Session 2 cancelled; 3 messages queued; 2 refunds' for the snackbar. */
export function cancelledSummary(c: CancelledSession): string {
  const parts = [`Session ${c.sessionIndex + 1} cancelled`];
  if (c.notified) parts.push(`${c.notified} ${c.notified === 1 ? 'message' : 'messages'} queued`);
  const count = (kind: string) => c.given.filter((g) => g.kind === kind).length;
  const words: [string, string, string][] = [
    ['makeup_token', 'make-up token', 'make-up tokens'],
    ['credit', 'credit', 'credits'],
    ['refund', 'refund', 'refunds'],
    ['refund_in_person', 'refund to make at the desk', 'refunds to make at the desk'],
  ];
  for (const [kind, one, many] of words) {
    const n = count(kind);
    if (n) parts.push(`${n} ${n === 1 ? one : many}`);
  }
  return parts.join('; ');
}
