import { Link as RouterLink } from 'react-router-dom';
import { Alert, AlertTitle, Button } from '@mui/material';
import { PaymentSetupBanner } from '@/dashboard/PaymentSetupBanner';
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
      <PaymentSetupBanner organizationId={organizationId} validation={validation} />
    </>
  );
}
