import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createClass, createOrg, createTeacher, type OrgFixture } from '../fixtures/org.fixture';
import { activityCount, enrollStudent, type EnrolledStudent } from '../fixtures/roster.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

type Session = {
  sessionIndex: number;
  sessionDate: string;
  entries: { studentId: string; attended: boolean }[];
  presentCount: number;
  absentCount: number;
  percent: number | null;
};

describe('attendance', () => {
  let t: TestApp;
  let org: OrgFixture;
  let other: OrgFixture;
  let teacher: { auth: { Authorization: string } };
  let cls: { id: string; title: string };
  let sessions: string[];
  let ann: EnrolledStudent;
  let bob: EnrolledStudent;
  let outsider: EnrolledStudent;

  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t, { plan: 'professional' });
    other = await createOrg(t, { plan: 'professional' });
    teacher = await createTeacher(t, org);
    cls = await createClass(t, org, { title: 'Yoga', days: 3, schedule: 'Weekly', startDate: '2031-05-05T18:00:00.000Z' });
    sessions = ['2031-05-05T18:00:00.000Z', '2031-05-12T18:00:00.000Z', '2031-05-19T18:00:00.000Z'];
    bob = await enrollStudent(t, org, cls.id, { firstName: 'Bob', lastName: 'Young' });
    ann = await enrollStudent(t, org, cls.id, { firstName: 'Ann', lastName: 'Adams' });
    const elsewhere = await createClass(t, org, { title: 'Elsewhere' });
    outsider = await enrollStudent(t, org, elsewhere.id);
  });
  afterAll(async () => {
    await t.close();
  });

  const rows = async (sessionIndex?: number) =>
    t.db.query(
      `SELECT student_id, session_index, attended FROM attendance WHERE class_id = $1 ${sessionIndex === undefined ? '' : 'AND session_index = $2'} ORDER BY session_index, student_id`,
      sessionIndex === undefined ? [cls.id] : [cls.id, sessionIndex],
    );
  const sessionOf = async (i: number): Promise<Session> =>
    (await t.http.get(`/api/attendance/class/${cls.id}`).set(teacher.auth).expect(200)).body.data.sessions[i];

  it('should list every scheduled session before anything is marked, with no made-up percent', async () => {
    const res = await t.http.get(`/api/attendance/class/${cls.id}`).set(teacher.auth).expect(200);
    expect(res.body.data.classId).toBe(cls.id);
    expect(res.body.data.students).toEqual([
      { id: ann.id, firstName: 'Ann', lastName: 'Adams', dropInSessions: null, pastDue: false, makeUpSessions: null },
      { id: bob.id, firstName: 'Bob', lastName: 'Young', dropInSessions: null, pastDue: false, makeUpSessions: null },
    ]);
    expect(res.body.data.sessions).toEqual(
      sessions.map((sessionDate, sessionIndex) => ({
        sessionIndex,
        sessionDate,
        entries: [],
        presentCount: 0,
        absentCount: 0,
        percent: null,
        dropIns: [],
        makeUps: [],
      })),
    );
  });

  it('should mark one student, then upsert the same entry, with one activity event per call', async () => {
    const before = await activityCount(t, org.orgId, 'attendance_marked');
    const res = await t.http
      .post('/api/attendance/mark')
      .set(teacher.auth)
      .send({ studentId: ann.id, classId: cls.id, sessionDate: sessions[0], sessionIndex: 0, attended: true, organizationId: org.orgId })
      .expect(200);
    expect(res.body.data).toEqual({ studentId: ann.id, classId: cls.id, sessionIndex: 0, sessionDate: sessions[0], attended: true });
    expect(await sessionOf(0)).toMatchObject({
      entries: [{ studentId: ann.id, attended: true }],
      presentCount: 1,
      absentCount: 0,
      percent: 50,
    });
    await t.http
      .post('/api/attendance/mark')
      .set(org.auth)
      .send({ studentId: ann.id, classId: cls.id, sessionDate: sessions[0], sessionIndex: 0, attended: false })
      .expect(200);
    expect(await rows(0)).toEqual([{ student_id: ann.id, session_index: 0, attended: false }]);
    expect(await sessionOf(0)).toMatchObject({ presentCount: 0, absentCount: 1, percent: 0 });
    expect(await activityCount(t, org.orgId, 'attendance_marked')).toBe(before + 2);
    const [event] = await t.db.query(
      "SELECT description, metadata FROM activity_events WHERE organization_id = $1 AND event_type = 'attendance_marked' ORDER BY event_date DESC LIMIT 1",
      [org.orgId],
    );
    expect(event.metadata).toMatchObject({
      classId: cls.id,
      className: 'Yoga',
      sessionIndex: 0,
      studentId: ann.id,
      studentName: 'Ann Adams',
      presentCount: 0,
    });
  });

  it('should mark a whole session in one bulk call and one event', async () => {
    const before = await activityCount(t, org.orgId, 'attendance_marked');
    const res = await t.http
      .post('/api/attendance/bulk')
      .set(teacher.auth)
      .send({
        classId: cls.id,
        sessionDate: sessions[1],
        sessionIndex: 1,
        attendanceData: [
          { studentId: ann.id, attended: true },
          { studentId: bob.id, attended: true },
        ],
      })
      .expect(200);
    expect(res.body.data).toHaveLength(2);
    expect(res.body.data).toEqual(
      expect.arrayContaining([{ studentId: bob.id, classId: cls.id, sessionIndex: 1, sessionDate: sessions[1], attended: true }]),
    );
    expect(await sessionOf(1)).toMatchObject({ presentCount: 2, absentCount: 0, percent: 100 });
    expect(await activityCount(t, org.orgId, 'attendance_marked')).toBe(before + 1);
  });

  it('should write nothing when one student of a bulk call is not enrolled', async () => {
    const before = await activityCount(t, org.orgId, 'attendance_marked');
    const res = await t.http
      .post('/api/attendance/bulk')
      .set(teacher.auth)
      .send({
        classId: cls.id,
        sessionDate: sessions[2],
        sessionIndex: 2,
        attendanceData: [
          { studentId: ann.id, attended: true },
          { studentId: outsider.id, attended: true },
          { studentId: bob.id, attended: false },
        ],
      })
      .expect(400);
    expect(res.body.errors).toEqual({ 'attendanceData.1.studentId': 'This student is not enrolled in this class' });
    const unknown = await t.http
      .post('/api/attendance/bulk')
      .set(teacher.auth)
      .send({
        classId: cls.id,
        sessionDate: sessions[2],
        sessionIndex: 2,
        attendanceData: [
          { studentId: ann.id, attended: true },
          { studentId: randomUUID(), attended: true },
        ],
      })
      .expect(400);
    expect(unknown.body.errors).toHaveProperty(['attendanceData.1.studentId']);
    const twice = await t.http
      .post('/api/attendance/bulk')
      .set(teacher.auth)
      .send({
        classId: cls.id,
        sessionDate: sessions[2],
        sessionIndex: 2,
        attendanceData: [
          { studentId: ann.id, attended: true },
          { studentId: ann.id, attended: false },
        ],
      })
      .expect(400);
    expect(twice.body.errors).toHaveProperty(['attendanceData.1.studentId']);
    expect(await rows(2)).toEqual([]);
    expect(await activityCount(t, org.orgId, 'attendance_marked')).toBe(before);
  });

  it('should refuse a student not enrolled in the class on a single mark', async () => {
    const res = await t.http
      .post('/api/attendance/mark')
      .set(teacher.auth)
      .send({ studentId: outsider.id, classId: cls.id, sessionDate: sessions[0], sessionIndex: 0, attended: true })
      .expect(400);
    expect(res.body.errors).toEqual({ studentId: 'This student is not enrolled in this class' });
  });

  it('should validate the session index against the class and the body fields', async () => {
    const high = await t.http
      .post('/api/attendance/mark')
      .set(teacher.auth)
      .send({ studentId: ann.id, classId: cls.id, sessionDate: sessions[2], sessionIndex: 3, attended: true })
      .expect(400);
    expect(Object.keys(high.body.errors)).toEqual(['sessionIndex']);
    expect(high.body.error).toMatch(/between 0 and 2/);
    const negative = await t.http
      .post('/api/attendance/bulk')
      .set(teacher.auth)
      .send({ classId: cls.id, sessionDate: sessions[0], sessionIndex: -1, attendanceData: [{ studentId: ann.id, attended: true }] })
      .expect(400);
    expect(negative.body.errors).toEqual({ sessionIndex: 'sessionIndex cannot be negative' });
    const fields = await t.http
      .post('/api/attendance/mark')
      .set(teacher.auth)
      .send({ studentId: ann.id, classId: cls.id, sessionIndex: 0, sessionDate: 'monday' })
      .expect(400);
    expect(fields.body.errors).toEqual({ sessionDate: 'sessionDate must be an ISO date', attended: 'attended must be true or false' });
    const empty = await t.http
      .post('/api/attendance/bulk')
      .set(teacher.auth)
      .send({ classId: cls.id, sessionDate: sessions[0], sessionIndex: 0, attendanceData: [] })
      .expect(400);
    expect(empty.body.errors).toEqual({ attendanceData: 'attendanceData must not be empty' });
    const nested = await t.http
      .post('/api/attendance/bulk')
      .set(teacher.auth)
      .send({ classId: cls.id, sessionDate: sessions[0], sessionIndex: 0, attendanceData: [{ studentId: ann.id, attended: 'yes' }] })
      .expect(400);
    expect(nested.body.errors).toEqual({ 'attendanceData.0.attended': 'attended must be true or false' });
  });

  it('should answer 404 for an unknown or malformed class id', async () => {
    await t.http.get(`/api/attendance/class/${randomUUID()}`).set(teacher.auth).expect(404);
    await t.http.get('/api/attendance/class/not-an-id').set(teacher.auth).expect(404);
    await t.http
      .post('/api/attendance/mark')
      .set(teacher.auth)
      .send({ studentId: ann.id, classId: randomUUID(), sessionDate: sessions[0], sessionIndex: 0, attended: true })
      .expect(404);
  });

  it('should need a token', async () => {
    await t.http.get(`/api/attendance/class/${cls.id}`).expect(401);
    await t.http
      .post('/api/attendance/mark')
      .send({ studentId: ann.id, classId: cls.id, sessionDate: sessions[0], sessionIndex: 0, attended: true })
      .expect(401);
    await t.http
      .post('/api/attendance/bulk')
      .send({ classId: cls.id, sessionDate: sessions[0], sessionIndex: 0, attendanceData: [] })
      .expect(401);
  });

  it('should keep other organizations out and change nothing', async () => {
    const snapshot = await rows();
    const events = await t.db.query('SELECT count(*)::int AS n FROM activity_events');
    const mark = { studentId: ann.id, classId: cls.id, sessionDate: sessions[2], sessionIndex: 2, attended: true };
    const bulk = { classId: cls.id, sessionDate: sessions[2], sessionIndex: 2, attendanceData: [{ studentId: ann.id, attended: true }] };
    await t.http.get(`/api/attendance/class/${cls.id}`).set(other.auth).expect(404);
    await t.http.post('/api/attendance/mark').set(other.auth).send(mark).expect(404);
    await t.http.post('/api/attendance/bulk').set(other.auth).send(bulk).expect(404);
    await t.http
      .post('/api/attendance/mark')
      .set(other.auth)
      .send({ ...mark, organizationId: org.orgId })
      .expect(403);
    await t.http
      .post('/api/attendance/bulk')
      .set(other.auth)
      .send({ ...bulk, organizationId: org.orgId })
      .expect(403);
    expect(await rows()).toEqual(snapshot);
    expect(await t.db.query('SELECT count(*)::int AS n FROM activity_events')).toEqual(events);
  });
});
