import { randomBytes } from 'node:crypto';
import { createClass, createOrg, studentBody, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signStripePayload, startStripeStandIn, type StandInEvent } from '../stand-ins/stripe.stand-in';

export const WEBHOOK_SECRET = 'whsec_test_card_payments';
export const PUBLISHABLE_KEY = 'pk_test_classlane_cards';

export type StandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

/** The app (two instances on one database when asked) with the real SDK pointed at a Stripe stand-in. */
export async function startCardWorld(opts: { instances?: 1 | 2; env?: Record<string, string> } = {}) {
  const stand = await startStripeStandIn();
  const env = {
    STRIPE_SECRET_KEY: 'sk_test_classlane_cards',
    STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stand.url,
    JOBS_ENABLED: 'false',
    PLATFORM_FEE_PERCENT: '3',
    ...opts.env,
  };
  const a = await createTestApp(env);
  const apps = [a];
  if (opts.instances === 2) apps.push(await createTestApp(env, { databaseUrl: a.url }));
  await a.app.listen(0, '127.0.0.1');
  const webhookUrl = `${await a.app.getUrl()}/api/webhooks/stripe`.replace('[::1]', '127.0.0.1');
  return {
    stand,
    a,
    b: apps[1] ?? a,
    apps,
    /** Webhooks delivered by the stand-in as they happen (null: only listed, for tests that deliver by hand). */
    liveWebhooks(on: boolean) {
      stand.state.webhook = on ? { url: webhookUrl, secret: WEBHOOK_SECRET } : null;
    },
    async close() {
      await stand.settled();
      for (const t of apps.reverse()) await t.close();
      await stand.close();
    },
  };
}
export type CardWorld = Awaited<ReturnType<typeof startCardWorld>>;

const acct = () => `acct_${randomBytes(6).toString('hex')}`;

/** An organization on a plan with online payments and a charges-enabled connected account. */
export async function cardOrg(t: TestApp, plan: 'essential' | 'professional' = 'professional', chargesEnabled = true) {
  const org = await createOrg(t, { plan });
  const account = acct();
  await t.db.query(
    `INSERT INTO connect_accounts (organization_id, stripe_account_id, charges_enabled, payouts_enabled, details_submitted)
     VALUES ($1, $2, $3, $3, true)`,
    [org.orgId, account, chargesEnabled],
  );
  return { ...org, account };
}

export async function cardClass(t: TestApp, org: OrgFixture, overrides: Record<string, unknown> = {}) {
  return createClass(t, org, { price: 100, discountPrice: 80, maxStudents: 20, ...overrides });
}

export function intentBody(orgId: string, classId: string, amount = 80, student: Record<string, unknown> = {}) {
  const { firstName, lastName, email, phone, communicationOptIn } = studentBody(student);
  return { classId, organizationId: orgId, studentData: { firstName, lastName, email, phone, communicationOptIn }, amount };
}

/** Stripe.js confirming the PaymentIntent from the browser (publishable key + client secret). */
export async function payInBrowser(stand: StandIn, paymentIntentId: string, clientSecret: string, card = 'pm_card_visa') {
  const res = await fetch(`${stand.url}/v1/payment_intents/${paymentIntentId}/confirm`, {
    method: 'POST',
    headers: { authorization: `Bearer ${PUBLISHABLE_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_secret: clientSecret, payment_method: card }).toString(),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

export function deliver(t: TestApp, event: StandInEvent | Record<string, unknown>) {
  const payload = JSON.stringify(event);
  return t.http
    .post('/api/webhooks/stripe')
    .set('Content-Type', 'application/json')
    .set('Stripe-Signature', signStripePayload(payload, WEBHOOK_SECRET))
    .send(payload);
}

export async function enrollmentRow(t: TestApp, id: string) {
  const [row] = await t.db.query(
    `SELECT status, payment_status, payment_method, amount_paid_cents, platform_fee_cents, organization_amount_cents, refunded_cents,
            stripe_payment_intent_id, stripe_charge_id, paid_at, hold_expires_at, amount_due_cents, cancellation_policy, cancelled_at
       FROM enrollments WHERE id = $1`,
    [id],
  );
  return row;
}

export async function seatsTaken(t: TestApp, classId: string): Promise<number> {
  return (await t.db.query('SELECT enrolled_students FROM classes WHERE id = $1', [classId]))[0].enrolled_students;
}

export async function waitFor<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
}

export function shuffle<T>(items: T[]): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

/** Runs the tasks with at most `width` at a time. */
export async function pool<T>(tasks: (() => Promise<T>)[], width: number): Promise<T[]> {
  const out: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, tasks.length) }, async () => {
      while (next < tasks.length) {
        const i = next++;
        out[i] = await tasks[i]();
      }
    }),
  );
  return out;
}

export { mismatches, type Document, type Schema } from '../setup/openapi-conformance';
