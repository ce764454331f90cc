import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { classBody, createClass, createOrg, registerBody, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';
import { entry, join } from './waitlist.helpers';

type Session = { id: string; sessionIndex: number; startsAt: string; seatsLeft: number };

/**
 * Drop-ins (issue 39 §3): one session bought at its own price through the one registration pipeline, its seat counted
 * in that session only, and a full-term seat counted in every session.
 */
describe('drop-ins', () => {
  let t: TestApp;
  let org: OrgFixture;
  let other: OrgFixture;
  beforeAll(async () => {
    t = await createTestApp({ JOBS_ENABLED: 'false' });
    org = await createOrg(t, { plan: 'professional' });
    other = await createOrg(t, { plan: 'professional' });
  });
  afterAll(async () => {
    await t.close();
  });

  const dropInClass = (o: OrgFixture = org, overrides: Record<string, unknown> = {}) =>
    createClass(t, o, { price: 100, discountPrice: 80, maxStudents: 3, days: 4, dropInPrice: 20, dropInCapacity: 2, ...overrides });
  const offered = async (classId: string, orgId = org.orgId): Promise<Session[]> =>
    (await t.http.get(`/api/classes/${classId}/drop-in-sessions`).query({ organizationId: orgId }).expect(200)).body.data;
  const register = (body: Record<string, unknown>) => t.http.post('/api/students/register').send(body);
  const dropInBody = (orgId: string, classId: string, classSessionId: string, overrides: Record<string, unknown> = {}) => {
    const body = registerBody(orgId, classId, overrides);
    return { ...body, classEnrollments: [{ ...body.classEnrollments[0], classSessionId }] };
  };
  const counts = async (classId: string) => {
    const [c] = await t.db.query('SELECT enrolled_students AS enrolled, drop_in_peak AS peak FROM classes WHERE id = $1', [classId]);
    const sessions: { taken: number }[] = await t.db.query(
      'SELECT drop_ins_taken AS taken FROM class_sessions WHERE class_id = $1 ORDER BY session_index',
      [classId],
    );
    return { ...c, sessions: sessions.map((s) => s.taken) };
  };
  const enrollmentCount = async (classId: string) =>
    (await t.db.query('SELECT count(*)::int AS n FROM enrollments WHERE class_id = $1', [classId]))[0].n as number;

  it('should list the sessions sold as drop-ins and sell one at the drop-in price, its seat in that session only', async () => {
    const cls = await dropInClass();
    const sessions = await offered(cls.id);
    expect(sessions.map((s) => [s.sessionIndex, s.seatsLeft])).toEqual([
      [0, 2],
      [1, 2],
      [2, 2],
      [3, 2],
    ]);
    const quote = await t.http
      .post('/api/public/price-quote')
      .send({ organizationId: org.orgId, classId: cls.id, classSessionId: sessions[1].id })
      .expect(200);
    expect(quote.body.data.total).toBe(20);
    // The quote names what is bought: one session at the drop-in price, not the class.
    expect(quote.body.data.lines).toEqual([{ label: 'Drop-in price', amount: 20 }]);
    const res = await register(dropInBody(org.orgId, cls.id, sessions[1].id)).expect(201);
    const [row] = await t.db.query('SELECT class_session_id, amount_due_cents, status FROM enrollments WHERE id = $1', [
      res.body.data.classEnrollments[0].id,
    ]);
    expect(row).toEqual({ class_session_id: sessions[1].id, amount_due_cents: 2000, status: 'active' });
    const [kept] = await t.db.query('SELECT price_breakdown FROM enrollments WHERE id = $1', [res.body.data.classEnrollments[0].id]);
    expect(kept.price_breakdown).toEqual([{ label: 'Drop-in price', amount: 20 }]);
    expect(await counts(cls.id)).toEqual({ enrolled: 0, peak: 1, sessions: [0, 1, 0, 0] });
    expect((await offered(cls.id)).map((s) => s.seatsLeft)).toEqual([2, 1, 2, 2]);
    // The same person again in that session: already there. In another session: a second drop-in of their own.
    const email = (res.body.data as { email: string }).email;
    expect((await register(dropInBody(org.orgId, cls.id, sessions[1].id, { email })).expect(409)).body.code).toBe('ALREADY_ENROLLED');
    await register(dropInBody(org.orgId, cls.id, sessions[2].id, { email })).expect(201);
    expect(await counts(cls.id)).toEqual({ enrolled: 0, peak: 1, sessions: [0, 1, 1, 0] });
  });

  it('should count a full-term seat in every session: drop-ins never make a session hold more than the class maximum', async () => {
    const cls = await dropInClass(); // 3 seats, 2 of each session for drop-ins
    const [s0, s1] = await offered(cls.id);
    await register(dropInBody(org.orgId, cls.id, s0.id)).expect(201);
    await register(dropInBody(org.orgId, cls.id, s0.id)).expect(201);
    // Session 1 holds two drop-ins: one full-term seat is left (it would be in session 1 too).
    const third = await register(dropInBody(org.orgId, cls.id, s0.id)).expect(409);
    expect(third.body.code).toBe('DROP_IN_FULL');
    await register(registerBody(org.orgId, cls.id)).expect(201);
    expect((await register(registerBody(org.orgId, cls.id)).expect(409)).body.code).toBe('CLASS_FULL');
    // Session 2 holds the full-term student only: its two drop-in seats fit (1 + 2 = 3), a third is over its capacity.
    await register(dropInBody(org.orgId, cls.id, s1.id)).expect(201);
    await register(dropInBody(org.orgId, cls.id, s1.id)).expect(201);
    expect((await register(dropInBody(org.orgId, cls.id, s1.id)).expect(409)).body.code).toBe('DROP_IN_FULL');
    expect(await counts(cls.id)).toEqual({ enrolled: 1, peak: 2, sessions: [2, 2, 0, 0] });
    // A class of 2 seats with 1 full-term student: a session's drop-ins stop at the class maximum before their capacity.
    const small = await dropInClass(org, { maxStudents: 2, dropInCapacity: 2 });
    await register(registerBody(org.orgId, small.id)).expect(201);
    const [t0] = await offered(small.id);
    expect(t0.seatsLeft).toBe(1);
    await register(dropInBody(org.orgId, small.id, t0.id)).expect(201);
    expect((await register(dropInBody(org.orgId, small.id, t0.id)).expect(409)).body.code).toBe('DROP_IN_FULL');
  });

  it('should free the drop-in seat of its session when it is cancelled, and the full-term seat it blocked', async () => {
    const cls = await dropInClass(org, { maxStudents: 2, dropInCapacity: 1 });
    const [s0] = await offered(cls.id);
    const d = await register(dropInBody(org.orgId, cls.id, s0.id)).expect(201);
    await register(registerBody(org.orgId, cls.id)).expect(201);
    expect((await register(registerBody(org.orgId, cls.id)).expect(409)).body.code).toBe('CLASS_FULL');
    await t.http.post(`/api/enrollments/${d.body.data.classEnrollments[0].id}/cancel`).set(org.auth).send({}).expect(200);
    expect(await counts(cls.id)).toEqual({ enrolled: 1, peak: 0, sessions: [0, 0, 0, 0] });
    await register(registerBody(org.orgId, cls.id)).expect(201);
    expect(await counts(cls.id)).toEqual({ enrolled: 2, peak: 0, sessions: [0, 0, 0, 0] });
  });

  it("should put a drop-in on its own session's roll only, and take its attendance there only", async () => {
    const cls = await dropInClass();
    const [, s1] = await offered(cls.id);
    const full = await register(registerBody(org.orgId, cls.id, { firstName: 'Ava', lastName: 'Whole' })).expect(201);
    const drop = await register(dropInBody(org.orgId, cls.id, s1.id, { firstName: 'Dee', lastName: 'Dropin' })).expect(201);
    const att = (await t.http.get(`/api/attendance/class/${cls.id}`).set(org.auth).expect(200)).body.data;
    expect(att.students).toEqual([
      { id: drop.body.data.id, firstName: 'Dee', lastName: 'Dropin', dropInSessions: [1], pastDue: false, makeUpSessions: null },
      { id: full.body.data.id, firstName: 'Ava', lastName: 'Whole', dropInSessions: null, pastDue: false, makeUpSessions: null },
    ]);
    expect(att.sessions.map((s: { dropIns: string[] }) => s.dropIns)).toEqual([[], [drop.body.data.id], [], []]);
    const mark = (sessionIndex: number) =>
      t.http.post('/api/attendance/mark').set(org.auth).send({
        classId: cls.id,
        studentId: drop.body.data.id,
        sessionIndex,
        sessionDate: att.sessions[sessionIndex].sessionDate,
        attended: true,
      });
    expect((await mark(0).expect(400)).body.error).toBe('This student is not enrolled in this class');
    await mark(1).expect(200);
    const after = (await t.http.get(`/api/attendance/class/${cls.id}`).set(org.auth).expect(200)).body.data.sessions[1];
    // Session 2's roll is the whole-class student and the drop-in: one present of two.
    expect(after).toMatchObject({ presentCount: 1, percent: 50 });
    // The admin's class roster lists the drop-in with its session.
    const roster = (await t.http.get(`/api/classes/${cls.id}/students`).set(org.auth).expect(200)).body.data;
    const sessionsOf = Object.fromEntries(
      roster.map((r: { lastName: string; classEnrollments: { classSessionId: string | null }[] }) => [
        r.lastName,
        r.classEnrollments[0].classSessionId,
      ]),
    );
    expect(sessionsOf).toEqual({ Dropin: s1.id, Whole: null });
  });

  it('should refuse a schedule change that would remove a session holding drop-ins', async () => {
    const body = classBody({ price: 100, discountPrice: 80, maxStudents: 3, days: 4, dropInPrice: 20, dropInCapacity: 2 });
    const cls = await createClass(t, org, body);
    const sessions = await offered(cls.id);
    await register(dropInBody(org.orgId, cls.id, sessions[3].id)).expect(201);
    const res = await t.http
      .put(`/api/classes/${cls.id}`)
      .set(org.auth)
      .send({ ...body, days: 2 })
      .expect(409);
    expect(res.body).toMatchObject({
      code: 'SESSION_HAS_DROP_INS',
      error: 'This change would remove session 4, which has drop-ins. Keep at least 4 sessions.',
    });
    expect(await counts(cls.id)).toEqual({ enrolled: 0, peak: 1, sessions: [0, 0, 0, 1] });
    // Fewer seats than the enrolled students and the fullest session's drop-ins: refused as for enrolled students.
    await register(registerBody(org.orgId, cls.id)).expect(201);
    const fewer = await t.http
      .put(`/api/classes/${cls.id}`)
      .set(org.auth)
      .send({ ...body, maxStudents: 1 })
      .expect(409);
    expect(fewer.body.error).toBe('Max students cannot be lower than the 2 students already enrolled');
    await t.http
      .put(`/api/classes/${cls.id}`)
      .set(org.auth)
      .send({ ...body, maxStudents: 2 })
      .expect(200);
  });

  it('should give the last drop-in seat of a session to exactly one of ten at once, and the rest a clear 409', async () => {
    const cls = await dropInClass(org, { maxStudents: 5, dropInCapacity: 1 });
    const [s0] = await offered(cls.id);
    const results = await Promise.all(Array.from({ length: 10 }, () => register(dropInBody(org.orgId, cls.id, s0.id))));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).map((r) => r.body.code)).toEqual(Array(9).fill('DROP_IN_FULL'));
    expect(await counts(cls.id)).toEqual({ enrolled: 0, peak: 1, sessions: [1, 0, 0, 0] });
    expect(await enrollmentCount(cls.id)).toBe(1);
  });

  it('should give the last seat of a session to exactly one when drop-ins and full-term registrations race for it', async () => {
    const cls = await dropInClass(org, { maxStudents: 2, dropInCapacity: 2 });
    await register(registerBody(org.orgId, cls.id)).expect(201);
    const [s0] = await offered(cls.id);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => register(i % 2 ? registerBody(org.orgId, cls.id) : dropInBody(org.orgId, cls.id, s0.id))),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status !== 201).every((r) => r.status === 409)).toBe(true);
    const c = await counts(cls.id);
    // Session 1 holds exactly the class maximum, whoever won.
    expect(c.enrolled + c.sessions[0]).toBe(2);
    expect(await enrollmentCount(cls.id)).toBe(2);
  });

  it('should refuse a drop-in for a past, cancelled or closing session, a class without drop-ins, and a household, writing nothing', async () => {
    const cls = await dropInClass();
    const [s0, s1, s2] = await offered(cls.id);
    await t.db.query("UPDATE class_sessions SET starts_at = now() - interval '1 hour', ends_at = now() WHERE id = $1", [s0.id]);
    await t.db.query("UPDATE class_sessions SET status = 'cancelled', cancelled_at = now() WHERE id = $1", [s1.id]);
    const past = await register(dropInBody(org.orgId, cls.id, s0.id)).expect(409);
    expect(past.body).toMatchObject({ code: 'DROP_IN_CLOSED', error: 'Drop-ins for this session are closed.' });
    const cancelled = await register(dropInBody(org.orgId, cls.id, s1.id)).expect(409);
    expect(cancelled.body).toMatchObject({ code: 'SESSION_CANCELLED', error: 'This session is cancelled.' });
    // Sold until 48 hours before: a session two days off closes when the class says so.
    await t.db.query('UPDATE classes SET drop_in_cutoff_hours = 24 * 30 WHERE id = $1', [cls.id]);
    expect((await register(dropInBody(org.orgId, cls.id, s2.id)).expect(409)).body.code).toBe('DROP_IN_CLOSED');
    expect(await offered(cls.id)).toEqual([]);
    const plain = await createClass(t, org, { days: 3 });
    const plainSession = (await t.http.get(`/api/classes/${plain.id}/sessions`).set(org.auth).expect(200)).body.data[0].id;
    const notSold = await register(dropInBody(org.orgId, plain.id, plainSession)).expect(400);
    expect(notSold.body).toMatchObject({
      code: 'DROP_INS_NOT_SOLD',
      error: 'This class does not sell drop-ins: register for the whole class.',
    });
    // A session of another class: not one of this class's.
    await register(dropInBody(org.orgId, cls.id, plainSession)).expect(404);
    const household = {
      ...dropInBody(org.orgId, cls.id, s2.id),
      attendees: [{ firstName: 'Kid', lastName: 'One', dateOfBirth: '2015-01-01' }],
    };
    expect((await register(household).expect(400)).body.code).toBe('DROP_IN_ONE_PERSON');
    await register({ ...dropInBody(org.orgId, cls.id, 'not-a-uuid') }).expect(400);
    expect(await enrollmentCount(cls.id)).toBe(0);
    expect(await enrollmentCount(plain.id)).toBe(0);
    expect((await counts(cls.id)).sessions).toEqual([0, 0, 0, 0]);
  });

  it("should keep organizations apart: another organization's class or session is not found", async () => {
    const mine = await dropInClass();
    const theirs = await dropInClass(other);
    const [their] = await offered(theirs.id, other.orgId);
    const [my] = await offered(mine.id);
    // Their class under my organization, my class under theirs, their session in my class.
    await t.http.get(`/api/classes/${theirs.id}/drop-in-sessions`).query({ organizationId: org.orgId }).expect(404);
    await register(dropInBody(org.orgId, theirs.id, their.id)).expect(404);
    await register(dropInBody(other.orgId, mine.id, my.id)).expect(404);
    await register(dropInBody(org.orgId, mine.id, their.id)).expect(404);
    await t.http
      .post('/api/public/price-quote')
      .send({ organizationId: org.orgId, classId: mine.id, classSessionId: their.id })
      .expect(404);
    expect(await enrollmentCount(theirs.id)).toBe(0);
    expect(await enrollmentCount(mine.id)).toBe(0);
  });
  it("should show a drop-in on teacher mode's roll of its own session only, labelled as a drop-in", async () => {
    const cls = await dropInClass();
    const [, s1] = await offered(cls.id);
    await register(registerBody(org.orgId, cls.id, { firstName: 'Ava', lastName: 'Whole' })).expect(201);
    await register(dropInBody(org.orgId, cls.id, s1.id, { firstName: 'Dee', lastName: 'Dropin' })).expect(201);
    const days: { sessionIndex: number; date: string }[] = (
      await t.http.get(`/api/teacher/classes/${cls.id}/sessions`).set(org.auth).expect(200)
    ).body.data;
    const rollOf = async (i: number) => {
      const data = (await t.http.get(`/api/teacher/classes/${cls.id}/sessions/${days[i].date}`).set(org.auth).expect(200)).body.data;
      return {
        names: data.roll.map((r: { firstName: string; dropIn: boolean }) => [r.firstName, r.dropIn]),
        enrolled: data.totals.enrolled,
      };
    };
    expect(await rollOf(0)).toEqual({ names: [['Ava', false]], enrolled: 1 });
    expect(await rollOf(1)).toEqual({
      names: expect.arrayContaining([
        ['Ava', false],
        ['Dee', true],
      ]),
      enrolled: 2,
    });
    expect(await rollOf(2)).toEqual({ names: [['Ava', false]], enrolled: 1 });
  });

  it('should let a class full by its drop-ins take a waitlist, and offer the seat a cancelled drop-in frees to it', async () => {
    const cls = await dropInClass(org, { maxStudents: 2, dropInCapacity: 1 });
    const [s0] = await offered(cls.id);
    const d = await register(dropInBody(org.orgId, cls.id, s0.id)).expect(201);
    await register(registerBody(org.orgId, cls.id)).expect(201);
    expect((await register(registerBody(org.orgId, cls.id)).expect(409)).body.code).toBe('CLASS_FULL');
    // One full-term seat taken and session 1's drop-in: full for the whole term, so the waitlist is open.
    const waiting = await join(t, org.orgId, cls.id);
    await t.http.post(`/api/enrollments/${d.body.data.classEnrollments[0].id}/cancel`).set(org.auth).send({}).expect(200);
    // The freed seat went to the waitlist in the cancel's transaction: offered, and held for them.
    expect((await entry(t, waiting.entryId)).status).toBe('offered');
    expect(await counts(cls.id)).toEqual({ enrolled: 2, peak: 0, sessions: [0, 0, 0, 0] });
    expect((await register(registerBody(org.orgId, cls.id)).expect(409)).body.code).toBe('CLASS_FULL');
  });
});
