import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  CircularProgress,
  FormControlLabel,
  MenuItem,
  Paper,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { useTimedMessage } from '@/common/useTimedMessage';
import { StatusIcon } from '@/communications/StatusIcon';
import { TemplatesTab } from '@/communications/TemplatesTab';
import { ConfirmDialog } from '@/common/ConfirmDialog';
import { formatDateTime, fullName } from '@/common/format';
import { ZonedDateTimeField } from '@/common/ZonedDateTimeField';
import { BROWSER_TIME_ZONE, fromZonedInput, useOrganizationTimeZone } from '@/common/zonedTime';
import { errorMessage } from '@/providers/httpClient';
import { useSession } from '@/session/SessionContext';
import { useAppDataProvider } from '@/providers/dataProvider';
import type { Communication } from '@/providers/types';

const TABS = ['Send', 'Scheduled', 'History', 'Templates'] as const;

const personOf = (c: Communication) => c.students ?? c.users;
const typeLabel = (t: string) => (t === 'sms' ? 'SMS' : 'Email');

/** One message as the Scheduled and History tabs show it. */
export function CommunicationItem({ c, scheduled, onCancel }: { c: Communication; scheduled?: boolean; onCancel?: () => void }) {
  const person = personOf(c);
  // In the organization's zone, named, like the time the message was scheduled for was entered.
  const zone = useOrganizationTimeZone();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="communication-item">
      <Stack direction="row" spacing={1} alignItems="center" justifyContent="space-between">
        <Stack direction="row" spacing={1} alignItems="center">
          <StatusIcon status={c.status} />
          <Typography variant="subtitle2">{person ? fullName(person) : 'Unknown recipient'}</Typography>
          <Chip size="small" label={typeLabel(c.communication_type)} />
          <Chip size="small" variant="outlined" label={c.status} data-testid="communication-status" />
        </Stack>
        {scheduled && c.status === 'pending' && onCancel && (
          <Button size="small" color="error" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" mt={0.5}>
        To: {c.to} · {scheduled ? `Scheduled: ${formatDateTime(c.scheduled_at, zone)}` : `Sent: ${formatDateTime(c.created_at, zone)}`}
      </Typography>
      {c.subject && (
        <Typography variant="body2" mt={0.5}>
          <strong>Subject:</strong> {c.subject}
        </Typography>
      )}
      {scheduled && (
        <Typography variant="caption" color="text.secondary" component="div">
          Attempts: {c.attempts} / {c.max_attempts}
        </Typography>
      )}
      <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-line' }}>
        {c.message}
      </Typography>
      {c.status_reason && (
        <Typography variant="caption" color={c.status === 'failed' ? 'error' : 'text.secondary'} component="div" mt={0.5}>
          {c.status_reason}
          {c.last_error && c.last_error !== c.status_reason ? `: ${c.last_error}` : ''}
        </Typography>
      )}
    </Paper>
  );
}

function SendTab({ onSent }: { onSent: (message: string) => void }) {
  const dp = useAppDataProvider();
  const { user } = useSession();
  const orgId = user?.organizationId ?? null;
  const recipients = useQuery({ queryKey: ['communications', 'recipients'], queryFn: () => dp.getRecipients() });
  const [recipientId, setRecipientId] = useState('');
  const [type, setType] = useState<'email' | 'sms'>('email');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [scheduled, setScheduled] = useState(false);
  // The date and time to send at, as typed: the organization's wall clock (its zone is named under the input).
  const [at, setAt] = useState('');
  const zone = useOrganizationTimeZone() ?? BROWSER_TIME_ZONE;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const students = (recipients.data ?? []).filter((r) => r.type === 'student');

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!orgId) return setError('Organization ID is required');
    if (!recipientId) return setError('Recipient is required');
    if (!message.trim()) return setError('Message is required');
    const scheduledAt = scheduled ? fromZonedInput(at, zone) : null;
    if (scheduled && !scheduledAt) return setError('Date and time are required when scheduling');
    setBusy(true);
    setError(null);
    const body = {
      recipientId,
      recipientType: 'student' as const,
      communicationType: type,
      message: message.trim(),
      ...(type === 'email' ? { subject: subject.trim() } : {}),
    };
    try {
      if (scheduledAt) await dp.scheduleCommunication({ ...body, scheduledAt });
      else await dp.sendCommunication(body);
      setSubject('');
      setMessage('');
      setScheduled(false);
      setAt('');
      onSent(scheduled ? 'Communication scheduled successfully!' : 'Communication sent successfully!');
    } catch (err) {
      setError(errorMessage(err, 'Failed to send communication'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" onSubmit={(e) => void submit(e)} noValidate sx={{ maxWidth: 640 }}>
      <Stack spacing={2}>
        {recipients.error ? <Alert severity="error">Failed to load recipients</Alert> : null}
        {error && <Alert severity="error">{error}</Alert>}
        <TextField select label="Recipient" value={recipientId} onChange={(e) => setRecipientId(e.target.value)} required fullWidth>
          {recipients.isPending ? (
            <MenuItem value="" disabled>
              Loading...
            </MenuItem>
          ) : (
            students.map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {fullName(s)}
              </MenuItem>
            ))
          )}
        </TextField>
        <TextField select label="Recipient Type" value="student" fullWidth>
          <MenuItem value="student">Student</MenuItem>
        </TextField>
        <TextField select label="Communication Type" value={type} onChange={(e) => setType(e.target.value as 'email' | 'sms')} fullWidth>
          <MenuItem value="email">Email</MenuItem>
          <MenuItem value="sms">SMS</MenuItem>
        </TextField>
        {type === 'email' && <TextField label="Subject" value={subject} onChange={(e) => setSubject(e.target.value)} fullWidth />}
        <TextField label="Message" value={message} onChange={(e) => setMessage(e.target.value)} required multiline rows={4} fullWidth />
        <FormControlLabel
          control={<Checkbox checked={scheduled} onChange={(e) => setScheduled(e.target.checked)} />}
          label="Schedule for later"
        />
        {scheduled && <ZonedDateTimeField label="Scheduled date and time" timeZone={zone} value={at} onChange={setAt} required fullWidth />}
        <Box>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <SendIcon />}
          >
            {busy ? 'Processing...' : scheduled ? 'Schedule Communication' : 'Send Communication'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function ScheduledTab({ onCancelled }: { onCancelled: (message: string) => void }) {
  const dp = useAppDataProvider();
  const list = useQuery({ queryKey: ['communications', 'scheduled', 50], queryFn: () => dp.getScheduledCommunications(50) });
  const [cancelling, setCancelling] = useState<Communication | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancel = async () => {
    if (!cancelling) return;
    setBusy(true);
    try {
      await dp.cancelScheduledCommunication(cancelling.id);
      setCancelling(null);
      onCancelled('Communication cancelled successfully!');
      await list.refetch();
    } catch (e) {
      setCancelling(null);
      setError(errorMessage(e, 'Failed to cancel communication'));
      await list.refetch();
    } finally {
      setBusy(false);
    }
  };
  if (list.isPending) return <CircularProgress aria-label="Loading" />;
  if (list.error) return <Alert severity="error">Failed to load data</Alert>;
  return (
    <Stack spacing={1.5}>
      {error && <Alert severity="error">{error}</Alert>}
      {!list.data?.length ? (
        <Typography color="text.secondary">No scheduled communications</Typography>
      ) : (
        list.data.map((c) => <CommunicationItem key={c.id} c={c} scheduled onCancel={() => setCancelling(c)} />)
      )}
      <ConfirmDialog
        open={cancelling !== null}
        title="Cancel scheduled communication"
        message="Are you sure you want to cancel this scheduled communication?"
        confirmLabel="Cancel communication"
        busy={busy}
        onConfirm={() => void cancel()}
        onClose={() => setCancelling(null)}
      />
    </Stack>
  );
}

function HistoryTab() {
  const dp = useAppDataProvider();
  const list = useQuery({ queryKey: ['communications', 'logs', 50], queryFn: () => dp.getCommunicationLogs(50) });
  if (list.isPending) return <CircularProgress aria-label="Loading" />;
  if (list.error) return <Alert severity="error">Failed to load data</Alert>;
  if (!list.data?.length) return <Typography color="text.secondary">No communication history</Typography>;
  return (
    <Stack spacing={1.5}>
      {list.data.map((c) => (
        <CommunicationItem key={c.id} c={c} />
      ))}
    </Stack>
  );
}

/** Communication Center (/admin/communications, spec 3 §2.8): Send, Scheduled, History, Templates. */
export default function CommunicationCenter() {
  const [tab, setTab] = useState(0);
  const [success, setSuccess] = useTimedMessage(3000);
  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Communication Center
      </Typography>
      {success && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {success}
        </Alert>
      )}
      <Tabs value={tab} onChange={(_, v: number) => setTab(v)} sx={{ mb: 3 }} variant="scrollable" allowScrollButtonsMobile>
        {TABS.map((t) => (
          <Tab key={t} label={t} />
        ))}
      </Tabs>
      {tab === 0 && <SendTab onSent={setSuccess} />}
      {tab === 1 && <ScheduledTab onCancelled={setSuccess} />}
      {tab === 2 && <HistoryTab />}
      {tab === 3 && <TemplatesTab />}
    </Box>
  );
}
