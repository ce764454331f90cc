import { useState } from 'react';
import { Alert, Box, Button, IconButton, InputAdornment, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import type { Settings } from '@/providers/types';
import { RefundPreview } from '@/settings/RefundPreview';
import { checkTiers, MAX_CANCELLATION_TIERS, newTierRow, tierRows, type TierRow } from '@/settings/policyForm';
import { useSettingsForm } from '@/settings/useSettings';
import { SaveRow, SettingsSection } from '@/settings/SettingsSection';

/**
 * The cancellation policy: tiers of "cancelled at least N days before the class: P % back", checked as
 * the server checks them, with a preview of what a student gets back under the tiers being edited.
 */
export function CancellationPolicySettings({ settings }: { settings: Settings }) {
  const [rows, setRows] = useState<TierRow[]>(() => tierRows(settings.cancellationPolicies));
  const [tried, setTried] = useState(false);
  const { submit, status } = useSettingsForm(
    'Cancellation policy saved successfully!',
    'Failed to save the cancellation policy. Please try again',
  );
  const check = checkTiers(rows);
  const invalid = check.tiers === null || check.policyError !== null;
  const { deadlineDays, refundPercentage } = settings.derived.cancellation;

  const update = (key: string, patch: Partial<TierRow>) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const onSave = () => {
    setTried(true);
    if (invalid || !check.tiers) return;
    submit({ cancellationPolicies: check.tiers }, (saved) => {
      setRows(tierRows(saved.cancellationPolicies));
      setTried(false);
    });
  };

  return (
    <SettingsSection title="Cancellation and refunds" maxWidth={760}>
      <Typography color="text.secondary">
        What a student who cancels gets back, by how many days before the class they cancel. A change applies to registrations made after
        you save it: each registration keeps the policy in force when it was made. Card payments are refunded through Classlane; in-person
        payments are settled with the student directly.
      </Typography>
      {deadlineDays !== null && refundPercentage !== null && (
        <Typography variant="body2">
          Saved policy: cancelling at least {deadlineDays} days before the class refunds {refundPercentage}%
          {settings.cancellationPolicies.length > 1 ? ` (the first of ${settings.cancellationPolicies.length} tiers)` : ''}.
        </Typography>
      )}
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No tiers: no policy. When you cancel a card registration, the whole payment is offered back and you choose the amount.
        </Typography>
      ) : (
        <Stack spacing={1.5}>
          {rows.map((r, i) => {
            const errs = tried || r.days || r.percent ? check.rowErrors[r.key] : undefined;
            return (
              <Stack key={r.key} direction="row" spacing={1.5} alignItems="flex-start" role="group" aria-label={`Tier ${i + 1}`}>
                <TextField
                  label="Deadline days"
                  value={r.days}
                  onChange={(e) => update(r.key, { days: e.target.value })}
                  error={Boolean(errs?.days)}
                  helperText={errs?.days ?? 'Cancelled at least this many days before'}
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                  sx={{ flex: 1, minWidth: 0 }}
                />
                <TextField
                  label="Refund percentage"
                  value={r.percent}
                  onChange={(e) => update(r.key, { percent: e.target.value })}
                  error={Boolean(errs?.percent)}
                  helperText={errs?.percent ?? 'Of what the student paid'}
                  slotProps={{
                    htmlInput: { inputMode: 'numeric' },
                    input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
                  }}
                  sx={{ flex: 1, minWidth: 0 }}
                />
                <IconButton
                  aria-label={`Remove tier ${i + 1}`}
                  onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}
                  sx={{ mt: 1 }}
                >
                  <DeleteOutlineIcon />
                </IconButton>
              </Stack>
            );
          })}
        </Stack>
      )}
      {check.policyError && <Alert severity="error">{check.policyError}</Alert>}
      <Box>
        <Button
          startIcon={<AddIcon />}
          onClick={() => setRows((rs) => [...rs, newTierRow()])}
          disabled={rows.length >= MAX_CANCELLATION_TIERS}
        >
          Add tier
        </Button>
      </Box>
      <RefundPreview tiers={check.tiers} />
      <SaveRow label="Save cancellation policy" onSave={onSave} disabled={tried && invalid} status={status} />
    </SettingsSection>
  );
}
