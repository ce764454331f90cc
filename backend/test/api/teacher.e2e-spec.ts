import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClass, createOrg, createTeacher, type OrgFixture } from '../fixtures/org.fixture';
import { enrollStudent, todayAt } from '../fixtures/roster.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

type Row = { id: string; title: string; paidCount: number; pendingCount: number; sessions: string[]; status: string };

describe('teacher classes', () => {
  let t: TestApp;
  let org: OrgFixture;
  let other: OrgFixture;
  let teacher: { auth: { Authorization: string } };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t, { plan: 'professional' });
    other = await createOrg(t, { plan: 'professional' });
    teacher = await createTeacher(t, org);
    const make = async (key: string, start: Date, extra: Record<string, unknown> = {}) => {
      ids[key] = (await createClass(t, org, { title: key, startDate: start.toISOString(), days: 1, schedule: 'Consecutive', ...extra })).id;
    };
    // Registration for a class closes once its only session has ended (12:00-13:00 today), so the roster is
    // enrolled while the class is still a month ahead and the class is then moved to today.
    await make('today', todayAt(12, 30));
    // Started a week ago, meets weekly: its second session is today.
    await make('weeklyOngoing', todayAt(9, -7), { days: 3, schedule: 'Weekly' });
    await make('yesterday', todayAt(12, -1));
    await make('archivedToday', todayAt(15), { status: 'Archived' });
    for (let i = 1; i <= 6; i++) await make(`upcoming${i}`, todayAt(10, i));
    await make('cancelledSoon', todayAt(8, 1));
    await t.db.query("UPDATE classes SET status = 'Cancelled' WHERE id = $1", [ids.cancelledSoon]);
    const paid = await enrollStudent(t, org, ids.today);
    await enrollStudent(t, org, ids.today);
    await enrollStudent(t, org, ids.upcoming1, { email: paid.email });
    await t.db.query('UPDATE classes SET start_date = $2 WHERE id = $1', [ids.today, todayAt(12)]);
    // Its session record moves with it (the classes module keeps them in step; this raw write goes around it).
    await t.db.query("UPDATE class_sessions SET starts_at = $2, ends_at = $2::timestamptz + interval '1 hour' WHERE class_id = $1", [
      ids.today,
      todayAt(12),
    ]);
    await t.db.query(
      "UPDATE enrollments SET payment_status = 'completed', amount_paid_cents = 8000 WHERE student_id = $1 AND class_id = $2",
      [paid.id, ids.today],
    );
    // Another organization's class today must never appear.
    await createClass(t, other, { title: 'foreign', startDate: todayAt(12).toISOString(), days: 1 });
  });
  afterAll(async () => {
    await t.close();
  });

  const titles = (rows: Row[]) => rows.map((r) => r.title);

  it('should list today the classes meeting today, by start or by a later session, with payment counts', async () => {
    const res = await t.http.get('/api/teacher/classes?scope=today').set(teacher.auth).expect(200);
    const rows = res.body.data as Row[];
    expect(titles(rows).sort()).toEqual(['today', 'weeklyOngoing']);
    const today = rows.find((r) => r.title === 'today')!;
    expect(today).toMatchObject({
      id: ids.today,
      paidCount: 1,
      pendingCount: 1,
      organizationId: org.orgId,
      price: 100,
      enrolledStudents: 2,
    });
    expect(today.sessions).toHaveLength(1);
    expect(rows.find((r) => r.title === 'weeklyOngoing')).toMatchObject({ paidCount: 0, pendingCount: 0 });
  });

  it('should list the 5 soonest upcoming classes after today, honouring limit', async () => {
    const res = await t.http.get('/api/teacher/classes?scope=upcoming').set(teacher.auth).expect(200);
    expect(titles(res.body.data)).toEqual(['upcoming1', 'upcoming2', 'upcoming3', 'upcoming4', 'upcoming5']);
    expect(res.body.data[0]).toMatchObject({ paidCount: 0, pendingCount: 1 });
    const two = await t.http.get('/api/teacher/classes?scope=upcoming&limit=2').set(org.auth).expect(200);
    expect(titles(two.body.data)).toEqual(['upcoming1', 'upcoming2']);
  });

  it('should list all visible classes soonest first, without Archived or Cancelled ones (the default scope)', async () => {
    const all = await t.http.get('/api/teacher/classes?scope=all').set(teacher.auth).expect(200);
    expect(titles(all.body.data)).toEqual([
      'weeklyOngoing',
      'yesterday',
      'today',
      'upcoming1',
      'upcoming2',
      'upcoming3',
      'upcoming4',
      'upcoming5',
      'upcoming6',
    ]);
    const byDefault = await t.http.get('/api/teacher/classes').set(teacher.auth).expect(200);
    expect(titles(byDefault.body.data)).toEqual(titles(all.body.data));
  });

  it('should compute the quick overview from data', async () => {
    const res = await t.http.get('/api/teacher/overview').set(teacher.auth).expect(200);
    expect(res.body.data).toEqual({ totalClasses: 9, totalStudents: 2, todaysClasses: 2 });
  });

  it('should refuse bad query parameters naming the field', async () => {
    const scope = await t.http.get('/api/teacher/classes?scope=tomorrow').set(teacher.auth).expect(400);
    expect(scope.body.errors).toEqual({ scope: 'scope must be today, upcoming or all' });
    const limit = await t.http.get('/api/teacher/classes?scope=upcoming&limit=0').set(teacher.auth).expect(400);
    expect(limit.body.errors).toEqual({ limit: 'limit must be at least 1' });
    const unknown = await t.http.get('/api/teacher/classes?colour=red').set(teacher.auth).expect(400);
    expect(unknown.body.success).toBe(false);
  });

  it('should need a token', async () => {
    await t.http.get('/api/teacher/classes?scope=today').expect(401);
    await t.http.get('/api/teacher/overview').expect(401);
  });

  it('should keep each organization to its own classes', async () => {
    const res = await t.http.get('/api/teacher/classes?scope=all').set(other.auth).expect(200);
    expect(titles(res.body.data)).toEqual(['foreign']);
    expect(res.body.data[0]).toMatchObject({ paidCount: 0, pendingCount: 0 });
    const overview = await t.http.get('/api/teacher/overview').set(other.auth).expect(200);
    expect(overview.body.data).toEqual({ totalClasses: 1, totalStudents: 0, todaysClasses: 1 });
    await t.http.get(`/api/teacher/classes?organizationId=${org.orgId}`).set(other.auth).expect(403);
    await t.http.get(`/api/teacher/overview?organizationId=${org.orgId}`).set(other.auth).expect(403);
    await t.http.get(`/api/teacher/overview?organizationId=${org.orgId}`).set(org.auth).expect(200);
  });
  it('should count today by the session records: a session moved to today counts, one cancelled today does not', async () => {
    const sessionsOf = async (classId: string) =>
      (await t.http.get(`/api/classes/${classId}/sessions`).set(org.auth).expect(200)).body.data as { id: string; startsAt: string }[];
    const [yesterday] = await sessionsOf(ids.yesterday);
    await t.http
      .put(`/api/class-sessions/${yesterday.id}`)
      .set(org.auth)
      .send({ startsAt: todayAt(18).toISOString() })
      .expect(200);
    const todays = (await sessionsOf(ids.weeklyOngoing)).find((s) => new Date(s.startsAt).getTime() === todayAt(9).getTime())!;
    await t.http.post(`/api/class-sessions/${todays.id}/cancel`).set(org.auth).send({ reason: 'Snow', notify: false }).expect(201);
    const rows = (await t.http.get('/api/teacher/classes?scope=today').set(teacher.auth).expect(200)).body.data as Row[];
    expect(titles(rows).sort()).toEqual(['today', 'yesterday']);
    expect((await t.http.get('/api/teacher/overview').set(teacher.auth).expect(200)).body.data.todaysClasses).toBe(2);
  });
});
