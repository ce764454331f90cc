import { Link as RouterLink } from 'react-router-dom';
import { Alert, AlertTitle, Button } from '@mui/material';
import { useFetch } from '@/common/useFetch';
import type { SubscriptionValidation } from '@/providers/types';

export interface SubscriptionBanner {
  severity: 'info' | 'success' | 'warning';
  title: string;
  text: string;
  action: string;
  to: string;
}

/**
 * Subscription status banner texts (spec 3 §4 "Subscription status"): the Free plan shows 'Free Plan'
 * with Upgrade Plan; a paid plan without an active subscription shows 'No active subscription' with
 * View Plans; an active one is the compact 'Active' bar with Manage. (The 7-day "needs attention" card
 * needs the billing period, which the API does not expose yet.)
 */
export function subscriptionBanner(v: SubscriptionValidation): SubscriptionBanner {
  const planName = v.planName || v.plan?.name || 'Free';
  if (!v.plan || v.plan.id === 'free') {
    return {
      severity: 'info',
      title: 'Free Plan',
      text: 'Upgrade to take online payments and add more classes and students.',
      action: 'Upgrade Plan',
      to: '/admin/subscription?tab=plans',
    };
  }
  if (!v.hasActiveSubscription) {
    return {
      severity: 'warning',
      title: 'No active subscription',
      text: `Your ${planName} plan is not active.`,
      action: 'View Plans',
      to: '/admin/subscription?tab=plans',
    };
  }
  return { severity: 'success', title: 'Active', text: `${planName} plan`, action: 'Manage', to: '/admin/subscription' };
}

/**
 * Subscription status and payment setup banners (spec 3 §2.2, §4 "Payment setup banner"):
 * the payment banner shows only with an active subscription that allows online payments and a payment
 * account that is missing (high urgency) or cannot charge yet (medium urgency).
 */
export function StatusBanners({ organizationId, validation }: { organizationId: string | null; validation?: SubscriptionValidation }) {
  const allowsOnline = Boolean(validation?.hasActiveSubscription && validation?.canAcceptOnlinePayments);
  const connect = useFetch(allowsOnline && organizationId ? `connect:${organizationId}` : null, (dp) =>
    dp.getConnectStatus(organizationId!),
  );
  if (!validation) return null;
  const banner = subscriptionBanner(validation);
  return (
    <>
      <Alert
        severity={banner.severity}
        aria-label="Subscription status"
        action={
          <Button component={RouterLink} to={banner.to} color="inherit" size="small">
            {banner.action}
          </Button>
        }
      >
        <AlertTitle sx={{ mb: 0 }}>{banner.title}</AlertTitle>
        {banner.text}
      </Alert>
      {allowsOnline && connect.data && !connect.data.hasAccount && (
        <Alert
          severity="warning"
          action={
            <Button component={RouterLink} to="/admin/settings?tab=payments" color="inherit" size="small">
              Set Up Payment Processing
            </Button>
          }
        >
          Your plan includes online payments. Set up payment processing to accept card payments from students.
        </Alert>
      )}
      {allowsOnline && connect.data?.hasAccount && !connect.data.charges_enabled && (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to="/admin/settings?tab=payments" color="inherit" size="small">
              Complete Payment Setup
            </Button>
          }
        >
          Your payment account is not able to accept card payments yet.
        </Alert>
      )}
    </>
  );
}
