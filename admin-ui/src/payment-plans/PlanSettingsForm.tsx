import { useState } from 'react';
import { FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@/providers/httpClient';
import { plansApi, type PlanSettings } from '@/providers/paymentPlans';
import { useTimedMessage } from '@/common/useTimedMessage';
import { SaveRow, SettingsSection } from '@/settings/SettingsSection';

/** "1, 3, 5" → [1, 3, 5]; null when any part is not a whole day from 1 to 30 or they are not ascending. */
export function parseRetryDays(text: string): number[] | null {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const days = parts.map(Number);
  if (days.length > 5 || days.some((d) => !Number.isInteger(d) || d < 1 || d > 30)) return null;
  return days.every((d, i) => i === 0 || d > days[i - 1]) ? days : null;
}

/**
 * Settings › Payment plans, the rules every plan follows (issue 40 §1): when instalments are charged, the retries after
 * a soft decline, the grace days before a registration is past due and what happens then, bank debit, and the consent
 * text a payer accepts (each change of it is a new version; plans already chosen keep the text their payer accepted).
 */
export function PlanSettingsForm({ saved }: { saved: PlanSettings }) {
  const client = useQueryClient();
  const [s, setS] = useState(saved);
  const [retry, setRetry] = useState(saved.retryDays.join(', '));
  const [success, setSuccess] = useTimedMessage(3000);
  const save = useMutation({
    mutationFn: plansApi.saveSettings,
    onSuccess: (next) => {
      client.setQueryData(['payment-plan-settings'], next);
      setS(next);
      setSuccess('Payment plan settings saved');
    },
  });
  const retryDays = parseRetryDays(retry);
  const releaseOk =
    s.pastDueAction === 'flag' || (Number.isInteger(s.releaseAfterDays) && s.releaseAfterDays! >= 1 && s.releaseAfterDays! <= 90);
  const graceOk = Number.isInteger(s.graceDays) && s.graceDays >= 0 && s.graceDays <= 60;
  const valid = retryDays !== null && releaseOk && graceOk;
  const submit = () => {
    if (!retryDays) return;
    save.mutate({
      chargeHour: s.chargeHour,
      retryDays,
      graceDays: s.graceDays,
      pastDueAction: s.pastDueAction,
      releaseAfterDays: s.pastDueAction === 'release' ? s.releaseAfterDays : null,
      bankDebit: s.bankDebit,
      consentText: s.consentText?.trim() ? s.consentText : null,
    });
  };

  return (
    <SettingsSection title="Payment plan rules" maxWidth={760}>
      <Typography color="text.secondary">
        Instalments are charged automatically at the charge hour, in the organization&apos;s time zone, on their due dates.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label="Charge hour"
          value={s.chargeHour}
          onChange={(e) => setS({ ...s, chargeHour: Number(e.target.value) })}
          sx={{ minWidth: 160 }}
        >
          {Array.from({ length: 24 }, (_, h) => (
            <MenuItem key={h} value={h}>
              {`${String(h).padStart(2, '0')}:00`}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Retry after a soft decline (days)"
          value={retry}
          onChange={(e) => setRetry(e.target.value)}
          error={retryDays === null}
          helperText={
            retryDays === null ? 'Up to 5 whole days from 1 to 30, ascending, e.g. 1, 3, 5' : 'Days after the first failure, e.g. 1, 3, 5'
          }
        />
        <TextField
          label="Grace days before past due"
          type="number"
          value={s.graceDays}
          onChange={(e) => setS({ ...s, graceDays: Number(e.target.value) })}
          error={!graceOk}
          helperText={graceOk ? 'From 0 to 60' : 'Enter a whole number from 0 to 60'}
          slotProps={{ htmlInput: { min: 0, max: 60 } }}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label="When a registration is past due"
          value={s.pastDueAction}
          onChange={(e) =>
            setS({ ...s, pastDueAction: e.target.value as PlanSettings['pastDueAction'], releaseAfterDays: s.releaseAfterDays ?? 7 })
          }
          sx={{ minWidth: 280 }}
        >
          <MenuItem value="flag">Flag it only</MenuItem>
          <MenuItem value="release">Release the seat to the waitlist</MenuItem>
        </TextField>
        {s.pastDueAction === 'release' && (
          <TextField
            label="Days past due before the seat is released"
            type="number"
            value={s.releaseAfterDays ?? ''}
            onChange={(e) => setS({ ...s, releaseAfterDays: Number(e.target.value) })}
            error={!releaseOk}
            helperText={releaseOk ? 'From 1 to 90; the payer is warned first' : 'Enter a whole number from 1 to 90'}
            slotProps={{ htmlInput: { min: 1, max: 90 } }}
          />
        )}
      </Stack>
      <FormControlLabel
        control={<Switch checked={s.bankDebit} onChange={(e) => setS({ ...s, bankDebit: e.target.checked })} />}
        label="Offer bank debit (ACH) beside cards"
      />
      <TextField
        label="Consent text the payer accepts"
        multiline
        minRows={3}
        value={s.consentText ?? ''}
        onChange={(e) => setS({ ...s, consentText: e.target.value })}
        helperText={`Version ${s.consentVersion}. Leave empty for the default text; a change makes a new version.`}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
      <SaveRow
        label="Save plan rules"
        onSave={submit}
        disabled={!valid}
        status={{
          saving: save.isPending,
          success,
          error: save.error ? errorMessage(save.error, 'Failed to save the payment plan settings. Please try again') : null,
        }}
      />
    </SettingsSection>
  );
}
