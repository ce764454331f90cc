import {
  notFound,
  parseStripeForm,
  stripeError,
  type StandInObject,
  type StandInReply,
  type StandInRoute,
  type StandInState,
} from './core';

/**
 * Billing (shared/INTEGRATIONS.md): products, prices by lookup key, customers, Checkout sessions, the customer
 * portal, and subscriptions (retrieve, update, cancel). Checkout has a page of its own, served here:
 * `GET {stand-in}/checkout/{sessionId}` shows the plan and a 'Subscribe' button; pressing it completes the session
 * as Stripe does (the subscription is created, checkout.session.completed, customer.subscription.created and
 * invoice.paid are emitted) and redirects to the session's success_url. Tests move a subscription on with
 * `advanceSubscription` (or `POST {stand-in}/_test/subscriptions/{id}/{step}` from a browser test).
 */
const DAY = 24 * 3600;
const PERIOD = 30 * DAY;
const now = () => Math.floor(Date.now() / 1000);
const list = (url: string, data: unknown[]) => ({ object: 'list', url, has_more: false, data });
const html = (status: number, body: string): StandInReply => [status, body, { 'content-type': 'text/html; charset=utf-8' }];
const redirect = (to: string): StandInReply => [303, '', { location: to }];
const escape = (v: unknown) =>
  String(v ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

function get(state: StandInState, id: string, object: string): StandInObject | null {
  const o = state.objects.get(id);
  return o && o.object === object ? o : null;
}

function put(state: StandInState, o: StandInObject): StandInObject {
  state.objects.set(o.id, o);
  return o;
}

/** A subscription's item with its price expanded, as `subscriptions.retrieve` returns it (API 2025+: period on the item). */
function setPeriod(sub: StandInObject, start: number, end: number) {
  const item = (sub.items as { data: Record<string, unknown>[] }).data[0];
  item.current_period_start = start;
  item.current_period_end = end;
}

const periodEnd = (sub: StandInObject) => (sub.items as { data: { current_period_end: number }[] }).data[0].current_period_end;

function invoiceFor(state: StandInState, sub: StandInObject, status: 'paid' | 'open'): StandInObject {
  const item = (sub.items as { data: { price: { unit_amount: number } }[] }).data[0];
  return put(state, {
    id: state.nextId('in'),
    object: 'invoice',
    customer: sub.customer,
    status,
    amount_due: sub.status === 'trialing' ? 0 : item.price.unit_amount,
    amount_paid: status === 'paid' && sub.status !== 'trialing' ? item.price.unit_amount : 0,
    currency: 'usd',
    parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
    created: now(),
  });
}

/**
 * Events of an API call are sent after the reply, as Stripe sends them: the caller may be holding a lock that the
 * webhook's handler needs.
 */
function later(state: StandInState, type: string, sub: StandInObject) {
  const snapshot = clone(sub);
  state.background(() => state.emit(type, snapshot), 5);
}

export type SubscriptionStep = 'payment_failed' | 'payment_succeeded' | 'period_end' | 'delete';

/**
 * Moves a subscription on as Stripe would, emitting the events Stripe sends: a failed renewal (past_due,
 * invoice.payment_failed), a paid retry (active, invoice.paid), the end of the period (renewal, or deletion when
 * it was set to cancel), or a deletion now.
 */
export async function advanceSubscription(state: StandInState, id: string, step: SubscriptionStep): Promise<StandInObject | null> {
  const sub = get(state, id, 'subscription');
  if (!sub) return null;
  const emitUpdated = () => state.emit('customer.subscription.updated', clone(sub));
  if (step === 'payment_failed') {
    sub.status = 'past_due';
    await state.emit('invoice.payment_failed', clone(invoiceFor(state, sub, 'open')));
    await emitUpdated();
  } else if (step === 'payment_succeeded') {
    sub.status = 'active';
    await state.emit('invoice.paid', clone(invoiceFor(state, sub, 'paid')));
    await emitUpdated();
  } else if (step === 'delete' || (step === 'period_end' && sub.cancel_at_period_end)) {
    sub.status = 'canceled';
    sub.canceled_at ??= now();
    sub.ended_at = now();
    await state.emit('customer.subscription.deleted', clone(sub));
  } else {
    const end = periodEnd(sub);
    setPeriod(sub, end, end + PERIOD);
    if (sub.status === 'trialing') sub.status = 'active';
    await state.emit('invoice.paid', clone(invoiceFor(state, sub, 'paid')));
    await emitUpdated();
  }
  return sub;
}

/**
 * What `subscription_data` asked for, kept beside the session: a Checkout Session object has no such field (it is a
 * create parameter only), so it stays out of every reply and event.
 */
const subscriptionDataOf = new WeakMap<StandInObject, { trial_period_days?: string; metadata?: Record<string, string> }>();

function createSubscription(state: StandInState, session: StandInObject): StandInObject {
  const line = (session.line_items as { price: string }[])[0];
  const price = get(state, line.price, 'price')!;
  const data = subscriptionDataOf.get(session) ?? {};
  const start = now();
  // A trial (subscription_data.trial_period_days): 'trialing' until trial_end, which is also the first period's end and
  // the billing cycle anchor; the first invoice is for 0 and nothing is charged until then.
  const trialDays = Number(data.trial_period_days ?? 0);
  const end = trialDays > 0 ? start + trialDays * DAY : start + PERIOD;
  const sub = put(state, {
    id: state.nextId('sub'),
    object: 'subscription',
    customer: session.customer,
    status: trialDays > 0 ? 'trialing' : 'active',
    billing_cycle_anchor: end,
    cancel_at_period_end: false,
    canceled_at: null,
    ended_at: null,
    created: start,
    start_date: start,
    trial_start: trialDays > 0 ? start : null,
    trial_end: trialDays > 0 ? end : null,
    trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
    metadata: { ...(data.metadata ?? {}) },
    items: {
      object: 'list',
      data: [{ id: state.nextId('si'), object: 'subscription_item', price: clone(price), quantity: 1 }],
    },
  });
  setPeriod(sub, start, end);
  return sub;
}

/** Completes a Checkout session (the page's button): the subscription, the three events, then where to go. */
export async function completeCheckout(state: StandInState, sessionId: string): Promise<string | null> {
  const session = get(state, sessionId, 'checkout.session');
  if (!session) return null;
  if (session.status !== 'complete') {
    const sub = createSubscription(state, session);
    // A trial is paid later: Checkout reports no payment required, as Stripe does.
    const paymentStatus = sub.status === 'trialing' ? 'no_payment_required' : 'paid';
    Object.assign(session, { status: 'complete', payment_status: paymentStatus, subscription: sub.id });
    await state.emit('checkout.session.completed', clone(session));
    await state.emit('customer.subscription.created', clone(sub));
    await state.emit('invoice.paid', clone(invoiceFor(state, sub, 'paid')));
  }
  return String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id);
}

