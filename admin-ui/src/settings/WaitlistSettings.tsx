import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import { Alert, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useTimedMessage } from '@/common/useTimedMessage';
import { errorMessage } from '@/providers/httpClient';
import type { AppDataProvider } from '@/providers/dataProvider';

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
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, maxWidth: 640 }}>
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">
          Waitlist offers
        </Typography>
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
        {success && <Alert severity="success">{success}</Alert>}
        {error && <Alert severity="error">{error}</Alert>}
        <Stack direction="row">
          <Button variant="contained" onClick={() => void save()} disabled={busy || !valid}>
            {busy ? 'Saving...' : 'Save waitlist setting'}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
