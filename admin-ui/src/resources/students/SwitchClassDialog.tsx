import { useState } from 'react';
import {
  Alert,
  Button,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Skeleton,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { FormDialog } from '@/common/FormDialog';
import { formatDate, formatMoney } from '@/common/format';
import { useAppDataProvider } from '@/providers/dataProvider';
import { errorMessage } from '@/providers/httpClient';
import type { EnrollmentTransfer, TransferEnrollmentInput } from '@/providers/types';
import { differenceText, outcomeText, paidByCard, switchLabel, type SwitchFrom } from '@/resources/students/switchClass';

export type SwitchingEnrollment = SwitchFrom & { id: string; classTitle: string; amountPaid: number };

/**
 * Move a registration to another open class of the organization. The server lists the classes with a free seat and
 * prices each with the one price quote (the person's discounts kept); the dialog shows its difference and what
 * happens to the money, and the server moves the seat in one transaction (never both kept, never both lost).
 */
export function SwitchClassDialog({
  enrollment,
  onClose,
  onDone,
}: {
  enrollment: SwitchingEnrollment | null;
  onClose: () => void;
  onDone: (result: EnrollmentTransfer) => void;
}) {
  const dp = useAppDataProvider();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const id = enrollment?.id ?? null;
  // Prices and seats change: each opening asks the server again (gcTime 0 drops the list when the dialog closes).
  const options = useQuery({
    queryKey: ['enrollments', id, 'transfer-options'],
    queryFn: () => dp.getTransferOptions(id!),
    enabled: id !== null,
    gcTime: 0,
  });
  const [choice, setChoice] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const list = options.data;
  const chosen = list?.find((o) => o.id === choice);
  // A dearer class for a card payment: the admin can leave the difference due in person; a card payment of it is the
  // student's own step in their portal (the admin never handles card details).
  const dearerByCard = Boolean(enrollment && chosen && paidByCard(enrollment) && chosen.priceDifference > 0);
  const [payBy, setPayBy] = useState<'in_person' | 'card'>('in_person');
  const move = useMutation({
    mutationFn: (body: TransferEnrollmentInput) => dp.transferEnrollment(id!, body),
    onSuccess: (result) => {
      setChoice('');
      setFailure(null);
      onDone(result);
    },
    // A class that filled up meanwhile, a class that started, a refusal: the server's sentence, and a fresh list.
    onError: (e) => {
      setFailure(errorMessage(e, 'Failed to switch the class. Please try again.'));
      void options.refetch();
    },
  });

  const close = () => {
    if (move.isPending) return;
    setChoice('');
    setPayBy('in_person');
    setFailure(null);
    onClose();
  };

  return (
    <FormDialog
      open={Boolean(enrollment)}
      title="Switch class"
      onClose={close}
      cancelLabel="Keep class"
      busy={move.isPending}
      error={failure}
      onSubmit={() => chosen && move.mutate({ toClassId: chosen.id, ...(dearerByCard ? { differenceInPerson: true } : {}) })}
      submitDisabled={!chosen || (dearerByCard && payBy === 'card')}
      submitLabel={enrollment ? switchLabel(chosen, enrollment) : 'Switch class'}
      maxWidth="sm"
      fullScreen={phone}
    >
      <div>
        <Typography>{enrollment?.classTitle}</Typography>
        {enrollment && (
          <Typography variant="body2" color="text.secondary">
            {paidByCard(enrollment)
              ? `Paid ${formatMoney(enrollment.amountPaid)} by card`
              : enrollment.paymentStatus === 'completed'
                ? `Paid ${formatMoney(enrollment.amountPaid)} in person`
                : 'To pay in person'}
          </Typography>
        )}
      </div>
      {options.error && !list ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void options.refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(options.error, 'Failed to load the classes')}
        </Alert>
      ) : !list ? (
        <Stack aria-label="Loading the classes">
          <Skeleton width="80%" />
          <Skeleton width="60%" />
          <Skeleton width="70%" />
        </Stack>
      ) : list.length === 0 ? (
        <Typography variant="body2">No other open class has a free seat right now.</Typography>
      ) : (
        <FormControl>
          <FormLabel id="switch-class-label">Choose the class to switch to</FormLabel>
          <RadioGroup
            aria-labelledby="switch-class-label"
            value={choice}
            onChange={(e) => {
              // A refusal was about the class chosen before: a new choice starts clean.
              setChoice(e.target.value);
              setFailure(null);
            }}
          >
            {list.map((o) => (
              <FormControlLabel
                key={o.id}
                value={o.id}
                control={<Radio />}
                sx={{ alignItems: 'flex-start', mt: 1, '& .MuiRadio-root': { pt: 0.25 } }}
                label={
                  <span>
                    <Typography component="span" sx={{ display: 'block', fontWeight: 500 }}>
                      {o.title}
                    </Typography>
                    <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                      {formatDate(o.startDate, 'short')} · {o.seatsLeft} {o.seatsLeft === 1 ? 'seat' : 'seats'} left ·{' '}
                      {formatMoney(o.price)} · {enrollment ? differenceText(o, enrollment) : ''}
                    </Typography>
                  </span>
                }
              />
            ))}
          </RadioGroup>
        </FormControl>
      )}
      {chosen && enrollment && dearerByCard && (
        <FormControl>
          <FormLabel id="switch-pay-label">How is the {formatMoney(chosen.priceDifference)} difference paid?</FormLabel>
          <RadioGroup aria-labelledby="switch-pay-label" value={payBy} onChange={(e) => setPayBy(e.target.value as 'in_person' | 'card')}>
            <FormControlLabel value="in_person" control={<Radio />} label="In person at class (due now)" />
            <FormControlLabel value="card" control={<Radio />} label="By card" />
          </RadioGroup>
        </FormControl>
      )}
      {chosen && enrollment && (
        <Alert severity={chosen.priceDifference > 0 ? 'warning' : 'info'} role="status">
          {dearerByCard && payBy === 'card'
            ? 'The student pays a difference by card in their portal: My registrations › Switch class.'
            : outcomeText(chosen, enrollment)}
        </Alert>
      )}
    </FormDialog>
  );
}
