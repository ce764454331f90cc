import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClass, createOrg, studentBody, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

/*
 * The attendance report reads `attendance_tallies` (migration 1765500000000), kept by triggers on attendance and
 * enrollments. Every step below writes the way the product does (marks through the API, a removal, a deleted
 * student) or the way nothing in the product should (a mark of a student not enrolled), and checks the report
 * against figures computed by hand and the tally table against a recount from the marks and the enrollments.
 *
 * One class on consecutive days of three sessions (10, 9 and 8 days ago) with students A, B, D, E:
 *   step 1  s0: A, B, E present, D absent; s1: A absent, B present
 *           -> s0 4 enrolled, 3 present, 1 absent, 0 unmarked, 75%; s1 1/1/2, 25%; s2 0/0/4, null
 *   step 2  A's s0 changed to absent                               -> s0 2/2/0, 50%
 *   step 3  B removed from the class (the enrollment row deleted)  -> 3 enrolled; s0 1/2/0, 33%; s1 0/1/2, 0%
 *   step 4  a mark for B on s2 while not enrolled: counts nothing; B enrolled again (active): B's three marks count
 *           -> 4 enrolled; s0 2/2/0, 50%; s1 1/1/2, 25%; s2 1/0/3, 25%
 *   step 5  B's enrollment cancelled, then active again (status only) -> same as step 4 in between: step 3's figures
 *   step 6  student D deleted (their enrollment and marks go with them) -> 3 enrolled; s0 2/1/0, 67%; s1 1/1/1, 33%; s2 1/0/2, 33%
 *   step 7  the class deleted                                       -> no tally row left for it
 */
describe('attendance report tallies', () => {
  let t: TestApp;
  let org: OrgFixture;
  let classId: string;
  const ids: Record<string, string> = {};
  const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
  const range = () => `startDate=${day(12)}&endDate=${day(0)}`;

  /** The tally rows of the organization against a recount of the marks of active enrollments. */
  async function expectTallyMatchesRecount() {
    const tally = await t.db.query(
      `SELECT class_id, session_index, present, absent FROM attendance_tallies
        WHERE organization_id = $1 AND present + absent > 0 ORDER BY 1, 2`,
      [org.orgId],
    );
    const recount = await t.db.query(
      `SELECT a.class_id, a.session_index, count(*) FILTER (WHERE a.attended)::int AS present, count(*) FILTER (WHERE NOT a.attended)::int AS absent
         FROM attendance a JOIN enrollments e ON e.class_id = a.class_id AND e.student_id = a.student_id AND e.status = 'active'
        WHERE a.organization_id = $1 GROUP BY 1, 2 ORDER BY 1, 2`,
      [org.orgId],
    );
    expect(tally).toEqual(recount);
  }

  /** [enrolled, present, absent, unmarked, rate] per session of the report. */
  async function report() {
    const res = await t.http.get(`/api/reports/attendance?${range()}`).set(org.auth).expect(200);
    return (res.body.data.rows as Record<string, number | null>[]).map((r) => [
      r.enrolled,
      r.present,
      r.absent,
      r.unmarked,
      r.attendanceRate,
    ]);
  }

  async function mark(sessionIndex: number, marks: [string, boolean][]) {
    await t.http
      .post('/api/attendance/bulk')
      .set(org.auth)
      .send({
        classId,
        sessionIndex,
        sessionDate: new Date().toISOString(),
        attendanceData: marks.map(([k, attended]) => ({ studentId: ids[k], attended })),
      })
      .expect(200);
  }

  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t, { plan: 'professional' });
    classId = (await createClass(t, org, { title: 'Tally class', days: 3, schedule: 'Consecutive' })).id;
    await t.db.query(`UPDATE classes SET start_date = now() - interval '10 days' WHERE id = $1`, [classId]);
    for (const k of ['A', 'B', 'D', 'E']) {
      const res = await t.http
        .post('/api/students')
        .set(org.auth)
        .send({
          ...studentBody({ firstName: `Student ${k}` }),
          classEnrollments: [{ classId, paymentMethod: 'in-person', paymentStatus: 'pending' }],
        })
        .expect(201);
      ids[k] = res.body.data.id;
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('should count marks per session as the hand-computed case, whatever writes them', async () => {
    await mark(0, [
      ['A', true],
      ['B', true],
      ['D', false],
      ['E', true],
    ]);
    await mark(1, [
      ['A', false],
      ['B', true],
    ]);
    expect(await report()).toEqual([
      [4, 3, 1, 0, 75],
      [4, 1, 1, 2, 25],
      [4, 0, 0, 4, null],
    ]);
    await expectTallyMatchesRecount();

    await mark(0, [['A', false]]);
    expect((await report())[0]).toEqual([4, 2, 2, 0, 50]);
    await expectTallyMatchesRecount();

    await t.http.delete(`/api/students/${ids.B}/enrollments/${classId}`).set(org.auth).expect(200);
    const afterRemoval = [
      [3, 1, 2, 0, 33],
      [3, 0, 1, 2, 0],
      [3, 0, 0, 3, null],
    ];
    expect(await report()).toEqual(afterRemoval);
    await expectTallyMatchesRecount();

    await t.db.query(
      `INSERT INTO attendance (organization_id, class_id, student_id, session_index, session_date, attended) VALUES ($1, $2, $3, 2, now(), true)`,
      [org.orgId, classId, ids.B],
    );
    expect(await report()).toEqual(afterRemoval);
    await expectTallyMatchesRecount();
    const [{ id: enrollmentB }] = await t.db.query(
      `INSERT INTO enrollments (organization_id, student_id, class_id, status) VALUES ($1, $2, $3, 'active') RETURNING id`,
      [org.orgId, ids.B, classId],
    );
    const withB = [
      [4, 2, 2, 0, 50],
      [4, 1, 1, 2, 25],
      [4, 1, 0, 3, 25],
    ];
    expect(await report()).toEqual(withB);
    await expectTallyMatchesRecount();

    await t.db.query(`UPDATE enrollments SET status = 'cancelled', cancelled_at = now() WHERE id = $1`, [enrollmentB]);
    expect(await report()).toEqual(afterRemoval);
    await expectTallyMatchesRecount();
    await t.db.query(`UPDATE enrollments SET status = 'active', cancelled_at = NULL WHERE id = $1`, [enrollmentB]);
    expect(await report()).toEqual(withB);
    await expectTallyMatchesRecount();

    await t.http.delete(`/api/students/${ids.D}`).set(org.auth).expect(200);
    expect(await report()).toEqual([
      [3, 2, 1, 0, 67],
      [3, 1, 1, 1, 33],
      [3, 1, 0, 2, 33],
    ]);
    await expectTallyMatchesRecount();

    await t.db.query('DELETE FROM classes WHERE id = $1', [classId]);
    expect((await t.db.query('SELECT count(*)::int AS n FROM attendance_tallies WHERE class_id = $1', [classId]))[0].n).toBe(0);
    expect(await report()).toEqual([]);
  });
});
