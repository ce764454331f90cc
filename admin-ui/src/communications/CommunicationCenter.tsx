import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Grid,
  MenuItem,
  Paper,
  Stack,
  Switch,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { useFetch, useTimedMessage } from '@/common/useFetch';
import { StatusIcon } from '@/communications/StatusIcon';
import { ConfirmDialog } from '@/common/ConfirmDialog';
import { formatDateTime, fullName } from '@/common/format';
import { errorMessage } from '@/providers/httpClient';
import { useSession } from '@/session/SessionContext';
import type { AppDataProvider } from '@/providers/dataProvider';
import type { Communication, CommunicationTemplate, TemplateInput } from '@/providers/types';

const TABS = ['Send', 'Scheduled', 'History', 'Templates'] as const;

const personOf = (c: Communication) => c.students ?? c.users;
const typeLabel = (t: string) => (t === 'sms' ? 'SMS' : 'Email');

/** One message as the Scheduled and History tabs show it. */
export function CommunicationItem({ c, scheduled, onCancel }: { c: Communication; scheduled?: boolean; onCancel?: () => void }) {
  const person = personOf(c);
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
        To: {c.to} · {scheduled ? `Scheduled: ${formatDateTime(c.scheduled_at)}` : `Sent: ${formatDateTime(c.created_at)}`}
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
  const dp = useDataProvider<AppDataProvider>();
  const { user } = useSession();
  const orgId = user?.organizationId ?? null;
  const recipients = useFetch('comm-recipients', (d) => d.getRecipients());
  const [recipientId, setRecipientId] = useState('');
  const [type, setType] = useState<'email' | 'sms'>('email');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [scheduled, setScheduled] = useState(false);
  const [at, setAt] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const students = (recipients.data ?? []).filter((r) => r.type === 'student');

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!orgId) return setError('Organization ID is required');
    if (!recipientId) return setError('Recipient is required');
    if (!message.trim()) return setError('Message is required');
    if (scheduled && !at) return setError('Date and time are required when scheduling');
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
      if (scheduled) await dp.scheduleCommunication({ ...body, scheduledAt: new Date(at).toISOString() });
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
          {recipients.loading ? (
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
        {scheduled && (
          <TextField
            label="Scheduled date and time"
            type="datetime-local"
            value={at}
            onChange={(e) => setAt(e.target.value)}
            required
            slotProps={{ inputLabel: { shrink: true } }}
            fullWidth
          />
        )}
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
  const dp = useDataProvider<AppDataProvider>();
  const list = useFetch('comm-scheduled', (d) => d.getScheduledCommunications(50));
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
      await list.reload();
    } catch (e) {
      setCancelling(null);
      setError(errorMessage(e, 'Failed to cancel communication'));
      await list.reload();
    } finally {
      setBusy(false);
    }
  };
  if (list.loading && !list.data) return <CircularProgress aria-label="Loading" />;
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
  const list = useFetch('comm-history', (d) => d.getCommunicationLogs(50));
  if (list.loading && !list.data) return <CircularProgress aria-label="Loading" />;
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

const preview = (s: string) => (s.length > 100 ? `${s.slice(0, 100)}...` : s);
const EMPTY_TEMPLATE: TemplateInput = {
  name: '',
  type: 'email',
  kind: 'manual',
  subject_template: '',
  message_template: '',
  is_active: true,
};

