import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SchedulerRegistry } from '@nestjs/schedule';
import { RemindersService } from '../../src/modules/registration/reminders.service';
import { ClassMilestonesJobs } from '../../src/modules/reporting/class-milestones.jobs';
import { registerBody } from '../fixtures/org.fixture';
import {
  cardClass,
  cardOrg,
  enrollmentRow,
  intentBody,
  payInBrowser,
  startCardWorld,
  waitFor,
  type CardWorld,
} from '../api/card-payments.helpers';
import { entry, expireOffer, freeSeat, fullClass, join } from '../api/waitlist.helpers';

const HOUR = 3600_000;

/**
 * JOBS_ENABLED=true on every instance is the supported setup (README): two instances on one database run every job
 * every 100 ms (the reconciliation every 150 ms) while reminders, waitlist offers, go/no-go decisions, class
 * milestones, a missed Stripe event and a lapsing card hold are due. Each thing happens once.
 */
describe('every job on two instances at once', () => {
  let w: CardWorld;
  beforeAll(async () => {
    w = await startCardWorld({
      instances: 2,
      env: { JOBS_ENABLED: 'true', JOBS_INTERVAL_MS: '100', STRIPE_RECONCILE_INTERVAL_MS: '150', SEAT_HOLD_SECONDS: '2' },
    });
    w.liveWebhooks(false);
  });
  afterAll(async () => {
    await w.close();
  });

  it('should run each due piece of work exactly once', async () => {
    const { a, b } = w;
    const org = await cardOrg(a);
    // Both instances have every job's timer.
    for (const t of [a, b])
      expect(t.app.get(SchedulerRegistry).getIntervals().sort()).toEqual(
        [
          'communications-dispatch',
          'early-access-emails',
          'makeup-expiry-reminders',
          'go-no-go',
          'class-milestones',
          'instalment-charges',
          'membership-renewals',
          'payment-plan-deadlines',
          'retention',
          'statement-emails',
          'payments-hold-expiry',
          'stripe-events-reconcile',
          'subscriptions-period-end',
          'waiting-room-lines',
          'waitlist-offers',
          'webhooks-dispatch',
        ].sort(),
      );

    // Reminders: a class starting in 5 hours (the default reminder is 18 hours before), three people registered.
    const soon = await cardClass(a, org, { startDate: new Date(Date.now() + 5 * HOUR).toISOString() });
    const soonEmails: string[] = [];
    for (let i = 0; i < 3; i++) {
      const body = registerBody(org.orgId, soon.id);
      soonEmails.push(body.email);
      await (i % 2 ? b : a).http.post('/api/students/register').send(body).expect(201);
    }
    const reminded = async () =>
      (await a.db.query("SELECT count(*)::int AS n FROM communications WHERE kind = 'reminder' AND to_address = ANY($1)", [soonEmails]))[0]
        .n;

    // Go/no-go: due (starts in 10 hours, decided 48 hours before), one of the three needed: cancelled once.
    const below = await cardClass(a, org, {
      startDate: new Date(Date.now() + 10 * HOUR).toISOString(),
      minEnrollment: 3,
      decisionHoursBefore: 1,
      autoCancelBelowMinimum: true,
    });
    await b.http.post('/api/students/register').send(registerBody(org.orgId, below.id)).expect(201);
    // Created not yet due (so the jobs cannot decide it before its student registers), then made due.
    await a.db.query('UPDATE classes SET decision_hours_before = 48 WHERE id = $1', [below.id]);

    // Milestones: a one-day class whose session began 3 days ago.
    const past = await cardClass(a, org, { days: 1, duration: 60 });
    await a.http.post('/api/students/register').send(registerBody(org.orgId, past.id)).expect(201);
    await a.db.query(`UPDATE classes SET start_date = now() - interval '3 days' WHERE id = $1`, [past.id]);
    // The milestones read the session records: its one session moves with the start.
    await a.db.query(
      `UPDATE class_sessions s SET starts_at = c.start_date, ends_at = c.start_date + make_interval(mins => c.duration)
         FROM classes c WHERE c.id = s.class_id AND s.class_id = $1`,
      [past.id],
    );

    // Waitlist: a full class, two waiting; the first one's offer lapses, so the seat passes to the second.
    const { cls: full, students } = await fullClass(a, org, 1, { startDate: new Date(Date.now() + 100 * HOUR).toISOString() });
    const first = await join(a, org.orgId, full.id);
    const second = await join(b, org.orgId, full.id);
    await freeSeat(a, org, students[0].id, full.id);
    expect((await entry(a, first.entryId)).status).toBe('offered');
    await expireOffer(a, first.entryId);

    // A card hold left to lapse (2 s), and a card payment whose webhook never came: the reconciliation finds it.
    const later = await cardClass(a, org, { startDate: new Date(Date.now() + 200 * HOUR).toISOString() });
    const lapsing = (await a.http.post('/api/payments/create-intent').send(intentBody(org.orgId, later.id)).expect(201)).body.data;
    const paidBody = intentBody(org.orgId, later.id);
    const paid = (await b.http.post('/api/payments/create-intent').send(paidBody).expect(201)).body.data;
    await payInBrowser(w.stand, paid.paymentIntentId, paid.clientSecret);

    // Reminders and milestones are looked for once a minute by each instance (too slow for a test): both instances'
    // reminder sources and milestone jobs run side by side here, twice, as their timers would; the rest is the timers'.
    for (let round = 0; round < 2; round++)
      await Promise.all([a, b, a, b].flatMap((t) => [t.app.get(RemindersService).queueDue(), t.app.get(ClassMilestonesJobs).tick()]));

    const state = await waitFor(
      async () => ({
        hold: (await enrollmentRow(a, lapsing.enrollmentId)).status,
        paid: (await enrollmentRow(a, paid.enrollmentId)).payment_status,
        offer: (await entry(a, second.entryId)).status,
        decided: (await a.db.query('SELECT go_no_go FROM classes WHERE id = $1', [below.id]))[0].go_no_go,
        started: (await a.db.query('SELECT completed_at FROM class_milestones WHERE class_id = $1', [past.id]))[0]?.completed_at,
        reminders: await reminded(),
      }),
      (s) =>
        s.hold === 'expired' &&
        s.paid === 'completed' &&
        s.offer === 'offered' &&
        s.decided === 'cancelled' &&
        Boolean(s.started) &&
        s.reminders === 3,
      20_000,
    );
    expect(state).toEqual({
      hold: 'expired',
      paid: 'completed',
      offer: 'offered',
      decided: 'cancelled',
      started: expect.any(Date),
      reminders: 3,
    });
    // Let both instances run a few more rounds over the same rows.
    await new Promise((r) => setTimeout(r, 1500));

    const count = async (sql: string, params: unknown[]) => (await a.db.query(sql, params))[0].n as number;
    // Nobody got any kind of message twice (confirmations, reminders, decisions, offers, receipts, admin notices).
    const twice = await a.db.query(
      `SELECT to_address, kind, channel, count(*)::int AS n FROM communications
        WHERE organization_id = $1 GROUP BY to_address, kind, channel HAVING count(*) > 1`,
      [org.orgId],
    );
    expect(twice).toEqual([]);
    // Reminders: one per person (email here), whatever the rounds.
    expect(await reminded()).toBe(3);
    // The go/no-go: one decision event, one cancellation message to the one student.
    expect(
      await count(`SELECT count(*)::int AS n FROM activity_events WHERE event_type = 'class_cancelled' AND metadata->>'classId' = $1`, [
        below.id,
      ]),
    ).toBe(1);
    expect(
      await count(`SELECT count(*)::int AS n FROM communications WHERE kind = 'class_cancelled' AND dedupe_key LIKE $1`, [`%${below.id}%`]),
    ).toBe(1);
    // Milestones: class_started once.
    expect(
      await count(`SELECT count(*)::int AS n FROM activity_events WHERE event_type = 'class_started' AND metadata->>'classId' = $1`, [
        past.id,
      ]),
    ).toBe(1);
    // Waitlist: the first lapsed, the second offered once (one offer email), the seat still one.
    expect((await entry(a, first.entryId)).status).toBe('lapsed');
    expect(await entry(a, second.entryId)).toMatchObject({ status: 'offered', offer_count: 1 });
    expect(
      await count(
        `SELECT count(*)::int AS n FROM communications WHERE kind = 'waitlist_offer' AND channel = 'email' AND recipient_id = $1`,
        [second.entryId],
      ),
    ).toBe(1);
    // The lapsed hold: released once, its PaymentIntent cancelled; the paid one: confirmed once, one receipt.
    expect(w.stand.state.objects.get(lapsing.paymentIntentId)!.status).toBe('canceled');
    expect(
      await count(`SELECT count(*)::int AS n FROM stripe_events WHERE processed_at IS NOT NULL AND payload->'data'->'object'->>'id' = $1`, [
        paid.paymentIntentId,
      ]),
    ).toBeGreaterThan(0);
    expect(
      await count(`SELECT count(*)::int AS n FROM communications WHERE kind = 'confirmation' AND to_address = $1`, [
        paidBody.studentData.email,
      ]),
    ).toBe(1);
    const [{ enrolled }] = await a.db.query('SELECT enrolled_students AS enrolled FROM classes WHERE id = $1', [later.id]);
    expect(enrolled).toBe(1);
    // Every outbox row was sent once by one of the two (no row left 'sending' or failed as 'outcome unknown').
    const statuses = await a.db.query(`SELECT status, count(*)::int AS n FROM communications WHERE organization_id = $1 GROUP BY status`, [
      org.orgId,
    ]);
    expect(statuses.filter((s: { status: string }) => !['sent', 'pending', 'skipped'].includes(s.status))).toEqual([]);
  });
});
