import { useState } from 'react';
import { Alert, Box, Button, InputAdornment, Paper, Stack, TextField, Typography } from '@mui/material';
import { useTimedMessage } from '@/common/useTimedMessage';
import { errorMessage } from '@/providers/httpClient';
import type { Settings } from '@/providers/types';
import { DISCOUNT_FIELDS, DISCOUNT_MESSAGE, discountValue, type DiscountKey } from '@/settings/policyForm';
import { useSaveSettings } from '@/settings/useSettings';

/**
 * The three discounts of spec 1 §4's derived view, as percentages. The server stores them; no price applies them
 * yet, and the card says so rather than promise what registration does not do.
 */
export function DiscountSettings({ settings }: { settings: Settings }) {
  const initial = settings.derived.discounts;
  const [values, setValues] = useState<Record<DiscountKey, string>>({
    earlyBird: initial.earlyBird === null ? '' : String(initial.earlyBird),
    senior: initial.senior === null ? '' : String(initial.senior),
    returning: initial.returning === null ? '' : String(initial.returning),
  });
  const save = useSaveSettings();
  const [success, setSuccess] = useTimedMessage(3000);
  const parsed = Object.fromEntries(DISCOUNT_FIELDS.map(({ key }) => [key, discountValue(values[key])])) as Record<
    DiscountKey,
    number | null | undefined
  >;
  const invalid = DISCOUNT_FIELDS.some(({ key }) => parsed[key] === undefined);

  const onSave = () => {
    if (invalid) return;
    const { earlyBird, senior, returning } = parsed as Record<DiscountKey, number | null>;
    save.mutate({ discounts: { earlyBird, senior, returning } }, { onSuccess: () => setSuccess('Discounts saved successfully!') });
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, maxWidth: 760 }} component="section" aria-labelledby="discounts-heading">
      <Stack spacing={2}>
        <Typography variant="h6" component="h2" id="discounts-heading">
          Discounts
        </Typography>
        <Typography color="text.secondary">A percentage off for each kind of student; leave a field empty for none.</Typography>
        <Alert severity="info">
          These discounts are saved with your settings, but prices do not apply them yet: students pay a class&apos;s price, or its discount
          price when you set one on the class.
        </Alert>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
          {DISCOUNT_FIELDS.map(({ key, label }) => (
            <TextField
              key={key}
              label={label}
              value={values[key]}
              onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
              error={parsed[key] === undefined}
              helperText={parsed[key] === undefined ? DISCOUNT_MESSAGE : '% off'}
              slotProps={{
                htmlInput: { inputMode: 'numeric' },
                input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
              }}
            />
          ))}
        </Box>
        {success && <Alert severity="success">{success}</Alert>}
        {save.error && <Alert severity="error">{errorMessage(save.error, 'Failed to save the discounts. Please try again')}</Alert>}
        <Stack direction="row">
          <Button variant="contained" onClick={onSave} disabled={save.isPending || invalid}>
            {save.isPending ? 'Saving...' : 'Save discounts'}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
