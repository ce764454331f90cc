import { useState } from 'react';
import { Alert, Box, Button, InputAdornment, TextField, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { Settings } from '@/providers/types';
import { DISCOUNT_FIELDS, DISCOUNT_MESSAGE, discountValue, type DiscountKey } from '@/settings/policyForm';
import { useSettingsForm } from '@/settings/useSettings';
import { SaveRow, SettingsSection } from '@/settings/SettingsSection';

/**
 * The three listed discounts of the organization's settings (the percentages the settings API reports as its derived
 * view). Prices are computed from the automatic discount rules of Settings › Discounts instead, so the card says so
 * and links there rather than let an admin believe these change what students pay.
 */
export function DiscountSettings({ settings }: { settings: Settings }) {
  const initial = settings.derived.discounts;
  const [values, setValues] = useState<Record<DiscountKey, string>>({
    earlyBird: initial.earlyBird === null ? '' : String(initial.earlyBird),
    senior: initial.senior === null ? '' : String(initial.senior),
    returning: initial.returning === null ? '' : String(initial.returning),
  });
  const { submit, status } = useSettingsForm('Discounts saved successfully!', 'Failed to save the discounts. Please try again');
  const parsed = Object.fromEntries(DISCOUNT_FIELDS.map(({ key }) => [key, discountValue(values[key])])) as Record<
    DiscountKey,
    number | null | undefined
  >;
  const invalid = DISCOUNT_FIELDS.some(({ key }) => parsed[key] === undefined);

  const onSave = () => {
    if (invalid) return;
    const { earlyBird, senior, returning } = parsed as Record<DiscountKey, number | null>;
    submit({ discounts: { earlyBird, senior, returning } });
  };

  return (
    <SettingsSection title="Listed discounts" maxWidth={760}>
      <Typography color="text.secondary">A percentage off for each kind of student; leave a field empty for none.</Typography>
      <Alert
        severity="info"
        action={
          <Button component={RouterLink} to="/admin/settings?tab=discounts" color="inherit" size="small">
            Open Discounts
          </Button>
        }
      >
        Prices do not use these percentages: what students pay comes from the automatic discounts (early bird, returning students, seniors,
        siblings) and promo codes under Settings › Discounts.
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
      <SaveRow label="Save discounts" onSave={onSave} disabled={invalid} status={status} />
    </SettingsSection>
  );
}
