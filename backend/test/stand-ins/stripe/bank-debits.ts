import type { StandInObject, StandInState } from './core';

/**
 * A bank debit (`us_bank_account`) once confirmed: the PaymentIntent is `processing` with a pending charge, and
 * `payment_intent.processing` is sent a moment later, as Stripe does. It is settled days later (off-session.routes.ts
 * `settleProcessing`). Used by the browser's confirmation (payments.routes.ts) and by off-session charges.
 */
export function startBankDebit(state: StandInState, pi: StandInObject, paymentMethodId: string | null = null): StandInObject {
  const charge: StandInObject = {
    id: state.nextId('py'),
    object: 'charge',
    amount: pi.amount,
    amount_captured: pi.amount,
    amount_refunded: 0,
    currency: 'usd',
    paid: false,
    refunded: false,
    status: 'pending',
    payment_intent: pi.id,
    payment_method: paymentMethodId,
    application_fee_amount: pi.application_fee_amount,
    transfer_data: pi.transfer_data,
    metadata: { ...(pi.metadata as Record<string, string>) },
    captured: true,
    livemode: false,
    created: Math.floor(Date.now() / 1000),
  };
  state.objects.set(charge.id, charge);
  Object.assign(pi, { status: 'processing', latest_charge: charge.id, payment_method_types: ['us_bank_account'] });
  state.background(() => state.emit('payment_intent.processing', structuredClone(pi)), 0);
  return pi;
}
