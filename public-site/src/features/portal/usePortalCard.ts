import { useEffect, useState } from 'react';
import type { Stripe } from '@stripe/stripe-js';
import { getCardAvailability } from '@/features/registration/api/getPaymentAvailability';
import { loadStripeJs } from '@/features/registration/stripeLoader';

type Form = (typeof import('@/features/registration/CardPaymentForm'))['default'];

/** The portal's card step as it loads: Stripe.js and the card form, or unavailable (no online payments, or no Stripe.js). */
export type PortalCard = { status: 'loading' } | { status: 'unavailable' } | { status: 'ready'; stripe: Stripe; Form: Form };

/**
 * Loads the registration's card step for a portal payment (a plan's instalment, a switch's difference): Stripe.js and
 * the card form are fetched only when a payer opens one, never with the portal itself, and only when the organization
 * takes cards online. A page left before they load sets nothing.
 */
export function usePortalCard(organizationId: string): PortalCard {
  const [card, setCard] = useState<PortalCard>({ status: 'loading' });
  useEffect(() => {
    let active = true;
    void (async () => {
      const availability = await getCardAvailability(organizationId);
      if (!availability.available || !availability.publicKey) return active && setCard({ status: 'unavailable' });
      try {
        const [stripe, module] = await Promise.all([
          loadStripeJs(availability.publicKey),
          import('@/features/registration/CardPaymentForm'),
        ]);
        if (active) setCard({ status: 'ready', stripe, Form: module.default });
      } catch {
        if (active) setCard({ status: 'unavailable' });
      }
    })();
    return () => {
      active = false;
    };
  }, [organizationId]);
  return card;
}
