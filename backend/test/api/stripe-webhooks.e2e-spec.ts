import { afterAll, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { StripeClient } from '../../src/modules/stripe/stripe.client';
import { StripeEventHandlers, type StripeEventHandler } from '../../src/modules/stripe/stripe-event-handlers';
import { StripeEventsService } from '../../src/modules/stripe/stripe-events.service';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signStripePayload, startStripeStandIn, stripeEvent, type StandInEvent } from '../stand-ins/stripe.stand-in';

const SECRET = 'whsec_test_classlane_webhooks';
/** Handled by the test-only handler (a type no business module handles). */
const HANDLED = 'invoice.paid';

/**
 * The Stripe webhook store and reconciliation. Two app instances share one database; the real SDK
 * talks to the Stripe stand-in. The handler of HANDLED is a test one, registered through the same registry the business
 * modules use: it writes a row per run into a test table, inside the claim's transaction.
 */
describe('Stripe webhooks and reconciliation', () => {
  let stand: Awaited<ReturnType<typeof startStripeStandIn>>;
  let a: TestApp;
  let b: TestApp;
  const failing = new Set<string>();
  const slow = new Set<string>();
  let env: Record<string, string>;

  const handler = (instance: string): StripeEventHandler => ({
    types: [HANDLED],
    async handle(event, m) {
      await m.query('INSERT INTO test_stripe_effects (event_id, instance) VALUES ($1, $2)', [event.id, instance]);
      if (slow.has(event.id)) await m.query('SELECT pg_sleep(0.4)');
      if (failing.has(event.id)) throw new Error('handler exploded');
    },
  });

  const deliver = (t: TestApp, event: unknown, signature?: string) => {
    const payload = JSON.stringify(event);
    return t.http
      .post('/api/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', signature ?? signStripePayload(payload, SECRET))
      .send(payload);
  };
  const effects = async (id: string) =>
    (await a.db.query('SELECT count(*)::int AS n FROM test_stripe_effects WHERE event_id = $1', [id]))[0].n as number;
  const stored = async (id: string) =>
    (await a.db.query('SELECT type, created, processed_at, error, attempts, payload FROM stripe_events WHERE id = $1', [id]))[0];
  const eventCount = async () => (await a.db.query('SELECT count(*)::int AS n FROM stripe_events'))[0].n as number;

  beforeAll(async () => {
    stand = await startStripeStandIn();
    env = { STRIPE_SECRET_KEY: 'sk_test_classlane', STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_BASE: stand.url, JOBS_ENABLED: 'false' };
    a = await createTestApp(env);
    b = await createTestApp(env, { databaseUrl: a.url });
    await a.db.query('CREATE TABLE test_stripe_effects (event_id text NOT NULL, instance text NOT NULL)');
    a.app.get(StripeEventHandlers).register(handler('a'));
    b.app.get(StripeEventHandlers).register(handler('b'));
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await stand.close();
  });
  beforeEach(() => {
    failing.clear();
    slow.clear();
  });

  it('should refuse a bad signature with 400 and store nothing', async () => {
    const event = stripeEvent('evt_bad_sig', HANDLED);
    const payload = JSON.stringify(event);
    const before = await eventCount();
    for (const signature of [
      signStripePayload(payload, 'whsec_someone_else'),
      signStripePayload(JSON.stringify({ ...event, type: 'charge.refunded' }), SECRET),
      signStripePayload(payload, SECRET, Math.floor(Date.now() / 1000) - 301), // older than the 300 s tolerance
      't=1,v1=deadbeef',
      'garbage',
    ]) {
      const res = await deliver(a, event, signature).expect(400);
      expect(res.body).toEqual({ success: false, data: null, error: 'Invalid Stripe signature' });
    }
    expect(await eventCount()).toBe(before);
    expect(await effects('evt_bad_sig')).toBe(0);
  });

  it('should refuse a missing signature header with 400', async () => {
    const res = await a.http.post('/api/webhooks/stripe').send(stripeEvent('evt_no_sig', HANDLED)).expect(400);
    expect(res.body).toEqual({ success: false, data: null, error: 'Missing Stripe-Signature header' });
    expect(await stored('evt_no_sig')).toBeUndefined();
  });

  it('should refuse a signed body that is not an event, storing nothing', async () => {
    const res = await deliver(a, { id: 42, type: HANDLED, created: 'yesterday' }).expect(400);
    expect(res.body.error).toBe('The body is not a Stripe event');
    expect(await eventCount()).toBe(0);
  });

  it('should store a verified event, run its handler once, and answer a duplicate delivery without running it again', async () => {
    const event = stripeEvent('evt_once', HANDLED, { amount_paid: 1500 });
    const first = await deliver(a, event).expect(200);
    expect(first.body).toEqual({ success: true, data: { eventId: 'evt_once', status: 'processed' }, error: null });
    const row = await stored('evt_once');
    expect(row).toMatchObject({ type: HANDLED, error: null, attempts: 1 });
    expect(row.created.getTime()).toBe(event.created * 1000);
    expect(row.processed_at).toBeInstanceOf(Date);
    expect(row.payload).toEqual(event);
    for (const t of [a, b]) {
      const again = await deliver(t, event).expect(200);
      expect(again.body.data).toEqual({ eventId: 'evt_once', status: 'duplicate' });
    }
    expect(await effects('evt_once')).toBe(1);
    expect((await stored('evt_once')).attempts).toBe(1);
  });

  it('should answer 200 and mark processed an event of a type nothing handles, whatever the order', async () => {
    const now = Math.floor(Date.now() / 1000);
    const newer = stripeEvent('evt_unknown_newer', 'customer.created', {}, now);
    const older = stripeEvent('evt_unknown_older', 'customer.created', {}, now - 3600);
    for (const e of [newer, older]) {
      const res = await deliver(a, e).expect(200);
      expect(res.body.data.status).toBe('processed');
      expect((await stored(e.id)).processed_at).toBeInstanceOf(Date);
    }
    expect(await effects('evt_unknown_newer')).toBe(0);
  });

  it('should answer 500 when a handler fails, roll its work back, keep the event unprocessed with the error, and process a redelivery once', async () => {
    const event = stripeEvent('evt_flaky', HANDLED);
    failing.add(event.id);
    const res = await deliver(a, event).expect(500);
    expect(res.body).toEqual({ success: false, data: null, error: 'Processing the event failed; it is kept and will be retried' });
    expect(await stored(event.id)).toMatchObject({ processed_at: null, error: 'handler exploded', attempts: 1 });
    expect(await effects(event.id)).toBe(0); // the handler's insert was rolled back
    await deliver(b, event).expect(500);
    expect((await stored(event.id)).attempts).toBe(2);
    failing.clear();
    expect((await deliver(b, event).expect(200)).body.data.status).toBe('processed');
    expect(await stored(event.id)).toMatchObject({ error: null, attempts: 3 });
    expect((await deliver(a, event).expect(200)).body.data.status).toBe('duplicate');
    expect(await effects(event.id)).toBe(1);
  });

  it('should give up on an event still failing after 25 attempts: logged at error level, no longer retried, listed as stuck', async () => {
    const event = stripeEvent('evt_money_stuck', HANDLED, {}, Math.floor(Date.now() / 1000) - 3600);
    failing.add(event.id);
    const errors = jest.spyOn(Logger.prototype, 'error');
    const givenUp = () => errors.mock.calls.filter(([m]) => String(m).includes(`${event.id} (${HANDLED}) still fails after`));
    try {
      for (let i = 1; i <= 24; i++) await deliver(i % 2 ? a : b, event).expect(500);
      expect(givenUp()).toEqual([]);
      expect(await a.app.get(StripeEventsService).stuckEvents()).toEqual({ count: 0, oldest: null });
      await deliver(a, event).expect(500);
      expect(givenUp()).toHaveLength(1);
      expect(String(givenUp()[0][0])).toContain('still fails after 25 attempts and is no longer retried');
    } finally {
      errors.mockRestore();
    }
    // The job leaves it alone now; the IT-admin portal lists it, with the last error.
    await a.app.get(StripeEventsService).reconcile();
    expect(await stored(event.id)).toMatchObject({ processed_at: null, attempts: 25, error: 'handler exploded' });
    expect(await a.app.get(StripeEventsService).stuckEvents()).toEqual({
      count: 1,
      oldest: { id: event.id, type: HANDLED, created: new Date(event.created * 1000), attempts: 25, error: 'handler exploded' },
    });
    // Fixed and delivered again (Stripe retries for days), it is processed once and no longer stuck.
    failing.clear();
    expect((await deliver(b, event).expect(200)).body.data.status).toBe('processed');
    expect(await effects(event.id)).toBe(1);
    expect((await a.app.get(StripeEventsService).stuckEvents()).count).toBe(0);
  });

  it('should run the handler once when the same event reaches both instances at the same moment', async () => {
    for (let round = 0; round < 3; round++) {
      const event = stripeEvent(`evt_concurrent_${round}`, HANDLED);
      slow.add(event.id);
      const replies = await Promise.all([a, b, a, b].map((t) => deliver(t, event)));
      expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      const statuses = replies.map((r) => r.body.data.status as string);
      expect(statuses.filter((s) => s === 'processed')).toHaveLength(1);
      expect(statuses.every((s) => ['processed', 'duplicate', 'in_progress'].includes(s))).toBe(true);
      expect(await effects(event.id)).toBe(1);
      expect((await stored(event.id)).attempts).toBe(1);
    }
  });

  it('should pick up events no webhook delivered, page through the list, process each once, and not again on the next run', async () => {
    const now = Math.floor(Date.now() / 1000);
    const missed = Array.from({ length: 130 }, (_, i) => stripeEvent(`evt_missed_${String(i).padStart(3, '0')}`, HANDLED, {}, now - i));
    stand.events.push(...(missed as StandInEvent[]));
    // Untrusted answers: an item of the wrong shape is skipped, an unhandled type is not asked for.
    stand.events.push({ id: 42, type: HANDLED, created: 'x' } as unknown as StandInEvent);
    stand.events.push(stripeEvent('evt_other_type', 'customer.created') as StandInEvent);
    // A stored event whose webhook failed and was never redelivered is retried by the job too.
    const stuck = stripeEvent('evt_stuck', HANDLED);
    failing.add(stuck.id);
    await deliver(a, stuck).expect(500);
    failing.clear();
    stand.requests.length = 0;

    const first = await a.app.get(StripeEventsService).reconcile();
    expect(first).toEqual({ listed: 130, stored: 130, processed: 131, failed: 0 });
    // One listing per handled type (the subscription handlers' types too); HANDLED's pages through 130 events.
    const listings = stand.requests.filter((r) => r.path === '/v1/events');
    expect(listings.every((r) => /^\d+$/.test(r.query.get('created[gte]') ?? ''))).toBe(true);
    expect(listings.map((r) => r.query.get('type'))).not.toContain('customer.created');
    const calls = listings.filter((r) => r.query.get('type') === HANDLED);
    expect(calls.length).toBe(2); // 100 + 30: auto-pagination with starting_after
    expect(calls[0].authorization).toBe('Bearer sk_test_classlane');
    expect(calls[1].query.get('starting_after')).toBe('evt_missed_099');
    const [{ n }] = await a.db.query(
      "SELECT count(*)::int AS n FROM test_stripe_effects WHERE event_id LIKE 'evt_missed_%' OR event_id = 'evt_stuck'",
    );
    expect(n).toBe(131);
    expect(await stored('evt_other_type')).toBeUndefined();
    const [{ checkpoint }] = await a.db.query("SELECT checkpoint FROM stripe_event_checkpoints WHERE name = 'events'");
    expect(Math.abs(checkpoint.getTime() - (Date.now() - 10 * 60 * 1000))).toBeLessThan(60_000);

    stand.requests.length = 0;
    const second = await b.app.get(StripeEventsService).reconcile();
    expect(second).toEqual({ listed: 130, stored: 0, processed: 0, failed: 0 });
    for (const r of stand.requests.filter((x) => x.path === '/v1/events'))
      expect(r.query.get('created[gte]')).toBe(String(Math.floor(checkpoint.getTime() / 1000)));
    expect(n).toBe(
      (
        await a.db.query("SELECT count(*)::int AS n FROM test_stripe_effects WHERE event_id LIKE 'evt_missed_%' OR event_id = 'evt_stuck'")
      )[0].n,
    );
  });

  it('should run one reconciliation at a time across instances and process a new event once', async () => {
    const event = stripeEvent('evt_missed_concurrently', HANDLED);
    stand.events.push(event as StandInEvent);
    const results = await Promise.all([a, b, a, b].map((t) => t.app.get(StripeEventsService).reconcile()));
    expect(results.filter((r) => r !== null).length).toBeGreaterThanOrEqual(1);
    expect(results.reduce((sum, r) => sum + (r?.stored ?? 0), 0)).toBe(1);
    expect(await effects(event.id)).toBe(1);
  });

  it('should leave the checkpoint alone when listing fails', async () => {
    const [{ checkpoint: before }] = await a.db.query("SELECT checkpoint FROM stripe_event_checkpoints WHERE name = 'events'");
    const broken = await createTestApp({ ...env, STRIPE_SECRET_KEY: 'wrong_key' }, { databaseUrl: a.url });
    try {
      broken.app.get(StripeEventHandlers).register(handler('broken'));
      await expect(broken.app.get(StripeEventsService).reconcile(new Date(Date.now() + 3_600_000))).rejects.toThrow(/Invalid API Key/);
    } finally {
      await broken.close();
    }
    const [{ checkpoint: after }] = await a.db.query("SELECT checkpoint FROM stripe_event_checkpoints WHERE name = 'events'");
    expect(after).toEqual(before);
  });

  it('should run the reconciliation job on its own when jobs are enabled', async () => {
    const jobs = await createTestApp({ ...env, JOBS_ENABLED: 'true', STRIPE_RECONCILE_INTERVAL_MS: '150' });
    try {
      const seen: string[] = [];
      jobs.app.get(StripeEventHandlers).register({ types: [HANDLED], handle: async (e) => void seen.push(e.id) });
      expect(jobs.app.get(SchedulerRegistry).doesExist('interval', 'stripe-events-reconcile')).toBe(true);
      stand.events.push(stripeEvent('evt_by_the_job', HANDLED) as StandInEvent);
      for (let i = 0; i < 50 && !seen.includes('evt_by_the_job'); i++) await new Promise((r) => setTimeout(r, 100));
      expect(seen.filter((id) => id === 'evt_by_the_job')).toEqual(['evt_by_the_job']);
    } finally {
      await jobs.close();
    }
    // Jobs off (a and b): no interval.
    expect(a.app.get(SchedulerRegistry).doesExist('interval', 'stripe-events-reconcile')).toBe(false);
  });

  it('should start in local mode without a key and answer the webhook with a clear 400, storing nothing', async () => {
    const local = await createTestApp({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '', STRIPE_API_BASE: '', JOBS_ENABLED: 'true' });
    try {
      await local.http.get('/api/health').expect(200);
      expect(local.app.get(StripeClient).isConfigured).toBe(false);
      expect(local.app.get(SchedulerRegistry).doesExist('interval', 'stripe-events-reconcile')).toBe(false);
      const event = stripeEvent('evt_local', HANDLED);
      const payload = JSON.stringify(event);
      const res = await local.http
        .post('/api/webhooks/stripe')
        .set('Content-Type', 'application/json')
        .set('Stripe-Signature', signStripePayload(payload, SECRET))
        .send(payload)
        .expect(400);
      expect(res.body).toEqual({
        success: false,
        data: null,
        error: 'Stripe webhooks are not configured on this server (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET)',
      });
      expect((await local.db.query('SELECT count(*)::int AS n FROM stripe_events'))[0].n).toBe(0);
      expect(await local.app.get(StripeEventsService).reconcile()).toBeNull();
    } finally {
      await local.close();
    }
  });
});
