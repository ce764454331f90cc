import {
  notFound,
  stripeError,
  type StandInObject,
  type StandInReply,
  type StandInRequest,
  type StandInRoute,
  type StandInState,
} from './core';
import { saveTestPaymentMethod, TEST_METHODS } from './payment-methods';

/**
 * Saved payment methods (shared/INTEGRATIONS.md "Saved payment methods and off-session charges"): SetupIntents for a
 * payer's Customer (`setupIntents.create`, `setupIntents.retrieve`), their confirmation from the browser (Stripe.js
 * `confirmSetup`: publishable key and client secret) emitting `setup_intent.succeeded` or `setup_intent.setup_failed`,
 * and what a first payment that saves its method adds to `paymentIntents.create` (`customer`,
 * `setup_future_usage: 'off_session'`, checked by `savedForLater`). Shapes of the pinned SDK's API version.
 *
 * A confirmed SetupIntent with a Customer saves a PaymentMethod of its own (`pm_…`, attached to that Customer, as
 * Stripe does: `paymentMethods.detach` takes it off, and a detached one can no longer be charged), made from the test id
 * it was confirmed with (`pm_card_visa`, `pm_card_chargeDeclinedInsufficientFunds`, ...), so a later off-session charge
 * knows how it behaves. Saving never fails for these (the bank says no only when
 * charged); `pm_card_chargeDeclined` is refused at setup, as Stripe's generic decline card is.
 *
 * Test hook (not a Stripe call): `succeedSetupIntent` (what a browser confirmation with a good card does).
 */

export const SAVABLE_TEST_METHODS = [
  'pm_card_visa',
  'pm_card_authenticationRequired',
  'pm_card_chargeDeclinedInsufficientFunds',
  'pm_card_chargeDeclinedLostCard',
  'pm_card_chargeDeclinedExpiredCard',
  'pm_usBankAccount',
];

const isPublishable = (req: StandInRequest) =>
  req.authorization?.startsWith('Bearer pk_') || (typeof req.body.key === 'string' && req.body.key.startsWith('pk_'));

function setupIntentOf(state: StandInState, id: string): StandInObject | null {
  const o = state.objects.get(id);
  return o && o.object === 'setup_intent' ? o : null;
}

function customerOf(state: StandInState, id: unknown): StandInObject | null {
  const o = typeof id === 'string' ? state.objects.get(id) : undefined;
  return o && o.object === 'customer' ? o : null;
}

/** What Stripe.js (publishable key) may see of a SetupIntent: no metadata, no customer. */
function publicView(si: StandInObject) {
  const { metadata: _m, customer: _c, ...rest } = si;
  return rest;
}

/**
 * `customer` and `setup_future_usage` of `paymentIntents.create`: the Customer must exist and belong to the
 * organization the metadata names (never another organization's), and the only usage the contract asks is off_session.
 * Returns the fields to keep on the PaymentIntent, or Stripe's refusal.
 */
export function savedForLater(b: Record<string, unknown>, state: StandInState): StandInReply | Record<string, unknown> {
  if (b.customer === undefined && b.setup_future_usage === undefined)
    return { customer: null, setup_future_usage: null, payment_method: null };
  const customer = customerOf(state, b.customer);
  if (!customer) return notFound('customer', String(b.customer));
  const org = (b.metadata as Record<string, unknown> | undefined)?.organizationId;
  if ((customer.metadata as Record<string, unknown>).organizationId !== org)
    return stripeError(400, 'Classlane contract: the Customer belongs to another organization (metadata[organizationId] differs)');
  if (b.setup_future_usage !== undefined && b.setup_future_usage !== 'off_session')
    return stripeError(400, `Classlane contract: setup_future_usage must be off_session, got ${String(b.setup_future_usage)}`);
  return { customer: customer.id, setup_future_usage: b.setup_future_usage ?? null, payment_method: null };
}

