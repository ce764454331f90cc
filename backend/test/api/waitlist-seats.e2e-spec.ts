import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CardPaymentsService } from '../../src/modules/payments/card-payments.service';
import { WaitlistJobs } from '../../src/modules/waitlist/waitlist.jobs';
import { registerBody } from '../fixtures/org.fixture';
import { createTestApp } from '../setup/test-app';
import {
  cardClass,
  cardOrg,
  enrollmentRow,
  intentBody,
  payInBrowser,
  startCardWorld,
  waitFor,
  type CardWorld,
} from './card-payments.helpers';
import { entry, expireOffer, freeSeat, join, offerMessages, seats, tokensOf } from './waitlist.helpers';

/**
 * The waitlist on two app instances sharing one database: a freed seat is offered exactly once whoever runs the
 * job, a public registration racing an offer never takes the held seat, and an offer is accepted by card (the held
 * seat becomes the card hold; when that hold lapses the seat passes on).
 */
describe('waitlist seats on two instances', () => {
  let w: CardWorld;
  beforeAll(async () => {
    w = await startCardWorld({ instances: 2 });
    w.liveWebhooks(false);
  });
  afterAll(async () => {
    await w.close();
  });

  /** A card organization's class with `n` seats, all taken by in-person registrations. */
  async function full(n: number) {
    const org = await cardOrg(w.a);
    const cls = await cardClass(w.a, org, { maxStudents: n });
    const students: string[] = [];
    for (let i = 0; i < n; i++)
      students.push((await w.a.http.post('/api/students/register').send(registerBody(org.orgId, cls.id)).expect(201)).body.data.id);
    return { org, cls, students };
  }

  const runJobs = (times = 3) =>
    Promise.all(Array.from({ length: times }, () => [w.a.app.get(WaitlistJobs).tick(), w.b.app.get(WaitlistJobs).tick()]).flat());

  it('should offer a seat freed outside any release exactly once with both instances running the job', async () => {
    const { org, cls } = await full(2);
    const people = [];
    for (let i = 0; i < 3; i++) people.push(await join(w.a, org.orgId, cls.id));
    // A seat appears without going through the app (as after a crash between steps): only the sweep can find it.
    await w.a.db.query("UPDATE classes SET max_students = 3, status = 'Open', closed_when_full = false WHERE id = $1", [cls.id]);
    await runJobs();
    await runJobs();
    const statuses = await Promise.all(people.map(async (p) => (await entry(w.a, p.entryId)).status));
    expect(statuses).toEqual(['offered', 'waiting', 'waiting']);
    expect(await seats(w.a, cls.id)).toMatchObject({ enrolled: 3 });
    expect((await offerMessages(w.a, people[0].entryId)).map((m) => m.dedupe_key)).toEqual([
      `waitlist-offer:${people[0].entryId}:1:email`,
      `waitlist-offer:${people[0].entryId}:1:sms`,
    ]);
    // The lapse too: both instances at once lapse it once and offer the seat to the next person once.
    await expireOffer(w.a, people[0].entryId);
    await runJobs();
    expect(await Promise.all(people.map(async (p) => (await entry(w.a, p.entryId)).status))).toEqual(['lapsed', 'offered', 'waiting']);
    expect(await offerMessages(w.a, people[1].entryId)).toHaveLength(2);
    expect(await seats(w.a, cls.id)).toMatchObject({ enrolled: 3 });
  });

  it('should never let a public registration racing a freed seat take it from the person waiting', async () => {
    for (let round = 0; round < 3; round++) {
      const { org, cls, students } = await full(1);
      const a = await join(w.a, org.orgId, cls.id);
      const racers = Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? w.a : w.b).http.post('/api/students/register').send(registerBody(org.orgId, cls.id)),
      );
      const [, ...replies] = await Promise.all([freeSeat(w.b, org, students[0], cls.id), ...racers]);
      expect(replies.map((r) => r.status)).toEqual(Array(8).fill(409));
      expect((await entry(w.a, a.entryId)).status).toBe('offered');
      expect(await seats(w.a, cls.id)).toEqual({ enrolled: 1, status: 'Closed' });
      // Accepting while both instances' jobs run: one seat, one enrollment.
      const { offer } = await tokensOf(w.a, a.entryId);
      const [accept] = await Promise.all([
        w.b.http.post('/api/students/register').send({ ...registerBody(org.orgId, cls.id, { email: a.email }), waitlistOfferToken: offer }),
        runJobs(1),
      ]);
      expect(accept.status).toBe(201);
      expect(await seats(w.a, cls.id)).toEqual({ enrolled: 1, status: 'Closed' });
      const [{ n }] = await w.a.db.query(
        "SELECT count(*)::int AS n FROM enrollments WHERE class_id = $1 AND status IN ('held', 'active')",
        [cls.id],
      );
      expect(n).toBe(1);
    }
  });

  it('should accept an offer by card: the held seat becomes the card hold, no second seat', async () => {
    const { org, cls, students } = await full(1);
    const a = await join(w.a, org.orgId, cls.id);
    await freeSeat(w.a, org, students[0], cls.id);
    const { offer } = await tokensOf(w.a, a.entryId);
    expect((await w.a.http.get(`/api/waitlist/offers/${offer}`).expect(200)).body.data.acceptsCard).toBe(true);
    // A wrong price is refused before anything is held; the offer stays open.
    await w.a.http
      .post('/api/payments/create-intent')
      .send({ ...intentBody(org.orgId, cls.id, 100, { email: a.email }), waitlistOfferToken: offer })
      .expect(409);
    expect((await entry(w.a, a.entryId)).status).toBe('offered');
    const res = await w.a.http
      .post('/api/payments/create-intent')
      .send({ ...intentBody(org.orgId, cls.id, 80, { email: a.email }), waitlistOfferToken: offer })
      .expect(201);
    const { enrollmentId, paymentIntentId, clientSecret } = res.body.data;
    expect(await entry(w.a, a.entryId)).toMatchObject({ status: 'accepted', accepted_enrollment_id: enrollmentId });
    expect(await seats(w.a, cls.id)).toEqual({ enrolled: 1, status: 'Closed' });
    expect((await enrollmentRow(w.a, enrollmentId)).status).toBe('held');
    expect((await payInBrowser(w.stand, paymentIntentId, clientSecret)).status).toBe(200);
    await w.a.http
      .post('/api/payments/confirm-enrollment')
      .send({
        paymentIntentId,
        classId: cls.id,
        organizationId: org.orgId,
        studentData: intentBody(org.orgId, cls.id, 80, { email: a.email }).studentData,
      })
      .expect(200);
    expect((await enrollmentRow(w.a, enrollmentId)).status).toBe('active');
    expect(await seats(w.a, cls.id)).toEqual({ enrolled: 1, status: 'Closed' });
    // The link is used.
    expect((await w.a.http.get(`/api/waitlist/offers/${offer}`).expect(410)).body.error).toBe(
      'This offer has already been used to register.',
    );
  });

  it('should give the offer back when Stripe fails while it is accepted by card, so its holder can try again', async () => {
    const { org, cls, students } = await full(1);
    const a = await join(w.a, org.orgId, cls.id);
    const b = await join(w.a, org.orgId, cls.id);
    await freeSeat(w.a, org, students[0], cls.id);
    const { offer } = await tokensOf(w.a, a.entryId);
    const before = await entry(w.a, a.entryId);
    const accept = () =>
      w.a.http
        .post('/api/payments/create-intent')
        .send({ ...intentBody(org.orgId, cls.id, 80, { email: a.email }), waitlistOfferToken: offer });
    // Stripe answers 500 to every PaymentIntent creation (the SDK's retry included).
    w.stand.state.loseReply = (r) => r.method === 'POST' && r.path === '/v1/payment_intents';
    try {
      expect((await accept().expect(502)).body.error).toBe('Failed to reserve spot. Please try again.');
    } finally {
      w.stand.state.loseReply = null;
    }
    // The offer is open again with the same link and expiry; the next person still waits; the seat is still the offer's.
    expect(await entry(w.a, a.entryId)).toMatchObject({
      status: 'offered',
      accepted_enrollment_id: null,
      offer_expires_at: before.offer_expires_at,
    });
    expect((await entry(w.a, b.entryId)).status).toBe('waiting');
    expect(await seats(w.a, cls.id)).toEqual({ enrolled: 1, status: 'Closed' });
    const [{ n: holds }] = await w.a.db.query("SELECT count(*)::int AS n FROM enrollments WHERE class_id = $1 AND status = 'held'", [
      cls.id,
    ]);
    expect(holds).toBe(0);
    expect((await w.a.http.get(`/api/waitlist/offers/${offer}`).expect(200)).body.data.acceptsCard).toBe(true);
    // Stripe is back: the same link works.
    const res = await accept().expect(201);
    expect(await entry(w.a, a.entryId)).toMatchObject({ status: 'accepted', accepted_enrollment_id: res.body.data.enrollmentId });
    expect(await seats(w.a, cls.id)).toEqual({ enrolled: 1, status: 'Closed' });
    expect((await entry(w.a, b.entryId)).status).toBe('waiting');
  });

  it('should pass the seat on to the next person when the card hold of an accepted offer lapses', async () => {
    const { org, cls, students } = await full(1);
    const a = await join(w.a, org.orgId, cls.id);
    const b = await join(w.a, org.orgId, cls.id);
    await freeSeat(w.a, org, students[0], cls.id);
    const { offer } = await tokensOf(w.a, a.entryId);
    const res = await w.a.http
      .post('/api/payments/create-intent')
      .send({ ...intentBody(org.orgId, cls.id, 80, { email: a.email }), waitlistOfferToken: offer })
      .expect(201);
    await w.a.db.query("UPDATE enrollments SET hold_expires_at = now() - interval '1 second' WHERE id = $1", [res.body.data.enrollmentId]);
    expect(await w.b.app.get(CardPaymentsService).expireHolds()).toBe(1);
    expect((await enrollmentRow(w.a, res.body.data.enrollmentId)).status).toBe('expired');
    expect((await entry(w.a, b.entryId)).status).toBe('offered');
    const shown = async (id: string) =>
      (
        (await w.a.http.get(`/api/classes/${cls.id}/waitlist`).set(org.auth).expect(200)).body.data as { id: string; status: string }[]
      ).find((x) => x.id === id)!;
    // The entry says what became of the registration: the card payment was never made.
    expect(await shown(a.entryId)).toMatchObject({ status: 'registration_lapsed', registrationCancelledAt: null });
    expect(await seats(w.a, cls.id)).toEqual({ enrolled: 1, status: 'Closed' });
    // Refund-cancel of an active card enrollment frees its seat to the list too (the payments issue's cancel path).
    const { offer: offerB } = await tokensOf(w.a, b.entryId);
    const cardB = await w.a.http
      .post('/api/payments/create-intent')
      .send({ ...intentBody(org.orgId, cls.id, 80, { email: b.email }), waitlistOfferToken: offerB })
      .expect(201);
    const c = await join(w.a, org.orgId, cls.id);
    expect(await shown(b.entryId)).toMatchObject({ status: 'accepted' });
    await w.a.http.post(`/api/enrollments/${cardB.body.data.enrollmentId}/cancel`).set(org.auth).send({}).expect(200);
    expect((await entry(w.a, c.entryId)).status).toBe('offered');
    expect(await shown(b.entryId)).toMatchObject({ status: 'registration_cancelled', registrationCancelledAt: expect.any(String) });
    expect(await seats(w.a, cls.id)).toEqual({ enrolled: 1, status: 'Closed' });
  });

  // Last: once an extra app on the same database closes, the other apps' prepared statements fail (no pool).
  it('should lapse an offer from the scheduled job when JOBS_ENABLED and offer the seat to the next person', async () => {
    const jobs = await createTestApp({ JOBS_ENABLED: 'true', JOBS_INTERVAL_MS: '100' }, { databaseUrl: w.a.url });
    try {
      const { org, cls, students } = await full(1);
      const a = await join(w.a, org.orgId, cls.id);
      const b = await join(w.a, org.orgId, cls.id);
      await freeSeat(w.a, org, students[0], cls.id);
      await expireOffer(w.a, a.entryId);
      const next = await waitFor(
        () => entry(w.a, b.entryId),
        (e) => e.status === 'offered',
      );
      expect(next.status).toBe('offered');
      expect((await entry(w.a, a.entryId)).status).toBe('lapsed');
      expect(await seats(w.a, cls.id)).toEqual({ enrolled: 1, status: 'Closed' });
    } finally {
      await jobs.close();
    }
  });
});
