import {
  notFound,
  stripeError,
  type StandInObject,
  type StandInReply,
  type StandInRequest,
  type StandInRoute,
  type StandInState,
} from './core';
import { destinationChargeError, isIntString } from './destination-charge';
import { savedForLater } from './setup-intents.routes';
import { startBankDebit } from './bank-debits';
import { destinationTransfer } from './disputes.routes';

/**
 * Card registration (shared/INTEGRATIONS.md "Card registration"): PaymentIntents as destination charges, their
 * confirmation from the browser (Stripe.js with the publishable key), cancellation and refunds. It checks what
 * the SDK sends against the contract (integer cents, usd, application fee, destination, metadata, idempotency
 * key) and refuses anything else with Stripe's own error shape, so a wrong call fails a test instead of passing.
 *
 * Shapes of the pinned SDK's API version (2022-11-15 and later): a Charge carries no `refunds` list (only when
 * expanded, e.g. `paymentIntents.retrieve(id, { expand: ['latest_charge.refunds'] })`, and never in an event);
 * a payment's refunds are read with `GET /v1/refunds?payment_intent=` (`refunds.list`). A refund emits
 * `refund.created` and `charge.refunded`; a later change of its status `charge.refund.updated` and `refund.updated`
 * (and `refund.failed`), which the contract does not ask the product to handle.
 *
 * Test hooks (not Stripe calls): `succeedPaymentIntent` (what a browser confirmation with a good card does),
 * `dashboardRefund` (a refund made in the Stripe dashboard, succeeded or pending), `setRefundStatus` (a pending
 * refund succeeding, or a refund failing later), and the same two for a browser test as
 * `POST {stand-in}/_test/payment_intents/{id}/refund` (form `amount`, optional `status`) and
 * `POST {stand-in}/_test/refunds/{id}/{succeeded|failed|canceled}`.
 */

const REQUIRED_METADATA = ['organizationId', 'classId', 'enrollmentId'] as const;

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

const publicOr = (req: StandInRequest, pi: StandInObject) => (isPublishable(req) ? publicView(pi) : pi);

function paymentIntentOf(state: StandInState, id: string): StandInObject | null {
  const pi = state.objects.get(id);
  return pi && pi.object === 'payment_intent' ? pi : null;
}

function chargeOf(state: StandInState, pi: StandInObject): StandInObject | null {
  return typeof pi.latest_charge === 'string' ? (state.objects.get(pi.latest_charge) ?? null) : null;
}

/** The refunds of a payment (or of a charge), newest first, as `GET /v1/refunds` lists them. */
function refundsOf(state: StandInState, filter: { paymentIntent?: string; charge?: string }): StandInObject[] {
  return [...state.objects.values()]
    .filter(
      (o) =>
        o.object === 'refund' &&
        (filter.paymentIntent === undefined || o.payment_intent === filter.paymentIntent) &&
        (filter.charge === undefined || o.charge === filter.charge),
    )
    .reverse();
}

/** `expand[]=a` or `expand[0]=a` in a query string, as the SDK sends it. */
function expansions(query: URLSearchParams): string[] {
  return [...query.entries()].filter(([k]) => /^expand\[\d*\]$/.test(k)).map(([, v]) => v);
}

/** A Charge as the API returns it: its refunds only when expanded (`refunds`, or `latest_charge.refunds` from its intent). */
function chargeView(state: StandInState, charge: StandInObject, expandRefunds: boolean): StandInObject {
  if (!expandRefunds) return structuredClone(charge);
  const data = refundsOf(state, { charge: charge.id });
  return {
    ...structuredClone(charge),
    refunds: { object: 'list', data: structuredClone(data), has_more: false, url: `/v1/charges/${charge.id}/refunds` },
  };
}

/** A PaymentIntent with `latest_charge` (and its refunds) expanded when asked. */
function intentView(state: StandInState, pi: StandInObject, expand: string[]): StandInObject {
  const charge = chargeOf(state, pi);
  if (!charge || !expand.some((e) => e === 'latest_charge' || e === 'latest_charge.refunds')) return pi;
  return { ...pi, latest_charge: chargeView(state, charge, expand.includes('latest_charge.refunds')) };
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
    balance_transaction: null,
    captured: true,
    livemode: false,
    created: Math.floor(Date.now() / 1000),
  };
  state.objects.set(charge.id, charge);
  charge.transfer = destinationTransfer(state, charge); // a destination charge pays the connected account by a transfer
  Object.assign(pi, { status: 'succeeded', latest_charge: charge.id, amount_received: pi.amount, last_payment_error: null });
  await state.emit('payment_intent.succeeded', { ...pi });
  return pi;
}

