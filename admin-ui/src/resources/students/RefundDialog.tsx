import { useMemo, useState } from 'react';
import { TextField, Typography } from '@mui/material';
import { FormDialog } from '@/common/FormDialog';
import { useDataProvider } from 'react-admin';
import { formatMoney } from '@/common/format';
import type { AppDataProvider } from '@/providers/dataProvider';
import { errorMessage } from '@/providers/httpClient';
import type { EnrollmentPayment } from '@/providers/types';
import { refundBody } from '@/resources/students/moneyTrail';

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** Refund a card payment without cancelling the enrollment: all that is left, or a chosen amount. */
export function RefundDialog({
  enrollment,
  onClose,
  onDone,
}: {
  enrollment: { id: string; classTitle: string; left: number } | null;
  onClose: () => void;
  onDone: (result: EnrollmentPayment) => void;
}) {
  const dp = useDataProvider<AppDataProvider>();
  const key = useMemo(() => (enrollment ? newKey() : ''), [enrollment]);
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const plan = enrollment ? refundBody(enrollment.left, amount) : null;

  const reset = () => {
    setAmount('');
    setFailure(null);
    setBusy(false);
  };
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };
  const confirm = async () => {
    if (!enrollment || !plan || plan.error) return;
    setBusy(true);
    setFailure(null);
    try {
      const result = await dp.refundEnrollment(enrollment.id, plan.body, key);
      reset();
      onDone(result);
    } catch (e) {
      setFailure(errorMessage(e, 'Failed to refund the payment. Please try again.'));
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open={Boolean(enrollment)}
      title="Refund payment"
      onClose={close}
      cancelLabel="Close"
      busy={busy}
      error={failure}
      onSubmit={() => void confirm()}
      submitDisabled={Boolean(plan?.error)}
      submitLabel="Refund"
      maxWidth="xs"
    >
      <Typography>{enrollment?.classTitle}</Typography>
      <Typography variant="body2">The enrollment stays registered. Left to refund: {formatMoney(enrollment?.left)}</Typography>
      <TextField
        label="Refund amount"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        placeholder={enrollment?.left.toFixed(2)}
        size="small"
        inputMode="decimal"
        error={Boolean(plan?.error)}
        helperText={plan?.error ?? 'Leave empty to refund all that is left'}
      />
    </FormDialog>
  );
}
