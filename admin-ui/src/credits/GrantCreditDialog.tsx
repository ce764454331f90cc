import { useState } from 'react';
import { Checkbox, FormControlLabel, MenuItem, Stack, TextField } from '@mui/material';
import { useGetList } from 'react-admin';
import { FormDialog } from '@/common/FormDialog';
import { errorMessage } from '@/providers/httpClient';
import type { ClassRecord } from '@/providers/types';
import { creditsApi, type Credit, type GrantCreditInput } from '@/credits/creditsApi';
import { KIND_LABELS, SCOPE_LABELS } from '@/credits/creditText';

const EMPTY = {
  kind: 'pack',
  amount: '',
  scope: 'all',
  classIds: [] as string[],
  validFrom: '',
  validUntil: '',
  label: '',
  household: false,
  reason: '',
};
const dateLabel = { inputLabel: { shrink: true } };

/** The grant form's fields as the API takes them, or what is wrong with them. */
export function grantBody(f: typeof EMPTY): { body?: GrantCreditInput; error?: string } {
  const amount = Number(f.amount);
  if (!f.amount.trim() || !Number.isFinite(amount) || amount <= 0) return { error: 'Enter an amount above 0' };
  if (f.kind !== 'account_credit' && !Number.isInteger(amount)) return { error: 'Uses are a whole number' };
  if (f.scope !== 'all' && f.scope !== 'drop_ins' && f.classIds.length === 0) return { error: 'Choose the classes it pays for' };
  if (f.validFrom && f.validUntil && f.validUntil < f.validFrom) return { error: 'The last valid day is before the first' };
  if (!f.reason.trim()) return { error: 'Give a reason' };
  return {
    body: {
      kind: f.kind as GrantCreditInput['kind'],
      amount,
      scope: f.scope as GrantCreditInput['scope'],
      ...(f.scope === 'all' ? {} : { classIds: f.classIds }),
      ...(f.validFrom ? { validFrom: f.validFrom } : {}),
      validUntil: f.validUntil || null,
      ...(f.label.trim() ? { label: f.label.trim() } : {}),
      household: f.household,
      reason: f.reason.trim(),
    },
  };
}

/** Grant a credit to the student (a pack's uses, a make-up token, account credit in dollars...), with a reason. */
export function GrantCreditDialog({
  studentId,
  open,
  canShareWithHousehold,
  onClose,
  onDone,
}: {
  studentId: string;
  open: boolean;
  /** The student is a household contact: the credit may be for the whole household. */
  canShareWithHousehold: boolean;
  onClose: () => void;
  onDone: (credit: Credit) => void;
}) {
  const [f, setF] = useState(EMPTY);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const classes = useGetList<ClassRecord>(
    'classes',
    { pagination: { page: 1, perPage: 200 }, sort: { field: 'title', order: 'ASC' } },
    { enabled: open },
  );
  const plan = grantBody(f);
  const set = (patch: Partial<typeof EMPTY>) => setF((old) => ({ ...old, ...patch }));
  const close = () => {
    if (busy) return;
    setF(EMPTY);
    setTried(false);
    setFailure(null);
    onClose();
  };
  const submit = async () => {
    setTried(true);
    if (!plan.body) return;
    setBusy(true);
    setFailure(null);
    try {
      const credit = await creditsApi.grant(studentId, plan.body);
      setBusy(false);
      setF(EMPTY);
      setTried(false);
      onDone(credit);
    } catch (e) {
      setFailure(errorMessage(e, 'Failed to grant the credit. Please try again.'));
      setBusy(false);
    }
  };
  const dollars = f.kind === 'account_credit';
  return (
    <FormDialog
      open={open}
      title="Grant credit"
      onClose={close}
      busy={busy}
      error={failure ?? (tried ? (plan.error ?? null) : null)}
      onSubmit={() => void submit()}
      submitLabel="Grant"
      maxWidth="xs"
    >
      <Stack spacing={2} mt={1}>
        <TextField select label="Kind" value={f.kind} onChange={(e) => set({ kind: e.target.value })} size="small">
          {Object.entries(KIND_LABELS).map(([v, l]) => (
            <MenuItem key={v} value={v}>
              {l}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={dollars ? 'Amount (dollars)' : 'Uses'}
          value={f.amount}
          onChange={(e) => set({ amount: e.target.value })}
          size="small"
          slotProps={{ htmlInput: { inputMode: dollars ? 'decimal' : 'numeric' } }}
        />
        <TextField select label="What it buys" value={f.scope} onChange={(e) => set({ scope: e.target.value })} size="small">
          {['all', 'classes', 'drop_ins'].map((v) => (
            <MenuItem key={v} value={v}>
              {SCOPE_LABELS[v]}
            </MenuItem>
          ))}
        </TextField>
        {f.scope !== 'all' && (
          <TextField
            select
            label={f.scope === 'drop_ins' ? 'Of these classes (optional)' : 'Classes'}
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
        <Stack direction="row" spacing={1}>
          <TextField
            label="Valid from"
            type="date"
            value={f.validFrom}
            onChange={(e) => set({ validFrom: e.target.value })}
            size="small"
            slotProps={dateLabel}
            helperText="Empty: today"
            fullWidth
          />
          <TextField
            label="Valid until"
            type="date"
            value={f.validUntil}
            onChange={(e) => set({ validUntil: e.target.value })}
            size="small"
            slotProps={dateLabel}
            helperText="Empty: no expiry"
            fullWidth
          />
        </Stack>
        <TextField
          label="Label (optional)"
          value={f.label}
          onChange={(e) => set({ label: e.target.value })}
          size="small"
          placeholder="10-class pack"
        />
        {canShareWithHousehold && (
          <FormControlLabel
            control={<Checkbox checked={f.household} onChange={(e) => set({ household: e.target.checked })} />}
            label="For the whole household"
          />
        )}
        <TextField
          label="Reason"
          value={f.reason}
          onChange={(e) => set({ reason: e.target.value })}
          size="small"
          required
          multiline
          minRows={2}
        />
      </Stack>
    </FormDialog>
  );
}
