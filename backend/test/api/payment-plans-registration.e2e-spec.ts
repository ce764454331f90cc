import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClass, createOrg, type OrgFixture } from '../fixtures/org.fixture';
import {
  cardOrg,
  deliver,
  enrollmentRow,
  intentBody,
  payInBrowser,
  PUBLISHABLE_KEY,
  startCardWorld,
  waitFor,
  type CardWorld,
} from './card-payments.helpers';

/**
 * A card registration that chooses a payment plan, against the Stripe stand-in: the payer's Customer in this
 * organization, the deposit's PaymentIntent saving its method for off-session use (or, with no deposit, a
 * SetupIntent), the seat held until Stripe confirms (the webhook), then the plan active with the saved method, its
 * instalments scheduled and the consent stored. The browser's word alone starts nothing.
 */
describe('payment plans: card registration', () => {
  let w: CardWorld;
  let org: OrgFixture & { account: string };
  let cls: { id: string };
  const DAY = 86_400_000;
  const day = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);

  const definePlan = async (overrides: Record<string, unknown> = {}) =>
    (
      await w.a.http
        .post('/api/payment-plan-definitions')
        .set(org.auth)
        .send({
          name: 'Deposit and 3 monthly payments',
          classId: cls.id,
          depositKind: 'amount',
          depositValue: 150,
          interval: 'monthly',
          instalmentCount: 3,
          paidInFullBy: day(150),
          ...overrides,
        })
        .expect(201)
    ).body.data as { id: string };

  const createIntent = (body: Record<string, unknown>) =>
    w.a.http.post('/api/payments/create-intent').set('User-Agent', 'PlanTest/1.0').send(body);
  const planOf = (enrollmentId: string, o: OrgFixture = org) => w.a.http.get(`/api/enrollments/${enrollmentId}/payment-plan`).set(o.auth);
  const planStatus = async (enrollmentId: string) => (await planOf(enrollmentId)).body.data?.status;

  beforeAll(async () => {
    w = await startCardWorld();
    org = await cardOrg(w.a);
    cls = await createClass(w.a, org, {
      price: 600,
      discountPrice: 0,
      maxStudents: 10,
      startDate: new Date(Date.now() + 120 * DAY).toISOString(),
      days: 12,
      schedule: 'Weekly',
    });
  });
  afterAll(async () => {
    await w.close();
  });

  it('a $600 class: $150 deposit saving the card, then active with three $150 instalments when the webhook confirms it', async () => {
    w.liveWebhooks(true);
    const plan = await definePlan();
    const body = { ...intentBody(org.orgId, cls.id, 600), paymentPlan: { id: plan.id, consentAccepted: true, consentVersion: 1 } };
    const before = w.stand.requests.length;
    const res = await createIntent(body).expect(201);
    const data = res.body.data;
    expect(data).toMatchObject({
      clientSecret: expect.stringMatching(/^pi_.+_secret_/),
      paymentIntentId: expect.stringMatching(/^pi_/),
      setupIntentId: null,
      amount: 150,
      paymentPlan: { id: plan.id, total: 600, deposit: 150 },
    });
    expect(data.paymentPlan.instalments.map((i: { amount: number }) => i.amount)).toEqual([150, 150, 150]);
    const calls = w.stand.requests.slice(before);
    const customer = calls.find((r) => r.path === '/v1/customers' && r.method === 'POST')!;
    const [student] = await w.a.db.query('SELECT student_id FROM enrollments WHERE id = $1', [data.enrollmentId]);
    expect(customer.body).toEqual({
      email: body.studentData.email,
      name: `${body.studentData.firstName} ${body.studentData.lastName}`,
      metadata: { organizationId: org.orgId, studentId: student.student_id },
    });
    const create = calls.find((r) => r.path === '/v1/payment_intents' && r.method === 'POST')!;
    expect(create.body).toMatchObject({
      amount: '15000',
      currency: 'usd',
      application_fee_amount: '450',
      transfer_data: { destination: org.account },
      automatic_payment_methods: { enabled: 'true' },
      customer: expect.stringMatching(/^cus_/),
      setup_future_usage: 'off_session',
      metadata: { organizationId: org.orgId, classId: cls.id, enrollmentId: data.enrollmentId },
    });
    expect(create.idempotencyKey).toBeTruthy();
    // Held, pending: nothing scheduled before Stripe says the deposit is paid.
    expect(await enrollmentRow(w.a, data.enrollmentId)).toMatchObject({ status: 'held', payment_status: 'pending' });
    expect((await planOf(data.enrollmentId).expect(200)).body.data).toMatchObject({
      status: 'pending',
      methodSaved: false,
      instalments: [],
    });

    expect((await payInBrowser(w.stand, data.paymentIntentId, data.clientSecret)).status).toBe(200);
    await waitFor(
      () => planStatus(data.enrollmentId),
      (s) => s === 'active',
    );
    const p = (await planOf(data.enrollmentId).expect(200)).body.data;
    expect(p).toMatchObject({ status: 'active', total: 600, deposit: 150, methodSaved: true, paused: false, pastDueSince: null });
    expect(p.instalments).toEqual(
      data.paymentPlan.instalments.map((i: { dueAt: string; amount: number }, n: number) => ({
        seq: n + 1,
        dueAt: i.dueAt,
        amount: i.amount,
        status: 'scheduled',
        attempts: 0,
        lastOutcome: null,
        declineCode: null,
        paidVia: null,
      })),
    );
    expect(p.consent).toMatchObject({ version: 1, userAgent: 'PlanTest/1.0', ip: expect.stringMatching(/127\.0\.0\.1|::1/) });
    expect(p.consent.text).toContain('I authorize this organization to charge my saved payment method');
    const [row] = await w.a.db.query('SELECT stripe_payment_method_id, stripe_customer_id FROM payer_plans WHERE enrollment_id = $1', [
      data.enrollmentId,
    ]);
    expect(row).toEqual({ stripe_payment_method_id: 'pm_card_visa', stripe_customer_id: create.body.customer });
    expect(await enrollmentRow(w.a, data.enrollmentId)).toMatchObject({
      status: 'active',
      payment_status: 'completed',
      amount_paid_cents: 15000,
    });
    // Another organization does not see it.
    const stranger = await createOrg(w.a, { plan: 'professional' });
    await planOf(data.enrollmentId, stranger).expect(404);

    // The same payer's next plan in this organization uses the same Customer (no second customers.create).
    const cls2 = await createClass(w.a, org, {
      price: 600,
      discountPrice: 0,
      startDate: new Date(Date.now() + 120 * DAY).toISOString(),
      days: 12,
    });
    const plan2 = await definePlan({ classId: cls2.id });
    const mark = w.stand.requests.length;
    const again = await createIntent({ ...body, classId: cls2.id, paymentPlan: { id: plan2.id, consentAccepted: true } }).expect(201);
    expect(w.stand.requests.slice(mark).filter((r) => r.path === '/v1/customers')).toEqual([]);
    const pi2 = w.stand.requests.slice(mark).find((r) => r.path === '/v1/payment_intents')!;
    expect(pi2.body.customer).toBe(create.body.customer);
    expect(again.body.data.amount).toBe(150);
  });

  it('a zero deposit saves the card with a SetupIntent; setup_intent.succeeded completes the registration and starts the plan', async () => {
    w.liveWebhooks(true);
    const plan = await definePlan({ name: 'Nothing today', depositValue: 0 });
    const body = { ...intentBody(org.orgId, cls.id, 600), paymentPlan: { id: plan.id, consentAccepted: true } };
    const before = w.stand.requests.length;
    const data = (await createIntent(body).expect(201)).body.data;
    expect(data).toMatchObject({
      clientSecret: expect.stringMatching(/^seti_.+_secret_/),
      paymentIntentId: null,
      setupIntentId: expect.stringMatching(/^seti_/),
      amount: 0,
      paymentPlan: { deposit: 0, total: 600 },
    });
    const calls = w.stand.requests.slice(before);
    expect(calls.filter((r) => r.path === '/v1/payment_intents')).toEqual([]);
    const setup = calls.find((r) => r.path === '/v1/setup_intents')!;
    expect(setup.body).toMatchObject({
      customer: expect.stringMatching(/^cus_/),
      usage: 'off_session',
      automatic_payment_methods: { enabled: 'true' },
      metadata: { organizationId: org.orgId, studentId: expect.any(String) },
    });
    expect(await enrollmentRow(w.a, data.enrollmentId)).toMatchObject({ status: 'held' });
    // Stripe.js confirmSetup from the browser (publishable key and client secret).
    const res = await fetch(`${w.stand.url}/v1/setup_intents/${data.setupIntentId}/confirm`, {
      method: 'POST',
      headers: { authorization: `Bearer ${PUBLISHABLE_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_secret: data.clientSecret, payment_method: 'pm_card_visa' }).toString(),
    });
    expect(res.status).toBe(200);
    await waitFor(
      () => planStatus(data.enrollmentId),
      (s) => s === 'active',
    );
    const p = (await planOf(data.enrollmentId).expect(200)).body.data;
    expect(p).toMatchObject({ status: 'active', deposit: 0, methodSaved: true });
    expect(p.instalments.map((i: { amount: number; status: string }) => [i.amount, i.status])).toEqual([
      [200, 'scheduled'],
      [200, 'scheduled'],
      [200, 'scheduled'],
    ]);
    expect(await enrollmentRow(w.a, data.enrollmentId)).toMatchObject({
      status: 'active',
      payment_status: 'completed',
      amount_paid_cents: 0,
      hold_expires_at: null,
    });
    // The same event again changes nothing (no second set of instalments).
    const event = w.stand.state.events.filter((e) => e.type === 'setup_intent.succeeded').at(-1)!;
    await deliver(w.a, { ...event, id: `${event.id}_again` }).expect(200);
    expect((await planOf(data.enrollmentId).expect(200)).body.data.instalments).toHaveLength(3);
  });

  it('the browser claiming success leaves the plan pending; only Stripe (a verified event) starts it', async () => {
    w.liveWebhooks(false);
    const plan = await definePlan({ name: 'Claimed' });
    const body = { ...intentBody(org.orgId, cls.id, 600), paymentPlan: { id: plan.id, consentAccepted: true } };
    const data = (await createIntent(body).expect(201)).body.data;
    // The page says "paid" without paying: the confirm route asks Stripe, which says the intent is not paid.
    const claimed = await w.a.http
      .post('/api/payments/confirm-enrollment')
      .send({ paymentIntentId: data.paymentIntentId, classId: cls.id, organizationId: org.orgId, studentData: body.studentData });
    expect(claimed.status).toBeGreaterThanOrEqual(400);
    expect(claimed.status).toBeLessThan(500);
    // A forged event (not signed by Stripe) is refused and changes nothing.
    const forged = {
      id: 'evt_forged',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: {
        object: { id: data.paymentIntentId, object: 'payment_intent', status: 'succeeded', amount: 15000, currency: 'usd', metadata: {} },
      },
    };
    await w.a.http
      .post('/api/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', 't=1,v1=bad')
      .send(JSON.stringify(forged))
      .expect(400);
    expect((await planOf(data.enrollmentId).expect(200)).body.data).toMatchObject({
      status: 'pending',
      methodSaved: false,
      instalments: [],
    });
    expect(await enrollmentRow(w.a, data.enrollmentId)).toMatchObject({ status: 'held', payment_status: 'pending' });
    // The payment really made, its event delivered: now it starts.
    await payInBrowser(w.stand, data.paymentIntentId, data.clientSecret);
    const event = w.stand.state.events.filter((e) => e.type === 'payment_intent.succeeded').at(-1)!;
    expect(event.data.object.id).toBe(data.paymentIntentId);
    await deliver(w.a, event).expect(200);
    expect(await planStatus(data.enrollmentId)).toBe('active');
  });

  it('refuses a plan without consent, for a household, with another amount, or not offered', async () => {
    const plan = await definePlan({ name: 'Refusals' });
    const base = intentBody(org.orgId, cls.id, 600);
    const consent = await createIntent({ ...base, paymentPlan: { id: plan.id, consentAccepted: false } });
    expect([consent.status, consent.body.code]).toEqual([400, 'PLAN_CONSENT_REQUIRED']);
    const version = await createIntent({ ...base, paymentPlan: { id: plan.id, consentAccepted: true, consentVersion: 9 } });
    expect([version.status, version.body.code]).toEqual([400, 'PLAN_CONSENT_REQUIRED']);
    const amount = await createIntent({ ...intentBody(org.orgId, cls.id, 150), paymentPlan: { id: plan.id, consentAccepted: true } });
    expect([amount.status, amount.body.code]).toEqual([409, 'PRICE_CHANGED']);
    const household = await createIntent({
      ...base,
      attendees: [
        { firstName: 'A', lastName: 'B' },
        { firstName: 'C', lastName: 'D' },
      ],
      paymentPlan: { id: plan.id, consentAccepted: true },
    });
    expect(household.status).toBe(400);
    const unknown = await createIntent({ ...base, paymentPlan: { id: '00000000-0000-4000-8000-000000000000', consentAccepted: true } });
    expect(unknown.status).toBe(404);
    const bad = await createIntent({ ...base, paymentPlan: { id: 'nope', consentAccepted: 'yes' } });
    expect(bad.status).toBe(400);
    // None of them held a seat.
    const [c] = await w.a.db.query("SELECT count(*)::int AS n FROM enrollments WHERE class_id = $1 AND status = 'held'", [cls.id]);
    expect(c.n).toBe(0);
  });
});
