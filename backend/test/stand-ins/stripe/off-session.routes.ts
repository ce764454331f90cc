import {
  notFound,
  stripeError,
  type StandInObject,
  type StandInReply,
  type StandInRequest,
  type StandInRoute,
  type StandInState,
} from './core';
import { destinationChargeError } from './destination-charge';
import { startBankDebit } from './bank-debits';
import { succeedPaymentIntent } from './payments.routes';
import { behaviourOf, paymentMethodObject, saveTestPaymentMethod, TEST_METHODS, type TestMethod } from './payment-methods';

export { saveTestPaymentMethod };

const now = () => Math.floor(Date.now() / 1000);
const list = (url: string, data: unknown[]) => ({ object: 'list', url, has_more: false, data });

/**
 * Saved payment methods and off-session charges (shared/INTEGRATIONS.md "Saved payment methods and off-session
 * charges"): a Customer's PaymentMethods (list, retrieve, detach, the default for invoices) and the PaymentIntent
 * created with `customer`, `payment_method`, `off_session: true, confirm: true`, which answers at once as Stripe does:
 * - `pm_card_visa`: succeeded (a charge, its transfer to the destination, `payment_intent.succeeded`);
 * - `pm_usBankAccount`: processing (`payment_intent.processing`), settled later by `settleProcessing` or
 *   `POST {stand-in}/_test/payment_intents/{id}/settle/{succeeded|failed}`;
 * - `pm_card_authenticationRequired`: 402 card_error `authentication_required`;
 * - `pm_card_chargeDeclinedInsufficientFunds` / `…LostCard`: 402 `card_declined` with decline_code
 *   `insufficient_funds` / `lost_card`; `pm_card_chargeDeclinedExpiredCard`: 402 `expired_card`.
 * A failed intent stays `requires_payment_method` with its `last_payment_error`, and `payment_intent.payment_failed`
 * is emitted. Shapes are those of the pinned SDK's API version.
 *
 * A payment method may be named by Stripe's test id, or by the id of one saved to the customer (by a SetupIntent, or
 * by the test hook `saveTestPaymentMethod` / `POST {stand-in}/_test/customers/{id}/payment_methods` with form
 * `payment_method=<test id>`): a saved one behaves as the test card it was made from, told by its last 4 digits as
 * Stripe's test card numbers are.
 */

function objectOf(state: StandInState, id: unknown, kind: string): StandInObject | null {
  const o = typeof id === 'string' ? state.objects.get(id) : undefined;
  return o && o.object === kind ? o : null;
}

/** Resolves `payment_method` of a charge: a test id (a fresh method each time, as Stripe does) or a saved one. */
function methodFor(state: StandInState, id: unknown, customer: string): { pm: StandInObject; test: TestMethod } | StandInReply {
  if (typeof id === 'string' && TEST_METHODS[id])
    return { pm: paymentMethodObject(state.nextId('pm'), TEST_METHODS[id], customer), test: TEST_METHODS[id] };
  const pm = objectOf(state, id, 'payment_method');
  if (!pm) return notFound('payment_method', String(id));
  if (pm.customer !== customer)
    return stripeError(
      400,
      `The provided PaymentMethod ${pm.id} does not belong to the Customer ${customer}. Attach it to the Customer first.`,
      'invalid_request_error',
      { param: 'payment_method' },
    );
  const test = behaviourOf(pm);
  return test ? { pm, test } : stripeError(400, `The stand-in does not know how ${pm.id} behaves`);
}

/** The checks every off-session charge passes (the contract's parameters), or Stripe's error for the first that fails. */
function invalid(req: StandInRequest, state: StandInState): StandInReply | null {
  const b = req.body;
  if (!req.idempotencyKey)
    return stripeError(400, 'Classlane contract: an off-session paymentIntents.create must carry an idempotency key');
  const charge = destinationChargeError(b);
  if (charge) return charge;
  if (b.off_session !== 'true') return stripeError(400, 'Classlane contract: an off-session charge sends off_session=true');
  if (!objectOf(state, b.customer, 'customer')) return notFound('customer', String(b.customer));
  if (b.payment_method === undefined)
    return stripeError(400, 'You must provide a payment_method to confirm an off-session PaymentIntent.', 'invalid_request_error', {
      param: 'payment_method',
    });
  const organizationId = (b.metadata as Record<string, unknown> | undefined)?.organizationId;
  if (typeof organizationId !== 'string' || !organizationId)
    return stripeError(400, 'Classlane contract: metadata[organizationId] is required');
  return null;
}

