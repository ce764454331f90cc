import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createClass, createOrg, createTeacher, type OrgFixture } from '../fixtures/org.fixture';
import { activityCount, enrollStudent } from '../fixtures/roster.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

describe('in-person payment marking', () => {
  let t: TestApp;
  let org: OrgFixture;
  let other: OrgFixture;
  let teacher: { auth: { Authorization: string } };
  let cls: { id: string; title: string };

  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t, { plan: 'professional' });
    other = await createOrg(t, { plan: 'professional' });
    teacher = await createTeacher(t, org);
    cls = await createClass(t, org, { title: 'Watercolour', price: 100, discountPrice: 80 });
  });
  afterAll(async () => {
    await t.close();
  });

  const enrollment = async (studentId: string, classId: string) => {
    const [row] = await t.db.query(
      'SELECT payment_status, payment_method, amount_paid_cents FROM enrollments WHERE student_id = $1 AND class_id = $2',
      [studentId, classId],
    );
    return row;
  };

  it('should mark a pending enrollment paid in person for the discounted price and record the payment', async () => {
    const s = await enrollStudent(t, org, cls.id, { firstName: 'Maya', lastName: 'Lopez' });
    const res = await t.http.post('/api/payments/mark-paid').set(teacher.auth).send({ studentId: s.id, classId: cls.id }).expect(200);
    expect(res.body).toMatchObject({ success: true, error: null });
    expect(res.body.data).toEqual({
      id: expect.any(String),
      classId: cls.id,
      // A drop-in's session (issue 39 §3); null for a registration for the whole class.
      classSessionId: null,
      classTitle: 'Watercolour',
      enrollmentDate: expect.any(String),
      paymentStatus: 'completed',
      paymentMethod: 'in-person',
      amountPaid: 80,
      // The price quoted at registration, kept on the enrollment.
      priceBreakdown: [{ label: 'Class price', amount: 80 }],
      amountDue: 80,
      paidAt: expect.any(String),
      status: 'active',
      holdExpiresAt: null,
      platformFee: 0,
      organizationAmount: 80,
      refundedAmount: 0,
      balanceDue: 0,
      stripePaymentIntentId: null,
      cancelledAt: null,
      refunds: [],
      pastDue: false,
    });
    expect(await enrollment(s.id, cls.id)).toEqual({ payment_status: 'completed', payment_method: 'in-person', amount_paid_cents: 8000 });
    const [event] = await t.db.query(
      "SELECT description, metadata FROM activity_events WHERE organization_id = $1 AND event_type = 'payment_received' AND metadata->>'studentId' = $2",
      [org.orgId, s.id],
    );
    expect(event.metadata).toMatchObject({
      amount: 80,
      studentName: 'Maya Lopez',
      className: 'Watercolour',
      paymentMethod: 'in-person',
      classId: cls.id,
    });
  });

  it('should refuse marking an already paid enrollment again (409) and record one payment only', async () => {
    const s = await enrollStudent(t, org, cls.id);
    await t.http.post('/api/payments/mark-paid').set(org.auth).send({ studentId: s.id, classId: cls.id }).expect(200);
    const again = await t.http.post('/api/payments/mark-paid').set(org.auth).send({ studentId: s.id, classId: cls.id }).expect(409);
    expect(again.body).toMatchObject({ success: false, data: null, error: 'This payment is already marked as paid' });
    const [{ n }] = await t.db.query(
      "SELECT count(*)::int AS n FROM activity_events WHERE event_type = 'payment_received' AND metadata->>'studentId' = $1",
      [s.id],
    );
    expect(n).toBe(1);
  });

  it('should record a double click once', async () => {
    const s = await enrollStudent(t, org, cls.id);
    const body = { studentId: s.id, classId: cls.id };
    const [a, b] = await Promise.all([
      t.http.post('/api/payments/mark-paid').set(teacher.auth).send(body),
      t.http.post('/api/payments/mark-paid').set(teacher.auth).send(body),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const [{ n }] = await t.db.query(
      "SELECT count(*)::int AS n FROM activity_events WHERE event_type = 'payment_received' AND metadata->>'studentId' = $1",
      [s.id],
    );
    expect(n).toBe(1);
  });

  it('should unmark an in-person payment back to pending with nothing paid', async () => {
    const s = await enrollStudent(t, org, cls.id, { firstName: 'Noah', lastName: 'Kim' });
    await t.http.post('/api/payments/mark-paid').set(teacher.auth).send({ studentId: s.id, classId: cls.id }).expect(200);
    const before = await activityCount(t, org.orgId, 'payment_unmarked');
    const res = await t.http
      .post('/api/payments/mark-unpaid')
      .set(teacher.auth)
      .send({ studentId: s.id, classId: cls.id, organizationId: org.orgId })
      .expect(200);
    expect(res.body.data).toMatchObject({
      classId: cls.id,
      classTitle: 'Watercolour',
      paymentStatus: 'pending',
      paymentMethod: 'in-person',
      amountPaid: 0,
      paidAt: null,
    });
    expect(await enrollment(s.id, cls.id)).toEqual({ payment_status: 'pending', payment_method: 'in-person', amount_paid_cents: 0 });
    expect(await activityCount(t, org.orgId, 'payment_unmarked')).toBe(before + 1);
    const again = await t.http.post('/api/payments/mark-unpaid').set(teacher.auth).send({ studentId: s.id, classId: cls.id }).expect(409);
    expect(again.body.error).toBe('This payment is not marked as paid');
    expect(await activityCount(t, org.orgId, 'payment_unmarked')).toBe(before + 1);
  });

  it('should never let a teacher unmark a card payment', async () => {
    const s = await enrollStudent(t, org, cls.id);
    await t.db.query(
      "UPDATE enrollments SET payment_method = 'card', payment_status = 'completed', amount_paid_cents = 8000 WHERE student_id = $1",
      [s.id],
    );
    const res = await t.http.post('/api/payments/mark-unpaid').set(teacher.auth).send({ studentId: s.id, classId: cls.id }).expect(409);
    expect(res.body.error).toMatch(/card/);
    expect(await enrollment(s.id, cls.id)).toEqual({ payment_status: 'completed', payment_method: 'card', amount_paid_cents: 8000 });
  });

  it('should charge the full price when the discount is not below it, or absent', async () => {
    const noDeal = await createClass(t, org, { price: 50, discountPrice: 60 });
    const plain = await createClass(t, org, { price: 42.5, discountPrice: null });
    const s = await enrollStudent(t, org, noDeal.id);
    await enrollStudent(t, org, plain.id, { email: s.email });
    const a = await t.http.post('/api/payments/mark-paid').set(org.auth).send({ studentId: s.id, classId: noDeal.id }).expect(200);
    expect(a.body.data.amountPaid).toBe(50);
    const b = await t.http.post('/api/payments/mark-paid').set(org.auth).send({ studentId: s.id, classId: plain.id }).expect(200);
    expect(b.body.data.amountPaid).toBe(42.5);
  });

  it('should answer 404 for an unknown student, class or enrollment', async () => {
    const s = await enrollStudent(t, org, cls.id);
    const lonely = await createClass(t, org, { title: 'Nobody here' });
    const student = await t.http
      .post('/api/payments/mark-paid')
      .set(teacher.auth)
      .send({ studentId: randomUUID(), classId: cls.id })
      .expect(404);
    expect(student.body.error).toMatch(/Student/);
    const klass = await t.http
      .post('/api/payments/mark-unpaid')
      .set(teacher.auth)
      .send({ studentId: s.id, classId: randomUUID() })
      .expect(404);
    expect(klass.body.error).toMatch(/Class/);
    const none = await t.http.post('/api/payments/mark-paid').set(teacher.auth).send({ studentId: s.id, classId: lonely.id }).expect(404);
    expect(none.body.error).toBe('This student is not enrolled in this class');
  });

  it('should validate the body naming the fields', async () => {
    const res = await t.http.post('/api/payments/mark-paid').set(teacher.auth).send({ studentId: 'abc' }).expect(400);
    expect(res.body.errors).toEqual({ studentId: 'studentId must be a student id', classId: 'classId must be a class id' });
    const extra = await t.http
      .post('/api/payments/mark-unpaid')
      .set(teacher.auth)
      .send({ studentId: randomUUID(), classId: cls.id, amount: 5 })
      .expect(400);
    expect(extra.body.error).toMatch(/amount/);
  });

  it('should need a token', async () => {
    await t.http.post('/api/payments/mark-paid').send({ studentId: randomUUID(), classId: cls.id }).expect(401);
    await t.http.post('/api/payments/mark-unpaid').send({ studentId: randomUUID(), classId: cls.id }).expect(401);
  });

  it('should keep other organizations out and change nothing', async () => {
    const s = await enrollStudent(t, org, cls.id);
    const paid = await enrollStudent(t, org, cls.id);
    await t.http.post('/api/payments/mark-paid').set(org.auth).send({ studentId: paid.id, classId: cls.id }).expect(200);
    const events = await t.db.query('SELECT count(*)::int AS n FROM activity_events');
    await t.http.post('/api/payments/mark-paid').set(other.auth).send({ studentId: s.id, classId: cls.id }).expect(404);
    await t.http.post('/api/payments/mark-unpaid').set(other.auth).send({ studentId: paid.id, classId: cls.id }).expect(404);
    await t.http
      .post('/api/payments/mark-paid')
      .set(other.auth)
      .send({ studentId: s.id, classId: cls.id, organizationId: org.orgId })
      .expect(403);
    await t.http
      .post('/api/payments/mark-unpaid')
      .set(other.auth)
      .send({ studentId: paid.id, classId: cls.id, organizationId: org.orgId })
      .expect(403);
    expect(await enrollment(s.id, cls.id)).toMatchObject({ payment_status: 'pending', amount_paid_cents: 0 });
    expect(await enrollment(paid.id, cls.id)).toMatchObject({ payment_status: 'completed', amount_paid_cents: 8000 });
    expect(await t.db.query('SELECT count(*)::int AS n FROM activity_events')).toEqual(events);
  });
});
