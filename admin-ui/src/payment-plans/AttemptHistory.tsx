/**
 * Every try to pay a plan's instalments (issue 40 §4), oldest first: when, what it came to, the bank's decline code and
 * the Stripe PaymentIntent, for answering "why was I charged twice?" or "why did it fail?" without opening Stripe.
 */
import { Alert, TableBody, TableCell, TableRow } from '@mui/material';
import { SimpleTable } from '@/common/SimpleTable';
import { formatInZone } from '@/common/zonedTime';
import type { InstalmentDetail } from '@/providers/paymentPlans';

const OUTCOMES: Record<string, string> = {
  succeeded: 'Paid',
  processing: 'Bank debit started',
  soft_decline: 'Declined (will retry)',
  hard_decline: 'Declined (needs a new method)',
  authentication_required: 'Payer must confirm',
  ambiguous: 'No answer (asked again)',
  bank_debit_succeeded: 'Bank debit paid',
  bank_debit_failed: 'Bank debit failed',
  paid_on_session: 'Paid by the payer',
  dispute_lost: 'Dispute lost (unpaid again)',
};

/** A try's outcome in words (an outcome this screen does not know is shown as Stripe's word). */
export const attemptOutcomeLabel = (outcome: string) => OUTCOMES[outcome] ?? outcome.replace(/_/g, ' ');

const COLUMNS = [{ label: '#' }, { label: 'When' }, { label: 'Outcome' }, { label: 'Decline code' }, { label: 'Stripe payment' }];

export function AttemptHistory({ instalments, zone }: { instalments: InstalmentDetail[]; zone: string }) {
  const rows = instalments
    .flatMap((i) => (i.attemptHistory ?? []).map((a) => ({ seq: i.seq, ...a })))
    .sort((a, b) => a.at.localeCompare(b.at) || a.seq - b.seq);
  if (!rows.length) return <Alert severity="info">No instalment has been charged yet.</Alert>;
  return (
    <SimpleTable label="Attempt history" columns={COLUMNS}>
      <TableBody>
        {rows.map((a, n) => (
          <TableRow key={`${a.seq}-${a.at}-${n}`}>
            <TableCell>{a.seq}</TableCell>
            <TableCell>{formatInZone(a.at, zone)}</TableCell>
            <TableCell>{attemptOutcomeLabel(a.outcome)}</TableCell>
            <TableCell>{a.declineCode ?? '—'}</TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{a.stripePaymentIntentId ?? '—'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </SimpleTable>
  );
}
