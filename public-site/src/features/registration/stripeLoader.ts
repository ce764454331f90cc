import type { Stripe } from '@stripe/stripe-js';

let loading: { key: string; promise: Promise<Stripe> } | null = null;

/**
 * Stripe.js, loaded once and only on the payment step (spec 2 §4; STACK.md traps 9-10): `@stripe/stripe-js/pure`
 * injects no script when imported, and the import itself is a separate chunk, so no other page pays for it.
 * Rejects when the script cannot load (offline it fails within milliseconds): the step then shows the
 * unavailable panel. A failed load is forgotten, so a later visit to the step tries again.
 */
export function loadStripeJs(publicKey: string): Promise<Stripe> {
  if (loading?.key !== publicKey) {
    const promise = import('@stripe/stripe-js/pure')
      .then(({ loadStripe }) => loadStripe(publicKey))
      .then((stripe) => {
        if (!stripe) throw new Error('Stripe.js not available');
        return stripe;
      })
      .catch((error: unknown) => {
        if (loading?.promise === promise) loading = null;
        throw error;
      });
    loading = { key: publicKey, promise };
  }
  return loading.promise;
}
