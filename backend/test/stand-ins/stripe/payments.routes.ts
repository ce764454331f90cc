import {
  notFound,
  stripeError,
  type StandInObject,
  type StandInReply,
  type StandInRequest,
  type StandInRoute,
  type StandInState,
} from './core';

/**
 * Card registration (shared/INTEGRATIONS.md "Card registration"): PaymentIntents as destination charges, their
 * confirmation from the browser (Stripe.js with the publishable key), cancellation and refunds. It checks what
 * the SDK sends against the contract (integer cents, usd, application fee, destination, metadata, idempotency
 * key) and refuses anything else with Stripe's own error shape, so a wrong call fails a test instead of passing.
 *
 * Test hooks (not Stripe calls): `succeedPaymentIntent` (what a browser confirmation with a good card does),
 * `dashboardRefund` (a refund made in the Stripe dashboard).
 */

const REQUIRED_METADATA = ['organizationId', 'classId', 'enrollmentId'] as const;
const isIntString = (v: unknown) => typeof v === 'string' && /^\d+$/.test(v);

const isPublishable = (req: StandInRequest) =>
  req.authorization?.startsWith('Bearer pk_') || (typeof req.body.key === 'string' && req.body.key.startsWith('pk_'));

function clientSecretOk(req: StandInRequest, pi: StandInObject) {
  const given = (req.body.client_secret as string | undefined) ?? req.query.get('client_secret') ?? undefined;
  return given === pi.client_secret;
}

/** What Stripe.js (publishable key) may see of a PaymentIntent: no metadata, no transfer data. */
function publicView(pi: StandInObject) {
  const { metadata: _m, transfer_data: _t, application_fee_amount: _f, ...rest } = pi;
  return rest;
}

function paymentIntentOf(state: StandInState, id: string): StandInObject | null {
  const pi = state.objects.get(id);
  return pi && pi.object === 'payment_intent' ? pi : null;
}

function chargeOf(state: StandInState, pi: StandInObject): StandInObject | null {
  return typeof pi.latest_charge === 'string' ? (state.objects.get(pi.latest_charge) ?? null) : null;
}

/** The card succeeded: a charge, the intent succeeded, `payment_intent.succeeded` emitted. */
export async function succeedPaymentIntent(state: StandInState, id: string): Promise<StandInObject> {
  const pi = paymentIntentOf(state, id);
  if (!pi) throw new Error(`no PaymentIntent ${id}`);
  if (pi.status === 'succeeded') return pi;
  const charge: StandInObject = {
    id: state.nextId('ch'),
    object: 'charge',
    amount: pi.amount,
    amount_captured: pi.amount,
    amount_refunded: 0,
    currency: pi.currency,
    paid: true,
    refunded: false,
    status: 'succeeded',
    payment_intent: pi.id,
    application_fee_amount: pi.application_fee_amount,
    transfer_data: pi.transfer_data,
    metadata: { ...(pi.metadata as Record<string, string>) },
    refunds: { object: 'list', data: [], has_more: false, total_count: 0, url: `/v1/charges/${pi.id}/refunds` },
    created: Math.floor(Date.now() / 1000),
  };
  state.objects.set(charge.id, charge);
  Object.assign(pi, { status: 'succeeded', latest_charge: charge.id, amount_received: pi.amount, last_payment_error: null });
  await state.emit('payment_intent.succeeded', { ...pi });
  return pi;
}

/** A refund recorded on the charge, `charge.refunded` emitted with the charge and its refunds. */
async function refund(state: StandInState, pi: StandInObject, amount: number, metadata: Record<string, unknown>) {
  const charge = chargeOf(state, pi)!;
  const re: StandInObject = {
    id: state.nextId('re'),
    object: 'refund',
    amount,
    currency: pi.currency,
    charge: charge.id,
    payment_intent: pi.id,
    status: 'succeeded',
    metadata,
    created: Math.floor(Date.now() / 1000),
  };
  state.objects.set(re.id, re);
  const refunds = charge.refunds as { data: StandInObject[]; total_count: number };
  refunds.data.unshift(re);
  refunds.total_count += 1;
  charge.amount_refunded = (charge.amount_refunded as number) + amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  // Delivered after the reply, as Stripe does: the caller may hold a lock the handler of this event needs.
  void state.emit('charge.refunded', structuredClone(charge));
  return re;
}

/** A refund made by someone in the Stripe dashboard (not through the API the product calls). */
export async function dashboardRefund(state: StandInState, paymentIntentId: string, amount: number) {
  const pi = paymentIntentOf(state, paymentIntentId);
  if (!pi || pi.status !== 'succeeded') throw new Error(`PaymentIntent ${paymentIntentId} has not succeeded`);
  return refund(state, pi, amount, {});
}