async function chargeOffSession(req: StandInRequest, state: StandInState): Promise<StandInReply> {
  const bad = invalid(req, state);
  if (bad) return bad;
  const b = req.body;
  const customer = b.customer as string;
  const method = methodFor(state, b.payment_method, customer);
  if (Array.isArray(method)) return method;
  const id = state.nextId('pi');
  const pi: StandInObject = {
    id,
    object: 'payment_intent',
    amount: Number(b.amount),
    amount_received: 0,
    currency: 'usd',
    application_fee_amount: Number(b.application_fee_amount),
    transfer_data: { destination: (b.transfer_data as Record<string, string>).destination },
    customer,
    payment_method: method.pm.id,
    payment_method_types: [method.test.type],
    setup_future_usage: null,
    confirmation_method: 'automatic',
    capture_method: 'automatic',
    metadata: b.metadata,
    status: 'requires_confirmation',
    client_secret: `${id}_secret_${Math.random().toString(36).slice(2, 12)}`,
    latest_charge: null,
    last_payment_error: null,
    next_action: null,
    livemode: false,
    created: now(),
  };
  state.objects.set(id, pi);
  const outcome = method.test.outcome;
  if (outcome.kind === 'succeed') return [200, structuredClone(await succeedPaymentIntent(state, id))];
  if (outcome.kind === 'processing') return [200, structuredClone(startBankDebit(state, pi, method.pm.id))];
  const error = {
    type: 'card_error',
    code: outcome.code,
    ...(outcome.declineCode ? { decline_code: outcome.declineCode } : {}),
    message: outcome.message,
    doc_url: `https://stripe.com/docs/error-codes/${outcome.code.replace(/_/g, '-')}`,
    payment_method: structuredClone(method.pm),
  };
  Object.assign(pi, { status: 'requires_payment_method', last_payment_error: error });
  state.background(() => state.emit('payment_intent.payment_failed', structuredClone(pi)), 0);
  return [402, { error: { ...error, payment_intent: structuredClone(pi) } }];
}

/** A bank debit settles days later: succeeded (charge paid, `payment_intent.succeeded`) or failed (a return). */
export async function settleProcessing(
  state: StandInState,
  paymentIntentId: string,
  result: 'succeeded' | 'failed',
): Promise<StandInObject> {
  const pi = objectOf(state, paymentIntentId, 'payment_intent');
  if (!pi || pi.status !== 'processing') throw new Error(`PaymentIntent ${paymentIntentId} is not processing`);
  const pending = objectOf(state, pi.latest_charge, 'charge');
  if (result === 'succeeded') {
    // succeedPaymentIntent makes the paid charge (with its transfer); the pending one it replaces is forgotten.
    if (pending) state.objects.delete(pending.id);
    Object.assign(pi, { status: 'requires_confirmation', latest_charge: null });
    return succeedPaymentIntent(state, paymentIntentId);
  }
  if (pending)
    Object.assign(pending, { status: 'failed', failure_code: 'insufficient_funds', failure_message: 'Insufficient funds (R01)' });
  const error = {
    type: 'card_error',
    code: 'payment_intent_payment_attempt_failed',
    decline_code: 'insufficient_funds',
    message: "The customer's account has insufficient funds to cover this payment.",
    payment_method: structuredClone(objectOf(state, pi.payment_method, 'payment_method') ?? { id: pi.payment_method }),
  };
  Object.assign(pi, { status: 'requires_payment_method', last_payment_error: error });
  await state.emit('payment_intent.payment_failed', structuredClone(pi));
  return pi;
}

