import type { StandInObject, StandInState } from './core';

/**
 * Stripe's test PaymentMethods as the stand-in knows them (shared/INTEGRATIONS.md "Test payment methods"), and a method
 * saved to a Customer (what a SetupIntent, or a test hook, leaves): a saved one has its own `pm_…` id, is attached to
 * the Customer until `paymentMethods.detach`, and behaves as the test card it was made from, told by its last 4 digits.
 * Shared by the off-session charges and the SetupIntents.
 */

export type Outcome = { kind: 'succeed' } | { kind: 'processing' } | { kind: 'fail'; code: string; declineCode?: string; message: string };

export interface TestMethod {
  type: 'card' | 'us_bank_account';
  last4: string;
  brand?: string;
  outcome: Outcome;
}

/** Stripe's test PaymentMethods, with the last 4 digits of the test card (or bank account) number behind each. */
export const TEST_METHODS: Record<string, TestMethod> = {
  pm_card_visa: { type: 'card', brand: 'visa', last4: '4242', outcome: { kind: 'succeed' } },
  pm_card_authenticationRequired: {
    type: 'card',
    brand: 'visa',
    last4: '3184',
    outcome: {
      kind: 'fail',
      code: 'authentication_required',
      message: 'Your card was declined. This transaction requires authentication.',
      declineCode: 'authentication_required',
    },
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    type: 'card',
    brand: 'visa',
    last4: '9995',
    outcome: { kind: 'fail', code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  },
  pm_card_chargeDeclinedLostCard: {
    type: 'card',
    brand: 'visa',
    last4: '9987',
    outcome: { kind: 'fail', code: 'card_declined', declineCode: 'lost_card', message: 'Your card was declined.' },
  },
  pm_card_chargeDeclinedExpiredCard: {
    type: 'card',
    brand: 'visa',
    last4: '0069',
    outcome: { kind: 'fail', code: 'expired_card', message: 'Your card has expired.' },
  },
  pm_usBankAccount: { type: 'us_bank_account', last4: '6789', outcome: { kind: 'processing' } },
};

const now = () => Math.floor(Date.now() / 1000);

/** A PaymentMethod object as the API returns it (card or us_bank_account), attached to `customer` or not. */
export function paymentMethodObject(id: string, test: TestMethod, customer: string | null): StandInObject {
  const details =
    test.type === 'card'
      ? {
          card: {
            brand: test.brand,
            display_brand: test.brand,
            last4: test.last4,
            exp_month: 12,
            exp_year: new Date().getUTCFullYear() + 3,
            funding: 'credit',
            country: 'US',
            checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
            networks: { available: [test.brand], preferred: null },
            three_d_secure_usage: { supported: true },
            wallet: null,
          },
        }
      : {
          us_bank_account: {
            account_holder_type: 'individual',
            account_type: 'checking',
            bank_name: 'STRIPE TEST BANK',
            financial_connections_account: null,
            fingerprint: `fp_${test.last4}`,
            last4: test.last4,
            networks: { preferred: 'ach', supported: ['ach'] },
            routing_number: '110000000',
            status_details: null,
          },
        };
  return {
    id,
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: { address: null, email: null, name: null, phone: null, tax_id: null },
    created: now(),
    customer,
    livemode: false,
    metadata: {},
    type: test.type,
    ...details,
  };
}

/** Which test method a PaymentMethod behaves as: its own test id, or the saved method's type and last 4. */
export function behaviourOf(pm: StandInObject): TestMethod | null {
  const last4 = (pm.card as { last4?: string } | undefined)?.last4 ?? (pm.us_bank_account as { last4?: string } | undefined)?.last4;
  return Object.values(TEST_METHODS).find((t) => t.type === pm.type && t.last4 === last4) ?? null;
}

/** A method saved to the customer, as a completed SetupIntent (or a payment with setup_future_usage) leaves it. */
export function saveTestPaymentMethod(state: StandInState, customerId: string, testId: string): StandInObject {
  const test = TEST_METHODS[testId];
  if (!test) throw new Error(`${testId} is not a test payment method the stand-in knows`);
  if (state.objects.get(customerId)?.object !== 'customer') throw new Error(`no Customer ${customerId}`);
  const pm = paymentMethodObject(state.nextId('pm'), test, customerId);
  state.objects.set(pm.id, pm);
  return pm;
}
