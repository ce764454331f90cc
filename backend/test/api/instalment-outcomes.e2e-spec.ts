import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { InstalmentCharges } from '../../src/modules/payments/instalment-charges';
import { webhookMismatches } from '../setup/openapi-conformance';
import { settleProcessing } from '../stand-ins/stripe.stand-in';
import { cardOrg, deliver, enrollmentRow, startCardWorld, waitFor, type CardWorld, type Document } from './card-payments.helpers';
import { activePlan, adminMessages, announced, instalmentRow, messagesTo } from './payment-plan-money.helpers';

/**
 * What an instalment's outcome changes beyond its row (issue 40 §2): paid -> the money on the enrollment, a numbered
 * receipt for that instalment, the receipt email and `payment_plan.instalment_paid`; a bank debit `processing` until
 * its event settles it once (paid, or failed); a decline or a required authentication -> the payer's email with the
 * portal link (and an SMS for authentication), the admins' email and `payment_plan.instalment_failed`, once each.
 */
describe('instalment outcomes', () => {
  let w: CardWorld;
  let org: Awaited<ReturnType<typeof cardOrg>>;
  let doc: Document;
  const run = () => w.a.app.get(InstalmentCharges).run();
  const EVENTS = ['payment.succeeded', 'payment_plan.instalment_paid', 'payment_plan.instalment_failed', 'payment_plan.past_due'];
  const checked = async (enrollmentId: string, type: string) => {
    const rows = await announced(w.a, enrollmentId, type);
    expect(rows.flatMap((p) => webhookMismatches(doc, p))).toEqual([]);
    return rows;
  };

  beforeAll(async () => {
    w = await startCardWorld();
    w.liveWebhooks(false);
    org = await cardOrg(w.a);
    await w.a.http
      .post('/api/webhook-endpoints')
      .set(org.auth)
      .send({ url: 'https://hooks.example.com/plans', events: EVENTS })
      .expect(201);
    doc = (await w.a.http.get('/api/docs-json').expect(200)).body as Document;
  });
  afterAll(() => w.close());

  it('should record a paid instalment on the enrollment, with its own numbered receipt, email and webhooks', async () => {
    const p = await activePlan(w, org, 'pm_card_visa', [
      { cents: 15_000, daysAgo: 1 },
      { cents: 15_000, daysAgo: -30 },
    ]);
    await run();
    await run();
    const i = await instalmentRow(w.a, p.instalments[0]);
    expect(i).toMatchObject({ status: 'paid', paidVia: 'card' });
    expect(await enrollmentRow(w.a, p.enrollmentId)).toMatchObject({
      amount_paid_cents: 16_000,
      platform_fee_cents: 30 + 450,
      organization_amount_cents: 970 + 14_550,
      payment_status: 'completed',
    });
    const receipts = await w.a.db.query(
      `SELECT kind, number, total_cents, lines, stripe_payment_intent_id, payment_method FROM receipts WHERE $1 = ANY(enrollment_ids)`,
      [p.enrollmentId],
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ kind: 'receipt', total_cents: 15_000, stripe_payment_intent_id: i.paymentIntentId });
    expect(receipts[0].number).toMatch(/\d/);
    expect(receipts[0].lines.map((l: { description: string }) => l.description)).toEqual(['Instalment 1 of 2: Swim lessons']);
    const mail = (await messagesTo(w.a, p.studentId)).filter((x: { kind: string }) => x.kind === 'receipt');
    expect(mail.map((x: { dedupeKey: string }) => x.dedupeKey)).toEqual([`receipt:${i.paymentIntentId}:email`]);
    const paid = await checked(p.enrollmentId, 'payment_plan.instalment_paid');
    expect(paid.map((x) => x.data)).toEqual([
      expect.objectContaining({ paymentPlanId: p.planId, seq: 1, amount: 150, paidVia: 'card', className: 'Swim lessons' }),
    ]);
    expect(await checked(p.enrollmentId, 'payment.succeeded')).toHaveLength(1);
    // The plan goes on: the second is not due yet, the plan still active.
    expect((await w.a.db.query(`SELECT status FROM payer_plans WHERE id = $1`, [p.planId]))[0].status).toBe('active');
  });

  it('should show a bank debit as processing and settle it once by payment_intent.succeeded, and a failed one by payment_failed', async () => {
    const ok = await activePlan(w, org, 'pm_usBankAccount', [{ cents: 20_000, daysAgo: 0 }]);
    const bad = await activePlan(w, org, 'pm_usBankAccount', [{ cents: 20_000, daysAgo: 0 }]);
    await run();
    const a = await instalmentRow(w.a, ok.instalments[0]);
    const b = await instalmentRow(w.a, bad.instalments[0]);
    expect(a).toMatchObject({ status: 'processing', lastOutcome: 'processing' });
    expect(b).toMatchObject({ status: 'processing' });
    // Nothing paid yet.
    expect((await enrollmentRow(w.a, ok.enrollmentId)).amount_paid_cents).toBe(1000);
    expect(await checked(ok.enrollmentId, 'payment_plan.instalment_paid')).toHaveLength(0);

    await settleProcessing(w.stand.state, a.paymentIntentId, 'succeeded');
    await settleProcessing(w.stand.state, b.paymentIntentId, 'failed');
    await w.stand.settled();
    const event = (type: string, pi: string) =>
      waitFor(
        async () => w.stand.events.find((e) => e.type === type && e.data.object.id === pi),
        (e) => e !== undefined,
      );
    const succeeded = (await event('payment_intent.succeeded', a.paymentIntentId))!;
    const failed = (await event('payment_intent.payment_failed', b.paymentIntentId))!;
    await Promise.all([deliver(w.a, succeeded).expect(200), deliver(w.a, { ...succeeded, id: `${succeeded.id}_again` }).expect(200)]);
    await deliver(w.a, failed).expect(200);
    await deliver(w.a, failed).expect(200);

    expect(await instalmentRow(w.a, ok.instalments[0])).toMatchObject({ status: 'paid', paidVia: 'card' });
    expect((await enrollmentRow(w.a, ok.enrollmentId)).amount_paid_cents).toBe(21_000);
    expect(await checked(ok.enrollmentId, 'payment_plan.instalment_paid')).toHaveLength(1);
    expect((await w.a.db.query(`SELECT status FROM payer_plans WHERE id = $1`, [ok.planId]))[0].status).toBe('completed');

    expect(await instalmentRow(w.a, bad.instalments[0])).toMatchObject({ status: 'failed', lastOutcome: 'bank_debit_failed' });
    expect((await enrollmentRow(w.a, bad.enrollmentId)).amount_paid_cents).toBe(1000);
    const told = (await messagesTo(w.a, bad.studentId)).filter((x: { kind: string }) => x.kind === 'system');
    expect(told).toHaveLength(1);
    expect(told[0].message).toContain('The bank debit for instalment 1 of 1 ($200.00) for Swim lessons did not go through.');
    expect(told[0].message).toContain(`/my?organizationId=${org.orgId}&email=`);
    const failures = await checked(bad.enrollmentId, 'payment_plan.instalment_failed');
    expect(failures.map((x) => x.data)).toEqual([expect.objectContaining({ outcome: 'bank_debit_failed', willRetry: false })]);
  });

  it('should tell the payer (email, and SMS for authentication) and the organization once per failed attempt', async () => {
    await w.a.db.query(
      `INSERT INTO payment_plan_settings (organization_id, consent_text, retry_days) VALUES ($1, 'Charge me.', '{2}')
       ON CONFLICT (organization_id) DO UPDATE SET retry_days = '{2}'`,
      [org.orgId],
    );
    const soft = await activePlan(w, org, 'pm_card_chargeDeclinedInsufficientFunds', [{ cents: 9_000, daysAgo: 0 }]);
    const hard = await activePlan(w, org, 'pm_card_chargeDeclinedLostCard', [{ cents: 9_000, daysAgo: 0 }]);
    const auth = await activePlan(w, org, 'pm_card_authenticationRequired', [{ cents: 9_000, daysAgo: 0 }]);
    await run();
    await run();

    const softMail = await messagesTo(w.a, soft.studentId);
    expect(softMail).toHaveLength(1);
    expect(softMail[0]).toMatchObject({ channel: 'email', kind: 'system', subject: 'Payment failed: Swim lessons' });
    expect(softMail[0].message).toMatch(
      /We could not charge instalment 1 of 1 \(\$90\.00\) for Swim lessons \(insufficient funds\)\. We will try again on \d{4}-\d{2}-\d{2}\./,
    );
    expect(softMail[0].message).toContain(`paymentPlan=${soft.enrollmentId}`);

    const hardMail = await messagesTo(w.a, hard.studentId);
    expect(hardMail).toHaveLength(1);
    expect(hardMail[0].message).toContain('(lost card). We will not try it again');

    const authMsgs = await messagesTo(w.a, auth.studentId);
    expect(authMsgs.map((x: { channel: string }) => x.channel).sort()).toEqual(['email', 'sms']);
    expect(authMsgs.find((x: { channel: string }) => x.channel === 'email').subject).toBe('Please confirm your payment for Swim lessons');

    for (const [p, outcome, willRetry] of [
      [soft, 'soft_decline', true],
      [hard, 'hard_decline', false],
      [auth, 'authentication_required', false],
    ] as const) {
      const i = p.instalments[0];
      expect(await adminMessages(w.a, `payment-plan:${i}:`)).toHaveLength(1);
      const failures = await checked(p.enrollmentId, 'payment_plan.instalment_failed');
      expect(failures.map((x) => x.data)).toEqual([expect.objectContaining({ outcome, willRetry, seq: 1, amount: 90 })]);
    }

    // The soft decline's retry fails again: told again (a new attempt), then failed for good.
    await w.a.db.query(`UPDATE payment_plan_instalments SET next_attempt_at = now() - interval '1 minute' WHERE id = $1`, [
      soft.instalments[0],
    ]);
    await run();
    expect(await messagesTo(w.a, soft.studentId)).toHaveLength(2);
    expect(await instalmentRow(w.a, soft.instalments[0])).toMatchObject({ status: 'failed', attempts: 2 });
    await w.a.db.query(`DELETE FROM payment_plan_settings WHERE organization_id = $1`, [org.orgId]);
  });
});
