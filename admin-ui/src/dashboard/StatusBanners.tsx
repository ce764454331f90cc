import { PaymentSetupBanner } from '@/dashboard/PaymentSetupBanner';
import type { SubscriptionValidation } from '@/providers/types';
import { SubscriptionStatusBanner } from '@/subscription/SubscriptionStatusBanner';

/**
 * Subscription status and payment setup banners (spec 3 §2.2, §4 "Payment setup banner"):
 * the payment banner shows only with an active subscription that allows online payments and a payment
 * account that is missing (high urgency) or cannot charge yet (medium urgency).
 */
export function StatusBanners({ organizationId, validation }: { organizationId: string | null; validation?: SubscriptionValidation }) {
  if (!validation) return null;
  return (
    <>
      <SubscriptionStatusBanner organizationId={organizationId} />
      <PaymentSetupBanner organizationId={organizationId} validation={validation} />
    </>
  );
}
