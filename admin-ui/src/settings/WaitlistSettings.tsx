import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import { TextField, Typography } from '@mui/material';
import { useSaveAction } from '@/common/useSaveAction';
import type { AppDataProvider } from '@/providers/dataProvider';
import { SaveRow, SettingsSection } from '@/settings/SettingsSection';

const DEFAULT_HOURS = 24;

/** How long a waitlist offer holds its seat before it passes to the next person. */
export function WaitlistSettings({
  org,
  onSaved,
}: {
  org: { id: string; name: string; settings?: { waitlistOfferHours?: number } };
  onSaved: () => void;
}) {
  const dp = useDataProvider<AppDataProvider>();
  const [value, setValue] = useState<string>(String(org.settings?.waitlistOfferHours ?? DEFAULT_HOURS));
  const save = useSaveAction('Failed to save the waitlist setting. Please try again');
  const hours = Number(value);
  const valid = Number.isInteger(hours) && hours >= 1 && hours <= 168;

  const submit = async () => {
    if (!valid) return;
    await save.run(async (saved) => {
      await dp.saveWaitlistOfferHours(org.id, org.name, hours);
      saved('Waitlist setting saved successfully!');
      onSaved();
    });
  };

  return (
    <SettingsSection title="Waitlist offers" maxWidth={640}>
      <Typography color="text.secondary">
        When a seat frees up in a full class, the first person on its waitlist is offered it. The seat is held for them this many hours,
        then offered to the next person.
      </Typography>
      <TextField
        label="Hours an offer holds its seat"
        type="number"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={!valid}
        helperText={valid ? 'From 1 to 168 hours (one week)' : 'Enter a whole number of hours from 1 to 168'}
        slotProps={{ htmlInput: { min: 1, max: 168, step: 1 } }}
        sx={{ maxWidth: 280 }}
      />
      <SaveRow label="Save waitlist setting" onSave={() => void submit()} disabled={!valid} status={save.status} />
    </SettingsSection>
  );
}
