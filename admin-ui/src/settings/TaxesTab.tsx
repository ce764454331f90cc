import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  FormControlLabel,
  FormGroup,
  IconButton,
  Link,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { LoadingScreen } from '@/common/LoadingScreen';
import { saveFile } from '@/common/saveFile';
import type { Settings } from '@/providers/types';
import { formsApi } from '@/providers/registrationForms';
import { downloadTaxReport } from '@/providers/taxes';
import { ClassPicker } from '@/settings/ClassPicker';
import { SaveRow, SettingsSection } from '@/settings/SettingsSection';
import { useSettings, useSettingsForm } from '@/settings/useSettings';

type Taxes = Settings['taxes'];
type Rate = Taxes['rates'][number];
type Fee = NonNullable<Settings['registrationFee']>;

/** The kinds of charge a rate may apply to, as the server names them, with the words the screen shows. */
const KINDS: { key: Rate['appliesTo'][number]; label: string }[] = [
  { key: 'tuition', label: 'Tuition' },
  { key: 'registrationFee', label: 'Registration fees' },
  { key: 'passes', label: 'Passes and memberships' },
  { key: 'dropIns', label: 'Drop-ins' },
];
const MAX_RATES = 5;
/** A rate: 0 to 100 with at most 3 decimals (the server's rule, shown before saving). */
const rateOk = (r: number) => Number.isFinite(r) && r >= 0 && r <= 100 && Math.round(r * 1000) === r * 1000;

/** Settings › Taxes and fees (issue 43 §1-2): the sales taxes, the registration fee, and the tax report. */
export function TaxesTab() {
  const settings = useSettings();
  if (settings.isPending) return <LoadingScreen message="Loading settings..." />;
  if (!settings.data) return <Typography color="error">Failed to load settings</Typography>;
  return (
    <Stack spacing={3}>
      <TaxRatesForm saved={settings.data.taxes} />
      <RegistrationFeeForm saved={settings.data.registrationFee ?? null} />
      <TaxReportDownload />
    </Stack>
  );
}

function TaxRatesForm({ saved }: { saved: Taxes }) {
  const [t, setT] = useState<Taxes>(saved);
  const [notice, setNotice] = useState<string | null>(null);
  const classes = useQuery({ queryKey: ['registration-form-classes'], queryFn: formsApi.classes });
  const { submit, status } = useSettingsForm('Taxes saved', 'Failed to save the taxes. Please try again');
  const setRate = (i: number, patch: Partial<Rate>) => setT({ ...t, rates: t.rates.map((r, j) => (j === i ? { ...r, ...patch } : r)) });
  const toggle = (i: number, kind: Rate['appliesTo'][number]) => {
    const has = t.rates[i].appliesTo.includes(kind);
    setRate(i, { appliesTo: has ? t.rates[i].appliesTo.filter((k) => k !== kind) : [...t.rates[i].appliesTo, kind] });
  };
  const invalid = t.rates.some((r) => !r.label.trim() || !rateOk(r.rate));
  const save = () =>
    submit({ taxes: t }, (s) => {
      setT(s.taxes);
      setNotice((s as Settings & { notice?: string }).notice ?? null);
    });

  return (
    <SettingsSection title="Sales taxes" maxWidth={760}>
      <Typography color="text.secondary">
        Each rate is shown as its own line on price quotes, receipts and statements, after discounts, rounded to the cent per line.
      </Typography>
      <FormControlLabel
        control={<Switch checked={t.pricesIncludeTax} onChange={(e) => setT({ ...t, pricesIncludeTax: e.target.checked })} />}
        label="Prices include tax (the tax is shown as included; otherwise it is added to the price)"
      />
      {t.rates.map((r, i) => (
        <Stack
          key={i}
          spacing={1}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}
          aria-label={`Tax rate ${i + 1}`}
          role="group"
        >
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
            <TextField
              label="Label"
              value={r.label}
              onChange={(e) => setRate(i, { label: e.target.value })}
              error={!r.label.trim()}
              helperText="GST, HST, Sales tax, VAT..."
              slotProps={{ htmlInput: { maxLength: 40 } }}
            />
            <TextField
              label="Rate (%)"
              type="number"
              value={Number.isNaN(r.rate) ? '' : r.rate}
              onChange={(e) => setRate(i, { rate: e.target.value === '' ? NaN : Number(e.target.value) })}
              error={!rateOk(r.rate)}
              helperText={rateOk(r.rate) ? 'Up to 3 decimals' : 'From 0 to 100, at most 3 decimals'}
              slotProps={{ htmlInput: { min: 0, max: 100, step: 0.001 } }}
              sx={{ width: 160 }}
            />
            <FormControlLabel
              control={<Checkbox checked={r.compound} onChange={(e) => setRate(i, { compound: e.target.checked })} />}
              label="Compound (charged on the price plus the other taxes)"
            />
            <IconButton
              aria-label={`Remove ${r.label || 'this rate'}`}
              onClick={() => setT({ ...t, rates: t.rates.filter((_, j) => j !== i) })}
            >
              <DeleteIcon />
            </IconButton>
          </Stack>
          <FormGroup row aria-label="Applies to">
            <Typography component="span" sx={{ mr: 2, alignSelf: 'center' }}>
              Applies to:
            </Typography>
            {KINDS.map((k) => (
              <FormControlLabel
                key={k.key}
                control={<Checkbox checked={r.appliesTo.includes(k.key)} onChange={() => toggle(i, k.key)} />}
                label={k.label}
              />
            ))}
          </FormGroup>
        </Stack>
      ))}
      <Stack direction="row">
        <Button
          variant="outlined"
          disabled={t.rates.length >= MAX_RATES}
          onClick={() => setT({ ...t, rates: [...t.rates, { label: '', rate: 0, compound: false, appliesTo: ['tuition'] }] })}
        >
          Add a tax rate
        </Button>
      </Stack>
      <ClassPicker
        label="Tax-exempt classes"
        value={t.exemptClassIds}
        classes={classes.data ?? []}
        onChange={(ids) => setT({ ...t, exemptClassIds: ids })}
        helperText="Their tuition is not taxed (a registration fee still follows its own rule)"
      />
      {notice && <Alert severity="info">{notice}</Alert>}
      <SaveRow label="Save taxes" onSave={save} disabled={invalid} status={status} />
    </SettingsSection>
  );
}

