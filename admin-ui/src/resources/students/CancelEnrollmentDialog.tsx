import { useMemo, useState } from 'react';
import { Alert, Button, Checkbox, FormControlLabel, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { FormDialog } from '@/common/FormDialog';
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@/common/format';
import { useAppDataProvider } from '@/providers/dataProvider';
import { errorMessage } from '@/providers/httpClient';
import type { EnrollmentPayment } from '@/providers/types';
import { cancelBody, methodLabel, policyText } from '@/resources/students/moneyTrail';

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/**
 * Cancel an enrollment, showing the refund quote first: what was paid, the rule of the policy frozen
 * at registration, and the refund it gives; for a card payment the admin may refund another amount (up to what is
 * left) or nothing. One Idempotency-Key per opened dialog: a double click or a retry is one cancellation.
 */
export function CancelEnrollmentDialog({
  enrollment,
  onClose,
  onDone,
}: {
  enrollment: { id: string; classTitle: string } | null;
  onClose: () => void;
  onDone: (result: EnrollmentPayment) => void;
}) {
  const dp = useAppDataProvider();
  const id = enrollment?.id ?? null;
  // Money: never show a kept quote; each opening asks the server again (gcTime 0 drops it when the dialog closes).
  const quote = useQuery({
    queryKey: ['enrollments', id, 'refund-quote'],
    queryFn: () => dp.getRefundQuote(id!),
    enabled: id !== null,
    gcTime: 0,
  });
  const key = useMemo(() => (id ? newKey() : ''), [id]);
  const [refund, setRefund] = useState(true);
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const q = quote.data;
  const plan = q ? cancelBody(q, refund, amount) : null;

  const close = () => {
    if (busy) return;
    setRefund(true);
    setAmount('');
    setFailure(null);
    onClose();
  };

  const confirm = async () => {
    if (!id || !plan || plan.error) return;
    setBusy(true);
    setFailure(null);
    try {
      const result = await dp.cancelEnrollment(id, plan.body, key);
      setBusy(false);
      setRefund(true);
      setAmount('');
      onDone(result);
    } catch (e) {
      setFailure(errorMessage(e, 'Failed to cancel the enrollment. Please try again.'));
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open={Boolean(enrollment)}
      title="Cancel enrollment"
      onClose={close}
      cancelLabel="Keep Enrollment"
      busy={busy}
      error={failure}
      onSubmit={() => void confirm()}
      submitColor="error"
      submitDisabled={!q || Boolean(plan?.error)}
      submitLabel="Cancel Enrollment"
      maxWidth="xs"
    >
      <Typography>{enrollment?.classTitle}</Typography>
      {quote.error && !q ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void quote.refetch()}>
              Try again
            </Button>
          }
        >
          Failed to load the refund quote
        </Alert>
      ) : !q ? (
        <Stack aria-label="Loading the refund quote">
          <Skeleton width="70%" />
          <Skeleton width="90%" />
        </Stack>
      ) : (
        <>
          <Typography variant="body2">
            Paid {formatMoney(q.paidAmount)} ({methodLabel(q.paymentMethod).toLowerCase()})
            {q.refundedAmount > 0 ? ` · already refunded ${formatMoney(q.refundedAmount)}` : ''}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {policyText(q)}
          </Typography>
          {q.paymentMethod === 'card' && (
            <>
              <Typography variant="subtitle2" component="p">
                Refund by policy: {formatMoney(q.refundAmount)}
              </Typography>
              <FormControlLabel
                control={<Checkbox checked={refund} onChange={(e) => setRefund(e.target.checked)} />}
                label="Refund the student's card"
              />
              {refund && (
                <TextField
                  label="Refund amount"
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                  placeholder={q.refundAmount.toFixed(2)}
                  size="small"
                  inputMode="decimal"
                  error={Boolean(plan?.error)}
                  helperText={
                    plan?.error ?? `Leave empty for the policy's ${formatMoney(q.refundAmount)}; up to ${formatMoney(q.refundableAmount)}`
                  }
                />
              )}
            </>
          )}
        </>
      )}
    </FormDialog>
  );
}
