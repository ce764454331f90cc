import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { StripeClient } from '../../src/modules/stripe/stripe.client';
import { closeDispute, disputePayment, type StandInEvent } from '../stand-ins/stripe.stand-in';
import type { StandInObject } from '../stand-ins/stripe/core';
import { cardClass, cardOrg, deliver, intentBody, payInBrowser, startCardWorld, type CardWorld } from './card-payments.helpers';

/**
 * A card payment disputed after it succeeded (`charge.dispute.created`, later `charge.dispute.closed`), its events
 * delivered twice, under a second id, out of order and at once: one dispute recorded, the organization's share taken
 * back from the transfer once (one transfer reversal, its key made from the dispute id), one email to the admins when
 * opened and one when closed; the dispute shown to the organization and to no other.
 */
describe('payment disputes', () => {
  let w: CardWorld;
  let org: Awaited<ReturnType<typeof cardOrg>>;

  beforeAll(async () => {
    w = await startCardWorld();
    w.liveWebhooks(false);
    org = await cardOrg(w.a);
  });
  afterAll(async () => {
    await w.close();
  });

  /** An $80 card registration (3 % platform fee: $2.40), paid and confirmed. */
  async function paid(email: string) {
    const cls = await cardClass(w.a, org, { title: 'Wheel I', startDate: new Date(Date.now() + 10 * 86_400_000).toISOString() });
    const body = intentBody(org.orgId, cls.id, 80, { firstName: 'Dee', lastName: 'Spute', email });
    const d = (await w.a.http.post('/api/payments/create-intent').send(body).expect(201)).body.data;
    await payInBrowser(w.stand, d.paymentIntentId, d.clientSecret);
    await w.a.http
      .post('/api/payments/confirm-enrollment')
      .send({ paymentIntentId: d.paymentIntentId, classId: cls.id, organizationId: org.orgId, studentData: body.studentData })
      .expect(200);
    return { id: d.enrollmentId as string, pi: d.paymentIntentId as string };
  }

  const transferOf = (pi: string) => {
    const intent = w.stand.state.objects.get(pi) as StandInObject;
    const charge = w.stand.state.objects.get(intent.latest_charge as string) as StandInObject;
    return w.stand.state.objects.get(charge.transfer as string) as StandInObject;
  };
  const reversalsOf = (transferId: string) =>
    [...w.stand.state.objects.values()].filter((o) => o.object === 'transfer_reversal' && o.transfer === transferId);
  const emails = async (disputeId: string) =>
    (
      await w.a.db.query(
        `SELECT subject, dedupe_key FROM communications WHERE organization_id = $1 AND dedupe_key LIKE $2 ORDER BY dedupe_key`,
        [org.orgId, `payment-dispute:${disputeId}:%`],
      )
    ).map((r: { subject: string }) => r.subject);
  const eventOf = (type: string, disputeId: string) => w.stand.events.find((e) => e.type === type && e.data.object.id === disputeId)!;

  it('a dispute delivered twice, under a second id and at once: one record, one reversal of the share, one email', async () => {
    const e = await paid('dispute.twice@example.com');
    const dispute = await disputePayment(w.stand.state, e.pi);
    const created = eventOf('charge.dispute.created', dispute.id);
    await Promise.all([
      deliver(w.a, created).expect(200),
      deliver(w.a, created).expect(200),
      deliver(w.a, { ...created, id: `${created.id}_again` }).expect(200),
    ]);

    const transfer = transferOf(e.pi);
    expect(transfer).toMatchObject({ amount: 7760, destination: org.account });
    const reversals = reversalsOf(transfer.id);
    expect(reversals).toHaveLength(1);
    // The whole $80 disputed: the organization's share is all it was paid ($80 less the $2.40 fee).
    expect(reversals[0]).toMatchObject({
      amount: 7760,
      metadata: { organizationId: org.orgId, disputeId: dispute.id, enrollmentId: e.id },
    });
    const keys = w.stand.requests.filter((r) => r.path === `/v1/transfers/${transfer.id}/reversals`).map((r) => r.idempotencyKey);
    expect(new Set(keys)).toEqual(new Set([`classlane-dispute-${dispute.id}-reversal`]));
    expect(await emails(dispute.id)).toEqual(['Payment disputed: Dee Spute, Wheel I']);

    const shown = (await w.a.http.get(`/api/enrollments/${e.id}/disputes`).set(org.auth).expect(200)).body.data;
    expect(shown).toEqual([
      expect.objectContaining({
        stripeDisputeId: dispute.id,
        paymentIntentId: e.pi,
        amount: 80,
        reason: 'fraudulent',
        status: 'needs_response',
        outcome: null,
        recoveredAmount: 77.6,
        recoveryError: null,
        closedAt: null,
      }),
    ]);
  });

  it('closed before created (out of order), each twice: the same state as in order, won or lost told once', async () => {
    const e = await paid('dispute.order@example.com');
    const dispute = await disputePayment(w.stand.state, e.pi, { amount: 4000, reason: 'product_not_received' });
    await closeDispute(w.stand.state, dispute.id, 'lost');
    const created = eventOf('charge.dispute.created', dispute.id);
    const closed = eventOf('charge.dispute.closed', dispute.id);
    await deliver(w.a, closed).expect(200);
    await deliver(w.a, created).expect(200);
    await Promise.all([deliver(w.a, created).expect(200), deliver(w.a, closed).expect(200)]);

    const transfer = transferOf(e.pi);
    const reversals = reversalsOf(transfer.id);
    // $40 of $80 disputed: the organization's share of it is $40 × 7760 / 8000 = $38.80.
    expect(reversals.map((r) => r.amount)).toEqual([3880]);
    expect(await emails(dispute.id)).toEqual(['Dispute lost: Dee Spute, Wheel I', 'Payment disputed: Dee Spute, Wheel I']);
    const [shown] = (await w.a.http.get(`/api/enrollments/${e.id}/disputes`).set(org.auth).expect(200)).body.data;
    expect(shown).toMatchObject({ amount: 40, status: 'lost', outcome: 'lost', recoveredAmount: 38.8, reason: 'product_not_received' });
    expect(shown.closedAt).not.toBeNull();
  });

  it('an answer lost after Stripe reversed: the event is retried and the same key answers the one reversal', async () => {
    const e = await paid('dispute.lost-answer@example.com');
    const dispute = await disputePayment(w.stand.state, e.pi);
    const created = eventOf('charge.dispute.created', dispute.id);
    let lose = true;
    w.stand.state.loseReply = (r) => {
      if (!lose || !r.path.endsWith('/reversals')) return false;
      lose = false;
      return true;
    };
    // The SDK asks again with the same key itself (its network retries); either way one reversal is made.
    await deliver(w.a, created);
    w.stand.state.loseReply = null;
    await deliver(w.a, created).expect(200);
    expect(reversalsOf(transferOf(e.pi).id)).toHaveLength(1);
    expect(await emails(dispute.id)).toHaveLength(1);
    const [row] = await w.a.db.query(
      'SELECT reversal_cents, stripe_transfer_reversal_id FROM payment_disputes WHERE stripe_dispute_id = $1',
      [dispute.id],
    );
    expect(row.reversal_cents).toBe(7760);
  });

  it('a reversal Stripe refuses (nothing left on the transfer) is recorded for a person, told, and not asked again', async () => {
    const e = await paid('dispute.refused@example.com');
    const transfer = transferOf(e.pi);
    // Someone already took the whole transfer back in the Stripe dashboard.
    await w.a.app.get(StripeClient).api.transfers.createReversal(transfer.id, { amount: 7760 }, { idempotencyKey: `dashboard-${e.pi}` });
    const dispute = await disputePayment(w.stand.state, e.pi);
    const created = eventOf('charge.dispute.created', dispute.id);
    await deliver(w.a, created).expect(200);
    await deliver(w.a, { ...created, id: `${created.id}_again` }).expect(200);
    expect(reversalsOf(transfer.id)).toHaveLength(1);
    const asked = w.stand.requests.filter((r) => r.idempotencyKey === `classlane-dispute-${dispute.id}-reversal`);
    expect(asked).toHaveLength(1);
    const [shown] = (await w.a.http.get(`/api/enrollments/${e.id}/disputes`).set(org.auth).expect(200)).body.data;
    expect(shown).toMatchObject({ recoveredAmount: null, recoveryError: expect.stringMatching(/greater than the amount left/) });
    const [mail] = await w.a.db.query(`SELECT message FROM communications WHERE organization_id = $1 AND dedupe_key LIKE $2`, [
      org.orgId,
      `payment-dispute:${dispute.id}:opened%`,
    ]);
    expect(mail.message).toContain('could not be taken back automatically');
  });

  it('another organization cannot see the dispute (404), and an event for a payment that is not ours changes nothing', async () => {
    const e = await paid('dispute.tenant@example.com');
    const dispute = await disputePayment(w.stand.state, e.pi);
    await deliver(w.a, eventOf('charge.dispute.created', dispute.id)).expect(200);
    const other = await cardOrg(w.a);
    await w.a.http.get(`/api/enrollments/${e.id}/disputes`).set(other.auth).expect(404);

    const stranger: StandInEvent = {
      ...eventOf('charge.dispute.created', dispute.id),
      id: 'evt_stranger',
      data: { object: { ...dispute, id: 'dp_stranger', payment_intent: 'pi_not_ours' } },
    };
    await deliver(w.a, stranger).expect(200);
    expect(await w.a.db.query(`SELECT 1 FROM payment_disputes WHERE stripe_dispute_id = 'dp_stranger'`)).toHaveLength(0);
  });
});