const NEW_FEE: Fee = { label: 'Annual registration fee', amount: 25, per: 'household', period: 'year' };

function RegistrationFeeForm({ saved }: { saved: Fee | null }) {
  const [on, setOn] = useState(saved !== null);
  const [f, setF] = useState<Fee>(saved ?? NEW_FEE);
  const { submit, status } = useSettingsForm('Registration fee saved', 'Failed to save the registration fee. Please try again');
  const amountOk = f.amount > 0 && f.amount <= 10000 && Math.round(f.amount * 100) === f.amount * 100;
  const save = () => submit({ registrationFee: on ? f : null }, (s) => setF(s.registrationFee ?? NEW_FEE));
  return (
    <SettingsSection title="Registration fee" maxWidth={760}>
      <Typography color="text.secondary">
        Charged once per period with the first registration of that period, as its own line of the price, taxed by the rates that apply to
        registration fees.
      </Typography>
      <FormControlLabel control={<Switch checked={on} onChange={(e) => setOn(e.target.checked)} />} label="Charge a registration fee" />
      {on && (
        // Wraps rather than squeezes: each field keeps room for its value.
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <TextField
            label="Label"
            value={f.label}
            onChange={(e) => setF({ ...f, label: e.target.value })}
            error={!f.label.trim()}
            sx={{ minWidth: 240, flex: 1 }}
          />
          <TextField
            label="Amount ($)"
            type="number"
            value={Number.isNaN(f.amount) ? '' : f.amount}
            onChange={(e) => setF({ ...f, amount: e.target.value === '' ? NaN : Number(e.target.value) })}
            error={!amountOk}
            helperText={amountOk ? undefined : 'From $0.01 to $10,000'}
            sx={{ width: 140, flexShrink: 0 }}
          />
          <TextField
            select
            label="Per"
            value={f.per}
            onChange={(e) => setF({ ...f, per: e.target.value as Fee['per'] })}
            sx={{ minWidth: 140 }}
          >
            <MenuItem value="household">Household</MenuItem>
            <MenuItem value="student">Student</MenuItem>
          </TextField>
          <TextField
            select
            label="Once per"
            value={f.period}
            onChange={(e) => setF({ ...f, period: e.target.value as Fee['period'] })}
            sx={{ minWidth: 140 }}
          >
            <MenuItem value="year">Year</MenuItem>
            <MenuItem value="term">Term</MenuItem>
          </TextField>
        </Stack>
      )}
      <SaveRow label="Save registration fee" onSave={save} disabled={on && (!amountOk || !f.label.trim())} status={status} />
    </SettingsSection>
  );
}

function TaxReportDownload() {
  const [year, setYear] = useState(new Date().getFullYear());
  const download = useMutation({ mutationFn: () => downloadTaxReport(year), onSuccess: (file) => saveFile(file.blob, file.name) });
  return (
    <SettingsSection title="Tax report" maxWidth={760}>
      <Typography color="text.secondary">
        The tax collected and refunded by rate and month, read from the year&apos;s receipts and credit notes. Payments made before receipts
        existed are on rows of their own (before_receipts: true), their tax read from their price lines.
      </Typography>
      {download.error && <Alert severity="error">{download.error.message}</Alert>}
      <Stack direction="row" spacing={2} alignItems="center">
        <TextField label="Year" type="number" value={year} onChange={(e) => setYear(Number(e.target.value))} sx={{ width: 120 }} />
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => download.mutate()} disabled={download.isPending}>
          {download.isPending ? 'Preparing download...' : 'Download tax report (CSV)'}
        </Button>
      </Stack>
      <Typography>
        <Link component={RouterLink} to="/admin/receipts">
          See every receipt and credit note
        </Link>
      </Typography>
    </SettingsSection>
  );
}
