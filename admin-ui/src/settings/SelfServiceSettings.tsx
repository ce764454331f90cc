import { useState } from 'react';
import { FormControlLabel, Switch, TextField, Typography } from '@mui/material';
import type { Settings } from '@/providers/types';
import { wholeNumber } from '@/settings/policyForm';
import { useSettingsForm } from '@/settings/useSettings';
import { SaveRow, SettingsSection } from '@/settings/SettingsSection';

const HOURS_MESSAGE = 'Enter a whole number of hours from 0 to 720';

/**
 * The student portal (decision 18): students open their registrations by a link emailed to them and cancel (with the
 * refund the policy promised at registration) until a number of hours before the first session, and switch classes.
 */
export function SelfServiceSettings({ settings }: { settings: Settings }) {
  const [on, setOn] = useState(settings.selfService);
  const [hours, setHours] = useState(String(settings.selfServiceCancelHoursBefore));
  const [transfers, setTransfers] = useState(settings.selfServiceTransfers);
  const [inPerson, setInPerson] = useState(settings.selfServiceTransferDifferenceInPerson);
  const { submit, status } = useSettingsForm(
    'Self-service settings saved successfully!',
    'Failed to save the self-service settings. Please try again',
  );
  const n = wholeNumber(hours, 0, 720);

  const onSave = () => {
    if (n === null) return;
    submit({
      selfService: on,
      selfServiceCancelHoursBefore: n,
      selfServiceTransfers: transfers,
      selfServiceTransferDifferenceInPerson: inPerson,
    });
  };

  return (
    <SettingsSection title="Student self-service" maxWidth={760}>
      <Typography color="text.secondary">
        Students open &lsquo;My registrations&rsquo; from a link emailed to them (every confirmation, reminder and receipt carries
        &lsquo;Manage your registration&rsquo;). There they can cancel with the refund your policy promised when they registered, switch
        classes, and update their phone and message consent.
      </Typography>
      <FormControlLabel
        control={<Switch checked={on} onChange={(e) => setOn(e.target.checked)} />}
        label="Students manage their own registrations"
      />
      <TextField
        label="Cancel online until (hours before the first session)"
        value={hours}
        onChange={(e) => setHours(e.target.value)}
        error={n === null}
        helperText={n === null ? HOURS_MESSAGE : 'After this, students see your contact details instead'}
        disabled={!on}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        sx={{ maxWidth: 420 }}
      />
      <FormControlLabel
        control={<Switch checked={transfers} disabled={!on} onChange={(e) => setTransfers(e.target.checked)} />}
        label="Students may switch to another open class"
      />
      <FormControlLabel
        control={<Switch checked={inPerson} disabled={!on || !transfers} onChange={(e) => setInPerson(e.target.checked)} />}
        label="A student switching to a dearer class may pay the difference in person (otherwise by card)"
      />
      <SaveRow label="Save self-service settings" onSave={onSave} disabled={n === null} status={status} />
    </SettingsSection>
  );
}
