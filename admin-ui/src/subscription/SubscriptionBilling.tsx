// The subscription screen's Billing & Usage tab: what the organization uses of its plan's limits, and the way to Stripe's billing portal.
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, LinearProgress, Link, Paper, Stack, Typography } from '@mui/material';
import type { Subscription } from '@/subscription/api';
import { limitText } from '@/subscription/logic';
import type { useSubscription } from '@/subscription/useSubscription';

function UsageRow({ label, current, limit }: { label: string; current: number; limit: number }) {
  const unlimited = limit === -1;
  const pct = unlimited || limit <= 0 ? 0 : Math.min(100, Math.round((current / limit) * 100));
  return (
    <Box>
      <Box display="flex" justifyContent="space-between">
        <Typography variant="body2">{label}</Typography>
        <Typography variant="body2" color="text.secondary">
          {current} / {limitText(limit)}
        </Typography>
      </Box>
      {!unlimited && (
        <LinearProgress
          variant="determinate"
          value={pct}
          aria-label={`${label}: ${current} of ${limit}`}
          color={pct >= 90 ? 'error' : pct >= 70 ? 'warning' : 'primary'}
        />
      )}
    </Box>
  );
}

export function SubscriptionBilling({
  s,
  data,
  busy,
  onPortal,
  portalError,
}: {
  s: Subscription | undefined;
  data: ReturnType<typeof useSubscription>;
  busy: string | null;
  onPortal: () => void;
  portalError: string | null;
}) {
  const u = data.usage;
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          Usage
        </Typography>
        {u ? (
          <Stack spacing={2}>
            <UsageRow label="Students" current={u.usage.students.current} limit={u.usage.students.limit} />
            <UsageRow label="Classes" current={u.usage.classes.current} limit={u.usage.classes.limit} />
            <UsageRow label="Transactions this month" current={u.usage.transactions.current} limit={u.usage.transactions.limit} />
          </Stack>
        ) : (
          <Alert severity="error">{data.errors.usage ?? 'Failed to load usage data'}</Alert>
        )}
      </Paper>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          Billing
        </Typography>
        <Typography color="text.secondary" mb={2}>
          Invoices, payment methods and billing details are managed in Stripe&apos;s secure billing portal.
        </Typography>
        <Button variant="contained" onClick={onPortal} disabled={busy !== null || !s?.stripeCustomerId || !s.billingAvailable}>
          Open Billing Portal
        </Button>
        {s && !s.stripeCustomerId && (
          <Typography variant="body2" color="text.secondary" mt={1}>
            The billing portal opens once you have subscribed to a paid plan.
          </Typography>
        )}
        {portalError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {portalError}
          </Alert>
        )}
      </Paper>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          Need Help?
        </Typography>
        <Typography color="text.secondary">
          Questions about your plan or an invoice? <Link href="/contact-us">Contact us</Link> or read the{' '}
          <Link href="/help">help pages</Link>.
        </Typography>
        {/* The admin app lives under /admin (a bare /subscription-test is outside it and ends on the dashboard). */}
        <Button component={RouterLink} to="/admin/subscription-test" size="small" sx={{ mt: 1 }}>
          Subscription test page
        </Button>
      </Paper>
    </Stack>
  );
}
