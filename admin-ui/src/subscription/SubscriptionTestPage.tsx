/**
 * /admin/subscription-test (spec 3 §2.10): the signed-in user, the subscription, the plans with a 14-day trial
 * Checkout, and 'Create customer'. A page to try billing end to end (with Stripe's test mode or its stand-in).
 * The trial is the server's to give (decision 16): only an organization's first subscription has one.
 */
import { useState } from 'react';
import { Alert, AlertTitle, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { LoadingScreen } from '@/common/LoadingScreen';
import { useSession } from '@/session/SessionContext';
import { ERRORS, subscriptionApi, SubscriptionError, type SubscriptionPlan } from '@/providers/subscription';
import { PlanCards } from '@/subscription/PlanCards';
import { epochDate, planButton, STATUS_LABELS } from '@/subscription/logic';
import { useSubscription } from '@/subscription/useSubscription';

export const TEST_TRIAL_DAYS = 14;

export default function SubscriptionTestPage() {
  const { user, organization } = useSession();
  const orgId = user?.organizationId ?? null;
  const data = useSubscription(orgId);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; title: string; reason?: string | null } | null>(null);

  if (!orgId || !user) return <Alert severity="warning">You are not associated with any organization.</Alert>;
  if (data.loading) return <LoadingScreen message="Loading subscription..." />;
  const s = data.subscription;
  const trialAvailable = (s?.trialDaysOnSubscribe ?? 0) > 0;

  async function createCustomer() {
    setBusy('customer');
    setMessage(null);
    try {
      const name = organization?.name ?? `${user!.firstName} ${user!.lastName}`.trim();
      const res = await subscriptionApi.createCustomer(orgId!, name, user!.email);
      setMessage({
        severity: 'success',
        title: res.created ? `Customer ${res.customerId} created` : `Customer ${res.customerId} already exists`,
      });
      await data.reload();
    } catch (e) {
      setMessage({ severity: 'error', title: ERRORS.customer, reason: e instanceof SubscriptionError ? e.reason : null });
    } finally {
      setBusy(null);
    }
  }

  async function startTrial(plan: SubscriptionPlan) {
    setBusy(plan.id);
    setMessage(null);
    try {
      if (!plan.stripePriceId) throw new SubscriptionError(ERRORS.create, 'This plan has no price yet; try again in a minute.', 0);
      const session = await subscriptionApi.checkout(orgId!, plan.stripePriceId, TEST_TRIAL_DAYS);
      window.location.assign(session.sessionUrl);
    } catch (e) {
      setMessage({ severity: 'error', title: ERRORS.create, reason: e instanceof SubscriptionError ? e.reason : null });
      setBusy(null);
    }
  }

  return (
    <Stack spacing={3} pb={2}>
      <Typography variant="h4" component="h1">
        Subscription test
      </Typography>
      {message && (
        <Alert severity={message.severity} onClose={() => setMessage(null)}>
          <AlertTitle sx={{ mb: message.reason ? 0.5 : 0 }}>{message.title}</AlertTitle>
          {message.reason}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            User
          </Typography>
          <Typography>
            {user.firstName} {user.lastName}
          </Typography>
          <Typography color="text.secondary">{user.email}</Typography>
          <Typography color="text.secondary">Role: {user.role}</Typography>
          <Typography color="text.secondary">Organization: {organization?.name ?? orgId}</Typography>
        </Paper>
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            Subscription
          </Typography>
          {s ? (
            <>
              <Typography>
                {s.effectivePlan.name} · {STATUS_LABELS[s.status] ?? s.status}
                {s.cancel_at_period_end ? ' · Canceled at period end' : ''}
              </Typography>
              <Typography color="text.secondary">Period end: {epochDate(s.current_period_end)}</Typography>
              <Typography color="text.secondary">Customer: {s.stripeCustomerId ?? 'none'}</Typography>
              <Typography color="text.secondary">Stripe subscription: {s.stripeSubscriptionId ?? 'none'}</Typography>
            </>
          ) : (
            <Typography color="text.secondary">Error loading subscription</Typography>
          )}
          <Button variant="outlined" sx={{ mt: 2 }} onClick={() => void createCustomer()} disabled={busy !== null || !s?.billingAvailable}>
            Create customer
          </Button>
        </Paper>
      </Box>
      <Typography variant="h6" component="h2">
        {trialAvailable ? `Plans (${TEST_TRIAL_DAYS}-day trial)` : 'Plans (no trial: this organization has had a subscription)'}
      </Typography>
      {data.plans ? (
        <PlanCards
          plans={data.plans}
          subscription={s}
          billingAvailable={s?.billingAvailable ?? false}
          busyPlan={busy}
          onChoose={(plan) => void startTrial(plan)}
          showTrial={false}
          buttonFor={(plan, sub, available) => {
            const b = planButton(plan, sub, available);
            return b.action === 'checkout'
              ? { ...b, label: trialAvailable ? `Start ${TEST_TRIAL_DAYS}-day trial` : 'Subscribe' }
              : { ...b, action: 'none', disabled: true };
          }}
        />
      ) : (
        <Alert severity="error">{data.errors.plans ?? 'Failed to load subscription plans'}</Alert>
      )}
    </Stack>
  );
}
