import { useEffect, useState } from 'react';
import { Checkbox, FormControlLabel, MenuItem, Stack, TextField } from '@mui/material';
import { useCreate, useGetList, useUpdate } from 'react-admin';
import { FormDialog } from '@/common/FormDialog';
import { errorMessage } from '@/providers/httpClient';
import type { ClassRecord } from '@/providers/types';
import {
  EMPTY_PRODUCT,
  PRODUCT_KIND_LABELS,
  PRODUCT_SCOPE_LABELS,
  productFormOf,
  productInputOf,
  type CreditProduct,
  type ProductForm,
} from '@/credit-products/productForm';

const RESOURCE = 'credit-products';

/** Create a product, or edit one (`product`): the fields of its kind only. */
export function ProductDialog({
  open,
  product,
  onClose,
  onDone,
}: {
  open: boolean;
  product: CreditProduct | null;
  onClose: () => void;
  onDone: (saved: CreditProduct) => void;
}) {
  const [f, setF] = useState<ProductForm>(EMPTY_PRODUCT);
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [create, created] = useCreate<CreditProduct>();
  const [update, updated] = useUpdate<CreditProduct>();
  const busy = created.isPending || updated.isPending;
  const classes = useGetList<ClassRecord>(
    'classes',
    { pagination: { page: 1, perPage: 200 }, sort: { field: 'title', order: 'ASC' } },
    { enabled: open },
  );
  useEffect(() => {
    setF(product ? productFormOf(product) : EMPTY_PRODUCT);
    setTried(false);
    setFailure(null);
  }, [product, open]);
  const plan = productInputOf(f);
  const set = (patch: Partial<ProductForm>) => setF((old) => ({ ...old, ...patch }));
  const options = {
    mutationMode: 'pessimistic' as const,
    onSuccess: (saved: CreditProduct) => onDone(saved),
    onError: (e: unknown) => setFailure(errorMessage(e, 'Failed to save the product. Please try again.')),
  };
  const submit = () => {
    setTried(true);
    setFailure(null);
    if (!plan.body) return;
    if (product) void update(RESOURCE, { id: product.id, data: plan.body, previousData: product }, options);
    else void create(RESOURCE, { data: plan.body }, options);
  };
  const uses = f.kind === 'pack' ? 'Uses' : 'Uses per period';
  return (
    <FormDialog
      open={open}
      title={product ? `Edit ${product.name}` : 'New product'}
      onClose={() => !busy && onClose()}
      busy={busy}
      error={failure ?? (tried ? (plan.error ?? null) : null)}
      onSubmit={submit}
      submitLabel={product ? 'Save product' : 'Create product'}
      maxWidth="sm"
    >
      <Stack spacing={2} mt={1}>
        <TextField select label="Kind" value={f.kind} onChange={(e) => set({ kind: e.target.value as ProductForm['kind'] })} size="small">
          {Object.entries(PRODUCT_KIND_LABELS).map(([v, l]) => (
            <MenuItem key={v} value={v}>
              {l}
            </MenuItem>
          ))}
        </TextField>
        <TextField label="Name" value={f.name} onChange={(e) => set({ name: e.target.value })} size="small" required />
        <TextField
          label="Description"
          value={f.description}
          onChange={(e) => set({ description: e.target.value })}
          size="small"
          multiline
          minRows={2}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label="Price (dollars)"
            value={f.price}
            onChange={(e) => set({ price: e.target.value })}
            size="small"
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            fullWidth
          />
          {f.kind === 'account_credit' ? (
            <TextField
              label="Credit (dollars)"
              value={f.credit}
              onChange={(e) => set({ credit: e.target.value })}
              size="small"
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              fullWidth
            />
          ) : (
            <TextField
              label={uses}
              value={f.uses}
              onChange={(e) => set({ uses: e.target.value })}
              size="small"
              helperText={f.kind === 'membership' ? 'Empty: unlimited' : undefined}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              fullWidth
            />
          )}
          {f.kind === 'pack' && (
            <TextField
              label="Days valid"
              value={f.validityDays}
              onChange={(e) => set({ validityDays: e.target.value })}
              size="small"
              helperText="From the sale; empty: no expiry"
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              fullWidth
            />
          )}
          {f.kind === 'membership' && (
            <TextField
              select
              label="Period"
              value={f.period}
              onChange={(e) => set({ period: e.target.value as ProductForm['period'] })}
              size="small"
              fullWidth
            >
              <MenuItem value="month">Monthly</MenuItem>
              <MenuItem value="year">Yearly</MenuItem>
            </TextField>
          )}
        </Stack>
        {f.kind !== 'account_credit' && (
          <TextField
            select
            label="What it buys"
            value={f.scope}
            onChange={(e) => set({ scope: e.target.value as ProductForm['scope'] })}
            size="small"
          >
            {Object.entries(PRODUCT_SCOPE_LABELS).map(([v, l]) => (
              <MenuItem key={v} value={v}>
                {l}
              </MenuItem>
            ))}
          </TextField>
        )}
        {f.kind !== 'account_credit' && f.scope !== 'all' && (
          <TextField
            select
            label={f.scope === 'drop_ins' ? 'Of these classes (optional)' : 'Eligible classes'}
            value={f.classIds}
            onChange={(e) => set({ classIds: e.target.value as unknown as string[] })}
            size="small"
            slotProps={{ select: { multiple: true } }}
          >
            {(classes.data ?? []).map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.title}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <FormControlLabel
            control={<Checkbox checked={f.soldOnline} onChange={(e) => set({ soldOnline: e.target.checked })} />}
            label="Sold online"
          />
          <FormControlLabel
            control={<Checkbox checked={f.introOffer} onChange={(e) => set({ introOffer: e.target.checked })} />}
            label="Intro offer (once per person)"
          />
          <FormControlLabel control={<Checkbox checked={f.active} onChange={(e) => set({ active: e.target.checked })} />} label="Active" />
        </Stack>
      </Stack>
    </FormDialog>
  );
}
