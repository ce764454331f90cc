/**
 * /admin/subscription (spec 3 §2.9): Overview, Plans & Pricing, Billing & Usage; the tab comes from
 * ?tab=plans|billing|overview. Every change goes through the server, which asks Stripe; the screen shows what the
 * server answers.
 */
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Chip,
  LinearProgress,
  Link,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Paper,
  Stack,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import { ConfirmDialog } from '@/common/ConfirmDialog';
import { LoadingScreen } from '@/common/LoadingScreen';
import { useSession } from '@/session/SessionContext';
import { ERRORS, subscriptionApi, SubscriptionError, type Subscription, type SubscriptionPlan } from '@/subscription/api';
import { PlanCards } from '@/subscription/PlanCards';
import {
  canCancel,
  epochDate,
  FEATURE_TEXT,
  hasLiveStripeSubscription,
  isFreePlan,
  limitText,
  monthlyPriceText,
  nextBillingText,
  STATUS_LABELS,
  type PlanButton,
} from '@/subscription/logic';
import { useSubscription } from '@/subscription/useSubscription';

type TabName = 'overview' | 'plans' | 'billing';

const statusColor = (status: string) =>
  status === 'active' ? 'success' : status === 'trialing' ? 'info' : status === 'past_due' ? 'warning' : 'default';

/** An action's failure: the spec's text, and the server's reason under it when there is one. */
function failureText(e: unknown, fallback: string): { title: string; reason: string | null } {
  if (e instanceof SubscriptionError) return { title: e.message, reason: e.reason && e.reason !== e.message ? e.reason : null };
  return { title: fallback, reason: null };
}

export default function SubscriptionPage() {
  const { user } = useSession();
  const orgId = user?.organizationId ?? null;
  const data = useSubscription(orgId);
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabName = requested === 'plans' || requested === 'billing' ? requested : 'overview';
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ title: string; reason: string | null } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [portalError, setPortalError] = useState<string | null>(null);

  if (!orgId) return <Alert severity="warning">You are not associated with any organization.</Alert>;
  if (data.loading) return <LoadingScreen message="Loading subscription..." />;

  const s = data.subscription;
  const billingAvailable = s?.billingAvailable ?? false;
  const goTab = (t: TabName) => setParams(t === 'overview' ? {} : { tab: t });

  async function run(key: string, fallback: string, action: () => Promise<Subscription | void>, done?: string) {
    setBusy(key);
    setFailure(null);
    setNotice(null);
    try {
      const next = await action();
      if (next) data.setSubscription(next);
      await data.reload();
      if (done) setNotice(done);
    } catch (e) {
      setFailure(failureText(e, fallback));
    } finally {
      setBusy(null);
    }
  }

  async function openPortal() {
    setPortalError(null);
    setBusy('portal');
    try {
      const url = await subscriptionApi.portal(orgId!, `${window.location.origin}/admin/subscription`);
      window.open(url, '_blank', 'noopener');
    } catch (e) {
      const reason = e instanceof SubscriptionError ? (e.message === ERRORS.portalResponse ? e.message : e.reason) : null;
      setPortalError(reason ? `Failed to access billing portal: ${reason}` : 'Failed to create billing portal session. Please try again.');
    } finally {
      setBusy(null);
    }
  }

  function choose(plan: SubscriptionPlan, button: PlanButton) {
    if (button.action === 'checkout') {
      void run(plan.id, ERRORS.create, async () => {
        if (!plan.stripePriceId) throw new SubscriptionError(ERRORS.create, 'This plan has no price yet; try again in a minute.', 0);
        const session = await subscriptionApi.checkout(orgId!, plan.stripePriceId);
        window.location.assign(session.sessionUrl);
      });
    } else if (button.action === 'upgrade') {
      void run(plan.id, ERRORS.upgrade, () => subscriptionApi.upgrade(orgId!, plan), `You are now on the ${plan.name} plan.`);
    } else if (button.action === 'downgrade') {
      void run(
        plan.id,
        ERRORS.downgrade,
        () => subscriptionApi.downgrade(orgId!, plan),
        `Your plan changes to ${plan.name} at the end of the period.`,
      );
    } else if (button.action === 'cancel') {
      setConfirmCancel(true);
    }
  }

  return (
    <Stack spacing={3} pb={2}>
      <Box>
        <Typography variant="h4" component="h1">
          Subscription
        </Typography>
        <Typography color="text.secondary">Your plan, its features and what you use of it</Typography>
      </Box>
      {s && !billingAvailable && (
        <Alert severity="info">Billing is not available on this server, so plans cannot be bought or changed here.</Alert>
      )}
      {failure && (
        <Alert severity="error" onClose={() => setFailure(null)}>
          <AlertTitle sx={{ mb: failure.reason ? 0.5 : 0 }}>{failure.title}</AlertTitle>
          {failure.reason}
        </Alert>
      )}
      {notice && (
        <Alert severity="success" onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      <Tabs value={tab} onChange={(_, t: TabName) => goTab(t)} aria-label="Subscription sections" variant="scrollable">
        <Tab value="overview" label="Overview" />
        <Tab value="plans" label="Plans & Pricing" />
        <Tab value="billing" label="Billing & Usage" />
      </Tabs>

      {tab === 'overview' && (
        <Overview
          s={s}
          error={data.errors.subscription}
          busy={busy}
          onResume={() => void run('resume', ERRORS.resume, () => subscriptionApi.resume(orgId), 'Your subscription continues.')}
          onCancel={() => setConfirmCancel(true)}
          onPortal={() => void openPortal()}
          portalError={portalError}
          goTab={goTab}
        />
      )}

      {tab === 'plans' &&
        (data.plans ? (
          <PlanCards plans={data.plans} subscription={s} billingAvailable={billingAvailable} busyPlan={busy} onChoose={choose} />
        ) : (
          <Alert severity="error">{data.errors.plans ?? 'Failed to load plan data'}</Alert>
        ))}

      {tab === 'billing' && <Billing s={s} data={data} busy={busy} onPortal={() => void openPortal()} portalError={portalError} />}

      <ConfirmDialog
        open={confirmCancel}
        title="Cancel Subscription"
        message={`Cancel your subscription? It stays active until ${s ? epochDate(s.current_period_end) : 'the end of the period'}, then your organization moves to the Free plan. Nothing is deleted.`}
        confirmLabel="Cancel Subscription"
        busy={busy === 'cancel'}
        onClose={() => setConfirmCancel(false)}
        onConfirm={() =>
          void run(
            'cancel',
            ERRORS.cancel,
            () => subscriptionApi.cancel(orgId),
            'Your subscription will be canceled at the end of the period.',
          ).then(() => setConfirmCancel(false))
        }
      />
    </Stack>
  );
}

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

function Overview({
  s,
  error,
  busy,
  onResume,
  onCancel,
  onPortal,
  portalError,
  goTab,
}: {
  s: Subscription | undefined;
  error: string | null;
  busy: string | null;
  onResume: () => void;
  onCancel: () => void;
  onPortal: () => void;
  portalError: string | null;
  goTab: (t: TabName) => void;
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
        <Button variant="contained" onClick={() => goTab('plans')}>
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
          <Button variant="contained" onClick={() => goTab('plans')}>
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
          <Button variant="contained" onClick={() => goTab('plans')}>
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

function Billing({
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
