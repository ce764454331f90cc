import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { StripeEventsService } from '../../src/modules/stripe/stripe-events.service';
import { createOrg, registerBody } from '../fixtures/org.fixture';
import { createTestApp } from '../setup/test-app';
import {
  cardClass,
  cardOrg,
  deliver,
  enrollmentRow,
  intentBody,
  payInBrowser,
  seatsTaken,
  startCardWorld,
  waitFor,
  type CardWorld,
} from './card-payments.helpers';

/**
 * Card registration with a held seat and a payment the server verifies with Stripe. The real SDK
 * talks to the Stripe stand-in; the browser's part (Stripe.js confirming with the publishable key) is a fetch
 * to the stand-in, as the page's Stripe.js would make.
 */
describe('card registration', () => {
  let w: CardWorld;
  beforeAll(async () => {
    w = await startCardWorld();
  });
  afterAll(async () => {
    await w.close();
  });

  const createIntent = (body: Record<string, unknown>) => w.a.http.post('/api/payments/create-intent').send(body);
  const confirm = (body: Record<string, unknown>) => w.a.http.post('/api/payments/confirm-enrollment').send(body);
  const confirmBody = (i: ReturnType<typeof intentBody>, paymentIntentId: string) => ({
    paymentIntentId,
    classId: i.classId,
    organizationId: i.organizationId,
    studentData: i.studentData,
  });

  it('should hold a seat, open a destination charge for the server price, and complete only on a verified payment', async () => {
    w.liveWebhooks(false);
    const org = await cardOrg(w.a);
    const cls = await cardClass(w.a, org);
    const body = intentBody(org.orgId, cls.id, 80);
    const before = w.stand.requests.length;
    const res = await createIntent(body).expect(201);
    expect(res.body).toEqual({
      success: true,
      error: null,
      data: {
        clientSecret: expect.stringMatching(/^pi_.+_secret_.+/),
        paymentIntentId: expect.stringMatching(/^pi_/),
        amount: 80,
        holdExpiresAt: expect.any(String),
        enrollmentId: expect.any(String),
      },
    });
    const { paymentIntentId, clientSecret, enrollmentId, holdExpiresAt } = res.body.data;
    const minutes = (new Date(holdExpiresAt).getTime() - Date.now()) / 60000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    // Exactly the contract's call: integer cents, usd, the fee, the organization's account, metadata, an idempotency key.
    const create = w.stand.requests.slice(before).find((r) => r.path === '/v1/payment_intents' && r.method === 'POST')!;
    expect(create.body).toEqual({
      amount: '8000',
      currency: 'usd',
      application_fee_amount: '240',
      transfer_data: { destination: org.account },
      automatic_payment_methods: { enabled: 'true' },
      metadata: { organizationId: org.orgId, classId: cls.id, enrollmentId },
    });
    expect(create.idempotencyKey).toBe(`classlane-enrollment-${enrollmentId}-payment-intent`);
    expect(await enrollmentRow(w.a, enrollmentId)).toMatchObject({
      status: 'held',
      payment_status: 'pending',
      payment_method: 'card',
      amount_paid_cents: 0,
      amount_due_cents: 8000,
      stripe_payment_intent_id: paymentIntentId,
      paid_at: null,
    });
    expect(await seatsTaken(w.a, cls.id)).toBe(1);
    // Not paid yet: refused, nothing changed.
    const unpaid = await confirm(confirmBody(body, paymentIntentId)).expect(409);
    expect(unpaid.body.error).toBe('Payment was not completed. Please try again.');
    expect((await enrollmentRow(w.a, enrollmentId)).status).toBe('held');

    expect((await payInBrowser(w.stand, paymentIntentId, clientSecret)).status).toBe(200);
    const done = await confirm(confirmBody(body, paymentIntentId)).expect(200);
    expect(done.body.data).toEqual({ enrollmentId, transactionId: paymentIntentId });
    const row = await enrollmentRow(w.a, enrollmentId);
    expect(row).toMatchObject({
      status: 'active',
      payment_status: 'completed',
      amount_paid_cents: 8000,
      platform_fee_cents: 240,
      organization_amount_cents: 7760,
      hold_expires_at: null,
      stripe_charge_id: expect.stringMatching(/^ch_/),
    });
    expect(row.paid_at).toBeInstanceOf(Date);
    // A second confirm answers the same and records nothing more; the webhook arriving late changes nothing.
    expect((await confirm(confirmBody(body, paymentIntentId)).expect(200)).body.data).toEqual({
      enrollmentId,
      transactionId: paymentIntentId,
    });
    const succeeded = w.stand.events.find((e) => e.type === 'payment_intent.succeeded' && e.data.object.id === paymentIntentId)!;
    expect((await deliver(w.a, succeeded).expect(200)).body.data.status).toBe('processed');
    const events = await w.a.db.query(
      "SELECT event_type, metadata FROM activity_events WHERE organization_id = $1 AND event_type IN ('payment_received', 'class_enrollment')",
      [org.orgId],
    );
    expect(events.map((e: { event_type: string }) => e.event_type).sort()).toEqual(['class_enrollment', 'payment_received']);
    expect(events.find((e: { event_type: string }) => e.event_type === 'payment_received').metadata).toMatchObject({
      amount: 80,
      platformFee: 2.4,
      paymentMethod: 'card',
      enrollmentId,
    });
    expect(await seatsTaken(w.a, cls.id)).toBe(1);
    // The admin sees the money trail on the student.
    const students = await w.a.http.get('/api/students').set(org.auth).expect(200);
    expect(students.body.data[0].classEnrollments[0]).toMatchObject({
      status: 'active',
      paymentMethod: 'card',
      paymentStatus: 'completed',
      amountPaid: 80,
      platformFee: 2.4,
      organizationAmount: 77.6,
      refundedAmount: 0,
      stripePaymentIntentId: paymentIntentId,
      refunds: [],
    });
    // The month's transactions count it.
    const usage = await w.a.db.query(
      "SELECT count(*)::int AS n FROM enrollments WHERE organization_id = $1 AND payment_method = 'card' AND paid_at IS NOT NULL",
      [org.orgId],
    );
    expect(usage[0].n).toBe(1);
    // One confirmation (with the calendar file) and one receipt, queued with the payment, whichever completed it.
    const messages = await w.a.db.query('SELECT kind, dedupe_key FROM communications WHERE organization_id = $1 ORDER BY dedupe_key', [
      org.orgId,
    ]);
    expect(messages).toEqual([
      { kind: 'confirmation', dedupe_key: `confirmation:${enrollmentId}:email` },
      { kind: 'receipt', dedupe_key: `receipt:${paymentIntentId}:email` },
    ]);
  });

  it('should give the same intent and no second seat to the same email asking again while the hold is open', async () => {
    const org = await cardOrg(w.a);
    const cls = await cardClass(w.a, org);
    const body = intentBody(org.orgId, cls.id);
    const first = (await createIntent(body).expect(201)).body.data;
    const again = await Promise.all([
      createIntent(body),
      createIntent({ ...body, studentData: { ...body.studentData, email: body.studentData.email.toUpperCase() } }),
    ]);
    // Even when that hold took the last seat.
    const last = await cardClass(w.a, org, { maxStudents: 1 });
    const lastBody = intentBody(org.orgId, last.id);
    const held = (await createIntent(lastBody).expect(201)).body.data;
    expect((await createIntent(lastBody).expect(201)).body.data.paymentIntentId).toBe(held.paymentIntentId);
    for (const r of again) {
      expect(r.status).toBe(201);
      expect(r.body.data).toMatchObject({
        paymentIntentId: first.paymentIntentId,
        clientSecret: first.clientSecret,
        enrollmentId: first.enrollmentId,
      });
    }
    expect(await seatsTaken(w.a, cls.id)).toBe(1);
    expect((await w.a.db.query('SELECT count(*)::int AS n FROM enrollments WHERE class_id = $1', [cls.id]))[0].n).toBe(1);
  });

  it('should turn an open card hold into the in-person registration when the student switches, and record a card payment of its intent after all', async () => {
    const org = await cardOrg(w.a);
    const cls = await cardClass(w.a, org);
    const body = intentBody(org.orgId, cls.id);
    const d = (await createIntent(body).expect(201)).body.data;
    const reg = await w.a.http
      .post('/api/students/register')
      .send({
        ...body.studentData,
        organizationId: org.orgId,
        classEnrollments: [{ classId: cls.id, paymentMethod: 'in-person', paymentStatus: 'pending' }],
      })
      .expect(201);
    expect(reg.body.data.classEnrollments[0]).toMatchObject({ id: d.enrollmentId, paymentMethod: 'in-person', paymentStatus: 'pending' });
    expect(await enrollmentRow(w.a, d.enrollmentId)).toMatchObject({
      status: 'active',
      payment_method: 'in-person',
      hold_expires_at: null,
    });
    expect(await seatsTaken(w.a, cls.id)).toBe(1);
    // The intent is paid in the other tab after all: it is the student's card payment, not a second seat, not kept silently.
    await payInBrowser(w.stand, d.paymentIntentId, d.clientSecret);
    await deliver(
      w.a,
      w.stand.events.find((e) => e.type === 'payment_intent.succeeded' && e.data.object.id === d.paymentIntentId)!,
    ).expect(200);
    expect(await enrollmentRow(w.a, d.enrollmentId)).toMatchObject({
      status: 'active',
      payment_method: 'card',
      payment_status: 'completed',
      amount_paid_cents: 8000,
      refunded_cents: 0,
    });
    expect(await seatsTaken(w.a, cls.id)).toBe(1);
  });

  it('should refuse an amount other than the server price with 409 and hold nothing', async () => {
    const org = await cardOrg(w.a);
    const cls = await cardClass(w.a, org); // price 100, discount 80: the student pays 80
    for (const amount of [100, 79.99, 0, 1]) {
      const res = await createIntent(intentBody(org.orgId, cls.id, amount)).expect(409);
      expect(res.body.error).toMatch(/^The price of this class is \$80\.00, not \$/);
      expect(res.body.amount).toBe(80);
    }
    const plain = await cardClass(w.a, org, { price: 45.5, discountPrice: null });
    expect((await createIntent(intentBody(org.orgId, plain.id, 45.5)).expect(201)).body.data.amount).toBe(45.5);
    expect(await seatsTaken(w.a, cls.id)).toBe(0);
  });

  it('should refuse organizations that cannot take card payments with a message the site maps (subscription), and closed or unknown classes', async () => {
    const notReady = await cardOrg(w.a, 'professional', false);
    const c1 = await cardClass(w.a, notReady);
    const r1 = await createIntent(intentBody(notReady.orgId, c1.id)).expect(403);
    expect(r1.body.error).toBe("Card payments are not set up for this organization's subscription yet.");

    const free = await createOrg(w.a);
    await w.a.db.query(
      `INSERT INTO connect_accounts (organization_id, stripe_account_id, charges_enabled) VALUES ($1, 'acct_free1', true)`,
      [free.orgId],
    );
    const c2 = await cardClass(w.a, free);
    const r2 = await createIntent(intentBody(free.orgId, c2.id)).expect(403);
    expect(r2.body.error).toBe("Card payments are not included in this organization's subscription plan.");
    // The public site tells the plan's refusal by its code (its in-person-only message), never by the words.
    expect(r2.body.code).toBe('PLAN_REQUIRED');

    const capped = await cardOrg(w.a, 'essential');
    await w.a.db.query(`UPDATE subscription_plans SET limits = jsonb_set(limits, '{maxTransactionsPerMonth}', '1') WHERE id = 'essential'`);
    try {
      const c3 = await cardClass(w.a, capped);
      await createIntent(intentBody(capped.orgId, c3.id)).expect(201); // the open hold may become the month's one transaction
      const r3 = await createIntent(intentBody(capped.orgId, c3.id)).expect(403);
      expect(r3.body.error).toBe("This organization's subscription plan has reached its limit of 1 card payments this month.");
      expect(r3.body.code).toBe('LIMIT_REACHED');
      expect(await seatsTaken(w.a, c3.id)).toBe(1);
    } finally {
      await w.a.db.query(
        `UPDATE subscription_plans SET limits = jsonb_set(limits, '{maxTransactionsPerMonth}', '-1') WHERE id = 'essential'`,
      );
    }

    const org = await cardOrg(w.a);
    const closed = await cardClass(w.a, org, { status: 'Closed' });
    expect((await createIntent(intentBody(org.orgId, closed.id)).expect(409)).body.error).toBe(
      'This class is not open for registration (status: Closed).',
    );
    const full = await cardClass(w.a, org, { maxStudents: 1 });
    await createIntent(intentBody(org.orgId, full.id)).expect(201);
    expect((await createIntent(intentBody(org.orgId, full.id)).expect(409)).body.error).toBe('This class is full. No seats are left.');
    const other = await cardOrg(w.a);
    const r4 = await createIntent(intentBody(other.orgId, closed.id)).expect(404);
    expect(r4.body.error).toContain('not found');
  });

  it('should refuse a student already enrolled in the class', async () => {
    const org = await cardOrg(w.a);
    const cls = await cardClass(w.a, org);
    const reg = registerBody(org.orgId, cls.id);
    await w.a.http.post('/api/students/register').send(reg).expect(201);
    const res = await createIntent(intentBody(org.orgId, cls.id, 80, { email: reg.email })).expect(409);
    expect(res.body).toMatchObject({ isAlreadyEnrolled: true, error: expect.stringContaining('already enrolled') });
    expect(await seatsTaken(w.a, cls.id)).toBe(1);
  });

  it("should answer a full class before the organization's lock, without hiding the caller's own seat", async () => {
    const org = await cardOrg(w.a);
    // Two seats: one registered in person, one held by card. Full.
    const cls = await cardClass(w.a, org, { maxStudents: 2 });
    const inPerson = (email: string) => w.a.http.post('/api/students/register').send(registerBody(org.orgId, cls.id, { email }));
    const registered = registerBody(org.orgId, cls.id);
    await w.a.http.post('/api/students/register').send(registered).expect(201);
    const holder = intentBody(org.orgId, cls.id);
    const held = (await createIntent(holder).expect(201)).body.data;
    expect(await seatsTaken(w.a, cls.id)).toBe(2);

    // A stranger gets the full class's answer on both routes, and nothing is written.
    const stranger = intentBody(org.orgId, cls.id);
    const full = { code: 'CLASS_FULL', error: 'This class is full. No seats are left.' };
    expect((await createIntent(stranger).expect(409)).body).toMatchObject(full);
    expect((await inPerson(stranger.studentData.email).expect(409)).body).toMatchObject(full);
    // The registered student hears they are enrolled, not that the class is full.
    const again = await createIntent(intentBody(org.orgId, cls.id, 80, { email: registered.email })).expect(409);
    expect(again.body).toMatchObject({ isAlreadyEnrolled: true });
    // The card holder switching to paying in person keeps their held seat.
    const switched = (await inPerson(holder.studentData.email).expect(201)).body.data.classEnrollments[0];
    expect(switched).toMatchObject({ id: held.enrollmentId, paymentMethod: 'in-person' });

    // A hold that lapsed but that no job has released yet still belongs to its student: asking again in the full class
    // releases it and holds the seat afresh (a new enrollment, a new intent).
    const small = await cardClass(w.a, org, { maxStudents: 1 });
    const late = intentBody(org.orgId, small.id);
    const lapsed = (await createIntent(late).expect(201)).body.data;
    await w.a.db.query(`UPDATE enrollments SET hold_expires_at = now() - interval '1 minute' WHERE id = $1`, [lapsed.enrollmentId]);
    const fresh = (await createIntent(late).expect(201)).body.data;
    expect(fresh.enrollmentId).not.toBe(lapsed.enrollmentId);
    expect(fresh.paymentIntentId).not.toBe(lapsed.paymentIntentId);
    expect((await enrollmentRow(w.a, lapsed.enrollmentId)).status).toBe('expired');
    expect(await seatsTaken(w.a, small.id)).toBe(1);
    expect(
      (await w.a.db.query('SELECT count(*)::int AS n FROM students WHERE lower(email) = lower($1)', [stranger.studentData.email]))[0].n,
    ).toBe(0);
  });

  it('should never accept a completed payment on the public in-person register route (decision 10)', async () => {
    const org = await cardOrg(w.a);
    const cls = await cardClass(w.a, org);
    for (const enrollment of [
      { classId: cls.id, paymentMethod: 'card', paymentStatus: 'completed' },
      { classId: cls.id, paymentStatus: 'completed' },
      { classId: cls.id, amountPaid: 80 },
    ]) {
      const res = await w.a.http
        .post('/api/students/register')
        .send({ ...registerBody(org.orgId, cls.id), classEnrollments: [enrollment], amountPaid: 80 });
      expect(res.status).toBe(400);
    }
    expect((await w.a.db.query('SELECT count(*)::int AS n FROM enrollments WHERE class_id = $1', [cls.id]))[0].n).toBe(0);
  });

  it('should complete the enrollment from the webhook alone when the browser never comes back', async () => {
    const org = await cardOrg(w.a);
    const cls = await cardClass(w.a, org);
    const { paymentIntentId, clientSecret, enrollmentId } = (await createIntent(intentBody(org.orgId, cls.id)).expect(201)).body.data;
    w.liveWebhooks(true);
    try {
      await payInBrowser(w.stand, paymentIntentId, clientSecret);
      const row = await waitFor(
        () => enrollmentRow(w.a, enrollmentId),
        (r) => r.payment_status === 'completed',
      );
      expect(row).toMatchObject({ status: 'active', amount_paid_cents: 8000, platform_fee_cents: 240 });
    } finally {
      w.liveWebhooks(false);
    }
  });

  it('should find a lost webhook by reconciliation', async () => {
    const org = await cardOrg(w.a);
    const cls = await cardClass(w.a, org);
    const { paymentIntentId, clientSecret, enrollmentId } = (await createIntent(intentBody(org.orgId, cls.id)).expect(201)).body.data;
    await payInBrowser(w.stand, paymentIntentId, clientSecret); // the webhook is lost (not delivered)
    expect((await enrollmentRow(w.a, enrollmentId)).payment_status).toBe('pending');
    await w.a.app.get(StripeEventsService).reconcile();
    expect(await enrollmentRow(w.a, enrollmentId)).toMatchObject({ status: 'active', payment_status: 'completed' });
  });

  it('should refuse a tampered amount, another organization as destination, another class and an unpaid intent, changing nothing', async () => {
    const org = await cardOrg(w.a);
    const cls = await cardClass(w.a, org);
    const otherCls = await cardClass(w.a, org, { title: 'Other class' });
    const tamper = async (change: (pi: Record<string, unknown>) => void) => {
      const body = intentBody(org.orgId, cls.id);
      const d = (await createIntent(body).expect(201)).body.data;
      await payInBrowser(w.stand, d.paymentIntentId, d.clientSecret);
      change(w.stand.state.objects.get(d.paymentIntentId)!);
      return { body, d };
    };
    const cases: [string, (pi: Record<string, unknown>) => void][] = [
      ['amount', (pi) => (pi.amount = 100)],
      ['destination', (pi) => (pi.transfer_data = { destination: 'acct_someone_else' })],
      ['metadata', (pi) => (pi.metadata = { ...(pi.metadata as object), classId: otherCls.id })],
      ['currency', (pi) => (pi.currency = 'eur')],
    ];
    for (const [name, change] of cases) {
      const { body, d } = await tamper(change);
      const res = await confirm(confirmBody(body, d.paymentIntentId));
      expect([name, res.status, res.body.error]).toEqual([name, 409, 'This payment does not match this registration.']);
      // the signed webhook with the same tampered object is ignored too
      const pi = w.stand.state.objects.get(d.paymentIntentId)!;
      await deliver(w.a, {
        id: `evt_tamper_${name}_${d.enrollmentId}`,
        object: 'event',
        type: 'payment_intent.succeeded',
        created: Math.floor(Date.now() / 1000),
        data: { object: pi },
      }).expect(200);
      expect(await enrollmentRow(w.a, d.enrollmentId)).toMatchObject({ status: 'held', payment_status: 'pending', amount_paid_cents: 0 });
    }
    // Another class's PaymentIntent presented for this class.
    const body = intentBody(org.orgId, otherCls.id);
    const d = (await createIntent(body).expect(201)).body.data;
    await payInBrowser(w.stand, d.paymentIntentId, d.clientSecret);
    const wrong = await confirm({ ...confirmBody(body, d.paymentIntentId), classId: cls.id }).expect(409);
    expect(wrong.body.error).toBe('This payment does not match this registration.');
    // Another student's details with this intent.
    await confirm({ ...confirmBody(body, d.paymentIntentId), studentData: intentBody(org.orgId, cls.id).studentData }).expect(409);
    // Another organization's id: not found, nothing revealed.
    const other = await cardOrg(w.a);
    expect((await confirm({ ...confirmBody(body, d.paymentIntentId), organizationId: other.orgId }).expect(404)).body.error).toBe(
      'Payment not found for this registration.',
    );
    expect((await enrollmentRow(w.a, d.enrollmentId)).payment_status).toBe('pending');
    // An unknown intent.
    await confirm(confirmBody(body, 'pi_doesnotexist')).expect(404);
    // And the right one still completes.
    await confirm(confirmBody(body, d.paymentIntentId)).expect(200);
  });

  it('should mark a failed payment failed and free its seat once', async () => {
    const org = await cardOrg(w.a);
    const cls = await cardClass(w.a, org);
    const d = (await createIntent(intentBody(org.orgId, cls.id)).expect(201)).body.data;
    const declined = await payInBrowser(w.stand, d.paymentIntentId, d.clientSecret, 'pm_card_chargeDeclined');
    expect(declined.status).toBe(402);
    const failed = w.stand.events.find((e) => e.type === 'payment_intent.payment_failed' && e.data.object.id === d.paymentIntentId)!;
    await deliver(w.a, failed).expect(200);
    await deliver(w.a, { ...failed, id: `${failed.id}_again` }).expect(200); // another event for the same failure
    expect(await enrollmentRow(w.a, d.enrollmentId)).toMatchObject({ status: 'expired', payment_status: 'failed', hold_expires_at: null });
    expect(await seatsTaken(w.a, cls.id)).toBe(0);
  });

  it('should release a lapsed hold from the scheduled job when JOBS_ENABLED, and cancel its PaymentIntent', async () => {
    const jobs = await createTestApp(
      { JOBS_ENABLED: 'true', JOBS_INTERVAL_MS: '100', SEAT_HOLD_MINUTES: '1', STRIPE_SECRET_KEY: 'sk_test_classlane_cards' },
      { databaseUrl: w.a.url },
    );
    try {
      const org = await cardOrg(jobs);
      const cls = await cardClass(jobs, org);
      const d = (await jobs.http.post('/api/payments/create-intent').send(intentBody(org.orgId, cls.id)).expect(201)).body.data;
      expect((new Date(d.holdExpiresAt).getTime() - Date.now()) / 60000).toBeLessThanOrEqual(1);
      expect(await seatsTaken(jobs, cls.id)).toBe(1);
      await jobs.db.query("UPDATE enrollments SET hold_expires_at = now() - interval '1 second' WHERE id = $1", [d.enrollmentId]);
      const row = await waitFor(
        () => enrollmentRow(jobs, d.enrollmentId),
        (r) => r.status === 'expired',
      );
      expect(row).toMatchObject({ status: 'expired', hold_expires_at: null });
      expect(await seatsTaken(jobs, cls.id)).toBe(0);
      await waitFor(
        async () => w.stand.state.objects.get(d.paymentIntentId)!.status,
        (st) => st === 'canceled',
      );
      expect(w.stand.state.objects.get(d.paymentIntentId)!.status).toBe('canceled');
    } finally {
      await jobs.close();
    }
  });

  it('should answer 503 with the spec text in local mode (no STRIPE_SECRET_KEY)', async () => {
    const local = await createTestApp({ JOBS_ENABLED: 'false', STRIPE_SECRET_KEY: '' });
    try {
      const org = await cardOrg(local);
      const cls = await cardClass(local, org);
      const res = await local.http.post('/api/payments/create-intent').send(intentBody(org.orgId, cls.id)).expect(503);
      expect(res.body).toMatchObject({
        success: false,
        error: "Credit card payments are not available. Please select 'Pay in Person at Class'.",
      });
      await local.http
        .post('/api/payments/confirm-enrollment')
        .send({
          paymentIntentId: 'pi_x',
          classId: cls.id,
          organizationId: org.orgId,
          studentData: intentBody(org.orgId, cls.id).studentData,
        })
        .expect(503);
      expect(await seatsTaken(local, cls.id)).toBe(0);
    } finally {
      await local.close();
    }
  });
});
