import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import { TextField, Typography } from '@mui/material';
import { useTimedMessage } from '@/common/useTimedMessage';
import { errorMessage } from '@/providers/httpClient';
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
  const [busy, setBusy] = useState(false);
  const [success, setSuccess] = useTimedMessage(3000);
  const [error, setError] = useState<string | null>(null);
  const hours = Number(value);
  const valid = Number.isInteger(hours) && hours >= 1 && hours <= 168;

  const save = async () => {
    if (!valid) return;
    setBusy(true);
    setError(null);
    try {
      await dp.saveWaitlistOfferHours(org.id, org.name, hours);
      setSuccess('Waitlist setting saved successfully!');
      onSaved();
    } catch (e) {
      setError(errorMessage(e, 'Failed to save the waitlist setting. Please try again'));
    } finally {
      setBusy(false);
    }
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
      <SaveRow label="Save waitlist setting" onSave={() => void save()} disabled={!valid} status={{ saving: busy, success, error }} />
    </SettingsSection>
  );
}
