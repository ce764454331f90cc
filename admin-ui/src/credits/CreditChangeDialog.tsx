import { useEffect, useState } from 'react';
import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import { FormDialog } from '@/common/FormDialog';
import { errorMessage } from '@/providers/httpClient';
import { creditsApi, type Credit } from '@/credits/creditsApi';
import { amountText, KIND_LABELS, leftText, validityText } from '@/credits/creditText';

export type CreditChange = 'validity' | 'revoke' | 'transfer';
export interface HouseholdPerson {
  id: string;
  name: string;
}

const TITLES: Record<CreditChange, string> = {
  validity: 'Change validity',
  revoke: 'Revoke credit',
  transfer: 'Move to a household member',
};
const SUBMIT: Record<CreditChange, string> = { validity: 'Save', revoke: 'Revoke', transfer: 'Move' };
const dateLabel = { inputLabel: { shrink: true } };

/** The admin changes one credit, always with a reason: its validity (earlier or later), a revoke, or a move of part of it. */
export function CreditChangeDialog({
  change,
  credit,
  household,
  onClose,
  onDone,
}: {
  change: CreditChange | null;
  credit: Credit | null;
  /** The other members of the holder's household (the move's choices). */
  household: HouseholdPerson[];
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [validFrom, setValidFrom] = useState('');
  const [validUntil, setValidUntil] = useState('');
  const [to, setTo] = useState('');
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const open = Boolean(change && credit);
  useEffect(() => {
    // Each opening starts from the credit as it is now.
    setReason('');
    setValidFrom(credit?.validFrom ?? '');
    setValidUntil(credit?.validUntil ?? '');
    setTo('');
    setAmount('');
    setFailure(null);
  }, [change, credit]);

  const problem = (): string | null => {
    if (change === 'transfer') {
      const n = Number(amount);
      if (!to) return 'Choose who receives it';
      if (!amount.trim() || !Number.isFinite(n) || n <= 0) return 'Enter an amount above 0';
      if (credit && n > credit.remaining) return `At most ${amountText(credit.unit, credit.remaining)}`;
    }
    if (change === 'validity' && validFrom && validUntil && validUntil < validFrom) return 'The last valid day is before the first';
    if (!reason.trim()) return 'Give a reason';
    return null;
  };
  const [tried, setTried] = useState(false);
  const close = () => {
    if (busy) return;
    setTried(false);
    onClose();
  };
  const submit = async () => {
    setTried(true);
    if (!credit || !change || problem()) return;
    setBusy(true);
    setFailure(null);
    try {
      const why = reason.trim();
      if (change === 'validity') {
        await creditsApi.changeValidity(credit.id, { ...(validFrom ? { validFrom } : {}), validUntil: validUntil || null, reason: why });
        onDone('Validity changed');
      } else if (change === 'revoke') {
        await creditsApi.revoke(credit.id, why);
        onDone('Credit revoked');
      } else {
        await creditsApi.transfer(credit.id, { toStudentId: to, amount: Number(amount), reason: why });
        onDone(`Moved ${amountText(credit.unit, Number(amount))} to ${household.find((p) => p.id === to)?.name ?? 'a household member'}`);
      }
      setTried(false);
    } catch (e) {
      setFailure(errorMessage(e, 'Failed to change the credit. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open={open}
      title={change ? TITLES[change] : ''}
      onClose={close}
      busy={busy}
      error={failure ?? (tried ? problem() : null)}
      onSubmit={() => void submit()}
      submitLabel={change ? SUBMIT[change] : ''}
      submitColor={change === 'revoke' ? 'error' : undefined}
      maxWidth="xs"
    >
      {credit && (
        <Stack spacing={2} mt={0.5}>
          <Typography variant="body2">
            {credit.label ?? KIND_LABELS[credit.kind]}: {leftText(credit)} · {validityText(credit)}
          </Typography>
          {change === 'revoke' && <Typography variant="body2">What is left goes; the ledger keeps what was used.</Typography>}
          {change === 'validity' && (
            <Stack direction="row" spacing={1}>
              <TextField
                label="Valid from"
                type="date"
                value={validFrom}
                onChange={(e) => setValidFrom(e.target.value)}
                size="small"
                slotProps={dateLabel}
                fullWidth
              />
              <TextField
                label="Valid until"
                type="date"
                value={validUntil}
                onChange={(e) => setValidUntil(e.target.value)}
                size="small"
                slotProps={dateLabel}
                helperText="Empty: no expiry"
                fullWidth
              />
            </Stack>
          )}
          {change === 'transfer' && (
            <>
              <TextField select label="To" value={to} onChange={(e) => setTo(e.target.value)} size="small">
                {household.map((p) => (
                  <MenuItem key={p.id} value={p.id}>
                    {p.name}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label={credit.unit === 'dollars' ? 'Amount (dollars)' : 'Uses'}
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                size="small"
                slotProps={{ htmlInput: { inputMode: credit.unit === 'dollars' ? 'decimal' : 'numeric' } }}
              />
            </>
          )}
          <TextField
            label="Reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            size="small"
            required
            multiline
            minRows={2}
          />
        </Stack>
      )}
    </FormDialog>
  );
}
