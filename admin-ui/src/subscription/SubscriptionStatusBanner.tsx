import { Link as RouterLink } from 'react-router-dom';
import { Alert, AlertTitle, Button } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { subscriptionApi } from '@/providers/subscription';
import { subscriptionBannerModel } from '@/subscription/logic';

/**
 * The dashboard's subscription status banner (spec 3 §2.2, §4), from the subscription record: the compact 'Active'
 * bar, the detailed card inside the 7-day attention window (or trialing, past due, cancelling), 'Free Plan' with
 * Upgrade Plan, 'No active subscription' with View Plans. A lookup failure is treated as no subscription.
 */
export function SubscriptionStatusBanner({ organizationId }: { organizationId: string | null }) {
  const {
    data,
    error,
    isLoading: loading,
  } = useQuery({
    queryKey: ['subscriptions', organizationId],
    queryFn: () => subscriptionApi.get(organizationId!),
    enabled: Boolean(organizationId),
  });
  if (!organizationId || loading) return null;
  const model = data ? subscriptionBannerModel(data) : ({ kind: 'none', planName: '' } as const);
  const action = (label: string, to: string) => (
    <Button component={RouterLink} to={to} color="inherit" size="small">
      {label}
    </Button>
  );
  if (model.kind === 'compact') {
    return (
      <Alert severity="success" aria-label="Subscription status" action={action('Manage', '/admin/subscription')}>
        <AlertTitle sx={{ mb: 0 }}>Active</AlertTitle>
        {model.planName} plan
      </Alert>
    );
  }
  if (model.kind === 'detailed') {
    return (
      <Alert
        severity={model.pastDue || model.cancelling ? 'warning' : 'info'}
        aria-label="Subscription status"
        action={action('Manage', '/admin/subscription')}
      >
        <AlertTitle>
          {model.planName} plan · {model.statusLabel}
        </AlertTitle>
        {model.pastDue
          ? `Your last payment failed. Update your payment method before ${model.periodEnd} to keep your plan.`
          : model.status === 'trialing'
            ? `Free trial until ${model.periodEnd}: nothing is charged before then.`
            : `Current period ends on ${model.periodEnd}.`}
        {model.cancelling && ' Your subscription will be cancelled at the end of the current period.'}
      </Alert>
    );
  }
  if (model.kind === 'free') {
    return (
      <Alert severity="info" aria-label="Subscription status" action={action('Upgrade Plan', '/admin/subscription?tab=plans')}>
        <AlertTitle sx={{ mb: 0 }}>Free Plan</AlertTitle>
        Upgrade to take online payments and add more classes and students.
      </Alert>
    );
  }
  return (
    <Alert severity="warning" aria-label="Subscription status" action={action('View Plans', '/admin/subscription?tab=plans')}>
      <AlertTitle sx={{ mb: 0 }}>No active subscription</AlertTitle>
      {error
        ? 'Error loading subscription'
        : `Your ${model.planName} plan is not active: your organization uses the Free plan until you subscribe again.`}
    </Alert>
  );
}