function createPaymentIntent(req: StandInRequest, state: StandInState): StandInReply {
  const b = req.body;
  if (!req.idempotencyKey) return stripeError(400, 'Classlane contract: paymentIntents.create must carry an idempotency key');
  if (!isIntString(b.amount) || Number(b.amount) < 50)
    return stripeError(400, 'Amount must be at least $0.50 usd', 'invalid_request_error', { param: 'amount' });
  if (b.currency !== 'usd') return stripeError(400, `Classlane contract: currency must be usd, got ${String(b.currency)}`);
  if (!isIntString(b.application_fee_amount) || Number(b.application_fee_amount) > Number(b.amount))
    return stripeError(400, 'application_fee_amount must be an integer no greater than amount', 'invalid_request_error', {
      param: 'application_fee_amount',
    });
  const destination = (b.transfer_data as Record<string, unknown> | undefined)?.destination;
  if (typeof destination !== 'string' || !destination.startsWith('acct_'))
    return stripeError(400, 'Classlane contract: a destination charge needs transfer_data[destination]', 'invalid_request_error', {
      param: 'transfer_data[destination]',
    });
  if ((b.automatic_payment_methods as Record<string, unknown> | undefined)?.enabled !== 'true')
    return stripeError(400, 'Classlane contract: automatic_payment_methods[enabled] must be true');
  const metadata = (b.metadata ?? {}) as Record<string, unknown>;
  for (const key of REQUIRED_METADATA)
    if (typeof metadata[key] !== 'string' || !metadata[key]) return stripeError(400, `Classlane contract: metadata[${key}] is required`);
  const id = state.nextId('pi');
  const pi: StandInObject = {
    id,
    object: 'payment_intent',
    amount: Number(b.amount),
    amount_received: 0,
    currency: 'usd',
    application_fee_amount: Number(b.application_fee_amount),
    transfer_data: { destination },
    automatic_payment_methods: { enabled: true },
    metadata,
    status: 'requires_payment_method',
    client_secret: `${id}_secret_${Math.random().toString(36).slice(2, 12)}`,
    latest_charge: null,
    last_payment_error: null,
    livemode: false,
    created: Math.floor(Date.now() / 1000),
  };
  state.objects.set(id, pi);
  return [200, pi];
}

export const paymentRoutes: StandInRoute[] = [
  { method: 'POST', path: /^\/v1\/payment_intents$/, handle: createPaymentIntent },
  {
    method: 'GET',
    path: /^\/v1\/payment_intents\/([^/]+)$/,
    publishable: true,
    handle: (req, state, [id]) => {
      const pi = paymentIntentOf(state, id);
      if (!pi) return notFound('payment_intent', id);
      if (isPublishable(req)) return clientSecretOk(req, pi) ? [200, publicView(pi)] : notFound('payment_intent', id);
      return [200, pi];
    },
  },
  {
    method: 'POST',
    path: /^\/v1\/payment_intents\/([^/]+)\/cancel$/,
    handle: async (_req, state, [id]) => {
      const pi = paymentIntentOf(state, id);
      if (!pi) return notFound('payment_intent', id);
      if (pi.status === 'succeeded')
        return stripeError(400, `You cannot cancel this PaymentIntent because it has a status of succeeded.`, 'invalid_request_error', {
          code: 'payment_intent_unexpected_state',
        });
      if (pi.status !== 'canceled') {
        Object.assign(pi, { status: 'canceled', canceled_at: Math.floor(Date.now() / 1000), cancellation_reason: 'requested_by_customer' });
        await state.emit('payment_intent.canceled', { ...pi });
      }
      return [200, pi];
    },
  },
  {
    // Stripe.js confirming from the browser: publishable key and the client secret, a test payment method.
    method: 'POST',
    path: /^\/v1\/payment_intents\/([^/]+)\/confirm$/,
    publishable: true,
    handle: async (req, state, [id]) => {
      const pi = paymentIntentOf(state, id);
      if (!pi || (isPublishable(req) && !clientSecretOk(req, pi))) return notFound('payment_intent', id);
      if (pi.status === 'succeeded' || pi.status === 'canceled')
        return stripeError(
          400,
          `You cannot confirm this PaymentIntent because it has a status of ${String(pi.status)}.`,
          'invalid_request_error',
          {
            code: 'payment_intent_unexpected_state',
          },
        );
      const method = req.body.payment_method;
      if (method === 'pm_card_chargeDeclined') {
        const error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
        Object.assign(pi, { status: 'requires_payment_method', last_payment_error: error });
        await state.emit('payment_intent.payment_failed', { ...pi });
        return [402, { error: { ...error, payment_intent: publicView(pi) } }];
      }
      if (method !== 'pm_card_visa') return stripeError(400, `No such PaymentMethod: '${String(method)}'`, 'invalid_request_error');
      await succeedPaymentIntent(state, id);
      return [200, isPublishable(req) ? publicView(pi) : pi];
    },
  },
  {
    method: 'POST',
    path: /^\/v1\/refunds$/,
    handle: async (req, state) => {
      const b = req.body;
      if (!req.idempotencyKey) return stripeError(400, 'Classlane contract: refunds.create must carry an idempotency key');
      if (b.reverse_transfer !== 'true' || b.refund_application_fee !== 'true')
        return stripeError(400, 'Classlane contract: reverse_transfer and refund_application_fee must be true');
      const pi = typeof b.payment_intent === 'string' ? paymentIntentOf(state, b.payment_intent) : null;
      if (!pi) return notFound('payment_intent', String(b.payment_intent));
      const charge = chargeOf(state, pi);
      if (pi.status !== 'succeeded' || !charge)
        return stripeError(400, `This PaymentIntent (${pi.id}) does not have a successful charge to refund.`);
      const left = (charge.amount as number) - (charge.amount_refunded as number);
      if (b.amount !== undefined && !isIntString(b.amount)) return stripeError(400, 'Invalid integer: amount');
      const amount = b.amount === undefined ? left : Number(b.amount);
      if (amount <= 0 || amount > left)
        return stripeError(
          400,
          `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
        );
      return [200, await refund(state, pi, amount, (b.metadata ?? {}) as Record<string, unknown>)];
    },
  },
];
