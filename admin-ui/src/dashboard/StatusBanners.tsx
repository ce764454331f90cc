import { Link as RouterLink } from 'react-router-dom';
import { Alert, Button } from '@mui/material';
import { useFetch } from '@/common/useFetch';
import type { SubscriptionValidation } from '@/providers/types';
import { SubscriptionStatusBanner } from '@/subscription/SubscriptionStatusBanner';

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
  return (
    <>
      <SubscriptionStatusBanner organizationId={organizationId} />
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
