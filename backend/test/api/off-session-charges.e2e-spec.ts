import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OffSessionCharges, type OffSessionCharge } from '../../src/modules/payments/off-session/off-session-charges';
import { StripeClient } from '../../src/modules/stripe/stripe.client';
import { saveTestPaymentMethod, settleProcessing } from '../stand-ins/stripe.stand-in';
import type { StandInObject } from '../stand-ins/stripe/core';
import { cardOrg, startCardWorld, type CardWorld } from './card-payments.helpers';

/**
 * The off-session gateway (payments/off-session) against the Stripe stand-in and Stripe's test payment methods: every
 * outcome the contract names, classified; the Connect destination and fee as for every card payment; the same attempt
 * key asked again after an answer was lost gets Stripe's first result (one charge), never a second charge.
 */
describe('off-session charges (saved payment methods)', () => {
  let w: CardWorld;
  let charges: OffSessionCharges;
  let org: Awaited<ReturnType<typeof cardOrg>>;
  let customer: string;
  let n = 0;

  beforeAll(async () => {
    w = await startCardWorld();
    w.liveWebhooks(false);
    charges = w.a.app.get(OffSessionCharges);
    org = await cardOrg(w.a);
    customer = (
      await w.a.app
        .get(StripeClient)
        .api.customers.create({ email: 'payer@example.com', name: 'Pat Payer', metadata: { organizationId: org.orgId } })
    ).id;
  });
  afterAll(async () => {
    await w.close();
  });

  const saved = (testId: string) => saveTestPaymentMethod(w.stand.state, customer, testId).id;
  const attempt = (paymentMethodId: string, extra: Partial<OffSessionCharge> = {}): OffSessionCharge => ({
    organizationId: org.orgId,
    customerId: customer,
    paymentMethodId,
    amountCents: 15_000,
    metadata: { instalmentId: `inst-${++n}` },
    attemptKey: `test-${n}-${Date.now()}`,
    ...extra,
  });
  const intentsCreated = () => w.stand.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
  const intent = (id: string) => w.stand.state.objects.get(id) as StandInObject;

  it('a saved card succeeds: a destination charge with the platform fee, organizationId in its metadata, off_session and confirm', async () => {
    const before = intentsCreated().length;
    const out = await charges.charge(attempt(saved('pm_card_visa')));
    expect(out).toMatchObject({ kind: 'succeeded', amountCents: 15_000, applicationFeeCents: 450 });
    const sent = intentsCreated().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toMatchObject({
      amount: '15000',
      currency: 'usd',
      customer,
      off_session: 'true',
      confirm: 'true',
      application_fee_amount: '450',
      transfer_data: { destination: org.account },
      metadata: { organizationId: org.orgId },
    });
    expect(sent[0].idempotencyKey).toMatch(/^classlane-off-session-test-/);
    const pi = intent((out as { paymentIntentId: string }).paymentIntentId);
    expect(pi.status).toBe('succeeded');
    expect(typeof (w.stand.state.objects.get(pi.latest_charge as string) as StandInObject).transfer).toBe('string');
  });

  it("Stripe's test ids work as they are (pm_card_visa), and the fee and destination may be given", async () => {
    const out = await charges.charge(attempt('pm_card_visa', { destination: org.account, applicationFeeCents: 99 }));
    expect(out).toMatchObject({ kind: 'succeeded', applicationFeeCents: 99 });
  });

  it('authentication_required: classified, the PaymentIntent named and left requires_payment_method', async () => {
    const out = await charges.charge(attempt(saved('pm_card_authenticationRequired')));
    expect(out).toMatchObject({ kind: 'authentication_required', code: 'authentication_required' });
    const id = (out as { paymentIntentId: string }).paymentIntentId;
    expect(id).toMatch(/^pi_/);
    expect(intent(id)).toMatchObject({ status: 'requires_payment_method', last_payment_error: { code: 'authentication_required' } });
  });

  it('insufficient funds is a soft decline with its decline code', async () => {
    const out = await charges.charge(attempt(saved('pm_card_chargeDeclinedInsufficientFunds')));
    expect(out).toMatchObject({ kind: 'soft_decline', code: 'card_declined', declineCode: 'insufficient_funds' });
    expect(intent((out as { paymentIntentId: string }).paymentIntentId).status).toBe('requires_payment_method');
  });

  it('a lost card and an expired card are hard declines', async () => {
    expect(await charges.charge(attempt(saved('pm_card_chargeDeclinedLostCard')))).toMatchObject({
      kind: 'hard_decline',
      code: 'card_declined',
      declineCode: 'lost_card',
    });
    expect(await charges.charge(attempt(saved('pm_card_chargeDeclinedExpiredCard')))).toMatchObject({
      kind: 'hard_decline',
      code: 'expired_card',
      declineCode: null,
    });
  });

  it('a bank debit is processing, then settled by payment_intent.succeeded or payment_intent.payment_failed', async () => {
    const first = await charges.charge(attempt(saved('pm_usBankAccount')));
    expect(first).toMatchObject({ kind: 'processing' });
    const second = await charges.charge(attempt(saved('pm_usBankAccount')));
    const [a, b] = [first, second].map((o) => (o as { paymentIntentId: string }).paymentIntentId);
    await settleProcessing(w.stand.state, a, 'succeeded');
    await settleProcessing(w.stand.state, b, 'failed');
    await w.stand.settled();
    const events = (type: string, id: string) => w.stand.events.filter((e) => e.type === type && e.data.object.id === id);
    expect(events('payment_intent.processing', a)).toHaveLength(1);
    expect(events('payment_intent.succeeded', a)).toHaveLength(1);
    expect(events('payment_intent.payment_failed', b)).toHaveLength(1);
    expect(intent(a).status).toBe('succeeded');
    expect(intent(b).status).toBe('requires_payment_method');
  });

  it('a method saved to another customer (another organization) is refused and classified as a hard decline, never charged', async () => {
    const other = await cardOrg(w.a);
    const theirs = (
      await w.a.app.get(StripeClient).api.customers.create({ email: 'payer@example.com', metadata: { organizationId: other.orgId } })
    ).id;
    const pm = saveTestPaymentMethod(w.stand.state, theirs, 'pm_card_visa').id;
    const out = await charges.charge(attempt(pm));
    expect(out).toMatchObject({ kind: 'hard_decline', paymentIntentId: null });
  });

  it('an organization that cannot take charges: nothing is sent', async () => {
    const notReady = await cardOrg(w.a, 'professional', false);
    const before = intentsCreated().length;
    expect(await charges.charge(attempt(saved('pm_card_visa'), { organizationId: notReady.orgId }))).toEqual({
      kind: 'unavailable',
      reason: 'charges_not_enabled',
    });
    expect(intentsCreated()).toHaveLength(before);
  });

  it('an answer lost after Stripe charged (a 500) is ambiguous; the same key asked again answers the one charge', async () => {
    const request = attempt(saved('pm_card_visa'));
    w.stand.state.loseReply = (r) => r.path === '/v1/payment_intents' && r.idempotencyKey === `classlane-off-session-${request.attemptKey}`;
    const lost = await charges.charge(request);
    w.stand.state.loseReply = null;
    expect(lost).toMatchObject({ kind: 'ambiguous', attemptKey: request.attemptKey });
    const again = await charges.charge(request);
    expect(again).toMatchObject({ kind: 'succeeded' });
    const made = [...w.stand.state.objects.values()].filter(
      (o) => o.object === 'payment_intent' && (o.metadata as Record<string, string>).instalmentId === request.metadata!.instalmentId,
    );
    expect(made).toHaveLength(1);
    expect((again as { paymentIntentId: string }).paymentIntentId).toBe(made[0].id);
  });

  it('an answer slower than the timeout is ambiguous (no SDK retry); the same key then answers the first result', async () => {
    const request = attempt(saved('pm_card_chargeDeclinedInsufficientFunds'));
    const key = `classlane-off-session-${request.attemptKey}`;
    w.stand.state.delayReply = (r) => (r.idempotencyKey === key ? 1500 : 0);
    charges.timeoutMs = 300;
    try {
      expect(await charges.charge(request)).toMatchObject({ kind: 'ambiguous' });
      expect(w.stand.requests.filter((r) => r.idempotencyKey === key)).toHaveLength(1);
    } finally {
      charges.timeoutMs = 30_000;
      w.stand.state.delayReply = null;
    }
    const again = await charges.charge(request);
    expect(again).toMatchObject({ kind: 'soft_decline', declineCode: 'insufficient_funds' });
    const failed = [...w.stand.state.objects.values()].filter(
      (o) => o.object === 'payment_intent' && (o.metadata as Record<string, string>).instalmentId === request.metadata!.instalmentId,
    );
    expect(failed).toHaveLength(1);
  });

  it('the same key with other parameters is refused by Stripe (idempotency error), thrown: never a second charge', async () => {
    const request = attempt(saved('pm_card_visa'));
    await charges.charge(request);
    await expect(charges.charge({ ...request, amountCents: 9_999 })).rejects.toThrow(/same parameters/);
  });
});
