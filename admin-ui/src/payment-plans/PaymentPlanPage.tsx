/**
 * One payer's plan (issue 40 §4): who, what, the money, the consent they accepted, each instalment with its last
 * attempt (the Stripe PaymentIntent and the decline code) and a dispute of it, and every try to pay it (AttemptHistory),
 * for answering a family's question or a dispute.
 */
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Chip, Link, Paper, Skeleton, Stack, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { SimpleTable } from '@/common/SimpleTable';
import { formatInZone, useOrganizationTimeZone, BROWSER_TIME_ZONE } from '@/common/zonedTime';
import { errorMessage } from '@/providers/httpClient';
import { payerPlansApi } from '@/providers/paymentPlans';
import { INSTALMENT_LABELS, PLAN_STATUS_COLORS, PLAN_STATUS_LABELS } from '@/payment-plans/planStatus';
import { AttemptHistory } from '@/payment-plans/AttemptHistory';

const COLUMNS = [
  { label: '#' },
  { label: 'Due' },
  { label: 'Amount', align: 'right' as const },
  { label: 'Status' },
  { label: 'Attempts', align: 'right' as const },
  { label: 'Last attempt' },
];
const money = (n: number) => `$${n.toFixed(2)}`;

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ overflowWrap: 'anywhere' }}>{value}</Typography>
    </Box>
  );
}

export default function PaymentPlanPage() {
  const { id = '' } = useParams();
  const zone = useOrganizationTimeZone() ?? BROWSER_TIME_ZONE;
  const plan = useQuery({ queryKey: ['payer-plan', id], queryFn: () => payerPlansApi.one(id) });

  if (plan.isPending) return <Skeleton height={240} />;
  if (plan.error) return <Alert severity="error">{errorMessage(plan.error, 'Failed to load the payment plan')}</Alert>;
  const p = plan.data;
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }}>
      <Link component={RouterLink} to="/admin/payment-plans">
        ← Payment plans
      </Link>
      <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" useFlexGap>
        <Typography variant="h4" component="h1">
          {p.studentName} · {p.planName}
        </Typography>
        <Chip color={PLAN_STATUS_COLORS[p.status]} label={PLAN_STATUS_LABELS[p.status]} />
      </Stack>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
          <Fact label="Class" value={p.termName ? `${p.classTitle} (${p.termName})` : p.classTitle} />
          <Fact label="Payer" value={p.studentEmail} />
          <Fact label="Total" value={money(p.total)} />
          <Fact label="Deposit" value={money(p.deposit)} />
          <Fact label="Paid" value={money(p.paid)} />
          <Fact label="Balance" value={money(p.balance)} />
          <Fact label="Stripe customer" value={p.stripeCustomerId} />
          <Fact label="Saved method" value={p.stripePaymentMethodId ?? 'None yet'} />
        </Box>
      </Paper>
      <Typography variant="h6" component="h2">
        Schedule
      </Typography>
      {p.instalments.length === 0 ? (
        <Alert severity="info">No instalments yet: they are scheduled once Stripe confirms the deposit or the saved method.</Alert>
      ) : (
        <SimpleTable label="Instalments" columns={COLUMNS}>
          <TableBody>
            {p.instalments.map((i) => (
              <TableRow key={i.seq}>
                <TableCell>{i.seq}</TableCell>
                <TableCell>{formatInZone(i.dueAt, zone)}</TableCell>
                <TableCell align="right">{money(i.amount)}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={
                      i.status === 'failed' ? 'error' : i.status === 'paid' ? 'success' : i.status === 'processing' ? 'warning' : 'default'
                    }
                    label={INSTALMENT_LABELS[i.status]}
                  />
                  {i.disputeStatus && (
                    <Chip
                      size="small"
                      sx={{ ml: 0.5 }}
                      variant="outlined"
                      color={i.disputeStatus === 'lost' ? 'error' : i.disputeStatus === 'won' ? 'success' : 'warning'}
                      label={`Dispute ${i.disputeStatus}`}
                    />
                  )}
                </TableCell>
                <TableCell align="right">{i.attempts}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  {i.stripePaymentIntentId ?? '—'}
                  {i.lastDeclineCode && (
                    <Typography variant="body2" color="error">
                      Declined: {i.lastDeclineCode}
                    </Typography>
                  )}
                  {i.nextAttemptAt && (
                    <Typography variant="body2" color="text.secondary">
                      Next try {formatInZone(i.nextAttemptAt, zone)}
                    </Typography>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </SimpleTable>
      )}
      <Typography variant="h6" component="h2">
        Attempt history
      </Typography>
      <AttemptHistory instalments={p.instalments} zone={zone} />
      <Typography variant="h6" component="h2">
        Consent
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography sx={{ whiteSpace: 'pre-wrap' }}>{p.consent.text}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Version {p.consent.version}, accepted {formatInZone(p.consent.acceptedAt, zone)}
          {p.consent.ip ? ` from ${p.consent.ip}` : ''}
        </Typography>
      </Paper>
    </Stack>
  );
}
