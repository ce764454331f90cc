import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClass, createOrg, type OrgFixture } from '../fixtures/org.fixture';
import { cardOrg, intentBody, payInBrowser, PUBLISHABLE_KEY, startCardWorld, waitFor, type CardWorld } from './card-payments.helpers';

/**
 * The admin's "Payment plans" list and plan page (issue 40 §4), read only: a real plan chosen at card registration
 * against the Stripe stand-in, then the list's filters (status with pastDue while an instalment failed, class, term),
 * the plan page's schedule and last attempts, and another organization's ids (404, or an empty list).
 */
describe('payment plans: admin list and plan page', () => {
  let w: CardWorld;
  let org: OrgFixture & { account: string };
  let cls: { id: string };
  let other: { id: string };
  let termId: string;
  let enrollmentId: string;
  const DAY = 86_400_000;
  const day = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);
  const list = (query = '', o: OrgFixture = org) => w.a.http.get(`/api/payment-plans${query}`).set(o.auth);

  beforeAll(async () => {
    w = await startCardWorld();
    org = await cardOrg(w.a);
    termId = (
      await w.a.http
        .post('/api/terms')
        .set(org.auth)
        .send({
          name: 'Spring 2027',
          startDate: day(100),
          endDate: day(200),
          registrationOpensAt: new Date(Date.now() - DAY).toISOString(),
        })
        .expect(201)
    ).body.data.id;
    const start = new Date(Date.now() + 120 * DAY).toISOString();
    cls = await createClass(w.a, org, { price: 600, discountPrice: 0, maxStudents: 10, startDate: start, days: 12, termId });
    other = await createClass(w.a, org, { price: 300, discountPrice: 0, maxStudents: 10, startDate: start, days: 12 });
    const plan = (
      await w.a.http
        .post('/api/payment-plan-definitions')
        .set(org.auth)
        .send({
          name: 'Deposit and 3 monthly payments',
          termId,
          depositKind: 'amount',
          depositValue: 150,
          interval: 'monthly',
          instalmentCount: 3,
          paidInFullBy: day(150),
        })
        .expect(201)
    ).body.data as { id: string };
    w.liveWebhooks(true);
    const body = {
      ...intentBody(org.orgId, cls.id, 600, { firstName: 'Ana', lastName: 'Lopez', email: 'ana.plan@example.com' }),
      paymentPlan: { id: plan.id, consentAccepted: true },
    };
    const data = (await w.a.http.post('/api/payments/create-intent').send(body).expect(201)).body.data;
    enrollmentId = data.enrollmentId;
    await payInBrowser(w.stand, data.paymentIntentId, data.clientSecret);
    await waitFor(
      async () => (await w.a.http.get(`/api/enrollments/${enrollmentId}/payment-plan`).set(org.auth)).body.data?.status,
      (s) => s === 'active',
    );
  });
  afterAll(async () => {
    await w.close();
  });

  it('lists the plan with the payer, class, term, money paid and the next instalment; filters by status, class and term', async () => {
    const rows = (await list().expect(200)).body.data;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      enrollmentId,
      planName: 'Deposit and 3 monthly payments',
      status: 'active',
      studentName: 'Ana Lopez',
      studentEmail: 'ana.plan@example.com',
      classId: cls.id,
      termId,
      termName: 'Spring 2027',
      total: 600,
      paid: 150,
      balance: 450,
      nextAmount: 150,
      nextDueAt: expect.any(String),
    });
    expect((await list(`?status=active&classId=${cls.id}&termId=${termId}`).expect(200)).body.data).toHaveLength(1);
    expect((await list('?status=completed').expect(200)).body.data).toEqual([]);
    expect((await list(`?classId=${other.id}`).expect(200)).body.data).toEqual([]);
    await list('?status=late').expect(400);
    await list('?classId=nope').expect(400);
    await list('?color=red').expect(400);
  });

  it('shows the plan page with its Stripe ids, consent and each instalment; a failed instalment makes it past due', async () => {
    const id = (await list().expect(200)).body.data[0].id;
    // The charging job's record of a soft decline on the first instalment (helper-owned writes are not under test here).
    await w.a.db.query(
      `UPDATE payment_plan_instalments SET status = 'failed', attempts = 1, last_outcome = 'soft_decline',
         last_decline_code = 'insufficient_funds', stripe_payment_intent_id = 'pi_test_declined' WHERE payer_plan_id = $1 AND seq = 1`,
      [id],
    );
    const p = (await w.a.http.get(`/api/payment-plans/${id}`).set(org.auth).expect(200)).body.data;
    expect(p).toMatchObject({
      id,
      status: 'pastDue',
      deposit: 150,
      stripeCustomerId: expect.stringMatching(/^cus_/),
      stripePaymentMethodId: 'pm_card_visa',
      stripeIntentId: expect.stringMatching(/^pi_/),
      consent: { version: 1, text: expect.stringContaining('I authorize') },
    });
    expect(p.instalments.map((i: { seq: number; status: string }) => [i.seq, i.status])).toEqual([
      [1, 'failed'],
      [2, 'scheduled'],
      [3, 'scheduled'],
    ]);
    expect(p.instalments[0]).toMatchObject({
      attempts: 1,
      lastOutcome: 'soft_decline',
      lastDeclineCode: 'insufficient_funds',
      stripePaymentIntentId: 'pi_test_declined',
    });
    expect((await list('?status=pastDue').expect(200)).body.data.map((r: { id: string }) => r.id)).toEqual([id]);
    expect((await list('?status=active').expect(200)).body.data).toEqual([]);
  });

  /** Requests a portal link for `email` and signs in with it: the portal's Authorization header. */
  async function portalAuth(email: string, o: OrgFixture = org) {
    await w.a.http.post('/api/portal/link').send({ organizationId: o.orgId, email }).expect(202);
    const [row] = await w.a.db.query(
      "SELECT message FROM communications WHERE kind = 'system' AND to_address = $1 ORDER BY created_at DESC, id DESC LIMIT 1",
      [email],
    );
    const token = /\/my\/([A-Za-z0-9_-]+)/.exec(row.message)?.[1];
    const s = await w.a.http.post('/api/portal/session').send({ token }).expect(200);
    return { Authorization: `Bearer ${s.body.data.token}` };
  }

  it('the portal shows the payer their plan, its schedule and the card on file; another payer sees nothing', async () => {
    const mine = (
      await w.a.http
        .get('/api/portal/payment-plans')
        .set(await portalAuth('ana.plan@example.com'))
        .expect(200)
    ).body.data;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      enrollmentId,
      planName: 'Deposit and 3 monthly payments',
      studentName: 'Ana Lopez',
      total: 600,
      paid: 150,
      balance: 450,
      method: { kind: 'card', brand: 'visa', last4: '4242' },
    });
    expect(mine[0].instalments.map((i: { seq: number; amount: number }) => [i.seq, i.amount])).toEqual([
      [1, 150],
      [2, 150],
      [3, 150],
    ]);
    // Another student of the same organization (a plain card registration) has no plan to see.
    const body = intentBody(org.orgId, other.id, 300, { email: 'someone.else@example.com' });
    const d = (await w.a.http.post('/api/payments/create-intent').send(body).expect(201)).body.data;
    await payInBrowser(w.stand, d.paymentIntentId, d.clientSecret);
    await waitFor(
      async () => (await w.a.db.query('SELECT status FROM enrollments WHERE id = $1', [d.enrollmentId]))[0]?.status,
      (s) => s === 'active',
    );
    expect(
      (
        await w.a.http
          .get('/api/portal/payment-plans')
          .set(await portalAuth('someone.else@example.com'))
          .expect(200)
      ).body.data,
    ).toEqual([]);
    await w.a.http.get('/api/portal/payment-plans').set(org.auth).expect(401);
  });

  it('the payer pays a failed instalment now, saves a new card (due again at once), then pays the whole balance', async () => {
    const auth = await portalAuth('ana.plan@example.com');
    const id = (await list().expect(200)).body.data[0].id;
    const base = `/api/portal/payment-plans/${id}`;
    // Instalment 1 failed (the test above): paid now on-session; the schedule cannot take it meanwhile (leased).
    const open = (await w.a.http.post(`${base}/pay`).set(auth).send({ seq: 1 }).expect(200)).body.data;
    expect(open).toMatchObject({ amount: 150, instalments: [1], paymentIntentId: expect.stringMatching(/^pi_/) });
    expect((await w.a.http.post(`${base}/pay`).set(auth).send({ seq: 1 }).expect(409)).body.code).toBe('PLAN_INSTALMENT_BUSY');
    // Not paid yet: nothing recorded on the browser's word.
    expect(
      (await w.a.http.post(`${base}/pay/confirm`).set(auth).send({ paymentIntentId: open.paymentIntentId }).expect(409)).body.code,
    ).toBe('PLAN_PAYMENT_NOT_CONFIRMED');
    expect((await payInBrowser(w.stand, open.paymentIntentId, open.clientSecret)).status).toBe(200);
    const paid = await w.a.http.post(`${base}/pay/confirm`).set(auth).send({ paymentIntentId: open.paymentIntentId }).expect(200);
    expect(paid.body.data).toEqual({ paymentIntentId: open.paymentIntentId, instalments: [1], amount: 150 });
    await w.a.http.post(`${base}/pay/confirm`).set(auth).send({ paymentIntentId: open.paymentIntentId }).expect(200);
    const created = w.stand.requests.find(
      (r) => r.path === '/v1/payment_intents' && (r.body.metadata as Record<string, unknown> | undefined)?.payerPlanId === id,
    )!;
    expect(created.body).toMatchObject({
      amount: '15000',
      customer: expect.stringMatching(/^cus_/),
      transfer_data: { destination: org.account },
    });
    const afterPay = (await w.a.http.get(`/api/payment-plans/${id}`).set(org.auth).expect(200)).body.data;
    expect(afterPay.instalments[0]).toMatchObject({ status: 'paid', stripePaymentIntentId: open.paymentIntentId });
    expect(afterPay).toMatchObject({ status: 'active', paid: 300 });
    // Recorded as the charging job records an instalment, once (the confirm, its repeat and Stripe's event all saw
    // it): the money on the enrollment (what a refund reads) and a numbered receipt of its own.
    const enrollmentPaid = async () =>
      (
        await w.a.db.query(
          `SELECT e.amount_paid_cents AS cents FROM enrollments e JOIN payer_plans p ON p.enrollment_id = e.id WHERE p.id = $1`,
          [id],
        )
      )[0].cents;
    const receiptsOf = async (pi: string) =>
      (await w.a.db.query(`SELECT count(*)::int AS n FROM receipts WHERE stripe_payment_intent_id = $1`, [pi]))[0].n;
    await waitFor(
      () => receiptsOf(open.paymentIntentId),
      (n) => n === 1,
    );
    expect(await enrollmentPaid()).toBe(30000);
    expect(await receiptsOf(open.paymentIntentId)).toBe(1);

    // Instalment 2 was declined (hard): a new card saved from the portal makes it due again at once.
    await w.a.db.query(
      `UPDATE payment_plan_instalments SET status = 'failed', last_outcome = 'hard_decline', last_decline_code = 'lost_card'
        WHERE payer_plan_id = $1 AND seq = 2`,
      [id],
    );
    const setup = (await w.a.http.post(`${base}/method`).set(auth).expect(200)).body.data;
    expect(setup.setupIntentId).toMatch(/^seti_/);
    await w.a.http.post(`${base}/method/confirm`).set(auth).send({ setupIntentId: setup.setupIntentId }).expect(409);
    const confirmed = await fetch(`${w.stand.url}/v1/setup_intents/${setup.setupIntentId}/confirm`, {
      method: 'POST',
      headers: { authorization: `Bearer ${PUBLISHABLE_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_secret: setup.clientSecret, payment_method: 'pm_card_visa' }).toString(),
    });
    expect(confirmed.status).toBe(200);
    const saved = (await w.a.http.post(`${base}/method/confirm`).set(auth).send({ setupIntentId: setup.setupIntentId }).expect(200)).body
      .data;
    expect(saved.retried).toEqual([2]);
    const [row] = await w.a.db.query(
      `SELECT status, next_attempt_at <= now() AS due FROM payment_plan_instalments WHERE payer_plan_id = $1 AND seq = 2`,
      [id],
    );
    expect(row).toEqual({ status: 'scheduled', due: true });

    // The whole balance: instalments 2 and 3 in one payment; the plan is completed.
    const all = (await w.a.http.post(`${base}/pay`).set(auth).send({}).expect(200)).body.data;
    expect(all).toMatchObject({ amount: 300, instalments: [2, 3] });
    await payInBrowser(w.stand, all.paymentIntentId, all.clientSecret);
    // The payer closes the page: Stripe's event alone records the payment; the confirm, coming later, records nothing more.
    expect(await waitFor(enrollmentPaid, (cents) => cents === 60000)).toBe(60000);
    const balancePaid = await w.a.http.post(`${base}/pay/confirm`).set(auth).send({ paymentIntentId: all.paymentIntentId });
    expect([balancePaid.status, balancePaid.body.code, balancePaid.body.error]).toEqual([200, undefined, null]);
    expect((await w.a.http.get(`/api/payment-plans/${id}`).set(org.auth).expect(200)).body.data).toMatchObject({
      status: 'completed',
      paid: 600,
      balance: 0,
    });
    expect(await enrollmentPaid()).toBe(60000);
    // One payment, one receipt: both instalments are its lines.
    const [balanceReceipt] = await w.a.db.query(
      `SELECT total_cents AS cents, jsonb_array_length(lines) AS lines FROM receipts WHERE stripe_payment_intent_id = $1`,
      [all.paymentIntentId],
    );
    expect(balanceReceipt).toEqual({ cents: 30000, lines: 2 });
    expect((await w.a.http.post(`${base}/pay`).set(auth).send({}).expect(409)).body.code).toBe('PLAN_NOTHING_DUE');
    // Someone else's plan: 404; a bad body: 400.
    const stranger = await portalAuth('someone.else@example.com');
    await w.a.http.post(`${base}/pay`).set(stranger).send({ seq: 1 }).expect(404);
    await w.a.http.post(`${base}/method`).set(stranger).expect(404);
    await w.a.http.post(`${base}/pay`).set(auth).send({ seq: 'one' }).expect(400);
    await w.a.http.post(`${base}/pay/confirm`).set(auth).send({ paymentIntentId: 'nope' }).expect(400);
  });

  it("another organization's admin sees none of it", async () => {
    const stranger = await createOrg(w.a, { plan: 'professional' });
    const id = (await list().expect(200)).body.data[0].id;
    await w.a.http.get(`/api/payment-plans/${id}`).set(stranger.auth).expect(404);
    expect((await list('', stranger).expect(200)).body.data).toEqual([]);
    await w.a.http.get('/api/payment-plans').expect(401);
  });
});
