import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { CreditsLedger } from '../../src/modules/credits/credits-ledger';
import { UNLIMITED_USES as UNLIMITED } from '../../src/modules/credit-products/credit-sale-grants';
import { MembershipRenewals } from '../../src/modules/credit-products/membership-renewals';
import { OffSessionCharges } from '../../src/modules/payments/off-session/off-session-charges';
import { StripeClient } from '../../src/modules/stripe/stripe.client';
import { webhookMismatches } from '../setup/openapi-conformance';
import { createClass, createOrg, registerBody, studentBody, type OrgFixture } from '../fixtures/org.fixture';
import { addStudent } from '../fixtures/populated-org.fixture';
import { cardOrg, deliver, payInBrowser, startCardWorld, waitFor, type CardWorld, type Document } from './card-payments.helpers';
import { adminMessages, messagesTo } from './payment-plan-money.helpers';

/**
 * Memberships by card and their renewals (issue 41 §2, §4), with the real SDK against the Stripe stand-in and two app
 * instances on one database: a membership bought by card saves the payer's method and starts once on Stripe's
 * signed event; the renewal job charges it off-session exactly once however many instances run; no use of the new
 * period exists before the renewal is paid; soft declines retried on the organization's schedule then lapsed, hard
 * declines and required authentication never retried by the job (the member gets the portal link, then it lapses);
 * "renew now" by two admins at once (one charge, one 409); an in-person renewal marked paid; cancel at period end;
 * freeze (never into the past); other organizations' memberships 404. The ledger's balances are recomputed after each.
 */
