import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClass, createOrg, createTeacher, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';
import { ReportsRepository } from '../../src/modules/reporting/reports.repository';

/*
 * Fixed data whose answers were computed by hand. The organization counts days in
 * America/Chicago; 2026-11-01 is the day daylight saving time ends there, so the range 2026-11-01..2026-11-10
 * starts at 05:00Z (CDT, UTC-5) and ends at 2026-11-11T06:00Z (CST, UTC-6).
 *
 * Ceramics (capacity 4; sessions Nov 5, 6, 7 at 15:00Z)
 *   e1 s1 active, enrolled/paid 2026-11-02T05:30Z (Nov 1 local), in person $80
 *   e2 s2 active, enrolled/paid 2026-11-02T06:30Z (Nov 2 local), card $100 (fee $3, org $97), refund $25 on Nov 4
 *   e3 s3 active, Nov 3, pending
 *   e4 s4 cancelled, Nov 3, card $100 (fee $3, org $97), refunded $100 on Nov 4
 *   e5 s5 held (not counted), e6 s6 expired with a late payment of $100 refunded (not counted)
 * Drawing (capacity 5; sessions Nov 8 20:00 local, Nov 15)
 *   e10 s10 active 2026-11-01T05:00Z (first instant of the range), pending
 *   e7 s7 active 2026-11-11T05:59Z (Nov 10 23:59 local, in), in person $45.50 paid then
 *   e8 s8 active 2026-11-11T06:00Z (Nov 11 local, out), in person $30 paid then
 *   e9 s9 expired 2026-11-01T04:59Z (Oct 31 local, out)
 * Old (Archived) with an active paid enrollment in range: left out everywhere.
 * Another organization has a class with an enrollment and a payment in the range: never seen.
 */