function createSetupIntent(req: StandInRequest, state: StandInState): StandInReply {
  const b = req.body;
  const customer = customerOf(state, b.customer);
  if (!customer) return notFound('customer', String(b.customer));
  if (b.usage !== 'off_session')
    return stripeError(400, "Classlane contract: usage must be 'off_session'", 'invalid_request_error', { param: 'usage' });
  if ((b.automatic_payment_methods as Record<string, unknown> | undefined)?.enabled !== 'true')
    return stripeError(400, 'Classlane contract: automatic_payment_methods[enabled] must be true');
  const metadata = (b.metadata ?? {}) as Record<string, unknown>;
  for (const key of ['organizationId', 'studentId'])
    if (typeof metadata[key] !== 'string' || !metadata[key]) return stripeError(400, `Classlane contract: metadata[${key}] is required`);
  if ((customer.metadata as Record<string, unknown>).organizationId !== metadata.organizationId)
    return stripeError(400, 'Classlane contract: the Customer belongs to another organization (metadata[organizationId] differs)');
  const id = state.nextId('seti');
  const si: StandInObject = {
    id,
    object: 'setup_intent',
    application: null,
    automatic_payment_methods: { allow_redirects: 'always', enabled: true },
    cancellation_reason: null,
    client_secret: `${id}_secret_${Math.random().toString(36).slice(2, 12)}`,
    created: Math.floor(Date.now() / 1000),
    customer: customer.id,
    description: null,
    flow_directions: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_options: {},
    payment_method_types: ['card'],
    single_use_mandate: null,
    status: 'requires_payment_method',
    usage: 'off_session',
  };
  state.objects.set(id, si);
  return [200, si];
}

/** The method is saved: the SetupIntent succeeded with it, `setup_intent.succeeded` emitted. */
export async function succeedSetupIntent(state: StandInState, id: string, paymentMethod = 'pm_card_visa'): Promise<StandInObject> {
  const si = setupIntentOf(state, id);
  if (!si) throw new Error(`no SetupIntent ${id}`);
  if (si.status === 'succeeded') return si;
  const customer = typeof si.customer === 'string' && state.objects.get(si.customer)?.object === 'customer' ? si.customer : null;
  const saved = customer && TEST_METHODS[paymentMethod] ? saveTestPaymentMethod(state, customer, paymentMethod).id : paymentMethod;
  Object.assign(si, { status: 'succeeded', payment_method: saved, last_setup_error: null, latest_attempt: state.nextId('setatt') });
  await state.emit('setup_intent.succeeded', structuredClone(si));
  return si;
}

export const setupIntentRoutes: StandInRoute[] = [
  { method: 'POST', path: /^\/v1\/setup_intents$/, handle: createSetupIntent },
  {
    method: 'GET',
    path: /^\/v1\/setup_intents\/([^/]+)$/,
    publishable: true,
    handle: (req, state, [id]) => {
      const si = setupIntentOf(state, id);
      if (!si) return notFound('setup_intent', id);
      if (isPublishable(req))
        return (req.query.get('client_secret') ?? undefined) === si.client_secret ? [200, publicView(si)] : notFound('setup_intent', id);
      return [200, si];
    },
  },
  {
    // Stripe.js confirmSetup from the browser: publishable key and the client secret, a test payment method.
    method: 'POST',
    path: /^\/v1\/setup_intents\/([^/]+)\/confirm$/,
    publishable: true,
    handle: async (req, state, [id]) => {
      const si = setupIntentOf(state, id);
      if (!si || (isPublishable(req) && req.body.client_secret !== si.client_secret)) return notFound('setup_intent', id);
      if (si.status === 'succeeded' || si.status === 'canceled')
        return stripeError(
          400,
          `You cannot confirm this SetupIntent because it has a status of ${String(si.status)}.`,
          'invalid_request_error',
          {
            code: 'setup_intent_unexpected_state',
          },
        );
      const method = String(req.body.payment_method);
      if (method === 'pm_card_chargeDeclined') {
        const error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
        Object.assign(si, { status: 'requires_payment_method', last_setup_error: error });
        await state.emit('setup_intent.setup_failed', structuredClone(si));
        return [402, { error: { ...error, setup_intent: publicView(si) } }];
      }
      if (!SAVABLE_TEST_METHODS.includes(method)) return stripeError(400, `No such PaymentMethod: '${method}'`);
      await succeedSetupIntent(state, id, method);
      return [200, isPublishable(req) ? publicView(si) : si];
    },
  },
];
