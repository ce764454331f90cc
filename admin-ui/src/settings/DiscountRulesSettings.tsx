import { useState } from 'react';
import { Box, Checkbox, FormControlLabel, MenuItem, Radio, RadioGroup, TextField, Typography } from '@mui/material';
import type { DiscountRules, Settings } from '@/providers/types';
import { useSettingsForm } from '@/settings/useSettings';
import { SaveRow, SettingsSection } from '@/settings/SettingsSection';

type RuleKey = 'earlyBird' | 'returning' | 'senior' | 'siblings';
interface RuleForm {
  on: boolean;
  kind: 'percent' | 'amount';
  value: string;
  /** earlyBird: days before the first session; senior: minimum age. */
  extra: string;
}

const RULES: { key: RuleKey; label: string; help: string; extra?: { label: string; min: number; max: number } }[] = [
  {
    key: 'earlyBird',
    label: 'Early bird',
    help: 'Registrations made early enough before the first session.',
    extra: { label: 'Until days before', min: 0, max: 365 },
  },
  { key: 'returning', label: 'Returning students', help: 'Someone (by email) who already paid for a class here.' },
  {
    key: 'senior',
    label: 'Seniors',
    help: 'From the date of birth given at registration.',
    extra: { label: 'Minimum age', min: 1, max: 120 },
  },
  { key: 'siblings', label: 'Siblings', help: 'The 2nd and later people of one household registration.' },
];

function toForm(rules: DiscountRules): Record<RuleKey, RuleForm> {
  const one = (key: RuleKey): RuleForm => {
    const r = rules[key] as { kind: 'percent' | 'amount'; value: number; daysBefore?: number; minAge?: number } | null;
    return {
      on: !!r,
      kind: r?.kind ?? 'percent',
      value: r ? String(r.value) : '',
      extra: String(r?.daysBefore ?? r?.minAge ?? (key === 'earlyBird' ? 14 : 65)),
    };
  };
  return { earlyBird: one('earlyBird'), returning: one('returning'), senior: one('senior'), siblings: one('siblings') };
}

/** Why a rule's fields cannot be saved, or null. */
function ruleError(key: RuleKey, f: RuleForm): string | null {
  if (!f.on) return null;
  const v = Number(f.value);
  if (!f.value.trim() || !Number.isFinite(v) || v <= 0) return 'Enter a value above 0';
  if (f.kind === 'percent' && (!Number.isInteger(v) || v > 100)) return 'A percentage is a whole number from 1 to 100';
  if (f.kind === 'amount' && Math.round(v * 100) !== v * 100) return 'An amount has at most 2 decimals';
  const spec = RULES.find((r) => r.key === key)!.extra;
  if (spec) {
    const n = Number(f.extra);
    if (!Number.isInteger(n) || n < spec.min || n > spec.max) return `${spec.label}: a whole number from ${spec.min} to ${spec.max}`;
  }
  return null;
}

/**
 * Settings › Discounts: the automatic discounts every price quote applies, and whether a person gets
 * the best single one or all of them stacked.
 */
export function DiscountRulesSettings({ settings }: { settings: Settings }) {
  const [form, setForm] = useState(() => toForm(settings.discountRules));
  const [combine, setCombine] = useState<'best' | 'stack'>(settings.discountRules.combine);
  const { submit, status } = useSettingsForm('Automatic discounts saved successfully!', 'Failed to save the discounts. Please try again');
  const errors = Object.fromEntries(RULES.map(({ key }) => [key, ruleError(key, form[key])])) as Record<RuleKey, string | null>;
  const invalid = Object.values(errors).some(Boolean);
  const set = (key: RuleKey, patch: Partial<RuleForm>) => setForm((f) => ({ ...f, [key]: { ...f[key], ...patch } }));

  const onSave = () => {
    if (invalid) return;
    const rule = (key: RuleKey) => {
      const f = form[key];
      if (!f.on) return null;
      const base = { kind: f.kind, value: Number(f.value) };
      if (key === 'earlyBird') return { ...base, daysBefore: Number(f.extra) };
      if (key === 'senior') return { ...base, minAge: Number(f.extra) };
      return base;
    };
    const discountRules = {
      earlyBird: rule('earlyBird'),
      returning: rule('returning'),
      senior: rule('senior'),
      siblings: rule('siblings'),
      combine,
    } as DiscountRules;
    submit({ discountRules });
  };

  return (
    <SettingsSection title="Automatic discounts" maxWidth={860}>
      <Typography color="text.secondary">
        Applied to every registration that qualifies, after the class price (or its discount price) and before a promo code. Students see
        each discount as a line of their price.
      </Typography>
      {RULES.map(({ key, label, help, extra }) => (
        <Box
          key={key}
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '200px 150px 150px 170px' }, alignItems: 'start' }}
        >
          <FormControlLabel
            control={<Checkbox checked={form[key].on} onChange={(e) => set(key, { on: e.target.checked })} />}
            label={
              <span>
                {label}
                <Typography variant="body2" color="text.secondary" component="span" display="block">
                  {help}
                </Typography>
              </span>
            }
          />
          <TextField
            select
            label={`${label}: kind`}
            value={form[key].kind}
            disabled={!form[key].on}
            onChange={(e) => set(key, { kind: e.target.value as 'percent' | 'amount' })}
          >
            <MenuItem value="percent">% off</MenuItem>
            <MenuItem value="amount">$ off</MenuItem>
          </TextField>
          <TextField
            label={`${label}: value`}
            value={form[key].value}
            disabled={!form[key].on}
            onChange={(e) => set(key, { value: e.target.value })}
            error={!!errors[key]}
            helperText={errors[key] ?? (form[key].kind === 'percent' ? 'Percent off each seat' : 'Dollars off each seat')}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          {extra ? (
            <TextField
              label={extra.label}
              value={form[key].extra}
              disabled={!form[key].on}
              onChange={(e) => set(key, { extra: e.target.value })}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          ) : (
            <span />
          )}
        </Box>
      ))}
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" fontWeight={600}>
          When several apply
        </Typography>
        <RadioGroup row value={combine} onChange={(e) => setCombine(e.target.value as 'best' | 'stack')}>
          <FormControlLabel value="best" control={<Radio />} label="The best single discount" />
          <FormControlLabel
            value="stack"
            control={<Radio />}
            label="All of them, one after another (early bird, returning, senior, sibling)"
          />
        </RadioGroup>
      </Box>
      <SaveRow label="Save automatic discounts" onSave={onSave} disabled={invalid} status={status} />
    </SettingsSection>
  );
}
