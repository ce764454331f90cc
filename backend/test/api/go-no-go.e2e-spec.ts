import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { GoNoGoService } from '../../src/modules/go-no-go/go-no-go.service';
import { classBody, createOrg, registerBody, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp } from '../setup/test-app';
import {
  cardClass,
  cardOrg,
  enrollmentRow,
  intentBody,
  payInBrowser,
  seatsTaken,
  startCardWorld,
  waitFor,
  WEBHOOK_SECRET,
  type CardWorld,
} from './card-payments.helpers';

const HOUR = 3600_000;

/**
 * Minimum enrolment go/no-go. The job is run by hand (JOBS_ENABLED false); the real SDK talks to the
 * Stripe stand-in. Decided once per class, refunds once per payment, whatever the instances or crashes.
 */
describe('go/no-go', () => {
  let w: CardWorld;
  let org: Awaited<ReturnType<typeof cardOrg>>;
  let other: OrgFixture;
  beforeAll(async () => {
    w = await startCardWorld({ instances: 2 });
    w.liveWebhooks(false);
    org = await cardOrg(w.a);
    other = await createOrg(w.a, { plan: 'professional' });
  });
  afterAll(async () => {
    await w.close();
  });

  const run = (t = w.a) => t.app.get(GoNoGoService).run();

  /** A class whose go/no-go is due now (start in 10 hours, decided 48 hours before). */
  const dueClass = (overrides: Record<string, unknown> = {}) =>
    cardClass(w.a, org, {
      startDate: new Date(Date.now() + 10 * HOUR).toISOString(),
      minEnrollment: 3,
      decisionHoursBefore: 48,
      ...overrides,
    });
  const inPerson = async (classId: string) =>
    (await w.a.http.post('/api/students/register').send(registerBody(org.orgId, classId)).expect(201)).body.data.classEnrollments[0]
      .id as string;
  async function byCard(classId: string) {
    const body = intentBody(org.orgId, classId);
    const d = (await w.a.http.post('/api/payments/create-intent').send(body).expect(201)).body.data;
    await payInBrowser(w.stand, d.paymentIntentId, d.clientSecret);
    await w.a.http
      .post('/api/payments/confirm-enrollment')
      .send({ paymentIntentId: d.paymentIntentId, classId, organizationId: org.orgId, studentData: body.studentData })
      .expect(200);
    return { id: d.enrollmentId as string, pi: d.paymentIntentId as string };
  }
  /** A card hold whose payment is still open. */
  const held = async (classId: string) =>
    (await w.a.http.post('/api/payments/create-intent').send(intentBody(org.orgId, classId)).expect(201)).body.data.enrollmentId as string;
  const getClass = async (id: string, o: OrgFixture = org) => (await w.a.http.get(`/api/classes/${id}`).set(o.auth).expect(200)).body.data;
  const messages = (classKey: string, kind: string) =>
    w.a.db.query(
      `SELECT recipient_type, recipient_id, to_address, subject, message FROM communications WHERE kind = $1 AND dedupe_key LIKE $2 ORDER BY to_address`,
      [kind, `${kind}:${classKey}:%`],
    );
  const events = (classId: string) =>
    w.a.db.query(`SELECT event_type AS type, metadata FROM activity_events WHERE metadata->>'classId' = $1 ORDER BY event_date`, [classId]);
  const setConfirmedMessages = (on: boolean) =>
    w.a.db.query(
      `UPDATE organizations SET settings = settings || jsonb_build_object('classConfirmedMessages', $2::boolean) WHERE id = $1`,
      [org.orgId, on],
    );
  const refundsOf = (classId: string) =>
    w.a.db.query(
      `SELECT r.enrollment_id AS "enrollmentId", r.amount_cents AS cents, r.source, r.status FROM refunds r JOIN enrollments e ON e.id = r.enrollment_id
        WHERE e.class_id = $1 ORDER BY r.enrollment_id`,
      [classId],
    );
  /** Refunds the stand-in made for a PaymentIntent (what Stripe would have paid back). */
  const standInRefunds = (pi: string) =>
    [...w.stand.state.objects.values()].filter((o) => o.object === 'refund' && o.payment_intent === pi).map((o) => o.amount as number);

  it('should expose the fields with their defaults, and keep them on a PUT that omits them', async () => {
    const cls = await cardClass(w.a, org);
    expect(cls).toMatchObject({
      minEnrollment: 0,
      decisionHoursBefore: 48,
      autoCancelBelowMinimum: false,
      goNoGo: 'pending',
      decidedAt: null,
    });
    const full = await getClass(cls.id);
    const put = await w.a.http
      .put(`/api/classes/${cls.id}`)
      .set(org.auth)
      .send({ ...full, minEnrollment: 4, decisionHoursBefore: 72, autoCancelBelowMinimum: true })
      .expect(200);
    expect(put.body.data).toMatchObject({ minEnrollment: 4, decisionHoursBefore: 72, autoCancelBelowMinimum: true, goNoGo: 'pending' });
    // react-admin sends the read-only decision back: accepted and ignored.
    const { minEnrollment: _m, decisionHoursBefore: _d, autoCancelBelowMinimum: _a, ...rest } = put.body.data;
    const again = await w.a.http
      .put(`/api/classes/${cls.id}`)
      .set(org.auth)
      .send({ ...rest, goNoGo: 'confirmed', decidedAt: new Date().toISOString() })
      .expect(200);
    expect(again.body.data).toMatchObject({
      minEnrollment: 4,
      decisionHoursBefore: 72,
      autoCancelBelowMinimum: true,
      goNoGo: 'pending',
      decidedAt: null,
    });
    // A clone keeps the settings (or takes new ones) and starts undecided.
    const start = new Date(Date.now() + 30 * 24 * HOUR).toISOString();
    const clone = await w.a.http.post(`/api/classes/${cls.id}/clone`).set(org.auth).send({ title: 'Copy', startDate: start }).expect(201);
    expect(clone.body.data).toMatchObject({ minEnrollment: 4, decisionHoursBefore: 72, autoCancelBelowMinimum: true, goNoGo: 'pending' });
    const clone2 = await w.a.http
      .post(`/api/classes/${cls.id}/clone`)
      .set(org.auth)
      .send({ title: 'Copy 2', startDate: start, minEnrollment: 2, autoCancelBelowMinimum: false })
      .expect(201);
    expect(clone2.body.data).toMatchObject({ minEnrollment: 2, autoCancelBelowMinimum: false });
  });

  it('should refuse bad values with readable messages', async () => {
    const cls = await cardClass(w.a, org);
    const full = await getClass(cls.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ minEnrollment: -1 }, 'Minimum enrolment cannot be negative'],
      [{ minEnrollment: 1.5 }, 'Minimum enrolment must be a whole number'],
      [{ minEnrollment: 'three' }, 'Minimum enrolment must be a whole number'],
      [{ minEnrollment: null }, 'minEnrollment'],
      [{ minEnrollment: 21 }, 'Minimum enrolment (21) cannot be more than max students (20)'],
      [{ decisionHoursBefore: 0 }, 'Decide at least 1 hour before the start'],
      [{ decisionHoursBefore: 721 }, 'Decide at most 720 hours (30 days) before the start'],
      [{ decisionHoursBefore: 2.5 }, 'Decision hours must be a whole number'],
      [{ autoCancelBelowMinimum: 'yes' }, 'autoCancelBelowMinimum must be true or false'],
    ];
    for (const [patch, message] of cases) {
      const put = await w.a.http
        .put(`/api/classes/${cls.id}`)
        .set(org.auth)
        .send({ ...full, ...patch });
      expect([JSON.stringify(patch), put.status, JSON.stringify(put.body)]).toEqual([
        JSON.stringify(patch),
        400,
        expect.stringContaining(message),
      ]);
      const post = await w.a.http
        .post('/api/classes')
        .set(org.auth)
        .send({ ...classBody({ maxStudents: 20 }), ...patch });
      expect([JSON.stringify(patch), post.status]).toEqual([JSON.stringify(patch), 400]);
    }
    // The decision is the job's: a client cannot create a class already decided.
    const create = await w.a.http
      .post('/api/classes')
      .set(org.auth)
      .send({ ...classBody(), goNoGo: 'confirmed' });
    expect(create.status).toBe(400);
    // A lower max than the minimum is refused too.
    await w.a.http
      .put(`/api/classes/${cls.id}`)
      .set(org.auth)
      .send({ ...full, minEnrollment: 5 })
      .expect(200);
    const { minEnrollment: _m, ...withoutMinimum } = full;
    const lower = await w.a.http
      .put(`/api/classes/${cls.id}`)
      .set(org.auth)
      .send({ ...withoutMinimum, maxStudents: 4 });
    expect([lower.status, lower.body.error]).toEqual([400, 'Minimum enrolment (5) cannot be more than max students (4)']);
    // The organization switch.
    const bad = await w.a.http
      .put(`/api/organizations/${org.orgId}`)
      .set(org.auth)
      .send({ name: 'x', settings: { classConfirmedMessages: 'yes' } });
    expect([bad.status, JSON.stringify(bad.body)]).toEqual([400, expect.stringContaining('classConfirmedMessages must be true or false')]);
    expect((await getClass(cls.id)).minEnrollment).toBe(5);
  });

  it('should confirm a class above its minimum and tell the students when the organization enables it', async () => {
    await setConfirmedMessages(true);
    const cls = await dueClass({ minEnrollment: 2 });
    for (let i = 0; i < 3; i++) await inPerson(cls.id);
    const before = Date.now();
    const { decided } = await run();
    expect(decided).toContainEqual({ classId: cls.id, decision: 'confirmed' });
    const c = await getClass(cls.id);
    expect(c).toMatchObject({ goNoGo: 'confirmed', status: 'Open' });
    expect(new Date(c.decidedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const told = await messages(cls.id, 'class_confirmed');
    expect(told).toHaveLength(3);
    expect(told[0]).toMatchObject({ recipient_type: 'student', subject: `Your class is on: ${cls.title}` });
    expect(await messages(cls.id, 'class_below_minimum')).toHaveLength(0);
    expect((await events(cls.id)).filter((e: { type: string }) => e.type === 'class_confirmed')).toHaveLength(1);
    // Decided once: another run changes nothing.
    expect((await run()).decided.map((d) => d.classId)).not.toContain(cls.id);
    expect(await messages(cls.id, 'class_confirmed')).toHaveLength(3);
  });

  it('should confirm a class exactly at its minimum, silently when the organization has the message off', async () => {
    await setConfirmedMessages(false);
    const cls = await dueClass({ minEnrollment: 3 });
    for (let i = 0; i < 3; i++) await inPerson(cls.id);
    await run();
    expect((await getClass(cls.id)).goNoGo).toBe('confirmed');
    expect(await messages(cls.id, 'class_confirmed')).toHaveLength(0);
  });

  it('should leave alone a class not yet due, one without a minimum, and one an admin cancelled', async () => {
    const later = await cardClass(w.a, org, { startDate: new Date(Date.now() + 60 * HOUR).toISOString(), minEnrollment: 3 });
    const none = await dueClass({ minEnrollment: 0 });
    const cancelled = await dueClass({ minEnrollment: 3, status: 'Cancelled' });
    const { decided } = await run();
    const ids = decided.map((d) => d.classId);
    for (const c of [later, none, cancelled]) {
      expect(ids).not.toContain(c.id);
      expect((await getClass(c.id)).decidedAt).toBeNull();
    }
    // 60 hours ahead with a 72-hour decision: due.
    await w.a.http
      .put(`/api/classes/${later.id}`)
      .set(org.auth)
      .send({ ...(await getClass(later.id)), decisionHoursBefore: 72 })
      .expect(200);
    expect((await run()).decided.map((d) => d.classId)).toContain(later.id);
  });

  it('should tell the admins of a class below its minimum, count no open card hold, and list it at risk', async () => {
    const cls = await dueClass({ minEnrollment: 3 });
    await inPerson(cls.id);
    await inPerson(cls.id);
    const hold = await held(cls.id); // 2 active + 1 held: below 3
    const summary = async (o: OrgFixture = org) =>
      (await w.a.http.get('/api/reporting/dashboard-summary').set(o.auth).expect(200)).body.data;
    expect((await summary()).classesAtRisk).toContainEqual({
      id: cls.id,
      title: cls.title,
      startDate: expect.any(String),
      enrolled: 2,
      minEnrollment: 3,
      decisionAt: expect.any(String),
    });
    expect((await run()).decided).toContainEqual({ classId: cls.id, decision: 'below_minimum' });
    const c = await getClass(cls.id);
    expect(c).toMatchObject({ goNoGo: 'pending', status: 'Open' });
    expect(c.decidedAt).not.toBeNull();
    const admins = await messages(cls.id, 'class_below_minimum');
    expect(admins).toEqual([
      expect.objectContaining({
        recipient_type: 'user',
        recipient_id: org.userId,
        to_address: org.email,
        subject: `Below minimum: ${cls.title} has 2 of 3 students`,
        message: expect.stringContaining('runs as planned unless you cancel it'),
      }),
    ]);
    expect(admins[0].message).toContain(`/admin/classes?classId=${cls.id}`);
    expect(await messages(cls.id, 'class_cancelled')).toHaveLength(0);
    expect((await enrollmentRow(w.a, hold)).status).toBe('held');
    expect(await seatsTaken(w.a, cls.id)).toBe(3);
    expect((await events(cls.id)).filter((e: { type: string }) => e.type === 'class_below_minimum')).toHaveLength(1);
    await run();
    expect(await messages(cls.id, 'class_below_minimum')).toHaveLength(1);
    // Still at risk until it starts or the admin acts; never shown to another organization.
    expect((await summary()).classesAtRisk.map((r: { id: string }) => r.id)).toContain(cls.id);
    expect((await summary(other)).classesAtRisk).toEqual([]);
  });

  it('should decide a class left below its minimum again when the admin moves it or changes its minimum', async () => {
    const cls = await dueClass({ minEnrollment: 2 });
    await inPerson(cls.id);
    expect((await run()).decided).toContainEqual({ classId: cls.id, decision: 'below_minimum' });
    const edit = async (changes: Record<string, unknown>) => {
      const current = await getClass(cls.id);
      return (
        await w.a.http
          .put(`/api/classes/${cls.id}`)
          .set(org.auth)
          .send({ ...current, ...changes })
          .expect(200)
      ).body.data;
    };
    // An edit that leaves the basis alone keeps the decision.
    expect((await edit({ description: 'Bring an apron.' })).decidedAt).not.toBeNull();
    // Moved three weeks later: no longer due, decided again when it is.
    const moved = await edit({ startDate: new Date(Date.now() + 21 * 24 * HOUR).toISOString() });
    expect(moved).toMatchObject({ goNoGo: 'pending', decidedAt: null });
    expect((await run()).decided.map((d: { classId: string }) => d.classId)).not.toContain(cls.id);
    // Back to tomorrow, still below: due at once, decided below again, and the admins are told again (once).
    await edit({ startDate: new Date(Date.now() + 10 * HOUR).toISOString() });
    expect((await run()).decided).toContainEqual({ classId: cls.id, decision: 'below_minimum' });
    await run();
    expect(await messages(cls.id, 'class_below_minimum')).toHaveLength(2);
    // The minimum lowered to the one student: decided again, and now confirmed.
    await edit({ minEnrollment: 1 });
    expect((await run()).decided).toContainEqual({ classId: cls.id, decision: 'confirmed' });
    expect(await getClass(cls.id)).toMatchObject({ goNoGo: 'confirmed', decidedAt: expect.any(String) });
    // A confirmed class stays confirmed when moved.
    expect(await edit({ startDate: new Date(Date.now() + 12 * HOUR).toISOString() })).toMatchObject({ goNoGo: 'confirmed' });
    expect((await getClass(cls.id)).decidedAt).not.toBeNull();
  });

  it('should cancel a class below its minimum with auto-cancel: refunds in full, releases in person and holds, tells everyone', async () => {
    const cls = await dueClass({ minEnrollment: 5, autoCancelBelowMinimum: true });
    const cardA = await byCard(cls.id);
    const cardB = await byCard(cls.id);
    const walkIn = await inPerson(cls.id);
    const hold = await held(cls.id);
    expect(await seatsTaken(w.a, cls.id)).toBe(4);
    const { decided, released } = await run();
    expect(decided).toContainEqual({ classId: cls.id, decision: 'cancelled' });
    expect(released).toBe(4);
    expect(await getClass(cls.id)).toMatchObject({ goNoGo: 'cancelled', status: 'Cancelled' });
    for (const id of [cardA.id, cardB.id, walkIn, hold]) expect((await enrollmentRow(w.a, id)).status).toBe('cancelled');
    expect(await seatsTaken(w.a, cls.id)).toBe(0);
    expect(await enrollmentRow(w.a, cardA.id)).toMatchObject({ refunded_cents: 8000, amount_paid_cents: 8000 });
    const refunds = await refundsOf(cls.id);
    expect(refunds).toHaveLength(2);
    for (const r of refunds) expect(r).toMatchObject({ cents: 8000, source: 'class_cancelled', status: 'succeeded' });
    expect(standInRefunds(cardA.pi)).toEqual([8000]);
    expect(standInRefunds(cardB.pi)).toEqual([8000]);
    const keys = w.stand.requests.filter((r) => r.path === '/v1/refunds').map((r) => r.idempotencyKey);
    expect(keys).toEqual(expect.arrayContaining([`classlane-enrollment-${cardA.id}-class-cancelled-refund`]));
    // Every seat holder told (the open hold too), each refund confirmed, the admin told.
    const cancelledNotices = await messages(cls.id, 'class_cancelled');
    expect(cancelledNotices).toHaveLength(4);
    expect(cancelledNotices[0]).toMatchObject({
      recipient_type: 'student',
      subject: `Class cancelled: ${cls.title}`,
      message: expect.stringContaining('If you paid by card, your payment is refunded in full'),
    });
    const refundNotices = await w.a.db.query(
      `SELECT count(*)::int AS n FROM communications WHERE kind = 'refund' AND recipient_id IN (SELECT student_id FROM enrollments WHERE id = ANY($1))`,
      [[cardA.id, cardB.id]],
    );
    expect(refundNotices[0].n).toBe(2);
    expect((await messages(cls.id, 'class_below_minimum'))[0].message).toContain('cancelled automatically');
    const types = (await events(cls.id)).map((e: { type: string }) => e.type);
    expect(types.filter((t: string) => t === 'class_cancelled')).toHaveLength(1);
    expect(types.filter((t: string) => t === 'enrollment_cancelled')).toHaveLength(4);
    // The open PaymentIntent of the hold was cancelled.
    const holdPi = (await enrollmentRow(w.a, hold)).stripe_payment_intent_id;
    expect(w.stand.requests.some((r) => r.path === `/v1/payment_intents/${holdPi}/cancel`)).toBe(true);
    // Nothing more on the next runs.
    expect((await run()).released).toBe(0);
    expect(await refundsOf(cls.id)).toHaveLength(2);
    // An admin who opens the class again keeps its new registrations: the job does not release them.
    await w.a.http
      .put(`/api/classes/${cls.id}`)
      .set(org.auth)
      .send({ ...(await getClass(cls.id)), status: 'Open' })
      .expect(200);
    const again = await inPerson(cls.id);
    expect((await run()).released).toBe(0);
    expect((await enrollmentRow(w.a, again)).status).toBe('active');
    expect((await getClass(cls.id)).goNoGo).toBe('cancelled');
  });

  it('should decide once with two instances running the job at the same time', async () => {
    const classes: { id: string; title: string }[] = [];
    for (let i = 0; i < 6; i++) classes.push(await dueClass({ minEnrollment: 2, autoCancelBelowMinimum: i % 2 === 0 }));
    const cards: { id: string; pi: string }[] = [];
    for (const c of classes) {
      await inPerson(c.id);
      cards.push(await byCard(c.id));
    }
    await dueClass({ minEnrollment: 5, autoCancelBelowMinimum: true }).then(async (c) => {
      classes.push(c);
      cards.push(await byCard(c.id));
    });
    const results = await Promise.all([run(w.a), run(w.b), run(w.a), run(w.b)]);
    const decisions = results.flatMap((r) => r.decided).filter((d) => classes.some((c) => c.id === d.classId));
    expect(decisions).toHaveLength(classes.length);
    expect(new Set(decisions.map((d) => d.classId)).size).toBe(classes.length);
    const last = classes[classes.length - 1];
    expect(await getClass(last.id)).toMatchObject({ goNoGo: 'cancelled', status: 'Cancelled' });
    for (const c of classes.slice(0, -1)) expect((await getClass(c.id)).goNoGo).toBe('confirmed');
    const lastEvents = (await events(last.id)).filter((e: { type: string }) => e.type === 'class_cancelled');
    expect(lastEvents).toHaveLength(1);
    expect(await messages(last.id, 'class_below_minimum')).toHaveLength(1);
    expect(standInRefunds(cards[cards.length - 1].pi)).toEqual([8000]);
    expect(await refundsOf(last.id)).toHaveLength(1);
  });

  it('should refund each payment once when a run dies between two refunds and the next run finishes', async () => {
    const cls = await dueClass({ minEnrollment: 5, autoCancelBelowMinimum: true });
    const paid = [await byCard(cls.id), await byCard(cls.id), await byCard(cls.id)];
    // Stripe refunds the second payment, but the answer never arrives (the process died): its transaction rolls back.
    w.stand.state.loseReply = (req) =>
      req.path === '/v1/refunds' && req.idempotencyKey === `classlane-enrollment-${paid[1].id}-class-cancelled-refund`;
    try {
      const first = await run();
      expect(first.decided).toContainEqual({ classId: cls.id, decision: 'cancelled' });
      expect(first.released).toBe(2);
    } finally {
      w.stand.state.loseReply = null;
    }
    expect((await enrollmentRow(w.a, paid[1].id)).status).toBe('active');
    expect(standInRefunds(paid[1].pi)).toEqual([8000]); // Stripe did pay it back
    expect(await refundsOf(cls.id)).toHaveLength(2);
    // The restart: the same key gets Stripe's first refund back, recorded once.
    expect((await run(w.b)).released).toBe(1);
    for (const p of paid) {
      expect(standInRefunds(p.pi)).toEqual([8000]);
      expect(await enrollmentRow(w.a, p.id)).toMatchObject({ status: 'cancelled', refunded_cents: 8000 });
    }
    const refunds = await refundsOf(cls.id);
    expect(refunds.map((r: { enrollmentId: string }) => r.enrollmentId).sort()).toEqual(paid.map((p) => p.id).sort());
    expect(await seatsTaken(w.a, cls.id)).toBe(0);
    expect(await messages(cls.id, 'class_cancelled')).toHaveLength(3);
  });

  it("should never show or change another organization's class settings", async () => {
    const cls = await dueClass({ minEnrollment: 3 });
    const full = await getClass(cls.id);
    await w.a.http.get(`/api/classes/${cls.id}`).set(other.auth).expect(404);
    // Naming the class's organization is refused (403); without it the class is not found (404).
    await w.a.http
      .put(`/api/classes/${cls.id}`)
      .set(other.auth)
      .send({ ...full, minEnrollment: 0, autoCancelBelowMinimum: true })
      .expect(403);
    const { organizationId: _o, ...bare } = full;
    await w.a.http
      .put(`/api/classes/${cls.id}`)
      .set(other.auth)
      .send({ ...bare, minEnrollment: 0, autoCancelBelowMinimum: true })
      .expect(404);
    await w.a.http
      .post(`/api/classes/${cls.id}/clone`)
      .set(other.auth)
      .send({ title: 'x', startDate: full.startDate, minEnrollment: 1 })
      .expect(404);
    expect(await getClass(cls.id)).toMatchObject({ minEnrollment: 3, autoCancelBelowMinimum: false });
    const list = await w.a.http.get('/api/classes').set(other.auth).expect(200);
    expect(list.body.data.map((c: { id: string }) => c.id)).not.toContain(cls.id);
  });

  it('should decide and release by itself on an instance with JOBS_ENABLED (the timer, no hand-run)', async () => {
    const cls = await dueClass({ minEnrollment: 4, autoCancelBelowMinimum: true });
    const p = await byCard(cls.id);
    const jobs = await createTestApp(
      {
        STRIPE_SECRET_KEY: 'sk_test_classlane_cards',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: w.stand.url,
        JOBS_ENABLED: 'true',
        JOBS_INTERVAL_MS: '100',
      },
      { databaseUrl: w.a.url },
    );
    try {
      const row = await waitFor(
        () => enrollmentRow(w.a, p.id),
        (r) => r.status === 'cancelled',
        15_000,
      );
      expect(row).toMatchObject({ status: 'cancelled', refunded_cents: 8000 });
      expect(await getClass(cls.id)).toMatchObject({ goNoGo: 'cancelled', status: 'Cancelled' });
      expect(standInRefunds(p.pi)).toEqual([8000]);
    } finally {
      await jobs.close();
    }
  });
});
