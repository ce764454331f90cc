/**
 * /admin/subscription (spec 3 §2.9): Overview, Plans & Pricing, Billing & Usage; the tab comes from
 * ?tab=plans|billing|overview. Every change goes through the server, which asks Stripe; the screen shows what the
 * server answers.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, AlertTitle, Box, Stack, Tab, Tabs, Typography } from '@mui/material';
import { ConfirmDialog } from '@/common/ConfirmDialog';
import { LoadingScreen } from '@/common/LoadingScreen';
import { useSession } from '@/session/SessionContext';
import { ERRORS, subscriptionApi, SubscriptionError, type Subscription, type SubscriptionPlan } from '@/subscription/api';
import { PlanCards } from '@/subscription/PlanCards';
import { epochDate, type PlanButton } from '@/subscription/logic';
import { SubscriptionBilling } from '@/subscription/SubscriptionBilling';
import { SubscriptionOverview } from '@/subscription/SubscriptionOverview';
import { useSubscription } from '@/subscription/useSubscription';

type TabName = 'overview' | 'plans' | 'billing';

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
        <SubscriptionOverview
          s={s}
          error={data.errors.subscription}
          busy={busy}
          onResume={() => void run('resume', ERRORS.resume, () => subscriptionApi.resume(orgId), 'Your subscription continues.')}
          onCancel={() => setConfirmCancel(true)}
          onPortal={() => void openPortal()}
          portalError={portalError}
          onViewPlans={() => goTab('plans')}
        />
      )}

      {tab === 'plans' &&
        (data.plans ? (
          <PlanCards plans={data.plans} subscription={s} billingAvailable={billingAvailable} busyPlan={busy} onChoose={choose} />
        ) : (
          <Alert severity="error">{data.errors.plans ?? 'Failed to load plan data'}</Alert>
        ))}

      {tab === 'billing' && (
        <SubscriptionBilling s={s} data={data} busy={busy} onPortal={() => void openPortal()} portalError={portalError} />
      )}

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
