import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Chip, MenuItem, TableBody, TableCell, TableRow, TextField, Typography } from '@mui/material';
import { useAppDataProvider } from '@/providers/dataProvider';
import { errorMessage } from '@/providers/httpClient';
import { SimpleTable, type Column } from '@/common/SimpleTable';
import { InlineFormActions } from './InlineFormActions';
import { useInlineEditor } from './useInlineEditor';
import type { PromoCode, PromoCodeInput } from '@/providers/types';
import { fromZonedInput, toZonedInput, useOrganizationTimeZone, zoneHint } from '@/common/zonedTime';
import { SettingsSection } from '@/settings/SettingsSection';

const KEY = ['promo-codes'] as const;
const money = (n: number) => `$${n.toFixed(2)}`;
const PROMO_COLUMNS: Column[] = [
  { label: 'Code' },
  { label: 'Discount' },
  { label: 'Valid until' },
  { label: 'Used', align: 'right' },
  { label: 'Discount given', align: 'right' },
  { label: 'Revenue', align: 'right' },
  { label: 'Status' },
  { label: '' },
];

interface CodeForm {
  code: string;
  kind: 'percent' | 'amount';
  value: string;
  maxRedemptions: string;
  maxPerEmail: string;
  validUntil: string;
}
const EMPTY: CodeForm = { code: '', kind: 'percent', value: '', maxRedemptions: '', maxPerEmail: '1', validUntil: '' };

/** The browser's zone until the organization's settings have loaded (the same fallback the inputs had before). */
const BROWSER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

function formOf(c: PromoCode, zone: string): CodeForm {
  return {
    code: c.code,
    kind: c.kind as 'percent' | 'amount',
    value: String(c.value),
    maxRedemptions: c.maxRedemptions === null ? '' : String(c.maxRedemptions),
    maxPerEmail: String(c.maxPerEmail),
    // The day it ends on in the organization's zone (its last second there, as saved below).
    validUntil: c.validUntil ? toZonedInput(c.validUntil, zone).slice(0, 10) : '',
  };
}

/** The body of POST/PUT /api/promo-codes; a code being edited keeps its classes, start and active state. */
function inputOf(f: CodeForm, zone: string, was?: PromoCode): PromoCodeInput {
  return {
    code: f.code.trim(),
    kind: f.kind,
    value: Number(f.value),
    maxRedemptions: f.maxRedemptions.trim() ? Number(f.maxRedemptions) : null,
    maxPerEmail: Number(f.maxPerEmail || 1),
    // The end of the chosen day in the organization's time zone (where its families are), not the admin's browser's.
    validUntil: f.validUntil ? fromZonedInput(`${f.validUntil}T23:59:59`, zone) : null,
    ...(was ? { classIds: was.classIds, validFrom: was.validFrom, active: was.active } : {}),
  };
}

/** Settings › Discounts: the promo codes, their usage, and a form to create or edit one. */
export function PromoCodesSettings() {
  const dp = useAppDataProvider();
  const codes = useQuery({ queryKey: KEY, queryFn: () => dp.getPromoCodes() });
  const orgZone = useOrganizationTimeZone();
  const zone = orgZone ?? BROWSER_ZONE;
  const { editing, setEditing, form, setForm, set, notice, setNotice, done, cancel } = useInlineEditor<PromoCode, CodeForm>(KEY, EMPTY);
  const save = useMutation({
    mutationFn: () => (editing ? dp.updatePromoCode(editing.id, inputOf(form, zone, editing)) : dp.createPromoCode(inputOf(form, zone))),
    onSuccess: (c) => done(`Promo code ${c.code} saved`),
  });
  const toggle = useMutation({
    mutationFn: (c: PromoCode) =>
      dp.updatePromoCode(c.id, { ...inputOf(formOf(c, zone), zone, c), validUntil: c.validUntil, active: !c.active }),
    onSuccess: (c) => done(`Promo code ${c.code} ${c.active ? 'activated' : 'deactivated'}`),
  });
  const valid = /^[A-Za-z0-9_-]{1,40}$/.test(form.code.trim()) && Number(form.value) > 0;

  return (
    <SettingsSection title="Promo codes" maxWidth={1060}>
      <Typography color="text.secondary">
        A code students type at registration (any case). It applies after the automatic discounts, to each seat of the registration.
      </Typography>
      {codes.error && <Alert severity="error">{errorMessage(codes.error, 'Failed to load promo codes')}</Alert>}
      <SimpleTable bare label="Promo codes" columns={PROMO_COLUMNS}>
        <TableBody>
          {(codes.data ?? []).map((c) => (
            <TableRow key={c.id}>
              <TableCell sx={{ fontFamily: 'monospace' }}>{c.code}</TableCell>
              <TableCell>{c.kind === 'percent' ? `${c.value}% off` : `${money(c.value)} off`}</TableCell>
              <TableCell>{c.validUntil ? new Date(c.validUntil).toLocaleDateString(undefined, { timeZone: zone }) : 'No end'}</TableCell>
              <TableCell align="right">
                {c.usage.redemptions}
                {c.maxRedemptions === null ? '' : ` of ${c.maxRedemptions}`}
              </TableCell>
              <TableCell align="right">{money(c.usage.discountGiven)}</TableCell>
              <TableCell align="right">{money(c.usage.revenue)}</TableCell>
              <TableCell>
                <Chip size="small" label={c.active ? 'Active' : 'Inactive'} color={c.active ? 'success' : 'default'} />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Button
                  size="small"
                  onClick={() => {
                    setEditing(c);
                    setForm(formOf(c, zone));
                    setNotice(null);
                  }}
                >
                  Edit
                </Button>
                <Button size="small" onClick={() => toggle.mutate(c)} disabled={toggle.isPending}>
                  {c.active ? 'Deactivate' : 'Activate'}
                </Button>
              </TableCell>
            </TableRow>
          ))}
          {codes.data?.length === 0 && (
            <TableRow>
              <TableCell colSpan={8}>No promo codes yet</TableCell>
            </TableRow>
          )}
        </TableBody>
      </SimpleTable>
      <Typography variant="subtitle1" component="h3" fontWeight={600}>
        {editing ? `Edit ${editing.code}` : 'New promo code'}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
        <TextField label="Code" value={form.code} onChange={(e) => set({ code: e.target.value })} helperText="Letters, digits, - and _" />
        <TextField select label="Kind" value={form.kind} onChange={(e) => set({ kind: e.target.value as 'percent' | 'amount' })}>
          <MenuItem value="percent">% off</MenuItem>
          <MenuItem value="amount">$ off</MenuItem>
        </TextField>
        <TextField
          label="Value"
          value={form.value}
          onChange={(e) => set({ value: e.target.value })}
          helperText={form.kind === 'percent' ? 'Whole percent, 1 to 100' : 'Dollars off each seat'}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <TextField
          label="Uses in all"
          value={form.maxRedemptions}
          onChange={(e) => set({ maxRedemptions: e.target.value })}
          helperText="Empty: no limit"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField
          label="Uses per email"
          value={form.maxPerEmail}
          onChange={(e) => set({ maxPerEmail: e.target.value })}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField
          label="Valid until"
          type="date"
          helperText={zoneHint(orgZone, 'To the end of the day')}
          value={form.validUntil}
          onChange={(e) => set({ validUntil: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
      <InlineFormActions
        noun="promo code"
        notice={notice}
        error={save.error ?? toggle.error}
        saving={save.isPending}
        canSave={valid}
        editing={!!editing}
        onSave={() => save.mutate()}
        onCancel={cancel}
      />
    </SettingsSection>
  );
}