describe('reports API', () => {
  let t: TestApp;
  let org: OrgFixture;
  let other: OrgFixture;
  let free: OrgFixture;
  let ceramics: { id: string };
  let drawing: { id: string };
  let otherClass: { id: string };
  const students: Record<string, string> = {};
  const enrollments: Record<string, string> = {};

  async function student(o: OrgFixture, key: string, registered = '2026-11-02T12:00:00Z') {
    const [row] = await t.db.query(
      `INSERT INTO students (organization_id, first_name, last_name, email, phone, registration_date)
       VALUES ($1, $2, 'Tester', $3, '5595550100', $4) RETURNING id`,
      [o.orgId, key.toUpperCase(), `${key}-${o.orgId.slice(0, 8)}@example.com`, registered],
    );
    students[key] = row.id;
    return row.id as string;
  }

  async function enroll(
    o: OrgFixture,
    key: string,
    classId: string,
    f: { at: string; status?: string; method?: string; paid?: number; fee?: number; org?: number; refunded?: number },
  ) {
    const paid = f.paid ?? 0;
    const [row] = await t.db.query(
      `INSERT INTO enrollments (organization_id, student_id, class_id, enrollment_date, status, hold_expires_at, payment_method,
                                payment_status, amount_paid_cents, platform_fee_cents, organization_amount_cents, refunded_cents, paid_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
      [
        o.orgId,
        await student(o, key),
        classId,
        f.at,
        f.status ?? 'active',
        f.status === 'held' ? new Date(Date.now() + 3600_000) : null,
        f.method ?? 'in-person',
        paid > 0 ? 'completed' : 'pending',
        paid,
        f.fee ?? 0,
        f.org ?? 0,
        f.refunded ?? 0,
        paid > 0 ? f.at : null,
      ],
    );
    enrollments[key] = row.id;
    return row.id as string;
  }

  async function refund(o: OrgFixture, key: string, cents: number, at: string, source = 'admin') {
    await t.db.query(
      `INSERT INTO refunds (organization_id, enrollment_id, amount_cents, status, source, created_at) VALUES ($1, $2, $3, 'succeeded', $4, $5)`,
      [o.orgId, enrollments[key], cents, source, at],
    );
  }

  async function mark(classId: string, key: string, sessionIndex: number, attended: boolean, o: OrgFixture = org) {
    await t.db.query(
      `INSERT INTO attendance (organization_id, class_id, student_id, session_index, session_date, attended) VALUES ($1, $2, $3, $4, now(), $5)`,
      [o.orgId, classId, students[key], sessionIndex, attended],
    );
  }

  const range = 'startDate=2026-11-01&endDate=2026-11-10';

  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t, { plan: 'professional', name: 'Clovis Arts' });
    other = await createOrg(t, { plan: 'professional' });
    free = await createOrg(t);
    await t.http
      .put(`/api/organizations/${org.orgId}`)
      .set(org.auth)
      .send({ name: 'Clovis Arts', settings: { timeZone: 'America/Chicago' } })
      .expect(200);

    ceramics = await createClass(t, org, { title: 'Ceramics', maxStudents: 4, days: 3, schedule: 'Consecutive' });
    drawing = await createClass(t, org, { title: 'Drawing', maxStudents: 5, days: 2, schedule: 'Weekly' });
    const old = await createClass(t, org, { title: 'Old', maxStudents: 5, days: 1 });
    otherClass = await createClass(t, other, { title: 'Elsewhere', maxStudents: 5, days: 1 });
    await t.db.query('UPDATE classes SET start_date = $2 WHERE id = $1', [ceramics.id, '2026-11-05T15:00:00Z']);
    await t.db.query('UPDATE classes SET start_date = $2 WHERE id = $1', [drawing.id, '2026-11-09T02:00:00Z']);
    await t.db.query(`UPDATE classes SET start_date = $2, status = 'Archived' WHERE id = $1`, [old.id, '2026-11-04T15:00:00Z']);
    await t.db.query('UPDATE classes SET start_date = $2 WHERE id = $1', [otherClass.id, '2026-11-04T15:00:00Z']);

    await enroll(org, 's1', ceramics.id, { at: '2026-11-02T05:30:00Z', paid: 8000 });
    await enroll(org, 's2', ceramics.id, { at: '2026-11-02T06:30:00Z', method: 'card', paid: 10000, fee: 300, org: 9700, refunded: 2500 });
    await enroll(org, 's3', ceramics.id, { at: '2026-11-03T12:00:00Z' });
    await enroll(org, 's4', ceramics.id, {
      at: '2026-11-03T13:00:00Z',
      status: 'cancelled',
      method: 'card',
      paid: 10000,
      fee: 300,
      org: 9700,
      refunded: 10000,
    });
    await enroll(org, 's5', ceramics.id, { at: '2026-11-03T14:00:00Z', status: 'held', method: 'card' });
    await enroll(org, 's6', ceramics.id, {
      at: '2026-11-03T15:00:00Z',
      status: 'expired',
      method: 'card',
      paid: 10000,
      fee: 300,
      org: 9700,
      refunded: 10000,
    });
    await refund(org, 's2', 2500, '2026-11-04T12:00:00Z');
    await refund(org, 's4', 10000, '2026-11-04T13:00:00Z');
    await refund(org, 's6', 10000, '2026-11-04T14:00:00Z', 'late_payment');
    await enroll(org, 's10', drawing.id, { at: '2026-11-01T05:00:00Z' });
    await enroll(org, 's7', drawing.id, { at: '2026-11-11T05:59:00Z', paid: 4550 });
    await enroll(org, 's8', drawing.id, { at: '2026-11-11T06:00:00Z', paid: 3000 });
    await enroll(org, 's9', drawing.id, { at: '2026-11-01T04:59:00Z', status: 'expired' });
    await enroll(org, 'old1', old.id, { at: '2026-11-03T12:00:00Z', paid: 5000 });
    await enroll(other, 'x1', otherClass.id, { at: '2026-11-03T12:00:00Z', paid: 9900 });
    // A student registered before the month: not a new student of November.
    await t.db.query(`UPDATE students SET registration_date = '2026-10-15T12:00:00Z' WHERE id = $1`, [students.s9]);

    await mark(ceramics.id, 's1', 0, true);
    await mark(ceramics.id, 's2', 0, true);
    await mark(ceramics.id, 's3', 0, false);
    await mark(ceramics.id, 's4', 0, true); // cancelled since: not counted
    await mark(ceramics.id, 's1', 1, true);
    await mark(otherClass.id, 'x1', 0, true, other);
  });
  afterAll(async () => {
    await t.close();
  });

  it("should keep the organization's time zone and refuse a name outside the IANA list", async () => {
    const res = await t.http.get('/api/organizations').set(org.auth).expect(200);
    expect(res.body.data[0].settings.timeZone).toBe('America/Chicago');
    const bad = await t.http
      .put(`/api/organizations/${org.orgId}`)
      .set(org.auth)
      .send({ name: 'Clovis Arts', settings: { timeZone: 'Mars/Olympus_Mons' } })
      .expect(400);
    expect(bad.body.error).toMatch(/IANA time zone/);
  });

  it('should report enrollments per class with rounded fill rates and a per-day series in the local zone', async () => {
    const res = await t.http.get(`/api/reports/enrollment?${range}`).set(org.auth).expect(200);
    const d = res.body.data;
    expect(d).toMatchObject({ report: 'enrollment', startDate: '2026-11-01', endDate: '2026-11-10', timeZone: 'America/Chicago' });
    expect(d.rows.map((r: { className: string }) => r.className)).toEqual(['Ceramics', 'Drawing']);
    expect(d.rows[0]).toMatchObject({ classId: ceramics.id, enrolled: 3, cancelled: 1, capacity: 4, fillRate: 75 });
    expect(d.rows[1]).toMatchObject({ classId: drawing.id, enrolled: 2, cancelled: 0, capacity: 5, fillRate: 40 });
    expect(d.totals).toEqual({ classes: 2, enrolled: 5, cancelled: 1, capacity: 9, fillRate: 56 });
    expect(d.series).toHaveLength(10);
    const byDay = Object.fromEntries(d.series.map((s: { date: string; enrollments: number }) => [s.date, s.enrollments]));
    expect(byDay).toMatchObject({ '2026-11-01': 2, '2026-11-02': 1, '2026-11-03': 1, '2026-11-04': 0, '2026-11-10': 1 });
  });

  it('should report money received net of refunds, card against in person, fees and averages to the cent', async () => {
    const res = await t.http.get(`/api/reports/revenue?${range}`).set(org.auth).expect(200);
    const d = res.body.data;
    expect(d.rows).toEqual([
      {
        classId: ceramics.id,
        className: 'Ceramics',
        payments: 3,
        gross: 280,
        refunds: 125,
        total: 155,
        averagePerStudent: 51.67,
        card: 200,
        inPerson: 80,
        platformFee: 6,
        organizationAmount: 149,
        discounts: 0,
      },
      {
        classId: drawing.id,
        className: 'Drawing',
        payments: 1,
        gross: 45.5,
        refunds: 0,
        total: 45.5,
        averagePerStudent: 45.5,
        card: 0,
        inPerson: 45.5,
        platformFee: 0,
        organizationAmount: 45.5,
        discounts: 0,
      },
    ]);
    expect(d.totals).toEqual({
      classes: 2,
      payments: 4,
      gross: 325.5,
      refunds: 125,
      total: 200.5,
      averagePerStudent: 50.13,
      card: 200,
      inPerson: 125.5,
      platformFee: 6,
      organizationAmount: 194.5,
      discounts: 0,
    });
    expect(d.discountsGiven).toEqual({ rules: [], codes: [] });
    const byDay = Object.fromEntries(d.series.map((s: { date: string; revenue: number }) => [s.date, s.revenue]));
    expect(byDay).toMatchObject({
      '2026-11-01': 80,
      '2026-11-02': 100,
      '2026-11-03': 100,
      '2026-11-04': -125,
      '2026-11-05': 0,
      '2026-11-10': 45.5,
    });
  });

  it('should report attendance per class and session, counting only current enrollments', async () => {
    const res = await t.http.get(`/api/reports/attendance?${range}`).set(org.auth).expect(200);
    const d = res.body.data;
    expect(
      d.rows.map((r: Record<string, unknown>) => [
        r.className,
        r.sessionIndex,
        r.date,
        r.enrolled,
        r.present,
        r.absent,
        r.unmarked,
        r.attendanceRate,
      ]),
    ).toEqual([
      ['Ceramics', 0, '2026-11-05', 3, 2, 1, 0, 67],
      ['Ceramics', 1, '2026-11-06', 3, 1, 0, 2, 33],
      ['Ceramics', 2, '2026-11-07', 3, 0, 0, 3, null],
      ['Drawing', 0, '2026-11-08', 3, 0, 0, 3, null],
    ]);
    expect(d.totals).toEqual({ sessions: 4, present: 3, absent: 1, unmarked: 8, attendanceRate: 50 });
    expect(d.series.find((s: { date: string }) => s.date === '2026-11-05')).toEqual({ date: '2026-11-05', present: 2, absent: 1 });
  });

  it('should narrow a report to one class (the teacher’s View Reports) and let a teacher read it', async () => {
    const teacher = await createTeacher(t, org);
    const res = await t.http.get(`/api/reports/attendance?${range}&classId=${drawing.id}`).set(teacher.auth).expect(200);
    expect(res.body.data.rows).toHaveLength(1);
    expect(res.body.data.classId).toBe(drawing.id);
  });

  it('should move the range edges with the zone: one day earlier leaves out the Nov 10 enrollment', async () => {
    const res = await t.http.get('/api/reports/enrollment?startDate=2026-11-01&endDate=2026-11-09').set(org.auth).expect(200);
    expect(res.body.data.totals.enrolled).toBe(4);
    const utc = await t.http.get('/api/reports/enrollment?startDate=2026-11-11&endDate=2026-11-11').set(org.auth).expect(200);
    expect(utc.body.data.rows).toEqual([expect.objectContaining({ className: 'Drawing', enrolled: 1 })]);
  });

  it('should answer the period metrics of a month from the data', async () => {
    const res = await t.http.get('/api/reporting/period-metrics?period=2026-11').set(org.auth).expect(200);
    expect(res.body.data).toEqual({
      period: '2026-11',
      organizationId: org.orgId,
      timeZone: 'America/Chicago',
      revenue: 230.5,
      enrollments: 6,
      newStudents: 10,
      classesHeld: 2,
      averageClassSize: 3,
      satisfactionScore: null,
    });
  });

  it('should list revenue transactions, enrollment events and nothing client-reported', async () => {
    const rev = await t.http.get(`/api/revenue?${range}`).set(org.auth).expect(200);
    expect(rev.body.data.map((x: { finalAmount: number }) => x.finalAmount).sort()).toEqual([0, 45.5, 75, 80]);
    await t.http
      .post('/api/reporting/enrollment-events')
      .set(org.auth)
      .send({ classId: ceramics.id, source: 'online', eventDate: '2026-11-05' })
      .expect(201);
    const posted = await t.http
      .post('/api/reporting/revenue-transactions')
      .set(org.auth)
      .send({ finalAmount: 9999, classId: ceramics.id, transactionDate: '2026-11-05', status: 'completed' })
      .expect(201);
    expect(posted.body.data).toMatchObject({ eventType: 'payment', clientReported: true });
    await t.http
      .post('/api/reporting/activity-events')
      .set(org.auth)
      .send({ eventType: 'payment_received', description: 'Browser says paid', metadata: { amount: 10 } })
      .expect(201);
    await t.http.post('/api/reporting/activity-events').set(org.auth).send({ eventType: 'nope', description: 'x' }).expect(400);
    const after = await t.http.get(`/api/reports/revenue?${range}`).set(org.auth).expect(200);
    expect(after.body.data.totals.total).toBe(200.5);
    const events = await t.http.get(`/api/reporting/enrollment-events?${range}`).set(org.auth).expect(200);
    expect(events.body.data).toEqual([]);
    const activity = await t.http.get('/api/activity-events?limit=1000').set(org.auth).expect(200);
    expect(activity.body.data.some((e: { description: string }) => e.description === 'Browser says paid')).toBe(false);
  });

  it('should gate every report behind advancedReporting with the upsell naming the plan', async () => {
    for (const path of [
      `/api/reports/enrollment?${range}`,
      `/api/reports/revenue?${range}&format=csv`,
      '/api/reporting/period-metrics?period=2026-11',
      '/api/revenue?timeframe=30d',
      '/api/reporting/class-completion-events',
    ]) {
      const res = await t.http.get(path).set(free.auth).expect(403);
      expect(res.body.error).toBe('Advanced reporting is a feature of the Essential plan. Upgrade to Essential to use it.');
    }
  });

  it("should never show another organization's data, nor accept its class", async () => {
    const res = await t.http.get(`/api/reports/revenue?${range}`).set(other.auth).expect(200);
    expect(res.body.data.rows.map((r: { className: string }) => r.className)).toEqual(['Elsewhere']);
    expect(res.body.data.totals.total).toBe(99);
    await t.http.get(`/api/reports/attendance?${range}&classId=${ceramics.id}`).set(other.auth).expect(404);
    const att = await t.http.get(`/api/reports/attendance?${range}`).set(other.auth).expect(200);
    expect(att.body.data.rows.map((r: { classId: string }) => r.classId)).toEqual([otherClass.id]);
  });

  it("should read ISO date-times as the day they fall on in the organization's zone, with the same reply as the days", async () => {
    // 05:00Z on Nov 1 is Nov 1 00:00 in Chicago (CDT); 05:59Z on Nov 11 is Nov 10 23:59 there (CST): the UTC day differs.
    const isoRanges = [
      'startDate=2026-11-01T05:00:00.000Z&endDate=2026-11-11T05:59:59.999Z',
      'startDate=2026-11-01T00:00:00-05:00&endDate=2026-11-10T23:00:00-0600',
      // Without an offset a date-time is a wall-clock time: its own date.
      'startDate=2026-11-01T00:00:00&endDate=2026-11-10T23:59',
    ];
    for (const kind of ['enrollment', 'revenue', 'attendance']) {
      const days = (await t.http.get(`/api/reports/${kind}?${range}`).set(org.auth).expect(200)).body.data;
      expect(days.series).toHaveLength(10);
      for (const q of isoRanges) {
        const res = await t.http.get(`/api/reports/${kind}?${q}`).set(org.auth).expect(200);
        expect(res.body.data).toEqual(days);
        expect(res.body.data).toMatchObject({ startDate: '2026-11-01', endDate: '2026-11-10' });
      }
    }
    // The spec's own call shape (toISOString of a range ending now): one day, the 10th locally, not the 11th of UTC.
    const oneDay = await t.http
      .get('/api/reports/enrollment?startDate=2026-11-11T03:00:00.000Z&endDate=2026-11-11T05:59:00.000Z')
      .set(org.auth)
      .expect(200);
    expect(oneDay.body.data).toMatchObject({ startDate: '2026-11-10', endDate: '2026-11-10' });
    expect(oneDay.body.data.series).toEqual([{ date: '2026-11-10', enrollments: 1 }]);
    const csv = await t.http.get(`/api/reports/revenue?${isoRanges[0]}&format=csv`).set(org.auth).expect(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="revenue-report_2026-11-01_2026-11-10.csv"');
    const spec = await t.http.get(`/api/revenue?${isoRanges[0]}`).set(org.auth).expect(200);
    expect(spec.body.data).toEqual((await t.http.get(`/api/revenue?${range}`).set(org.auth).expect(200)).body.data);
  });

  it('should refuse a date or date-time it cannot read with a 400 naming the field', async () => {
    for (const [q, field] of [
      ['startDate=yesterday&endDate=2026-11-10', 'startDate'],
      ['startDate=2026-11-01&endDate=2026-11-10T25:00:00Z', 'endDate'],
      ['startDate=2026-02-30T10:00:00Z&endDate=2026-03-01', 'startDate'],
      ['startDate=2026-11-01T10:00:00+25:00&endDate=2026-11-10', 'startDate'],
      ['startDate=1731974400000&endDate=2026-11-10', 'startDate'],
      ['startDate=2026-11-01&endDate=2026-11-10T10', 'endDate'],
    ]) {
      for (const path of ['/api/reports/enrollment', '/api/reports/attendance', '/api/reporting/enrollment-events']) {
        const res = await t.http.get(`${path}?${q}`).set(org.auth).expect(400);
        expect(res.body.error).toBe(`${field} must be a date (YYYY-MM-DD) or an ISO date-time`);
        expect(res.body.errors).toEqual({ [field]: `${field} must be a date (YYYY-MM-DD) or an ISO date-time` });
      }
    }
  });

  it('should refuse bad ranges and formats readably', async () => {
    for (const q of [
      'startDate=2026-11-10&endDate=2026-11-01',
      'startDate=2026-02-30&endDate=2026-03-01',
      'startDate=2026-11-01',
      'format=xls',
      'timeframe=3d',
      'startDate=2020-01-01&endDate=2026-01-01',
    ]) {
      const res = await t.http.get(`/api/reports/enrollment?${q}`).set(org.auth).expect(400);
      expect(typeof res.body.error).toBe('string');
    }
    const ok = await t.http.get('/api/reports/enrollment?timeframe=7d').set(org.auth).expect(200);
    expect(ok.body.data.series).toHaveLength(7);
  });

  it("should read the discounts given through the discounted payments' own index, not every payment of the range", async () => {
    // The statement exactly as the report sends it (a stand-in data source only records it).
    let sent: { sql: string; params: unknown[] } | null = null;
    const recorder = { query: (sql: string, params: unknown[]) => ((sent = { sql, params }), Promise.resolve([])) };
    await new ReportsRepository(recorder as never).discountLines({
      organizationId: org.orgId,
      startDate: '2026-11-01',
      endDate: '2026-11-10',
      timeZone: 'America/Chicago',
    });
    const { sql, params } = sent!;
    // With sequential scans priced out, the planner takes an index; the partial index is the cheapest only if the
    // statement's condition implies the index's (the same text). If the two drift apart, it reads another index.
    const plan = await t.db.transaction(async (m) => {
      await m.query('SET LOCAL enable_seqscan = off');
      const rows: { 'QUERY PLAN': string }[] = await m.query(`EXPLAIN ${sql}`, params);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('enrollments_org_discounted_paid_idx');
  });
});
