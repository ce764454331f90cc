import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { ChildProcess } from 'node:child_process';
import { StripeEventsService } from '../../src/modules/stripe/stripe-events.service';
import { ensureBuilt, freePort, spawnServer, waitForHealth } from '../fixtures/built-server';
import { signStripePayload, type StandInEvent } from '../stand-ins/stripe.stand-in';
import {
  cardClass,
  cardOrg,
  deliver,
  intentBody,
  payInBrowser,
  PUBLISHABLE_KEY,
  seatsTaken,
  startCardWorld,
  WEBHOOK_SECRET,
  type CardWorld,
} from '../api/card-payments.helpers';

jest.setTimeout(180_000);

const N = 60;

/**
 * Money exactly once across a crash (README "Test these with two instances and with killed processes"):
 * an API process receiving a burst of payment_intent.succeeded webhooks is killed with SIGKILL mid-burst. Stripe
 * retries what got no 2xx and the other instance's reconciliation lists what was never delivered: every payment ends
 * completed exactly once (one enrollment, one activity event, one receipt each), none lost, none twice.
 */
describe('card payments: an API process killed mid-burst of webhooks', () => {
  let w: CardWorld;
  let child: ChildProcess | null = null;
  beforeAll(async () => {
    ensureBuilt();
    w = await startCardWorld();
    w.liveWebhooks(false);
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await w.close();
  });

  it('should complete every paid enrollment exactly once after a SIGKILL, through retries and reconciliation', async () => {
    const org = await cardOrg(w.a);
    const cls = await cardClass(w.a, org, { maxStudents: N });
    // N holds, each paid in the browser: the stand-in has N succeeded events, none delivered yet.
    const holds: { enrollmentId: string; paymentIntentId: string }[] = [];
    for (let i = 0; i < N; i++) {
      const d = (await w.a.http.post('/api/payments/create-intent').send(intentBody(org.orgId, cls.id)).expect(201)).body.data;
      expect((await payInBrowser(w.stand, d.paymentIntentId, d.clientSecret)).status).toBe(200);
      holds.push(d);
    }
    const intents = new Set(holds.map((h) => h.paymentIntentId));
    const events = w.stand.events.filter(
      (e) => e.type === 'payment_intent.succeeded' && intents.has((e.data.object as { id: string }).id),
    ) as StandInEvent[];
    expect(events).toHaveLength(N);

    const port = await freePort();
    child = spawnServer(port, {
      DATABASE_URL: w.a.url,
      STRIPE_SECRET_KEY: 'sk_test_classlane_cards',
      STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: w.stand.url,
      JOBS_ENABLED: 'false',
      PLATFORM_FEE_PERCENT: '3',
    });
    await waitForHealth(port);
    const completed = async () =>
      (
        await w.a.db.query(
          "SELECT count(*)::int AS n FROM enrollments WHERE class_id = $1 AND status = 'active' AND payment_status = 'completed'",
          [cls.id],
        )
      )[0].n as number;

    // The whole burst at once to the doomed process, killed as soon as some payments are in.
    const deliveries = events.map(async (e) => {
      const payload = JSON.stringify(e);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/webhooks/stripe`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signStripePayload(payload, WEBHOOK_SECRET) },
          body: payload,
        });
        return { event: e, status: res.status };
      } catch {
        return { event: e, status: 0 }; // the connection died with the process
      }
    });
    for (let i = 0; i < 400 && (await completed()) < 5; i++) await new Promise((r) => setTimeout(r, 10));
    child.kill('SIGKILL');
    await new Promise((r) => child!.once('exit', r));
    child = null;
    const outcomes = await Promise.all(deliveries);
    const atKill = await completed();
    expect(atKill).toBeGreaterThan(0);
    expect(atKill).toBeLessThan(N); // the kill landed mid-burst
    const unanswered = outcomes.filter((o) => o.status !== 200);
    expect(unanswered.length).toBeGreaterThan(0);

    // Stripe retries every delivery that got no 2xx (some twice), against the surviving instance...
    const retried = unanswered.filter((_, i) => i % 3 !== 0);
    const replies = await Promise.all([...retried, ...retried.slice(0, 5)].map((o) => deliver(w.a, o.event)));
    expect(replies.every((r) => r.status === 200)).toBe(true);
    // ...and reconciliation finds the rest (events Stripe lists, whatever was or was not delivered).
    const beforeReconcile = await completed();
    const reconciled = await w.a.app.get(StripeEventsService).reconcile();
    expect(reconciled?.processed).toBe(N - beforeReconcile);

    expect(await completed()).toBe(N);
    const rows = await w.a.db.query(
      `SELECT status, payment_status, amount_paid_cents, platform_fee_cents, organization_amount_cents, paid_at IS NOT NULL AS paid
         FROM enrollments WHERE class_id = $1`,
      [cls.id],
    );
    expect(rows).toHaveLength(N);
    for (const r of rows)
      expect(r).toMatchObject({
        status: 'active',
        payment_status: 'completed',
        amount_paid_cents: 8000,
        platform_fee_cents: 240,
        organization_amount_cents: 7760,
        paid: true,
      });
    expect(await seatsTaken(w.a, cls.id)).toBe(N);
    // One payment_received event and one receipt per payment, and every event processed once.
    const [{ n: received }] = await w.a.db.query(
      "SELECT count(*)::int AS n FROM activity_events WHERE organization_id = $1 AND event_type = 'payment_received'",
      [org.orgId],
    );
    expect(received).toBe(N);
    const [{ n: receipts, people }] = await w.a.db.query(
      "SELECT count(*)::int AS n, count(DISTINCT to_address)::int AS people FROM communications WHERE organization_id = $1 AND kind = 'receipt'",
      [org.orgId],
    );
    expect([receipts, people]).toEqual([N, N]);
    const stored = await w.a.db.query('SELECT id, processed_at FROM stripe_events WHERE id = ANY($1)', [events.map((e) => e.id)]);
    expect(stored).toHaveLength(N);
    expect(stored.every((e: { processed_at: Date | null }) => e.processed_at !== null)).toBe(true);
  });
});
