import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CardPaymentsService } from '../../src/modules/payments/card-payments.service';
import { settleProcessing, stripeEvent } from '../stand-ins/stripe.stand-in';
import {
  cardClass,
  cardOrg,
  deliver,
  enrollmentRow,
  intentBody,
  payInBrowser,
  startCardWorld,
  waitFor,
  type CardWorld,
} from './card-payments.helpers';

const DAY = 86_400_000;

/**
 * A card registration paid by bank debit through the Payment Element: the PaymentIntent is `processing` for days.
 * `payment_intent.processing` keeps the held seat until the debit can have settled (instead of the usual minutes), the
 * hold job leaves it alone, and `payment_intent.succeeded` days later completes the registration as any card payment.
 */
describe('bank debit processing (payment_intent.processing)', () => {
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

  async function held(email: string) {
    const cls = await cardClass(w.a, org);
    const body = intentBody(org.orgId, cls.id, 80, { email });
    const d = (await w.a.http.post('/api/payments/create-intent').send(body).expect(201)).body.data;
    return { id: d.enrollmentId as string, pi: d.paymentIntentId as string, clientSecret: d.clientSecret as string };
  }
  const processingEvent = async (pi: string) => {
    await w.stand.settled();
    return waitFor(
      async () => w.stand.events.find((e) => e.type === 'payment_intent.processing' && e.data.object.id === pi),
      (e) => e !== undefined,
    );
  };

  it('keeps the seat held while the debit settles, then completes the registration when it succeeds', async () => {
    const e = await held('bank.debit@example.com');
    expect((await payInBrowser(w.stand, e.pi, e.clientSecret, 'pm_usBankAccount')).body.status).toBe('processing');
    const processing = (await processingEvent(e.pi))!;
    await deliver(w.a, processing).expect(200);
    await deliver(w.a, processing).expect(200);
    const row = await enrollmentRow(w.a, e.id);
    expect(row.status).toBe('held');
    expect(new Date(row.hold_expires_at).getTime()).toBeGreaterThan(Date.now() + 9 * DAY);

    // The hold job runs: the processing payment's seat is not released.
    await w.a.app.get(CardPaymentsService).expireHolds();
    expect((await enrollmentRow(w.a, e.id)).status).toBe('held');

    await settleProcessing(w.stand.state, e.pi, 'succeeded');
    const succeeded = w.stand.events.find((x) => x.type === 'payment_intent.succeeded' && x.data.object.id === e.pi)!;
    await deliver(w.a, succeeded).expect(200);
    expect(await enrollmentRow(w.a, e.id)).toMatchObject({ status: 'active', payment_status: 'completed', amount_paid_cents: 8000 });
  });

  it('a processing event whose metadata names another organization changes nothing', async () => {
    const e = await held('bank.debit.mismatch@example.com');
    const before = (await enrollmentRow(w.a, e.id)).hold_expires_at;
    const pi: Record<string, unknown> = { ...(w.stand.state.objects.get(e.pi) as Record<string, unknown>), status: 'processing' };
    const forged = stripeEvent('evt_forged_processing', 'payment_intent.processing', {
      ...pi,
      metadata: { ...(pi.metadata as Record<string, string>), organizationId: '00000000-0000-4000-8000-000000000000' },
    });
    await deliver(w.a, forged).expect(200);
    expect((await enrollmentRow(w.a, e.id)).hold_expires_at).toEqual(before);
  });
});
