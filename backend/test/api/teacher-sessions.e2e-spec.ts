import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Response } from 'supertest';
import { createClass, createOrg, createTeacher, registerBody, studentBody, type OrgFixture } from '../fixtures/org.fixture';
import { enrollStudent } from '../fixtures/roster.fixture';
import { mismatches, type Document } from '../setup/openapi-conformance';
import { createTestApp, type TestApp } from '../setup/test-app';

/**
 * One teacher screen per class session. The session read (roll, totals, notes), the notes write,
 * walk-ins taking a seat through ClassesService.takeSeat (racing online registrations on two instances), tenant
 * isolation, and the replies against the OpenAPI document.
 */
describe('teacher sessions', () => {
  let t: TestApp;
  let b: TestApp;
  let org: OrgFixture;
  let other: OrgFixture;
  let teacher: { auth: { Authorization: string } };
  let doc: Document;
  let classId: string;
  const problems: string[] = [];

  // Weekly, three sessions, in America/Chicago: 20:00 local on Mondays 1, 8 and 15 March 2027 (DST starts on
  // the 14th, so the third session is 01:00 UTC + 1 h later in UTC terms but the same local day of the week).
  const START = '2027-03-02T02:00:00.000Z';
  const DAYS = ['2027-03-01', '2027-03-08', '2027-03-15'];

  const check = (res: Response, method: string, template: string) => {
    const schema = doc.paths[template]?.[method]?.responses?.[String(res.status)]?.content?.['application/json']?.schema;
    if (!schema) return problems.push(`${method} ${template}: status ${res.status} is not documented`);
    problems.push(...mismatches(doc, schema, res.body, `${method} ${template} ${res.status}`));
  };
  const sessionUrl = (id: string, date: string) => `/api/teacher/classes/${id}/sessions/${date}`;

  beforeAll(async () => {
    t = await createTestApp({ JOBS_ENABLED: 'false' });
    b = await createTestApp({ JOBS_ENABLED: 'false' }, { databaseUrl: t.url });
    org = await createOrg(t, { plan: 'professional' });
    other = await createOrg(t, { plan: 'professional' });
    teacher = await createTeacher(t, org);
    await t.db.query(`UPDATE organizations SET settings = settings || '{"timeZone":"America/Chicago"}' WHERE id = $1`, [org.orgId]);
    classId = (
      await createClass(t, org, { title: 'Watercolor', startDate: START, days: 3, schedule: 'Weekly', price: 100, discountPrice: 80 })
    ).id;
    doc = (await t.http.get('/api/docs-json').expect(200)).body as Document;
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  it('should answer the roll of a session with attendance and payment side by side, and its totals', async () => {
    const ann = await enrollStudent(t, org, classId, { firstName: 'Ann', lastName: 'Able' });
    const bob = await enrollStudent(t, org, classId, { firstName: 'Bob', lastName: 'Baker' });
    await enrollStudent(t, org, classId, { firstName: 'Cy', lastName: 'Cole' });
    // The second session: Ann present, Bob absent, Cy unmarked; Ann paid in person.
    const second = (await t.http.get(sessionUrl(classId, DAYS[1])).set(teacher.auth).expect(200)).body.data;
    for (const [studentId, attended] of [
      [ann.id, true],
      [bob.id, false],
    ] as const)
      await t.http
        .post('/api/attendance/mark')
        .set(teacher.auth)
        .send({ classId, sessionIndex: 1, sessionDate: second.startsAt, studentId, attended })
        .expect(200);
    await t.http.post('/api/payments/mark-paid').set(teacher.auth).send({ studentId: ann.id, classId }).expect(200);

    const res = await t.http.get(sessionUrl(classId, DAYS[1])).set(teacher.auth).expect(200);
    check(res, 'get', '/api/teacher/classes/{classId}/sessions/{date}');
    const s = res.body.data;
    expect(s).toMatchObject({
      classId,
      title: 'Watercolor',
      sessionIndex: 1,
      date: DAYS[1],
      sessionsCount: 3,
      notes: '',
      notesUpdatedAt: null,
    });
    expect(s.roll.map((r: { firstName: string }) => r.firstName)).toEqual(['Ann', 'Bob', 'Cy']);
    expect(s.roll[0]).toMatchObject({
      studentId: ann.id,
      attendance: 'present',
      paymentStatus: 'completed',
      amountPaid: 80,
      amountDue: 80,
      paymentMethod: 'in-person',
    });
    expect(s.roll[1]).toMatchObject({ studentId: bob.id, attendance: 'absent', paymentStatus: 'pending', amountDue: 80, amountPaid: 0 });
    expect(s.roll[2]).toMatchObject({ attendance: null });
    expect(s.totals).toEqual({ enrolled: 3, present: 1, absent: 1, unmarked: 1, paid: 1, toCollect: 160 });
    // Marks belong to their session: the first session is all unmarked.
    const first = (await t.http.get(sessionUrl(classId, DAYS[0])).set(org.auth).expect(200)).body.data;
    expect(first).toMatchObject({ sessionIndex: 0, totals: { present: 0, absent: 0, unmarked: 3 } });
    const days = await t.http.get(`/api/teacher/classes/${classId}/sessions`).set(teacher.auth).expect(200);
    check(days, 'get', '/api/teacher/classes/{classId}/sessions');
    expect(days.body.data.map((d: { date: string }) => d.date)).toEqual(DAYS);
    // The third session is the same local day after the DST change.
    expect((await t.http.get(sessionUrl(classId, DAYS[2])).set(teacher.auth).expect(200)).body.data.sessionIndex).toBe(2);
  });

  it('should answer 404 naming the session days for a day without a session, 400 for a malformed day', async () => {
    // 2 March is the first session's day in UTC, not in the organization's zone.
    const res = await t.http.get(sessionUrl(classId, '2027-03-02')).set(teacher.auth).expect(404);
    expect(res.body).toEqual({
      success: false,
      data: null,
      error: 'Watercolor has no session on 2027-03-02. Its sessions are on 2027-03-01, 2027-03-08, 2027-03-15.',
    });
    check(res, 'get', '/api/teacher/classes/{classId}/sessions/{date}');
    check(await t.http.get(sessionUrl(classId, 'soon')).set(teacher.auth), 'get', '/api/teacher/classes/{classId}/sessions/{date}');
    const bad = await t.http.get(sessionUrl(classId, '03-01-2027')).set(teacher.auth).expect(400);
    expect(bad.body.errors).toEqual({ date: 'date must be a day written YYYY-MM-DD' });
  });

  it('should save the notes of a session, replace them on a second save, and keep them per session', async () => {
    const url = `${sessionUrl(classId, DAYS[0])}/notes`;
    const saved = await t.http.put(url).set(teacher.auth).send({ notes: 'Bring brushes' }).expect(200);
    check(saved, 'put', '/api/teacher/classes/{classId}/sessions/{date}/notes');
    expect(saved.body.data).toMatchObject({ classId, date: DAYS[0], sessionIndex: 0, notes: 'Bring brushes' });
    await t.http.put(url).set(teacher.auth).send({ notes: 'Bring brushes and paper' }).expect(200);
    await t.http.put(url).set(teacher.auth).send({ notes: 'Bring brushes and paper' }).expect(200);
    const rows = await t.db.query('SELECT notes FROM session_notes WHERE class_id = $1', [classId]);
    expect(rows).toEqual([{ notes: 'Bring brushes and paper' }]);
    const read = (await t.http.get(sessionUrl(classId, DAYS[0])).set(teacher.auth).expect(200)).body.data;
    expect(read.notes).toBe('Bring brushes and paper');
    expect(read.notesUpdatedAt).toEqual(expect.any(String));
    expect((await t.http.get(sessionUrl(classId, DAYS[1])).set(teacher.auth).expect(200)).body.data.notes).toBe('');
    const tooLong = await t.http
      .put(url)
      .set(teacher.auth)
      .send({ notes: 'x'.repeat(5001) })
      .expect(400);
    expect(tooLong.body.errors).toEqual({ notes: 'notes must be at most 5000 characters' });
  });

  it('should register a walk-in paid now into one seat, and answer a retry with the same enrollment', async () => {
    const before = (await t.db.query('SELECT enrolled_students FROM classes WHERE id = $1', [classId]))[0].enrolled_students;
    const body = { ...studentBody({ firstName: 'Wanda', lastName: 'Walker' }), paidNow: true };
    const res = await t.http.post(`/api/teacher/classes/${classId}/walk-ins`).set(teacher.auth).send(body).expect(201);
    check(res, 'post', '/api/teacher/classes/{classId}/walk-ins');
    expect(res.body.data).toMatchObject({
      firstName: 'Wanda',
      paymentStatus: 'completed',
      paymentMethod: 'in-person',
      amountPaid: 80,
      alreadyEnrolled: false,
    });
    // A retry after a dropped connection: the same enrollment, no second seat, no second payment.
    const again = await t.http.post(`/api/teacher/classes/${classId}/walk-ins`).set(teacher.auth).send(body).expect(200);
    check(again, 'post', '/api/teacher/classes/{classId}/walk-ins');
    expect(again.body.data).toMatchObject({ enrollmentId: res.body.data.enrollmentId, alreadyEnrolled: true, amountPaid: 80 });
    const [cls] = await t.db.query('SELECT enrolled_students FROM classes WHERE id = $1', [classId]);
    expect(cls.enrolled_students).toBe(before + 1);
    const [{ n }] = await t.db.query('SELECT count(*)::int AS n FROM enrollments WHERE student_id = $1', [res.body.data.studentId]);
    expect(n).toBe(1);
    const [event] = await t.db.query(
      "SELECT metadata->>'source' AS source FROM activity_events WHERE organization_id = $1 AND event_type = 'class_enrollment' AND metadata->>'studentId' = $2",
      [org.orgId, res.body.data.studentId],
    );
    expect(event.source).toBe('walk_in');
    const roll = (await t.http.get(sessionUrl(classId, DAYS[0])).set(teacher.auth).expect(200)).body.data;
    expect(roll.roll.find((r: { studentId: string }) => r.studentId === res.body.data.studentId)).toMatchObject({
      paymentStatus: 'completed',
    });
  });

  it('should refuse a walk-in into a full class with a readable 409 and take nothing', async () => {
    const full = await createClass(t, org, { title: 'Tiny', maxStudents: 1 });
    await enrollStudent(t, org, full.id);
    const res = await t.http
      .post(`/api/teacher/classes/${full.id}/walk-ins`)
      .set(teacher.auth)
      .send({ ...studentBody(), paidNow: false })
      .expect(409);
    expect(res.body.error).toBe('This class is full. No seats are left.');
    check(res, 'post', '/api/teacher/classes/{classId}/walk-ins');
    const [cls] = await t.db.query('SELECT enrolled_students FROM classes WHERE id = $1', [full.id]);
    expect(cls.enrolled_students).toBe(1);
  });

  it('should let exactly one of a walk-in and an online registration racing for the last seat win, on two instances', async () => {
    const rounds = 12;
    for (let i = 0; i < rounds; i++) {
      const last = await createClass(t, org, { title: `Last seat ${i}`, maxStudents: 2 });
      await enrollStudent(t, org, last.id);
      const walkIn = b.http
        .post(`/api/teacher/classes/${last.id}/walk-ins`)
        .set(teacher.auth)
        .send({ ...studentBody({ firstName: 'Walk' }), paidNow: i % 2 === 0 });
      const online = t.http.post('/api/students/register').send(registerBody(org.orgId, last.id, { firstName: 'Online' }));
      const [w, o] = await Promise.all([walkIn, online]);
      const statuses = [w.status, o.status].sort();
      expect(statuses).toEqual([201, 409]);
      const loser = w.status === 409 ? w : o;
      expect(loser.body.error).toBe('This class is full. No seats are left.');
      const [cls] = await t.db.query('SELECT enrolled_students, max_students FROM classes WHERE id = $1', [last.id]);
      const [{ n }] = await t.db.query("SELECT count(*)::int AS n FROM enrollments WHERE class_id = $1 AND status = 'active'", [last.id]);
      expect({ seats: cls.enrolled_students, enrollments: n }).toEqual({ seats: 2, enrollments: 2 });
    }
  });

  it("should answer 404 for another organization's class on every route and change nothing", async () => {
    const foreign = await createClass(t, other, { title: 'Foreign', startDate: START, days: 1 });
    const otherTeacher = await createTeacher(t, other);
    const fingerprint = async () =>
      JSON.stringify(
        await t.db.query(
          `SELECT (SELECT count(*) FROM enrollments WHERE class_id = $1) AS e, (SELECT count(*) FROM session_notes WHERE class_id = $1) AS n,
                  (SELECT enrolled_students FROM classes WHERE id = $1) AS s, (SELECT count(*) FROM session_notes WHERE class_id = $2) AS mine`,
          [foreign.id, classId],
        ),
      );
    const before = await fingerprint();
    for (const auth of [teacher.auth, org.auth]) {
      await t.http.get(`/api/teacher/classes/${foreign.id}/sessions`).set(auth).expect(404);
      const read = await t.http.get(sessionUrl(foreign.id, DAYS[0])).set(auth).expect(404);
      expect(read.body.error).toBe(`Class with ID ${foreign.id} not found`);
      await t.http
        .put(`${sessionUrl(foreign.id, DAYS[0])}/notes`)
        .set(auth)
        .send({ notes: 'x' })
        .expect(404);
      await t.http
        .post(`/api/teacher/classes/${foreign.id}/walk-ins`)
        .set(auth)
        .send({ ...studentBody(), paidNow: true })
        .expect(404);
    }
    // And the other way round: the other organization's teacher cannot read or write ours.
    await t.http.get(sessionUrl(classId, DAYS[0])).set(otherTeacher.auth).expect(404);
    await t.http
      .put(`${sessionUrl(classId, DAYS[0])}/notes`)
      .set(otherTeacher.auth)
      .send({ notes: 'mine now' })
      .expect(404);
    expect(await fingerprint()).toBe(before);
    expect((await t.http.get(sessionUrl(classId, DAYS[0])).set(teacher.auth).expect(200)).body.data.notes).toBe('Bring brushes and paper');
    await t.http.get(sessionUrl(classId, DAYS[0])).expect(401);
  });

  it('should have replied as documented everywhere', () => {
    expect(problems).toEqual([]);
  });
});
