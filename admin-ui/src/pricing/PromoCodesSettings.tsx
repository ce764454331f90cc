/**
 * Settings › Discounts › Promo codes: react-admin's 'promo-codes' resource. The list is a ListBase; the form under it
 * a CreateBase ('New promo code') or, once a row's Edit is clicked, an EditBase of that code, so a save refreshes the
 * list through react-admin's cache. Activate/Deactivate is an update of the whole code with its state flipped.
 */
import { useState, type ReactNode } from 'react';
import { CreateBase, EditBase, Form, ListBase, useListContext, useSaveContext, useUpdate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Alert, Box, Button, Chip, MenuItem, Stack, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { FormTextField } from '@/common/formField';
import { SimpleTable, type Column } from '@/common/SimpleTable';
import { BROWSER_TIME_ZONE, useOrganizationTimeZone, zoneHint } from '@/common/zonedTime';
import { errorMessage } from '@/providers/httpClient';
import type { PromoCode } from '@/providers/types';
import { SettingsSection } from '@/settings/SettingsSection';
import {
  EMPTY_PROMO_CODE_FORM,
  canSavePromoCode,
  promoCodeFormOf,
  promoCodeInputOf,
  toggledPromoCode,
  type PromoCodeForm,
} from './promoCodeForm';

const RESOURCE = 'promo-codes';
const FORM_ID = 'promo-code-form';
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

/** Settings › Discounts: the promo codes, their usage, and a form to create or edit one. */
export function PromoCodesSettings() {
  return (
    <SettingsSection title="Promo codes" maxWidth={1060}>
      <Typography color="text.secondary">
        A code students type at registration (any case). It applies after the automatic discounts, to each seat of the registration.
      </Typography>
      {/* Every code on one page, newest first, as the screen always listed them (the server pages at 1,000). */}
      <ListBase<PromoCode> resource={RESOURCE} sort={{ field: 'createdAt', order: 'DESC' }} perPage={1000} disableSyncWithLocation>
        <PromoCodes />
      </ListBase>
    </SettingsSection>
  );
}

function PromoCodes() {
  const list = useListContext<PromoCode>();
  const orgZone = useOrganizationTimeZone();
  // The browser's zone until the organization's settings have loaded (the same fallback the inputs had before).
  const zone = orgZone ?? BROWSER_TIME_ZONE;
  const [editing, setEditing] = useState<PromoCode | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  // A new, empty form after each save or cancel.
  const [formKey, setFormKey] = useState(0);
  const [update, { isPending: toggling }] = useUpdate<PromoCode>();

  const done = (message: string | null) => {
    if (message) setNotice(message);
    setEditing(null);
    setFormKey((k) => k + 1);
  };
  const toggle = (c: PromoCode) => {
    setError(null);
    void update(
      RESOURCE,
      { id: c.id, data: toggledPromoCode(c, zone), previousData: c },
      {
        mutationMode: 'pessimistic',
        onSuccess: (saved) => done(`Promo code ${saved.code} ${saved.active ? 'activated' : 'deactivated'}`),
        onError: setError,
      },
    );
  };
  const mutationOptions = {
    onMutate: () => setError(null),
    onSuccess: (saved: PromoCode) => done(`Promo code ${saved.code} saved`),
    onError: setError,
  };
  const fields = (record: PromoCodeForm) => (
    <PromoCodeFormBody record={record}>
      <PromoCodeFields editing={editing} orgZone={orgZone} notice={notice} error={error} onCancel={() => done(null)} />
    </PromoCodeFormBody>
  );

  return (
    <>
      {list.error && <Alert severity="error">{errorMessage(list.error, 'Failed to load promo codes')}</Alert>}
      <SimpleTable bare label="Promo codes" columns={PROMO_COLUMNS}>
        <TableBody>
          {(list.data ?? []).map((c) => (
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
                    setFormKey((k) => k + 1);
                    setNotice(null);
                  }}
                >
                  Edit
                </Button>
                <Button size="small" onClick={() => toggle(c)} disabled={toggling}>
                  {c.active ? 'Deactivate' : 'Activate'}
                </Button>
              </TableCell>
            </TableRow>
          ))}
          {list.data?.length === 0 && (
            <TableRow>
              <TableCell colSpan={8}>No promo codes yet</TableCell>
            </TableRow>
          )}
        </TableBody>
      </SimpleTable>
      {editing ? (
        <EditBase<PromoCode>
          key={formKey}
          resource={RESOURCE}
          id={editing.id}
          mutationMode="pessimistic"
          redirect={false}
          transform={(f: PromoCodeForm) => promoCodeInputOf(f, zone, editing)}
          mutationOptions={mutationOptions}
        >
          {fields(promoCodeFormOf(editing, zone))}
        </EditBase>
      ) : (
        <CreateBase<PromoCode>
          key={formKey}
          resource={RESOURCE}
          redirect={false}
          transform={(f: PromoCodeForm) => promoCodeInputOf(f, zone)}
          mutationOptions={mutationOptions}
        >
          {fields(EMPTY_PROMO_CODE_FORM)}
        </CreateBase>
      )}
    </>
  );
}

/**
 * The react-admin Form of the code. Its submit saves and leaves a refusal to the alert under the fields (the server's
 * message, e.g. 'A promo code with this code already exists'), as the screen always showed it, not under a field too.
 */
function PromoCodeFormBody({ record, children }: { record: PromoCodeForm; children: ReactNode }) {
  const { save } = useSaveContext();
  return (
    <Form id={FORM_ID} record={record} noValidate onSubmit={async (values: Record<string, unknown>) => void (await save?.(values))}>
      {children}
    </Form>
  );
}

/** The form under the list: its heading, the fields, the last save's notice or refusal, then Create/Save and Cancel. */
function PromoCodeFields({
  editing,
  orgZone,
  notice,
  error,
  onCancel,
}: {
  editing: PromoCode | null;
  orgZone: string | undefined;
  notice: string | null;
  error: unknown;
  onCancel: () => void;
}) {
  const { saving } = useSaveContext();
  const [code, kind, value] = useWatch({ name: ['code', 'kind', 'value'] }) as [string, PromoCodeForm['kind'], string];
  return (
    <Stack spacing={2}>
      <Typography variant="subtitle1" component="h3" fontWeight={600}>
        {editing ? `Edit ${editing.code}` : 'New promo code'}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
        <FormTextField source="code" label="Code" hint="Letters, digits, - and _" />
        <FormTextField source="kind" label="Kind" select>
          <MenuItem value="percent">% off</MenuItem>
          <MenuItem value="amount">$ off</MenuItem>
        </FormTextField>
        <FormTextField
          source="value"
          label="Value"
          hint={kind === 'percent' ? 'Whole percent, 1 to 100' : 'Dollars off each seat'}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <FormTextField
          source="maxRedemptions"
          label="Uses in all"
          hint="Empty: no limit"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <FormTextField source="maxPerEmail" label="Uses per email" slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
        <FormTextField
          source="validUntil"
          label="Valid until"
          type="date"
          hint={zoneHint(orgZone, 'To the end of the day')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
      {notice && <Alert severity="success">{notice}</Alert>}
      {!!error && <Alert severity="error">{errorMessage(error, 'Failed to save the promo code. Please try again')}</Alert>}
      <Stack direction="row" spacing={1}>
        <Button type="submit" form={FORM_ID} variant="contained" disabled={!canSavePromoCode({ code, value }) || saving}>
          {saving ? 'Saving...' : editing ? 'Save promo code' : 'Create promo code'}
        </Button>
        {editing && <Button onClick={onCancel}>Cancel</Button>}
      </Stack>
    </Stack>
  );
}
