import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import { Checkbox, FormControlLabel, Stack, TextField, Typography } from '@mui/material';
import { FormDialog } from '@/common/FormDialog';
import { BROWSER_TIME_ZONE, fromZonedInput, todayInZone, useOrganizationTimeZone, zoneHint } from '@/common/zonedTime';
import type { AppDataProvider } from '@/providers/dataProvider';

export interface ComposeRecipient {
  id: string;
  firstName: string;
  lastName: string;
}

/**
 * Compose Email (spec 3 §2.5): subject, message (8 rows) and an optional schedule (date from today, and time). The
 * spec keeps a date and a time input here (not the one date-time field of the other forms); they are the
 * organization's wall clock all the same, converted with the same helper and named under the time.
 * One send or schedule call per recipient (spec 3 §7); the outcome is reported through `onDone`.
 */
export function ComposeEmailDialog({
  open,
  recipients,
  title = 'Compose Email',
  onClose,
  onDone,
}: {
  open: boolean;
  recipients: ComposeRecipient[];
  title?: string;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const dp = useDataProvider<AppDataProvider>();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [scheduled, setScheduled] = useState(false);
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [busy, setBusy] = useState(false);
  const zone = useOrganizationTimeZone() ?? BROWSER_TIME_ZONE;
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setSubject('');
    setMessage('');
    setScheduled(false);
    setDate('');
    setTime('');
    setError(null);
  };

  const submit = async () => {
    if (!subject.trim() || !message.trim()) {
      setError('Please enter both subject and message');
      return;
    }
    const at = scheduled && date && time ? fromZonedInput(`${date}T${time}`, zone) : null;
    if (scheduled && !at) {
      setError('Please select both date and time for scheduled email');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const base = {
        recipientType: 'student' as const,
        communicationType: 'email' as const,
        subject: subject.trim(),
        message: message.trim(),
      };
      for (const r of recipients) {
        if (at) await dp.scheduleCommunication({ ...base, recipientId: r.id, scheduledAt: at });
        else await dp.sendCommunication({ ...base, recipientId: r.id });
      }
      const n = recipients.length;
      reset();
      onDone(at ? `Email scheduled for ${n} recipient(s)` : `Email sent to ${n} recipient(s)`);
    } catch {
      setError('Failed to send email. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open={open}
      title={title}
      onClose={onClose}
      busy={busy}
      busyLabel="Processing..."
      error={error}
      onSubmit={() => void submit()}
      submitDisabled={!subject.trim() || !message.trim() || !recipients.length}
      submitLabel={scheduled ? 'Schedule Email' : 'Send Email'}
    >
      <Typography variant="body2" color="text.secondary">
        To: {recipients.length === 1 ? `${recipients[0].firstName} ${recipients[0].lastName}` : `${recipients.length} recipients`}
      </Typography>
      <TextField label="Subject" value={subject} onChange={(e) => setSubject(e.target.value)} fullWidth required />
      <TextField label="Message" value={message} onChange={(e) => setMessage(e.target.value)} fullWidth required multiline rows={8} />
      <FormControlLabel
        control={<Checkbox checked={scheduled} onChange={(e) => setScheduled(e.target.checked)} />}
        label="Schedule for later"
      />
      {scheduled && (
        <Stack direction="row" spacing={2}>
          <TextField
            label="Date"
            type="date"
            value={date}
            onChange={(e) => setDate(e.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: todayInZone(zone) } }}
            fullWidth
          />
          <TextField
            label="Time"
            type="time"
            value={time}
            onChange={(e) => setTime(e.target.value)}
            helperText={zoneHint(zone)}
            slotProps={{ inputLabel: { shrink: true } }}
            fullWidth
          />
        </Stack>
      )}
    </FormDialog>
  );
}
