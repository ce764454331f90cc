import { Link as RouterLink } from 'react-router-dom';
import { Alert, AlertTitle, Button } from '@mui/material';
import { usePaymentSetupStatus } from '@/providers/queries';
import type { SubscriptionValidation } from '@/providers/types';
import { paymentBanner, SETUP_ERROR } from '@/settings/paymentSetup';
import { usePaymentSetupActions } from '@/settings/usePaymentSetupActions';

/**
 * The dashboard's payment setup banner (spec 3 §2.2, §4): high urgency without a payment account (its button
 * starts setup), medium while the account cannot charge (its button leads to the Payment Setup tab). Hidden
 * otherwise, and when the status cannot be loaded (spec 3 §8: 'Failed to load payment setup status', banner hidden).
 */
export function PaymentSetupBanner({ organizationId, validation }: { organizationId: string | null; validation?: SubscriptionValidation }) {
  const allowsOnline = Boolean(validation?.hasActiveSubscription && validation?.canAcceptOnlinePayments);
  const status = usePaymentSetupStatus(organizationId, allowsOnline);
  const actions = usePaymentSetupActions(organizationId);
  const banner = paymentBanner(validation, status.error ? undefined : status.data);
  if (!banner) return null;
  const high = banner.urgency === 'high';
  return (
    <Alert
      severity={high ? 'warning' : 'info'}
      aria-label="Payment setup"
      action={
        high ? (
          <Button color="inherit" size="small" onClick={() => void actions.startSetup()} disabled={actions.busy !== null}>
            {actions.busy === 'setup' ? 'Opening Stripe…' : banner.action}
          </Button>
        ) : (
          <Button component={RouterLink} to="/admin/settings?tab=payments" color="inherit" size="small">
            {banner.action}
          </Button>
        )
      }
    >
      <AlertTitle sx={{ mb: 0 }}>{banner.title}</AlertTitle>
      {banner.text}
      {actions.error && ` ${SETUP_ERROR}${actions.error.message ? `: ${actions.error.message}` : ''}.`}
    </Alert>
  );
}
