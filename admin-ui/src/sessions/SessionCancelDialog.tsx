/**
 * Cancelling one session (POST /api/class-sessions/{id}/cancel): a reason, and whether the enrolled students and the
 * teachers are told (email and SMS by their preferences, once: a cancelled session cannot be cancelled again).
 */
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Checkbox, FormControlLabel, TextField, Typography } from '@mui/material';
import { FormDialog } from '@/common/FormDialog';
import { formatInZone } from '@/common/zonedTime';
import { useAppDataProvider } from '@/providers/dataProvider';
import { errorMessage } from '@/providers/httpClient';
import type { ClassSession } from '@/providers/types';

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
  onCancelled: (notified: number) => void;
}) {
  const dp = useAppDataProvider();
  const [reason, setReason] = useState('');
  const [notify, setNotify] = useState(true);
  const cancel = useMutation({
    mutationFn: () => dp.cancelSession(session.id, reason.trim(), notify),
    onSuccess: (s) => onCancelled(s.notified),
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
      <FormControlLabel
        control={<Checkbox checked={notify} onChange={(e) => setNotify(e.target.checked)} />}
        label="Tell the enrolled students and the teachers"
      />
    </FormDialog>
  );
}