type RefundStatus = 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';

/**
 * A refund of the payment's charge: `refund.created` then `charge.refunded` (the charge without its refunds, as in
 * every event since API 2022-11-15). A pending refund counts in the charge's `amount_refunded` as Stripe counts it.
 */
async function refund(state: StandInState, pi: StandInObject, amount: number, metadata: Record<string, unknown>, status: RefundStatus) {
  const charge = chargeOf(state, pi)!;
  const re: StandInObject = {
    id: state.nextId('re'),
    object: 'refund',
    amount,
    balance_transaction: null,
    charge: charge.id,
    created: Math.floor(Date.now() / 1000),
    currency: pi.currency,
    destination_details: {
      type: 'card',
      card: { reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' },
    },
    metadata,
    payment_intent: pi.id,
    payment_method: null,
    reason: null,
    receipt_number: null,
    source_transfer_reversal: null,
    status,
    transfer_reversal: null,
    ...(status === 'pending' ? { pending_reason: 'processing' } : {}),
  };
  state.objects.set(re.id, re);
  charge.amount_refunded = (charge.amount_refunded as number) + amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  // Delivered after the reply and side by side, as Stripe does: the caller may hold a lock the handlers of these
  // events need, and nothing orders two events.
  void state.emit('refund.created', structuredClone(re));
  void state.emit('charge.refunded', chargeView(state, charge, false));
  return re;
}

/** A refund made by someone in the Stripe dashboard (not through the API the product calls); succeeded unless asked. */
export async function dashboardRefund(state: StandInState, paymentIntentId: string, amount: number, status: RefundStatus = 'succeeded') {
  const pi = paymentIntentOf(state, paymentIntentId);
  if (!pi || pi.status !== 'succeeded') throw new Error(`PaymentIntent ${paymentIntentId} has not succeeded`);
  const charge = chargeOf(state, pi)!;
  if (amount <= 0 || amount > (charge.amount as number) - (charge.amount_refunded as number))
    throw new Error(`A refund of ${amount} is more than is left on ${charge.id}`);
  return refund(state, pi, amount, {}, status);
}

/**
 * A refund's status changes later (a pending refund succeeds, or a refund fails: the money goes back to the
 * account). Emits `charge.refund.updated` and `refund.updated` (and `refund.failed`), the events Stripe sends.
 */
export async function setRefundStatus(state: StandInState, refundId: string, status: 'succeeded' | 'failed' | 'canceled') {
  const re = state.objects.get(refundId);
  if (!re || re.object !== 'refund') throw new Error(`no refund ${refundId}`);
  const was = re.status;
  if (was === status) return re;
  const charge = state.objects.get(re.charge as string)!;
  if (status !== 'succeeded' && was !== 'failed' && was !== 'canceled') {
    charge.amount_refunded = (charge.amount_refunded as number) - (re.amount as number);
    charge.refunded = false;
  }
  Object.assign(re, { status, ...(status === 'failed' ? { failure_reason: 'expired_or_canceled_card' } : {}) });
  delete re.pending_reason;
  await state.emit('charge.refund.updated', structuredClone(re));
  await state.emit('refund.updated', structuredClone(re));
  if (status === 'failed') await state.emit('refund.failed', structuredClone(re));
  return re;
}

/** `GET /v1/refunds` (payment_intent or charge, limit, starting_after): newest first, Stripe's list shape. */
function listRefunds(req: StandInRequest, state: StandInState): StandInReply {
  const q = req.query;
  const paymentIntent = q.get('payment_intent') ?? undefined;
  const charge = q.get('charge') ?? undefined;
  if (paymentIntent !== undefined && !paymentIntentOf(state, paymentIntent)) return notFound('payment_intent', paymentIntent);
  if (charge !== undefined && state.objects.get(charge)?.object !== 'charge') return notFound('charge', charge);
  const rawLimit = q.get('limit');
  if (rawLimit !== null && (!isIntString(rawLimit) || Number(rawLimit) < 1 || Number(rawLimit) > 100))
    return stripeError(400, 'Invalid integer: limit (must be between 1 and 100)', 'invalid_request_error', { param: 'limit' });
  const limit = rawLimit === null ? 10 : Number(rawLimit);
  let list = refundsOf(state, { paymentIntent, charge });
  const after = q.get('starting_after');
  if (after) {
    const at = list.findIndex((r) => r.id === after);
    if (at < 0) return notFound('refund', after);
    list = list.slice(at + 1);
  }
  return [200, { object: 'list', url: '/v1/refunds', has_more: list.length > limit, data: structuredClone(list.slice(0, limit)) }];
}

function createPaymentIntent(req: StandInRequest, state: StandInState): StandInReply {
  const b = req.body;
  if (!req.idempotencyKey) return stripeError(400, 'Classlane contract: paymentIntents.create must carry an idempotency key');
  const charge = destinationChargeError(b);
  if (charge) return charge;
  if ((b.automatic_payment_methods as Record<string, unknown> | undefined)?.enabled !== 'true')
    return stripeError(400, 'Classlane contract: automatic_payment_methods[enabled] must be true');
  const metadata = (b.metadata ?? {}) as Record<string, unknown>;
  // A product's card sale (credit-products) names its sale instead of a class and an enrollment; a membership's renewal
  // paid on-session names the membership and the period it pays for.
  const required =
    typeof metadata.creditSaleId === 'string'
      ? (['organizationId', 'creditSaleId'] as const)
      : typeof metadata.membershipId === 'string'
        ? (['organizationId', 'membershipId', 'membershipPeriodStart'] as const)
        : REQUIRED_METADATA;
  for (const key of required)
    if (typeof metadata[key] !== 'string' || !metadata[key]) return stripeError(400, `Classlane contract: metadata[${key}] is required`);
  const saved = savedForLater(b, state);
  if (Array.isArray(saved)) return saved;
  const id = state.nextId('pi');
  const pi: StandInObject = {
    id,
    object: 'payment_intent',
    amount: Number(b.amount),
    amount_received: 0,
    currency: 'usd',
    application_fee_amount: Number(b.application_fee_amount),
    transfer_data: { destination: (b.transfer_data as Record<string, string>).destination },
    automatic_payment_methods: { enabled: true },
    metadata,
    status: 'requires_payment_method',
    client_secret: `${id}_secret_${Math.random().toString(36).slice(2, 12)}`,
    latest_charge: null,
    last_payment_error: null,
    livemode: false,
    created: Math.floor(Date.now() / 1000),
    ...saved,
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
      return [200, intentView(state, pi, expansions(req.query))];
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
      // A bank debit (the Payment Element's us_bank_account): processing, settled days later (disputes.routes.ts).
      if (method === 'pm_usBankAccount') return [200, publicOr(req, startBankDebit(state, pi, 'pm_usBankAccount'))];
      if (method !== 'pm_card_visa') return stripeError(400, `No such PaymentMethod: '${String(method)}'`, 'invalid_request_error');
      pi.payment_method = method;
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
      return [200, await refund(state, pi, amount, (b.metadata ?? {}) as Record<string, unknown>, 'succeeded')];
    },
  },
  { method: 'GET', path: /^\/v1\/refunds$/, handle: listRefunds },
  // Test steps a browser test (or a person trying the app) takes in the "dashboard": no API key.
  {
    method: 'POST',
    path: /^\/_test\/payment_intents\/([^/]+)\/refund$/,
    browser: true,
    handle: async (req, state, [id]) => {
      const pi = paymentIntentOf(state, id);
      if (!pi) return notFound('payment_intent', id);
      const status = req.body.status ?? 'succeeded';
      if (!isIntString(req.body.amount) || (status !== 'succeeded' && status !== 'pending'))
        return stripeError(400, 'amount (integer cents) and status (succeeded or pending) please');
      try {
        return [200, await dashboardRefund(state, id, Number(req.body.amount), status as RefundStatus)];
      } catch (e) {
        return stripeError(400, e instanceof Error ? e.message : String(e));
      }
    },
  },
  {
    method: 'POST',
    path: /^\/_test\/refunds\/([^/]+)\/(succeeded|failed|canceled)$/,
    browser: true,
    handle: async (_req, state, [id, status]) => {
      if (state.objects.get(id)?.object !== 'refund') return notFound('refund', id);
      return [200, await setRefundStatus(state, id, status as 'succeeded' | 'failed' | 'canceled')];
    },
  },
];
