// The subscription screen's Overview tab: the current plan, its state (trial, cancellation, failed payment) and what it includes.
import { Alert, AlertTitle, Box, Button, Chip, List, ListItem, ListItemIcon, ListItemText, Paper, Stack, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import type { Subscription, SubscriptionPlan } from '@/subscription/api';
import {
  canCancel,
  epochDate,
  FEATURE_TEXT,
  hasLiveStripeSubscription,
  isFreePlan,
  monthlyPriceText,
  nextBillingText,
  STATUS_LABELS,
} from '@/subscription/logic';

const statusColor = (status: string) =>
  status === 'active' ? 'success' : status === 'trialing' ? 'info' : status === 'past_due' ? 'warning' : 'default';

function FeatureList({ plan }: { plan: SubscriptionPlan }) {
  const features = (Object.keys(FEATURE_TEXT) as (keyof SubscriptionPlan['features'])[]).filter((f) => plan.features[f]);
  return (
    <List dense disablePadding aria-label="Plan features">
      {features.map((f) => (
        <ListItem key={f} disableGutters sx={{ py: 0 }}>
          <ListItemIcon sx={{ minWidth: 28 }}>
            <CheckIcon color="success" fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={FEATURE_TEXT[f]} />
        </ListItem>
      ))}
    </List>
  );
}

export function SubscriptionOverview({
  s,
  error,
  busy,
  onResume,
  onCancel,
  onPortal,
  portalError,
  onViewPlans,
}: {
  s: Subscription | undefined;
  error: string | null;
  busy: string | null;
  onResume: () => void;
  onCancel: () => void;
  onPortal: () => void;
  portalError: string | null;
  onViewPlans: () => void;
}) {
  // A lookup failure is treated as no subscription (spec 3 §8), with the card's error text.
  if (!s) {
    return (
      <Paper variant="outlined" sx={{ p: 3 }}>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            Error loading subscription
          </Alert>
        )}
        <Typography variant="h6" component="h2">
          No active subscription
        </Typography>
        <Typography color="text.secondary" mb={2}>
          Choose a plan to unlock online payments, reporting and more.
        </Typography>
        <Button variant="contained" onClick={onViewPlans}>
          View Plans
        </Button>
      </Paper>
    );
  }
  const plan = s.effectivePlan;
  const free = isFreePlan(plan);
  const live = hasLiveStripeSubscription(s);
  const notRunning = !free && !['active', 'trialing', 'past_due'].includes(s.status);
  const paidButEnded =
    isFreePlan(plan) && !isFreePlan(s.plan) && ['canceled', 'unpaid', 'incomplete', 'incomplete_expired'].includes(s.status);
  return (
    <Stack spacing={2}>
      {s.cancel_at_period_end && live && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={onResume} disabled={busy !== null}>
              Resume Subscription
            </Button>
          }
        >
          <AlertTitle>Cancellation scheduled</AlertTitle>
          Your subscription will be canceled at the end of the current period, on {epochDate(s.current_period_end)}. Until then you keep
          every {plan.name} feature.
        </Alert>
      )}
      {s.status === 'trialing' && live && (
        <Alert severity="info">
          <AlertTitle>Free trial until {epochDate(s.trial_end)}</AlertTitle>
          {s.cancel_at_period_end
            ? `Nothing will be charged: the subscription ends with the trial.`
            : `Nothing is charged before then: the first payment (${monthlyPriceText(plan.monthlyPrice)}) is taken on ${epochDate(s.trial_end)} unless you cancel before.`}
        </Alert>
      )}
      {s.status === 'past_due' && (
        <Alert severity="warning">
          <AlertTitle>Payment failed</AlertTitle>
          Your last payment did not go through. Update your payment method with Manage Billing; your plan stays active while Stripe retries.
        </Alert>
      )}
      {s.scheduledChange && (
        <Alert severity="info">
          Your plan changes to {s.scheduledChange.planName} on {epochDate(s.scheduledChange.effectiveAt)}. Until then you keep every{' '}
          {plan.name} feature.
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} justifyContent="space-between" spacing={2}>
          <Box>
            <Typography variant="overline" color="text.secondary">
              Current plan
            </Typography>
            <Typography variant="h5" component="h2">
              {plan.name}
            </Typography>
            <Typography variant="h6" component="p" color="text.secondary">
              {monthlyPriceText(plan.monthlyPrice)}
            </Typography>
          </Box>
          <Box>
            <Chip label={STATUS_LABELS[s.status] ?? s.status} color={statusColor(s.status)} aria-label="Subscription status" />
          </Box>
        </Stack>
        {s.complimentary && (
          <Typography variant="body2" color="text.secondary" mt={1}>
            Complimentary plan: no billing is attached to it.
          </Typography>
        )}
        {live && (
          <Box mt={2} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1 }}>
            <Typography variant="body2">
              <strong>Current period:</strong> {epochDate(s.current_period_start)} – {epochDate(s.current_period_end)}
            </Typography>
            <Typography variant="body2">
              <strong>Next billing date:</strong> {nextBillingText(s)}
            </Typography>
            {s.status === 'trialing' && (
              <Typography variant="body2">
                <strong>Trial ends:</strong> {epochDate(s.trial_end)}
              </Typography>
            )}
          </Box>
        )}
        <Stack direction="row" spacing={1} mt={3} flexWrap="wrap" useFlexGap>
          {!free && s.status !== 'inactive' && s.stripeCustomerId && (
            <Button variant="outlined" onClick={onPortal} disabled={busy !== null}>
              Manage Billing
            </Button>
          )}
          {canCancel(s) && (
            <Button variant="outlined" color="error" onClick={onCancel} disabled={busy !== null}>
              Cancel Subscription
            </Button>
          )}
        </Stack>
        {portalError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {portalError}
          </Alert>
        )}
      </Paper>
      {(notRunning || paidButEnded) && (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography variant="h6" component="h2">
            No active subscription
          </Typography>
          <Typography color="text.secondary" mb={2}>
            Your {s.plan.name} subscription is {STATUS_LABELS[s.status]?.toLowerCase() ?? s.status}. Your organization uses the Free plan
            until you subscribe again; nothing was deleted.
          </Typography>
          <Button variant="contained" onClick={onViewPlans}>
            View Plans
          </Button>
        </Paper>
      )}
      {free && !paidButEnded && (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography variant="h6" component="h2">
            You are on the Free plan
          </Typography>
          <Typography color="text.secondary" mb={2}>
            Upgrade to take online payments, see advanced reports, use your own branding and add more classes and students.
            {s.trialDaysOnSubscribe > 0 && ` Your first paid plan starts with a ${s.trialDaysOnSubscribe}-day free trial.`}
          </Typography>
          <Button variant="contained" onClick={onViewPlans}>
            View Upgrade Options
          </Button>
        </Paper>
      )}
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          Included in {plan.name}
        </Typography>
        <FeatureList plan={plan} />
      </Paper>
    </Stack>
  );
}
