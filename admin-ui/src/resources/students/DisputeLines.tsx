// A card payment the payer's bank disputed: a badge and a line per dispute in the enrollment's money trail.
import { Box, Chip } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { formatDate, formatMoney } from '@/common/format';
import { enrollmentDisputes } from '@/providers/disputes';
import type { Enrollment, PaymentDispute } from '@/providers/types';

/** The badge: open, won or lost. */
export const disputeLabel = (d: Pick<PaymentDispute, 'outcome'>) =>
  d.outcome === 'won' ? 'Dispute won' : d.outcome === 'lost' ? 'Dispute lost' : 'Disputed';

/** What happened, in one line: the amount, the bank's reason, when, and the organization's share taken back. */
export function disputeText(d: PaymentDispute): string {
  const reason = d.reason ? ` · ${d.reason.replace(/_/g, ' ')}` : '';
  const share =
    d.recoveredAmount !== null
      ? ` · ${formatMoney(d.recoveredAmount)} taken back from your payout`
      : d.recoveryError
        ? ' · your share could not be taken back automatically'
        : '';
  return `${formatMoney(d.amount)} disputed by the payer's bank${reason} · ${formatDate(d.createdAt, 'short')}${share}`;
}

/** Only a card payment that went through can be disputed: nothing is asked for the others. */
export const mayBeDisputed = (e: Pick<Enrollment, 'id' | 'paymentMethod' | 'paymentStatus'>) =>
  Boolean(e.id) && e.paymentMethod === 'card' && e.paymentStatus === 'completed';

export function DisputeLines({ e }: { e: Enrollment }) {
  const disputes = useQuery({
    queryKey: ['enrollments', e.id, 'disputes'],
    queryFn: () => enrollmentDisputes(e.id),
    enabled: mayBeDisputed(e),
  });
  return (
    <>
      {(disputes.data ?? []).map((d) => (
        <Box component="span" key={d.stripeDisputeId} sx={{ display: 'block' }}>
          <Chip size="small" label={disputeLabel(d)} color={d.outcome === 'won' ? 'success' : 'error'} variant="outlined" sx={{ mr: 1 }} />
          {disputeText(d)}
        </Box>
      ))}
    </>
  );
}