function TemplatesTab() {
  const dp = useDataProvider<AppDataProvider>();
  const list = useFetch('comm-templates', (d) => d.getCommunicationTemplates());
  const [editing, setEditing] = useState<{ id: string | null; values: TemplateInput } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    if (!editing) return;
    setBusy(true);
    setError(null);
    try {
      const body = { ...editing.values, subject_template: editing.values.type === 'email' ? editing.values.subject_template : undefined };
      if (editing.id) await dp.updateTemplate(editing.id, body);
      else await dp.createTemplate(body);
      setEditing(null);
      await list.reload();
    } catch (e) {
      setError(errorMessage(e, 'Failed to save template'));
    } finally {
      setBusy(false);
    }
  };
  const edit = (t: CommunicationTemplate) =>
    setEditing({
      id: t.id,
      values: {
        name: t.name,
        type: t.type as 'email' | 'sms',
        kind: t.kind as TemplateInput['kind'],
        subject_template: t.subject_template ?? '',
        message_template: t.message_template,
        is_active: t.is_active,
      },
    });
  const set = (patch: Partial<TemplateInput>) => setEditing((e) => (e ? { ...e, values: { ...e.values, ...patch } } : e));
  return (
    <Stack spacing={2}>
      <Box>
        <Button variant="contained" onClick={() => setEditing({ id: null, values: EMPTY_TEMPLATE })}>
          New Template
        </Button>
      </Box>
      {list.loading && !list.data ? (
        <CircularProgress aria-label="Loading" />
      ) : list.error ? (
        <Alert severity="error">Failed to load data</Alert>
      ) : !list.data?.length ? (
        <Typography color="text.secondary">No templates available</Typography>
      ) : (
        <Grid container spacing={2}>
          {list.data.map((t) => (
            <Grid key={t.id} size={{ xs: 12, md: 6 }}>
              <Card variant="outlined">
                <CardContent>
                  <Stack direction="row" justifyContent="space-between" alignItems="center">
                    <Typography variant="subtitle1">{t.name}</Typography>
                    <Chip size="small" color={t.is_active ? 'success' : 'default'} label={t.is_active ? 'Active' : 'Inactive'} />
                  </Stack>
                  <Typography variant="caption" color="text.secondary">
                    {typeLabel(t.type)}
                    {t.kind !== 'manual' ? ` · ${t.kind}` : ''}
                  </Typography>
                  {t.subject_template && (
                    <Typography variant="body2" mt={1}>
                      <strong>Subject:</strong> {t.subject_template}
                    </Typography>
                  )}
                  <Typography variant="body2" mt={1} color="text.secondary">
                    {preview(t.message_template)}
                  </Typography>
                  <Stack direction="row" spacing={0.5} mt={1} flexWrap="wrap" useFlexGap>
                    {t.variables.map((v) => (
                      <Chip key={v} size="small" variant="outlined" label={v} />
                    ))}
                  </Stack>
                  <Button size="small" sx={{ mt: 1 }} onClick={() => edit(t)}>
                    Edit
                  </Button>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      )}
      <Dialog open={editing !== null} onClose={busy ? undefined : () => setEditing(null)} fullWidth maxWidth="sm">
        <DialogTitle>{editing?.id ? 'Edit Template' : 'New Template'}</DialogTitle>
        <DialogContent>
          {editing && (
            <Stack spacing={2} mt={1}>
              {error && <Alert severity="error">{error}</Alert>}
              <TextField label="Name" value={editing.values.name} onChange={(e) => set({ name: e.target.value })} required fullWidth />
              <TextField
                select
                label="Type"
                value={editing.values.type}
                onChange={(e) => set({ type: e.target.value as 'email' | 'sms' })}
                fullWidth
              >
                <MenuItem value="email">Email</MenuItem>
                <MenuItem value="sms">SMS</MenuItem>
              </TextField>
              <TextField
                select
                label="Used for"
                value={editing.values.kind}
                onChange={(e) => set({ kind: e.target.value as TemplateInput['kind'] })}
                fullWidth
              >
                <MenuItem value="manual">Messages you send</MenuItem>
                <MenuItem value="confirmation">Registration confirmation</MenuItem>
                <MenuItem value="reminder">Class reminder</MenuItem>
                <MenuItem value="receipt">Payment receipt</MenuItem>
                <MenuItem value="refund">Refund notice</MenuItem>
                <MenuItem value="rating">Rating request</MenuItem>
                <MenuItem value="class_confirmed">Your class is on (minimum reached)</MenuItem>
                <MenuItem value="class_cancelled">Class cancelled (below minimum)</MenuItem>
                <MenuItem value="class_below_minimum">Below minimum (to admins)</MenuItem>
              </TextField>
              {editing.values.type === 'email' && (
                <TextField
                  label="Subject"
                  value={editing.values.subject_template ?? ''}
                  onChange={(e) => set({ subject_template: e.target.value })}
                  fullWidth
                />
              )}
              <TextField
                label="Message"
                value={editing.values.message_template}
                onChange={(e) => set({ message_template: e.target.value })}
                required
                multiline
                rows={6}
                fullWidth
                helperText="Variables: {{firstName}}, {{lastName}}, {{className}}, {{startDate}}, {{startTime}}, {{location}}, {{instructor}}, {{organizationName}}"
              />
              <FormControlLabel
                control={<Switch checked={editing.values.is_active ?? true} onChange={(e) => set({ is_active: e.target.checked })} />}
                label="Active"
              />
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setEditing(null)} disabled={busy}>
            Cancel
          </Button>
          <Button
            variant="contained"
            onClick={() => void save()}
            disabled={busy || !editing?.values.name.trim() || !editing?.values.message_template.trim()}
          >
            {busy ? 'Processing...' : 'Save Template'}
          </Button>
        </DialogActions>
      </Dialog>
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
