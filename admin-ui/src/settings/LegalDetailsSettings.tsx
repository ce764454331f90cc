import { useState } from 'react';
import { CircularProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { Settings } from '@/providers/types';
import { SaveRow, SettingsSection } from '@/settings/SettingsSection';
import { useSettings, useSettingsForm } from '@/settings/useSettings';

type LegalDetails = Settings['legalDetails'];

/** The labels most organizations need; "Other" lets the organization type its own (a QST number, an ABN...). */
const KNOWN_LABELS = ['EIN', 'BN', 'VAT number'];
const OTHER = 'Other';
/** The server's limits (organizations/legal-details.ts): shown before saving, so the refusal is rarely seen. */
const TAX_ID_MAX: Record<string, number> = { EIN: 10, BN: 17, 'VAT number': 17 };
const MAX = { legalName: 200, address: 500, taxIdLabel: 40, otherTaxId: 40 };

/**
 * The legal name, address and tax ID printed on every receipt, credit note and year-end statement. A receipt keeps
 * the details it was issued with: a change here shows on the receipts issued after it.
 */
export function LegalDetailsSettings() {
  const settings = useSettings();
  if (!settings.data) return settings.isPending ? <CircularProgress aria-label="Loading legal details..." /> : null;
  return <LegalDetailsForm saved={settings.data.legalDetails} />;
}

function LegalDetailsForm({ saved }: { saved: LegalDetails }) {
  const [d, setD] = useState<LegalDetails>(saved);
  const [kind, setKind] = useState(saved.taxIdLabel === '' || KNOWN_LABELS.includes(saved.taxIdLabel) ? saved.taxIdLabel || 'EIN' : OTHER);
  const { submit, status } = useSettingsForm('Legal details saved', 'Failed to save the legal details. Please try again');
  const label = kind === OTHER ? d.taxIdLabel : kind;
  const taxIdMax = TAX_ID_MAX[label] ?? MAX.otherTaxId;
  const tooLong = {
    legalName: d.legalName.length > MAX.legalName,
    address: d.address.length > MAX.address,
    taxIdLabel: label.length > MAX.taxIdLabel,
    taxId: d.taxId.length > taxIdMax,
  };
  const set = (field: keyof LegalDetails) => (e: { target: { value: string } }) => setD({ ...d, [field]: e.target.value });
  const save = () => submit({ legalDetails: { ...d, taxIdLabel: d.taxId.trim() ? label : '' } }, (s) => setD(s.legalDetails));

  return (
    <SettingsSection title="Receipts: legal details" maxWidth={640}>
      <Typography color="text.secondary">
        Printed on every receipt, credit note and year-end statement. Receipts already issued keep the details they were issued with.
      </Typography>
      <TextField
        label="Legal name"
        value={d.legalName}
        onChange={set('legalName')}
        error={tooLong.legalName}
        helperText={tooLong.legalName ? `At most ${MAX.legalName} characters` : 'Leave empty to print the organization name'}
      />
      <TextField
        label="Address"
        value={d.address}
        onChange={set('address')}
        multiline
        minRows={2}
        error={tooLong.address}
        helperText={tooLong.address ? `At most ${MAX.address} characters` : undefined}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField select label="Tax ID type" value={kind} onChange={(e) => setKind(e.target.value)} sx={{ minWidth: 160 }}>
          {[...KNOWN_LABELS, OTHER].map((l) => (
            <MenuItem key={l} value={l}>
              {l}
            </MenuItem>
          ))}
        </TextField>
        {kind === OTHER && (
          <TextField
            label="Tax ID label"
            value={d.taxIdLabel}
            onChange={set('taxIdLabel')}
            error={tooLong.taxIdLabel}
            helperText={tooLong.taxIdLabel ? `At most ${MAX.taxIdLabel} characters` : 'For example: QST number'}
          />
        )}
        <TextField
          label="Tax ID"
          value={d.taxId}
          onChange={set('taxId')}
          error={tooLong.taxId}
          helperText={`At most ${taxIdMax} characters`}
          sx={{ flex: 1 }}
        />
      </Stack>
      <SaveRow label="Save legal details" onSave={save} disabled={Object.values(tooLong).some(Boolean)} status={status} />
    </SettingsSection>
  );
}