function checkoutPage(state: StandInState, session: StandInObject): string {
  const line = (session.line_items as { price: string }[])[0];
  const price = get(state, line.price, 'price');
  const product = price ? get(state, String(price.product), 'product') : null;
  const trial = subscriptionDataOf.get(session)?.trial_period_days;
  const amount = price ? `$${(Number(price.unit_amount) / 100).toFixed(2)} per month` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout (Stripe stand-in)</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;color:#1a1f36}
.card{border:1px solid #e3e8ee;border-radius:8px;padding:1.5rem}button{background:#635bff;color:#fff;border:0;border-radius:6px;
padding:.75rem 1.25rem;font-size:1rem;cursor:pointer;width:100%}a{color:#635bff}</style></head><body>
<p>Stripe stand-in: test mode</p><div class="card"><h1>Subscribe to ${escape(product?.name ?? 'a plan')}</h1>
<p data-testid="checkout-amount">${escape(amount)}</p>${trial ? `<p>${escape(trial)}-day free trial</p>` : ''}
<form method="post" action="/checkout/${escape(session.id)}/complete"><button type="submit">Subscribe</button></form>
<p><a href="${escape(session.cancel_url)}">Cancel</a></p></div></body></html>`;
}

export const billingRoutes: StandInRoute[] = [
  {
    method: 'POST',
    path: /^\/v1\/products$/,
    handle: (req, state) => {
      if (!req.body.name) return stripeError(400, 'Missing required param: name.', 'invalid_request_error', { param: 'name' });
      return [
        200,
        put(state, { id: state.nextId('prod'), object: 'product', active: true, name: req.body.name, metadata: req.body.metadata ?? {} }),
      ];
    },
  },
  {
    method: 'POST',
    path: /^\/v1\/prices$/,
    handle: (req, state) => {
      const b = req.body as Record<string, string | Record<string, string>>;
      if (!get(state, String(b.product), 'product')) return notFound('product', String(b.product));
      const amount = Number(b.unit_amount);
      if (!Number.isInteger(amount) || amount < 0) return stripeError(400, 'Invalid integer: unit_amount', 'invalid_request_error');
      if (b.currency !== 'usd') return stripeError(400, 'Invalid currency', 'invalid_request_error');
      const taken = [...state.objects.values()].find((o) => o.object === 'price' && b.lookup_key && o.lookup_key === b.lookup_key);
      if (taken) return stripeError(400, `A price (\`${taken.id}\`) already uses that lookup key.`, 'invalid_request_error');
      return [
        200,
        put(state, {
          id: state.nextId('price'),
          object: 'price',
          active: true,
          product: b.product,
          unit_amount: amount,
          currency: 'usd',
          type: 'recurring',
          recurring: { interval: (b.recurring as Record<string, string>)?.interval ?? 'month', interval_count: 1 },
          lookup_key: b.lookup_key ?? null,
        }),
      ];
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/prices$/,
    handle: (req, state) => {
      const q = parseStripeForm(req.query.toString());
      const keys = Object.values((q.lookup_keys ?? {}) as Record<string, string>);
      const prices = [...state.objects.values()].filter(
        (o) => o.object === 'price' && (!keys.length || keys.includes(String(o.lookup_key))),
      );
      return [200, list('/v1/prices', prices)];
    },
  },
  {
    method: 'POST',
    path: /^\/v1\/customers$/,
    handle: (req, state) => [
      200,
      put(state, {
        id: state.nextId('cus'),
        object: 'customer',
        email: req.body.email ?? null,
        name: req.body.name ?? null,
        metadata: req.body.metadata ?? {},
        created: now(),
      }),
    ],
  },
  {
    method: 'POST',
    path: /^\/v1\/checkout\/sessions$/,
    handle: (req, state) => {
      const b = req.body as Record<string, unknown>;
      if (b.mode !== 'subscription') return stripeError(400, 'This stand-in only runs subscription Checkout', 'invalid_request_error');
      if (!get(state, String(b.customer), 'customer')) return notFound('customer', String(b.customer));
      const lines = b.line_items as { price?: string; quantity?: string }[] | undefined;
      if (!lines?.[0]?.price || !get(state, lines[0].price, 'price')) return stripeError(400, 'No such price', 'invalid_request_error');
      for (const key of ['success_url', 'cancel_url'])
        if (typeof b[key] !== 'string' || !/^https?:\/\//.test(b[key] as string))
          return stripeError(400, `Not a valid URL: ${key}`, 'invalid_request_error', { param: key });
      const data = (b.subscription_data ?? {}) as { trial_period_days?: string; metadata?: Record<string, string> };
      if (data.trial_period_days !== undefined) {
        const days = Number(data.trial_period_days);
        if (!Number.isInteger(days) || days < 1 || days > 730)
          return stripeError(400, 'Invalid integer: trial_period_days (1 to 730)', 'invalid_request_error', {
            param: 'subscription_data[trial_period_days]',
          });
      }
      const id = state.nextId('cs_test');
      const session = put(state, {
        id,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        payment_status: 'unpaid',
        customer: b.customer,
        client_reference_id: b.client_reference_id ?? null,
        line_items: lines.map((l) => ({ price: l.price, quantity: Number(l.quantity ?? 1) })),
        success_url: b.success_url,
        cancel_url: b.cancel_url,
        metadata: b.metadata ?? {},
        subscription: null,
        url: `${state.baseUrl}/checkout/${id}`,
        created: now(),
      });
      subscriptionDataOf.set(session, data);
      return [200, session];
    },
  },
  {
    method: 'POST',
    path: /^\/v1\/billing_portal\/sessions$/,
    handle: (req, state) => {
      if (!get(state, String(req.body.customer), 'customer')) return notFound('customer', String(req.body.customer));
      const id = state.nextId('bps');
      return [
        200,
        put(state, {
          id,
          object: 'billing_portal.session',
          customer: req.body.customer,
          return_url: req.body.return_url ?? null,
          url: `${state.baseUrl}/portal/${id}`,
          created: now(),
        }),
      ];
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/subscriptions\/([^/]+)$/,
    handle: (_req, state, [id]) => {
      const sub = get(state, id, 'subscription');
      return sub ? [200, sub] : notFound('subscription', id);
    },
  },
  {
    method: 'POST',
    path: /^\/v1\/subscriptions\/([^/]+)$/,
    handle: async (req, state, [id]) => {
      const sub = get(state, id, 'subscription');
      if (!sub) return notFound('subscription', id);
      if (sub.status === 'canceled')
        return stripeError(400, 'A canceled subscription can only update its cancellation_details and metadata.');
      const b = req.body as { items?: { id?: string; price?: string }[]; proration_behavior?: string; cancel_at_period_end?: string };
      if (b.proration_behavior && !['create_prorations', 'none', 'always_invoice'].includes(b.proration_behavior))
        return stripeError(400, 'Invalid proration_behavior', 'invalid_request_error');
      const item = (sub.items as { data: Record<string, unknown>[] }).data[0];
      if (b.items?.length) {
        const change = b.items[0];
        if (change.id !== item.id) return notFound('subscription item', String(change.id));
        const price = change.price ? get(state, change.price, 'price') : null;
        if (!price) return notFound('price', String(change.price));
        item.price = clone(price);
        // What a prorated change bills: kept on the subscription so tests can see it was asked for.
        sub.last_proration_behavior = b.proration_behavior ?? 'create_prorations';
      }
      if (b.cancel_at_period_end !== undefined) {
        sub.cancel_at_period_end = b.cancel_at_period_end === 'true';
        sub.canceled_at = sub.cancel_at_period_end ? now() : null;
      }
      later(state, 'customer.subscription.updated', sub);
      return [200, sub];
    },
  },
  {
    method: 'DELETE',
    path: /^\/v1\/subscriptions\/([^/]+)$/,
    handle: async (_req, state, [id]) => {
      const sub = get(state, id, 'subscription');
      if (!sub) return notFound('subscription', id);
      if (sub.status !== 'canceled') {
        Object.assign(sub, { status: 'canceled', canceled_at: sub.canceled_at ?? now(), ended_at: now() });
        later(state, 'customer.subscription.deleted', sub);
      }
      return [200, sub];
    },
  },
  // Pages a browser opens.
  {
    method: 'GET',
    path: /^\/checkout\/([^/]+)$/,
    browser: true,
    handle: (_req, state, [id]) => {
      const session = get(state, id, 'checkout.session');
      if (!session) return html(404, '<!doctype html><title>Not found</title><h1>This Checkout session does not exist</h1>');
      return html(200, checkoutPage(state, session));
    },
  },
  {
    method: 'POST',
    path: /^\/checkout\/([^/]+)\/complete$/,
    browser: true,
    handle: async (_req, state, [id]) => {
      const to = await completeCheckout(state, id);
      return to ? redirect(to) : html(404, '<!doctype html><title>Not found</title><h1>This Checkout session does not exist</h1>');
    },
  },
  {
    method: 'GET',
    path: /^\/portal\/([^/]+)$/,
    browser: true,
    handle: (_req, state, [id]) => {
      const session = get(state, id, 'billing_portal.session');
      if (!session) return html(404, '<!doctype html><title>Not found</title><h1>This portal session does not exist</h1>');
      return html(
        200,
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Billing portal (Stripe stand-in)</title></head><body>
<h1>Billing portal</h1><p>Customer ${escape(session.customer)}</p><p><a href="${escape(session.return_url)}">Return to Classlane</a></p></body></html>`,
      );
    },
  },
  {
    method: 'POST',
    path: /^\/_test\/subscriptions\/([^/]+)\/(payment_failed|payment_succeeded|period_end|delete)$/,
    browser: true,
    handle: async (_req, state, [id, step]) => {
      const sub = await advanceSubscription(state, id, step as SubscriptionStep);
      return sub ? [200, sub] : notFound('subscription', id);
    },
  },
];