function customerMethods(req: StandInRequest, state: StandInState, customer: string): StandInReply {
  if (!objectOf(state, customer, 'customer')) return notFound('customer', customer);
  const type = req.query.get('type');
  const data = [...state.objects.values()]
    .filter((o) => o.object === 'payment_method' && o.customer === customer && (!type || o.type === type))
    .reverse();
  return [200, list(`/v1/customers/${customer}/payment_methods`, structuredClone(data))];
}

/** customers.update: only `invoice_settings[default_payment_method]` (and metadata) are the contract's. */
function updateCustomer(req: StandInRequest, state: StandInState, id: string): StandInReply {
  const customer = objectOf(state, id, 'customer');
  if (!customer) return notFound('customer', id);
  const wanted = (req.body.invoice_settings as Record<string, unknown> | undefined)?.default_payment_method;
  if (wanted !== undefined && wanted !== '') {
    const pm = objectOf(state, wanted, 'payment_method');
    if (!pm || pm.customer !== id)
      return stripeError(
        400,
        `The customer does not have a payment method with the ID ${String(wanted)}. The payment method must be attached to the customer.`,
        'invalid_request_error',
        { param: 'invoice_settings[default_payment_method]' },
      );
  }
  const settings = (customer.invoice_settings as Record<string, unknown> | undefined) ?? { custom_fields: null, footer: null };
  if (wanted !== undefined) customer.invoice_settings = { ...settings, default_payment_method: wanted === '' ? null : wanted };
  if (req.body.metadata !== undefined) customer.metadata = { ...(customer.metadata as object), ...(req.body.metadata as object) };
  return [200, structuredClone(customer)];
}

export const offSessionRoutes: StandInRoute[] = [
  {
    method: 'POST',
    path: /^\/v1\/payment_intents$/,
    when: (req) => req.body.confirm === 'true' || req.body.off_session !== undefined,
    handle: chargeOffSession,
  },
  { method: 'GET', path: /^\/v1\/customers\/([^/]+)\/payment_methods$/, handle: (req, state, [id]) => customerMethods(req, state, id) },
  { method: 'POST', path: /^\/v1\/customers\/([^/]+)$/, handle: (req, state, [id]) => updateCustomer(req, state, id) },
  {
    method: 'GET',
    path: /^\/v1\/payment_methods\/([^/]+)$/,
    handle: (_req, state, [id]) => {
      if (TEST_METHODS[id]) return [200, paymentMethodObject(id, TEST_METHODS[id], null)];
      const pm = objectOf(state, id, 'payment_method');
      return pm ? [200, structuredClone(pm)] : notFound('payment_method', id);
    },
  },
  {
    method: 'POST',
    path: /^\/v1\/payment_methods\/([^/]+)\/detach$/,
    handle: (_req, state, [id]) => {
      const pm = objectOf(state, id, 'payment_method');
      if (!pm) return notFound('payment_method', id);
      if (!pm.customer)
        return stripeError(
          400,
          `The payment method you provided is not attached to a customer so detachment is impossible.`,
          'invalid_request_error',
          {
            code: 'payment_method_unexpected_state',
          },
        );
      for (const c of state.objects.values()) {
        const settings = c.object === 'customer' ? (c.invoice_settings as Record<string, unknown> | undefined) : undefined;
        if (settings?.default_payment_method === id) settings.default_payment_method = null;
      }
      pm.customer = null;
      return [200, structuredClone(pm)];
    },
  },
  // Test steps (no API key): what a browser's SetupIntent leaves behind, and a bank debit settling days later.
  {
    method: 'POST',
    path: /^\/_test\/customers\/([^/]+)\/payment_methods$/,
    browser: true,
    handle: (req, state, [id]) => {
      try {
        return [200, saveTestPaymentMethod(state, id, String(req.body.payment_method))];
      } catch (e) {
        return stripeError(400, e instanceof Error ? e.message : String(e));
      }
    },
  },
  {
    method: 'POST',
    path: /^\/_test\/payment_intents\/([^/]+)\/settle\/(succeeded|failed)$/,
    browser: true,
    handle: async (_req, state, [id, result]) => {
      try {
        return [200, await settleProcessing(state, id, result as 'succeeded' | 'failed')];
      } catch (e) {
        return stripeError(400, e instanceof Error ? e.message : String(e));
      }
    },
  },
];