describe('membership renewals', () => {
  let w: CardWorld;
  let org: Awaited<ReturnType<typeof cardOrg>>;
  let other: OrgFixture;
  let doc: Document;
  let productId: string;
  let inPersonProductId: string;
  let customer: string;
  let n = 0;
  const NAMES = ['Ames', 'Brook', 'Cole', 'Dale', 'Eve', 'Fox', 'Gray', 'Hale', 'Iris', 'Jude', 'Kai', 'Lee', 'Moe', 'Ned'];

  const run = () => w.a.app.get(MembershipRenewals).run();
  const intentsCreated = () => w.stand.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
  const row = async (id: string) =>
    (
      await w.a.db.query(
        `SELECT status, current_period_start::text AS start, current_period_end::text AS "end", renewal_attempts AS attempts,
                renewal_attempt_key AS "attemptKey", renewal_last_outcome AS outcome, renewal_last_decline_code AS "declineCode",
                renewal_awaiting_payer AS "awaitingPayer", renewal_next_attempt_at AS "nextAttemptAt", renewal_payment_intent_id AS pi,
                stripe_customer_id AS customer, stripe_payment_method_id AS method, channel
           FROM memberships WHERE id = $1`,
        [id],
      )
    )[0];
  const allowances = (membershipId: string) =>
    w.a.db.query(
      `SELECT valid_from::text AS "from", valid_until::text AS "until", granted_amount AS amount, remaining FROM entitlements
        WHERE source = 'membership_period' AND source_ref = $1 ORDER BY valid_from`,
      [membershipId],
    );
  const announced = async (membershipId: string, type: string) => {
    const rows: { type: string; data: Record<string, unknown> }[] = (
      await w.a.db.query(
        `SELECT payload FROM webhook_deliveries WHERE event_type = $2 AND payload->'data'->>'membershipId' = $1 ORDER BY created_at, id`,
        [membershipId, type],
      )
    ).map((r: { payload: { type: string; data: Record<string, unknown> } }) => r.payload);
    expect(rows.flatMap((p) => webhookMismatches(doc, p))).toEqual([]);
    return rows;
  };
  const setRetryDays = (days: string) =>
    w.a.db.query(
      `INSERT INTO payment_plan_settings (organization_id, consent_text, retry_days) VALUES ($1, 'Charge me.', $2)
       ON CONFLICT (organization_id) DO UPDATE SET retry_days = $2`,
      [org.orgId, days],
    );

  /**
   * A membership whose period ended `endedDaysAgo` days ago (today in the organization's zone minus that), paid by card
   * with `method` saved (or in person with none).
   */
  async function membership(method: string | null, endedDaysAgo = 2, o: { product?: string } = {}) {
    const studentId = await addStudent(w.a, org, `Pat ${NAMES[n++ % NAMES.length]}`);
    const card = method !== null;
    const product = o.product ?? (card ? productId : inPersonProductId);
    const [sale] = await w.a.db.query(
      `INSERT INTO credit_sales (organization_id, product_id, student_id, buyer_email, channel, status, amount_cents, paid_at, stripe_customer_id)
       VALUES ($1, $2, $3, $4, $5, 'paid', 8950, now(), $6) RETURNING id`,
      [org.orgId, product, studentId, `pat${n}@example.com`, card ? 'card' : 'in_person', card ? customer : null],
    );
    const [ms] = await w.a.db.query(
      `INSERT INTO memberships (organization_id, product_id, sale_id, student_id, period, channel, stripe_customer_id, stripe_payment_method_id,
                                current_period_start, current_period_end)
       SELECT $1, $2, $3, $4, 'month', $5, $6, $7, d - $8::int - 30, d - $8::int
         FROM (SELECT (now() AT TIME ZONE coalesce(nullif(settings->>'timeZone', ''), 'UTC'))::date AS d FROM organizations WHERE id = $1) x
       RETURNING id`,
      [org.orgId, product, sale.id, studentId, card ? 'card' : 'in_person', card ? customer : null, method, endedDaysAgo],
    );
    return { id: ms.id as string, studentId };
  }

  /** The student signed in to their portal (the emailed link), as the portal header. */
  async function signIn(studentId: string) {
    const [s] = await w.a.db.query('SELECT email FROM students WHERE id = $1', [studentId]);
    await w.a.http.post('/api/portal/link').send({ organizationId: org.orgId, email: s.email }).expect(202);
    const [mail] = await w.a.db.query(
      "SELECT message FROM communications WHERE kind = 'system' AND recipient_id = $1 AND message LIKE '%/my/%' ORDER BY created_at DESC LIMIT 1",
      [studentId],
    );
    const link = /\/my\/([A-Za-z0-9_-]+)/.exec(mail.message)![1];
    const token = (await w.a.http.post('/api/portal/session').send({ token: link }).expect(200)).body.data.token as string;
    return { Authorization: `Bearer ${token}` };
  }

  beforeAll(async () => {
    w = await startCardWorld({ instances: 2 });
    w.liveWebhooks(true);
    org = await cardOrg(w.a);
    other = await createOrg(w.a, { plan: 'professional' });
    await w.a.http
      .post('/api/webhook-endpoints')
      .set(org.auth)
      .send({ url: 'https://hooks.example.com/members', events: ['membership.renewed', 'membership.renewal_failed', 'credit.granted'] })
      .expect(201);
    doc = (await w.a.http.get('/api/docs-json').expect(200)).body as Document;
    const create = async (body: Record<string, unknown>) =>
      (await w.a.http.post('/api/credit-products').set(org.auth).send(body).expect(201)).body.data.id as string;
    productId = await create({ kind: 'membership', name: 'Monthly 8', price: 89.5, period: 'month', uses: 8 });
    inPersonProductId = await create({ kind: 'membership', name: 'Desk monthly', price: 89.5, period: 'month', soldOnline: false });
    customer = (
      await w.a.app
        .get(StripeClient)
        .api.customers.create({ email: 'member@example.com', name: 'Pat Member', metadata: { organizationId: org.orgId } })
    ).id;
  });
  afterEach(async () => {
    expect(await w.a.app.get(CreditsLedger).invariantBreaks(w.a.db.manager)).toEqual([]);
  });
  afterAll(() => w.close());

  it("should save the payer's method when a membership is bought by card and start it once, on Stripe's signed event", async () => {
    const buyer = studentBody({ firstName: 'Maya' });
    const res = await w.a.http
      .post('/api/credit-products/checkout')
      .send({ organizationId: org.orgId, productId, buyer, amount: 89.5 })
      .expect(201);
    const sent = intentsCreated().at(-1)!;
    expect(sent.body).toMatchObject({ amount: '8950', setup_future_usage: 'off_session', transfer_data: { destination: org.account } });
    expect(sent.body.customer).toMatch(/^cus_/);
    const { saleId, paymentIntentId, clientSecret } = res.body.data;
    expect((await w.a.db.query('SELECT count(*)::int AS n FROM memberships WHERE sale_id = $1', [saleId]))[0].n).toBe(0);
    expect((await payInBrowser(w.stand, paymentIntentId, clientSecret)).status).toBe(200);
    const started = await waitFor(
      () => w.a.db.query('SELECT id FROM memberships WHERE sale_id = $1', [saleId]),
      (r) => r.length === 1,
    );
    expect(await row(started[0].id)).toMatchObject({
      status: 'active',
      channel: 'card',
      method: 'pm_card_visa',
      customer: sent.body.customer,
    });
    expect(await allowances(started[0].id)).toHaveLength(1);
    // Stripe delivers the same event again: nothing more starts or is granted.
    const event = w.stand.state.events.filter((e) => e.type === 'payment_intent.succeeded').at(-1)!;
    await deliver(w.a, { ...event, id: `evt_again_${randomUUID()}` }).expect(200);
    expect((await w.a.db.query('SELECT count(*)::int AS n FROM memberships WHERE sale_id = $1', [saleId]))[0].n).toBe(1);
    expect(await allowances(started[0].id)).toHaveLength(1);
  });

  it("should charge a renewal exactly once on two instances, then grant the new period's allowance with a receipt and webhook", async () => {
    const ms = await membership('pm_card_visa');
    const before = await row(ms.id);
    const sentBefore = intentsCreated().length;
    await Promise.all([w.a.app.get(MembershipRenewals).run(), w.b.app.get(MembershipRenewals).run()]);
    await Promise.all([w.a.app.get(MembershipRenewals).run(), w.b.app.get(MembershipRenewals).run()]);
    const sent = intentsCreated().slice(sentBefore);
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toMatchObject({
      amount: '8950',
      customer,
      payment_method: 'pm_card_visa',
      off_session: 'true',
      confirm: 'true',
      metadata: { organizationId: org.orgId, membershipId: ms.id },
    });
    const nextStart = new Date(Date.parse(`${before.end}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(sent[0].idempotencyKey).toBe(`classlane-off-session-membership-${ms.id}-renewal-${nextStart}-attempt-1`);
    const after = await row(ms.id);
    expect(after).toMatchObject({ status: 'active', start: nextStart, attempts: 0, outcome: 'succeeded', attemptKey: null });
    expect(after.pi).toMatch(/^pi_/);
    const periods = await allowances(ms.id);
    expect(periods).toEqual([expect.objectContaining({ from: nextStart, until: after.end, amount: 8, remaining: 8 })]);
    const receipt = (await messagesTo(w.a, ms.studentId)).filter((x: { dedupeKey: string }) => x.dedupeKey.includes(':renewed:'));
    expect(receipt).toHaveLength(1);
    expect(receipt[0].subject).toBe('Receipt: Monthly 8 renewed');
    expect(receipt[0].message).toContain('$89.50');
    const renewed = await announced(ms.id, 'membership.renewed');
    expect(renewed.map((p) => p.data)).toEqual([
      expect.objectContaining({ paidVia: 'card', amount: 89.5, periodStart: nextStart, periodEnd: after.end, productName: 'Monthly 8' }),
    ]);
  });

  it('should give no use of the new period before a renewal is paid, retry a soft decline on schedule, then lapse it', async () => {
    await setRetryDays('{2}');
    const ms = await membership('pm_card_chargeDeclinedInsufficientFunds');
    await run();
    const first = await row(ms.id);
    expect(first).toMatchObject({ status: 'pending_renewal', attempts: 1, outcome: 'soft_decline', declineCode: 'insufficient_funds' });
    expect(new Date(first.nextAttemptAt).getTime() - Date.now()).toBeGreaterThan(2 * 86_400_000 - 60_000);
    // Pending renewal: no allowance for the new period on the ledger, and the admin sees it.
    expect(await allowances(ms.id)).toEqual([]);
    const seen = (await w.a.http.get(`/api/memberships/${ms.id}`).set(org.auth).expect(200)).body.data;
    expect(seen).toMatchObject({ status: 'pending_renewal', renewal: { attempts: 1, lastOutcome: 'soft_decline', awaitingPayer: false } });
    const failed = await announced(ms.id, 'membership.renewal_failed');
    expect(failed.map((p) => p.data)).toEqual([
      expect.objectContaining({ outcome: 'soft_decline', willRetry: true, status: 'pending_renewal' }),
    ]);
    const mail = await messagesTo(w.a, ms.studentId);
    expect(mail).toHaveLength(1);
    expect(mail[0].message).toContain(`/my?organizationId=${org.orgId}`);
    // Not before its day.
    const sentBefore = intentsCreated().length;
    await run();
    expect(intentsCreated().length).toBe(sentBefore);
    await w.a.db.query(`UPDATE memberships SET renewal_next_attempt_at = now() - interval '1 minute' WHERE id = $1`, [ms.id]);
    await run();
    expect(
      intentsCreated()
        .slice(sentBefore)
        .map((r) => r.idempotencyKey),
    ).toEqual([expect.stringMatching(/-attempt-2$/)]);
    expect(await row(ms.id)).toMatchObject({ status: 'lapsed', attempts: 2, outcome: 'soft_decline' });
    expect(await allowances(ms.id)).toEqual([]);
    expect((await announced(ms.id, 'membership.renewal_failed')).at(-1)!.data).toMatchObject({ willRetry: false, status: 'lapsed' });
    expect(await adminMessages(w.a, `membership:${ms.id}:`)).toEqual([
      expect.objectContaining({ subject: expect.stringContaining('Membership lapsed') }),
    ]);
    // Lapsed: the job leaves it alone.
    await w.a.db.query(`UPDATE memberships SET renewal_next_attempt_at = now() - interval '1 minute' WHERE id = $1`, [ms.id]);
    const sentAfter = intentsCreated().length;
    await run();
    expect(intentsCreated().length).toBe(sentAfter);
    await setRetryDays('{1,3,5}');
  });

  it.each([
    ['pm_card_chargeDeclinedLostCard', 'hard_decline', 'lost_card'],
    ['pm_card_chargeDeclinedExpiredCard', 'hard_decline', 'expired_card'],
    ['pm_card_authenticationRequired', 'authentication_required', 'authentication_required'],
  ])(
    'should never retry %s by the job: the member gets the portal link, then it lapses after the grace days',
    async (method, kind, code) => {
      const ms = await membership(method);
      await run();
      const r = await row(ms.id);
      expect(r).toMatchObject({ status: 'pending_renewal', attempts: 1, outcome: kind, declineCode: code, awaitingPayer: true });
      // The grace days of the organization's plan settings (7 by default) before it lapses.
      expect(new Date(r.nextAttemptAt).getTime() - Date.now()).toBeGreaterThan(7 * 86_400_000 - 60_000);
      const mail = await messagesTo(w.a, ms.studentId);
      expect(mail).toHaveLength(1);
      expect(mail[0].message).toContain(`membership=${ms.id}`);
      expect((await announced(ms.id, 'membership.renewal_failed')).map((p) => p.data)).toEqual([
        expect.objectContaining({ outcome: kind, willRetry: false, status: 'pending_renewal' }),
      ]);
      const sentBefore = intentsCreated().length;
      await run();
      expect(intentsCreated().length).toBe(sentBefore);
      expect(await allowances(ms.id)).toEqual([]);
      // The grace days pass unpaid: lapsed, the organization told once.
      await w.a.db.query(`UPDATE memberships SET renewal_next_attempt_at = now() - interval '1 minute' WHERE id = $1`, [ms.id]);
      await Promise.all([w.a.app.get(MembershipRenewals).run(), w.b.app.get(MembershipRenewals).run()]);
      expect(intentsCreated().length).toBe(sentBefore);
      expect((await row(ms.id)).status).toBe('lapsed');
      expect(await adminMessages(w.a, `membership:${ms.id}:`)).toHaveLength(1);
    },
  );

  it("should keep a booking made with the old period's allowance while the renewal is pending, and refuse a new one", async () => {
    const body = studentBody();
    const studentId = (await w.a.http.post('/api/students').set(org.auth).send(body).expect(201)).body.data.id as string;
    const sale = (
      await w.a.http.post('/api/credit-sales').set(org.auth).send({ productId: inPersonProductId, studentId, paid: true }).expect(201)
    ).body.data;
    const [{ id }] = await w.a.db.query('SELECT id FROM memberships WHERE sale_id = $1', [sale.id]);
    const [first, second] = [await createClass(w.a, org), await createClass(w.a, org)];
    const withCredit = (classId: string) => {
      const b = registerBody(org.orgId, classId, { email: body.email });
      return { ...b, classEnrollments: [{ ...b.classEnrollments[0], creditId: sale.entitlementId }] };
    };
    const booked = (await w.a.http.post('/api/students/register').send(withCredit(first.id)).expect(201)).body.data.classEnrollments[0].id;
    // The period ends (moved into the past, as time would move it), and the job makes the renewal pending.
    await w.a.db.query(
      `UPDATE memberships SET current_period_start = current_period_start - 40, current_period_end = current_period_start - 10 WHERE id = $1`,
      [id],
    );
    await w.a.db.query(`UPDATE entitlements SET valid_from = valid_from - 40, valid_until = valid_from - 10 WHERE id = $1`, [
      sale.entitlementId,
    ]);
    await run();
    expect((await row(id)).status).toBe('pending_renewal');
    // The booking stays, with its use; no use of the new period exists, so a new booking with the membership is refused.
    expect((await w.a.db.query('SELECT status FROM enrollments WHERE id = $1', [booked]))[0].status).toBe('active');
    expect((await w.a.db.query('SELECT remaining FROM entitlements WHERE id = $1', [sale.entitlementId]))[0].remaining).toBe(UNLIMITED - 1);
    const refused = await w.a.http.post('/api/students/register').send(withCredit(second.id)).expect(409);
    expect(refused.body.code).toBe('CREDIT_EXPIRED');
    expect(await allowances(id)).toHaveLength(1);
  });

  it('should ask again with the same key after an answer was lost, and Stripe charges once', async () => {
    const ms = await membership('pm_card_visa');
    const charges = w.a.app.get(OffSessionCharges);
    const saved = charges.timeoutMs;
    charges.timeoutMs = 300;
    // The stand-in answers the first call after the client gave up: Stripe charged, the job did not hear it.
    let delayed = false;
    w.stand.state.delayReply = (req) => (!delayed && req.path === '/v1/payment_intents' ? ((delayed = true), 1_000) : 0);
    try {
      await run();
      const lost = await row(ms.id);
      expect(lost).toMatchObject({ status: 'pending_renewal', attempts: 1, outcome: 'ambiguous' });
      expect(lost.attemptKey).toMatch(new RegExp(`^membership-${ms.id}-renewal-.*-attempt-1$`));
      expect(await allowances(ms.id)).toEqual([]);
      await new Promise((r) => setTimeout(r, 1_200));
      await w.a.db.query(`UPDATE memberships SET renewal_next_attempt_at = now() - interval '1 minute' WHERE id = $1`, [ms.id]);
      await run();
    } finally {
      w.stand.state.delayReply = null;
      charges.timeoutMs = saved;
    }
    expect(await row(ms.id)).toMatchObject({ status: 'active', attempts: 0, outcome: 'succeeded', attemptKey: null });
    const charged = [...w.stand.state.objects.values()].filter(
      (o) => o.object === 'payment_intent' && (o.metadata as Record<string, string>)?.membershipId === ms.id && o.status === 'succeeded',
    );
    expect(charged).toHaveLength(1);
    expect(await allowances(ms.id)).toHaveLength(1);
  });

  it('should let the member pay a renewal on-session from the portal link, saving the new card, once', async () => {
    const ms = await membership('pm_card_authenticationRequired');
    const other = await membership('pm_card_authenticationRequired');
    await run();
    expect(await row(ms.id)).toMatchObject({ status: 'pending_renewal', awaitingPayer: true });
    const portal = await signIn(ms.studentId);
    await w.a.http.post(`/api/portal/memberships/${other.id}/pay`).set(portal).expect(404);
    const open = (await w.a.http.post(`/api/portal/memberships/${ms.id}/pay`).set(portal).expect(201)).body.data;
    expect(open).toMatchObject({ amount: 89.5, paymentIntentId: expect.stringMatching(/^pi_/) });
    const sent = intentsCreated().at(-1)!;
    expect(sent.body).toMatchObject({ customer, setup_future_usage: 'off_session', metadata: { membershipId: ms.id } });
    expect(sent.body.off_session).toBeUndefined();
    // Nothing is renewed on the browser's word, and the job leaves it to the member.
    expect((await row(ms.id)).status).toBe('pending_renewal');
    const before = intentsCreated().length;
    await run();
    expect(intentsCreated().length).toBe(before);
    expect((await payInBrowser(w.stand, open.paymentIntentId, open.clientSecret)).status).toBe(200);
    const paid = await waitFor(
      () => row(ms.id),
      (r) => r.status === 'active',
    );
    expect(paid).toMatchObject({
      status: 'active',
      outcome: 'paid_on_session',
      awaitingPayer: false,
      method: 'pm_card_visa',
      pi: open.paymentIntentId,
    });
    expect(await allowances(ms.id)).toHaveLength(1);
    // Stripe delivers it again: nothing more.
    const event = w.stand.state.events.filter((e) => e.type === 'payment_intent.succeeded').at(-1)!;
    await deliver(w.a, { ...event, id: `evt_again_${randomUUID()}` }).expect(200);
    expect(await allowances(ms.id)).toHaveLength(1);
    expect(await announced(ms.id, 'membership.renewed')).toHaveLength(1);
    // Paid: nothing more to pay.
    expect((await w.a.http.post(`/api/portal/memberships/${ms.id}/pay`).set(portal).expect(409)).body.code).toBe(
      'MEMBERSHIP_RENEWAL_NOT_DUE',
    );
  });

  it("should charge once when two admins press 'renew now' at once: one answer, one 409", async () => {
    const ms = await membership('pm_card_visa');
    const sentBefore = intentsCreated().length;
    const answers = await Promise.all([
      w.a.http.post(`/api/memberships/${ms.id}/renew`).set(org.auth),
      w.b.http.post(`/api/memberships/${ms.id}/renew`).set(org.auth),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const ok = answers.find((a) => a.status === 201)!;
    expect(ok.body.data).toMatchObject({ outcome: 'succeeded', membership: { status: 'active' } });
    expect(answers.find((a) => a.status === 409)!.body.code).toMatch(/^MEMBERSHIP_RENEWAL_(IN_PROGRESS|NOT_DUE)$/);
    expect(intentsCreated().length - sentBefore).toBe(1);
    expect(await allowances(ms.id)).toHaveLength(1);
    // Renewed: nothing to renew until the new period ends.
    expect((await w.a.http.post(`/api/memberships/${ms.id}/renew`).set(org.auth).expect(409)).body.code).toBe('MEMBERSHIP_RENEWAL_NOT_DUE');
  });

  it('should answer a declined renew now with its outcome, recorded as the job records it', async () => {
    const ms = await membership('pm_card_chargeDeclinedLostCard');
    const res = await w.a.http.post(`/api/memberships/${ms.id}/renew`).set(org.auth).expect(201);
    expect(res.body.data).toMatchObject({ outcome: 'hard_decline', declineCode: 'lost_card', membership: { status: 'pending_renewal' } });
    expect((await row(ms.id)).awaitingPayer).toBe(true);
  });

  it("should wait for the admin to mark an in-person membership's renewal paid, then grant the new period", async () => {
    const ms = await membership(null);
    await run();
    expect((await row(ms.id)).status).toBe('pending_renewal');
    expect(await allowances(ms.id)).toEqual([]);
    expect((await w.a.http.post(`/api/memberships/${ms.id}/renew`).set(org.auth).expect(409)).body.code).toBe('MEMBERSHIP_NO_SAVED_METHOD');
    const paid = (await w.a.http.post(`/api/memberships/${ms.id}/mark-renewal-paid`).set(org.auth).expect(201)).body.data;
    expect(paid).toMatchObject({ status: 'active', renewal: { lastOutcome: 'marked_paid' } });
    expect(await allowances(ms.id)).toEqual([expect.objectContaining({ from: paid.currentPeriodStart, until: paid.currentPeriodEnd })]);
    expect((await announced(ms.id, 'membership.renewed'))[0].data).toMatchObject({ paidVia: 'in-person', amount: 89.5 });
    expect((await w.a.http.post(`/api/memberships/${ms.id}/mark-renewal-paid`).set(org.auth).expect(409)).body.code).toBe(
      'MEMBERSHIP_RENEWAL_NOT_DUE',
    );
    const card = await membership('pm_card_visa', -5);
    expect((await w.a.http.post(`/api/memberships/${card.id}/mark-renewal-paid`).set(org.auth).expect(409)).body.code).toBe(
      'MEMBERSHIP_RENEWAL_IS_CARD',
    );
  });

  it('should end a membership cancelled at period end without charging it, and let the cancel be taken back before', async () => {
    const ms = await membership('pm_card_visa', -5); // five days left
    const set = await w.a.http
      .put(`/api/memberships/${ms.id}/cancel-at-period-end`)
      .set(org.auth)
      .send({ cancelAtPeriodEnd: true })
      .expect(200);
    expect(set.body.data.cancelAtPeriodEnd).toBe(true);
    await w.a.http.put(`/api/memberships/${ms.id}/cancel-at-period-end`).set(org.auth).send({ cancelAtPeriodEnd: false }).expect(200);
    const ended = await membership('pm_card_visa');
    await w.a.http.put(`/api/memberships/${ended.id}/cancel-at-period-end`).set(org.auth).send({ cancelAtPeriodEnd: true }).expect(200);
    const sentBefore = intentsCreated().length;
    await run();
    expect((await row(ended.id)).status).toBe('cancelled');
    expect((await row(ms.id)).status).toBe('active');
    expect(intentsCreated().length).toBe(sentBefore);
    // A renewal pending after a soft decline, cancelled at period end meanwhile: cancelled, never charged again.
    const pending = await membership('pm_card_chargeDeclinedInsufficientFunds');
    await run();
    expect((await row(pending.id)).status).toBe('pending_renewal');
    await w.a.http.put(`/api/memberships/${pending.id}/cancel-at-period-end`).set(org.auth).send({ cancelAtPeriodEnd: true }).expect(200);
    await w.a.db.query(`UPDATE memberships SET renewal_next_attempt_at = now() - interval '1 minute' WHERE id = $1`, [pending.id]);
    const sentPending = intentsCreated().length;
    await run();
    expect((await row(pending.id)).status).toBe('cancelled');
    expect(intentsCreated().length).toBe(sentPending);
    expect(
      (
        await w.a.http
          .put(`/api/memberships/${ended.id}/freeze`)
          .set(org.auth)
          .send({ from: '2099-01-01', until: '2099-01-10' })
          .expect(409)
      ).body.code,
    ).toBe('MEMBERSHIP_ENDED');
  });

  it('should hold a renewal during a freeze and start the next period the day after it; never freeze into the past', async () => {
    const ms = await membership('pm_card_visa');
    const r = await row(ms.id);
    const day = (offset: number) => new Date(Date.parse(`${r.end}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
    // The period ended two days ago: "today" is end + 2.
    const past = await w.a.http
      .put(`/api/memberships/${ms.id}/freeze`)
      .set(org.auth)
      .send({ from: day(1), until: day(10) })
      .expect(400);
    expect(past.body.code).toBe('MEMBERSHIP_FREEZE_IN_PAST');
    const backwards = await w.a.http
      .put(`/api/memberships/${ms.id}/freeze`)
      .set(org.auth)
      .send({ from: day(5), until: day(3) })
      .expect(400);
    expect(backwards.body.code).toBe('MEMBERSHIP_FREEZE_INVALID');
    expect(
      (await w.a.http.put(`/api/memberships/${ms.id}/freeze`).set(org.auth).send({ from: '2027-02-30', until: '2027-03-02' })).status,
    ).toBe(400);
    const frozen = await w.a.http
      .put(`/api/memberships/${ms.id}/freeze`)
      .set(org.auth)
      .send({ from: day(2), until: day(9) })
      .expect(200);
    expect(frozen.body.data).toMatchObject({ frozenFrom: day(2), frozenUntil: day(9) });
    const sentBefore = intentsCreated().length;
    await run();
    expect(intentsCreated().length).toBe(sentBefore);
    expect((await row(ms.id)).status).toBe('active');
    // The freeze is over (moved into the past by hand, as time would): renewed from the day after it.
    await w.a.db.query(`UPDATE memberships SET frozen_from = current_period_end - 3, frozen_until = current_period_end + 1 WHERE id = $1`, [
      ms.id,
    ]);
    await run();
    expect(await row(ms.id)).toMatchObject({ status: 'active', start: day(2) });
    await w.a.http.delete(`/api/memberships/${ms.id}/freeze`).set(org.auth).expect(200);
  });

  it("should refuse another organization's memberships (404) and list only the caller's", async () => {
    const ms = await membership('pm_card_visa', -5);
    const theirs = other.auth;
    await w.a.http.get(`/api/memberships/${ms.id}`).set(theirs).expect(404);
    await w.a.http.put(`/api/memberships/${ms.id}/cancel-at-period-end`).set(theirs).send({ cancelAtPeriodEnd: true }).expect(404);
    await w.a.http.put(`/api/memberships/${ms.id}/freeze`).set(theirs).send({ from: '2099-01-01', until: '2099-01-02' }).expect(404);
    await w.a.http.delete(`/api/memberships/${ms.id}/freeze`).set(theirs).expect(404);
    await w.a.http.post(`/api/memberships/${ms.id}/renew`).set(theirs).expect(404);
    await w.a.http.post(`/api/memberships/${ms.id}/mark-renewal-paid`).set(theirs).expect(404);
    expect((await w.a.http.get('/api/memberships').set(theirs).expect(200)).body.data).toEqual([]);
    expect((await row(ms.id)).status).toBe('active');
    const mine = (await w.a.http.get(`/api/memberships?studentId=${ms.studentId}`).set(org.auth).expect(200)).body.data;
    expect(mine.map((x: { id: string }) => x.id)).toEqual([ms.id]);
  });

  it("should let members cancel at period end and freeze their own membership in the portal, and nobody else's", async () => {
    const mine = await membership('pm_card_visa', -5);
    const theirs = await membership('pm_card_visa', -5);
    const portal = await signIn(mine.studentId);
    const listed = (await w.a.http.get('/api/portal/memberships').set(portal).expect(200)).body.data;
    expect(listed.map((x: { id: string }) => x.id)).toEqual([mine.id]);
    const cancelled = await w.a.http
      .put(`/api/portal/memberships/${mine.id}/cancel-at-period-end`)
      .set(portal)
      .send({ cancelAtPeriodEnd: true });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.cancelAtPeriodEnd).toBe(true);
    await w.a.http
      .put(`/api/portal/memberships/${theirs.id}/cancel-at-period-end`)
      .set(portal)
      .send({ cancelAtPeriodEnd: true })
      .expect(404);
    await w.a.http
      .put(`/api/portal/memberships/${theirs.id}/freeze`)
      .set(portal)
      .send({ from: '2099-01-01', until: '2099-01-02' })
      .expect(404);
    expect(
      (
        await w.a.http
          .put(`/api/portal/memberships/${mine.id}/freeze`)
          .set(portal)
          .send({ from: '2020-01-01', until: '2020-01-02' })
          .expect(400)
      ).body.code,
    ).toBe('MEMBERSHIP_FREEZE_IN_PAST');
    expect((await row(theirs.id)).status).toBe('active');
  });
});
