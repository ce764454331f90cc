import { useState } from 'react';
import { Alert, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import type { Settings } from '@/providers/types';
import { REMINDER_MESSAGE, reminderExample, wholeNumber } from '@/settings/policyForm';
import { useSettingsForm } from '@/settings/useSettings';
import { SaveRow, SettingsSection } from '@/settings/SettingsSection';

/**
 * Class reminders: sent `reminderHours` before each session, by email and/or by text message to the
 * students who opted in. The hours are a lead time, not a time of day; the example says when one is due.
 */
export function ReminderSettings({ settings }: { settings: Settings }) {
  const [hours, setHours] = useState(String(settings.notifications.reminderHours));
  const [email, setEmail] = useState(settings.notifications.emailEnabled);
  const [sms, setSms] = useState(settings.notifications.smsEnabled);
  const { submit, status } = useSettingsForm(
    'Reminder settings saved successfully!',
    'Failed to save the reminder settings. Please try again',
  );
  const n = wholeNumber(hours, 1, 168);

  const onSave = () => {
    if (n === null) return;
    submit({ notifications: { reminderHours: n, emailEnabled: email, smsEnabled: sms } });
  };

  return (
    <SettingsSection title="Class reminders" maxWidth={760}>
      <Typography color="text.secondary">
        Students are reminded of each session of their classes. A household gets one reminder, to its contact.
      </Typography>
      <Stack>
        <FormControlLabel control={<Switch checked={email} onChange={(e) => setEmail(e.target.checked)} />} label="Email reminders" />
        <FormControlLabel
          control={<Switch checked={sms} onChange={(e) => setSms(e.target.checked)} />}
          label="Text message (SMS) reminders, to students who opted in"
        />
      </Stack>
      <TextField
        label="Reminder time (hours before each session)"
        value={hours}
        onChange={(e) => setHours(e.target.value)}
        error={n === null}
        helperText={n === null ? REMINDER_MESSAGE : reminderExample(n)}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        sx={{ maxWidth: 420 }}
      />
      {!email && !sms && <Alert severity="warning">With both switches off, no reminders are sent.</Alert>}
      {sms && <Typography variant="body2">Text messages that fall due at night wait until the morning.</Typography>}
      <SaveRow label="Save reminder settings" onSave={onSave} disabled={n === null} status={status} />
    </SettingsSection>
  );
}
