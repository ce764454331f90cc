import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClass, createOrg, createTeacher, type OrgFixture } from '../fixtures/org.fixture';
import { enrollStudent } from '../fixtures/roster.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

describe('dashboard summary', () => {
  let t: TestApp;
  let org: OrgFixture;
  let empty: OrgFixture;
  let c1: { id: string };

  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t, { plan: 'professional' });
    empty = await createOrg(t, { plan: 'professional' });
    c1 = await createClass(t, org, { title: 'Ceramics', price: 100, discountPrice: 80, maxStudents: 2 });
    const c2 = await createClass(t, org, { title: 'Drawing', price: 50, discountPrice: null });
    const c3 = await createClass(t, org, { title: 'Old', price: 30, discountPrice: null });
    const s1 = await enrollStudent(t, org, c1.id);
    await enrollStudent(t, org, c2.id, { email: s1.email });
    const s2 = await enrollStudent(t, org, c1.id); // c1 is now full and closes itself
    const s3 = await enrollStudent(t, org, c2.id);
    await enrollStudent(t, org, c3.id);
    await t.db.query("UPDATE classes SET status = 'Archived' WHERE id = $1", [c3.id]);
    await t.http.post('/api/payments/mark-paid').set(org.auth).send({ studentId: s1.id, classId: c1.id }).expect(200);
    await t.http.post('/api/payments/mark-paid').set(org.auth).send({ studentId: s3.id, classId: c2.id }).expect(200);
    // s2 registered and paid last month: it belongs to the previous period.
    const now = new Date();
    const lastMonth = new Date(now.getFullYear(), now.getMonth() - 1, 15);
    await t.db.query(
      "UPDATE enrollments SET payment_status = 'completed', amount_paid_cents = 8000, enrollment_date = $2, paid_at = $2 WHERE student_id = $1",
      [s2.id, lastMonth],
    );
    await t.db.query('UPDATE students SET registration_date = $2 WHERE id = $1', [s2.id, lastMonth]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('should compute the month from data and compare it with the previous month', async () => {
    const res = await t.http.get('/api/reporting/dashboard-summary?period=month').set(org.auth).expect(200);
    const d = res.body.data;
    expect(d).toMatchObject({
      period: 'month',
      totalRevenue: 130,
      revenueChange: 62.5,
      totalStudents: 4,
      activeStudents: 3,
      newStudents: 3,
      studentChange: 200,
      enrollments: 4,
      enrollmentChange: 300,
      totalClasses: 2,
      openClasses: 1,
      upcomingClasses: 2,
      fullClasses: 1,
      repeatStudents: 1,
      repeatRate: 25,
      topPerformingClass: { id: c1.id, title: 'Ceramics', enrollments: 1, revenue: 80 },
      averageSatisfaction: null,
      averageRating: null,
      ratingChange: null,
      monthlyGrowthRate: 300, // 4 active enrollments this month against 1 last month
    });
    expect(d.recentActivity.length).toBeLessThanOrEqual(10);
    expect(d.recentActivity[0]).toMatchObject({ eventType: 'payment_received', metadata: { amount: 50 } });
    const dates = d.recentActivity.map((e: { eventDate: string }) => e.eventDate);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('should default to the month and accept quarter and year', async () => {
    const month = await t.http.get('/api/reporting/dashboard-summary').set(org.auth).expect(200);
    expect(month.body.data.period).toBe('month');
    for (const period of ['quarter', 'year']) {
      const res = await t.http.get(`/api/reporting/dashboard-summary?period=${period}`).set(org.auth).expect(200);
      expect(res.body.data.period).toBe(period);
      expect(res.body.data.totalRevenue).toBeGreaterThanOrEqual(130);
      expect(new Date(res.body.data.periodStart) <= new Date(month.body.data.periodStart)).toBe(true);
    }
  });

  it('should answer nulls, not invented figures, for an organization without data', async () => {
    const res = await t.http.get('/api/reporting/dashboard-summary').set(empty.auth).expect(200);
    expect(res.body.data).toMatchObject({
      totalRevenue: 0,
      revenueChange: null,
      totalStudents: 0,
      activeStudents: 0,
      newStudents: 0,
      studentChange: null,
      enrollments: 0,
      totalClasses: 0,
      openClasses: 0,
      upcomingClasses: 0,
      fullClasses: 0,
      repeatStudents: 0,
      repeatRate: null,
      topPerformingClass: null,
      averageSatisfaction: null,
      averageRating: null,
      monthlyGrowthRate: null,
    });
    expect(res.body.data.recentActivity.every((e: { organizationId: string }) => e.organizationId === empty.orgId)).toBe(true);
  });

  it('should validate the period', async () => {
    const res = await t.http.get('/api/reporting/dashboard-summary?period=week').set(org.auth).expect(400);
    expect(res.body.errors).toEqual({ period: 'period must be month, quarter or year' });
  });

  it('should be for admins of the organization only', async () => {
    await t.http.get('/api/reporting/dashboard-summary').expect(401);
    const teacher = await createTeacher(t, org);
    const denied = await t.http.get('/api/reporting/dashboard-summary').set(teacher.auth).expect(403);
    expect(denied.body.error).toMatch(/admin/);
    await t.http.get(`/api/reporting/dashboard-summary?organizationId=${org.orgId}`).set(empty.auth).expect(403);
  });
});

describe('revenue is dated by payment', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('should count an enrollment made last month and paid today in this month, and drop it when unmarked', async () => {
    const org = await createOrg(t, { plan: 'essential' });
    const c = await createClass(t, org, { price: 60, discountPrice: null });
    const s = await enrollStudent(t, org, c.id);
    const lastMonth = new Date(new Date().getFullYear(), new Date().getMonth() - 1, 10);
    await t.db.query('UPDATE enrollments SET enrollment_date = $2 WHERE student_id = $1', [s.id, lastMonth]);
    await t.http.post('/api/payments/mark-paid').set(org.auth).send({ studentId: s.id, classId: c.id }).expect(200);
    const paid = await t.http.get('/api/reporting/dashboard-summary?period=month').set(org.auth).expect(200);
    expect(paid.body.data.totalRevenue).toBe(60);
    const [{ paid_at }] = await t.db.query('SELECT paid_at FROM enrollments WHERE student_id = $1', [s.id]);
    expect(Date.now() - new Date(paid_at).getTime()).toBeLessThan(60_000);
    await t.http.post('/api/payments/mark-unpaid').set(org.auth).send({ studentId: s.id, classId: c.id }).expect(200);
    const unpaid = await t.http.get('/api/reporting/dashboard-summary?period=month').set(org.auth).expect(200);
    expect(unpaid.body.data.totalRevenue).toBe(0);
    // Whatever path marks an enrollment completed, the database gives it a payment time.
    await expect(
      t.db.query("UPDATE enrollments SET payment_status = 'completed', amount_paid_cents = 6000 WHERE student_id = $1", [s.id]),
    ).resolves.toBeDefined();
    const [{ paid_at: again }] = await t.db.query('SELECT paid_at FROM enrollments WHERE student_id = $1', [s.id]);
    expect(again).not.toBeNull();
  });
});
