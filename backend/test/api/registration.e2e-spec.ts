import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClass, createOrg, registerBody, studentBody, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

describe('students and registration', () => {
  let t: TestApp;
  let org: OrgFixture;
  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t, { plan: 'essential' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('should register in person with payment pending and take one seat', async () => {
    const c = await createClass(t, org, { maxStudents: 5 });
    const res = await t.http
      .post('/api/students/register')
      .send(registerBody(org.orgId, c.id, { phone: '(559) 555-0199' }))
      .expect(201);
    expect(res.body.data).toMatchObject({ phone: '5595550199', communicationOptIn: true, organizationId: org.orgId });
    expect(res.body.data.classEnrollments).toEqual([
      expect.objectContaining({ classId: c.id, paymentStatus: 'pending', paymentMethod: 'in-person', amountPaid: 0 }),
    ]);
    const cls = await t.http.get(`/api/classes/${c.id}`).expect(200);
    expect(cls.body.data.enrolledStudents).toBe(1);
  });

  it('should validate names, email and US phone numbers with the spec messages', async () => {
    const c = await createClass(t, org);
    const res = await t.http
      .post('/api/students/register')
      .send(registerBody(org.orgId, c.id, { firstName: 'J4ne', lastName: 'X', email: 'nope', phone: '0125550100' }))
      .expect(400);
    expect(res.body.errors).toMatchObject({
      firstName: 'First name can only contain letters, spaces, hyphens, and apostrophes',
      lastName: 'Last name must be at least 2 characters long',
      email: 'Please enter a valid email address',
      phone: 'Phone number cannot start with 0 or 1',
    });
    const long = await t.http
      .post('/api/students/register')
      .send(registerBody(org.orgId, c.id, { firstName: 'A'.repeat(50) }))
      .expect(400);
    expect(long.body.errors.firstName).toBe('First name must be less than 50 characters long');
    await t.http
      .post('/api/students/register')
      .send(registerBody(org.orgId, c.id, { firstName: "Mary-Jo O'Neil" }))
      .expect(201);
    await t.http
      .post('/api/students/register')
      .send({ ...registerBody(org.orgId, c.id), classEnrollments: [{ classId: c.id, paymentMethod: 'card', paymentStatus: 'completed' }] })
      .expect(400);
  });

  it('should report an existing enrollment with the dialog details, and never enroll the same email twice', async () => {
    const c = await createClass(t, org, { title: 'Yoga', instructor: 'Grace' });
    const body = registerBody(org.orgId, c.id, { email: 'Repeat@Example.com' });
    await t.http
      .post('/api/students/check-enrollment')
      .send({ email: 'repeat@example.com', classId: c.id, organizationId: org.orgId })
      .expect(200);
    await t.http.post('/api/students/register').send(body).expect(201);
    const check = await t.http
      .post('/api/students/check-enrollment')
      .send({ email: 'REPEAT@example.com', classId: c.id, organizationId: org.orgId })
      .expect(409);
    expect(check.body).toMatchObject({
      success: false,
      isAlreadyEnrolled: true,
      details: { className: 'Yoga', classId: c.id, existingEnrollment: { paymentStatus: 'pending' } },
      classInstructor: 'Grace',
      organizationData: { contactInfo: expect.any(Object) },
    });
    expect(check.body.error).toContain('already enrolled');
    const again = await t.http
      .post('/api/students/register')
      .send({ ...body, email: 'repeat@example.com' })
      .expect(409);
    expect(again.body.isAlreadyEnrolled).toBe(true);
    const cls = await t.http.get(`/api/classes/${c.id}`).expect(200);
    expect(cls.body.data.enrolledStudents).toBe(1);
  });

  it('should keep one student record per email across classes', async () => {
    const a = await createClass(t, org);
    const b = await createClass(t, org);
    const first = await t.http
      .post('/api/students/register')
      .send(registerBody(org.orgId, a.id, { email: 'same@example.com' }))
      .expect(201);
    const second = await t.http
      .post('/api/students/register')
      .send(registerBody(org.orgId, b.id, { email: 'same@example.com', lastName: 'Newname' }))
      .expect(201);
    expect(second.body.data.id).toBe(first.body.data.id);
    // Decision 15: the reply echoes this registration only; the stored student keeps its name.
    expect(second.body.data.classEnrollments).toHaveLength(1);
    const stored = await t.http.get(`/api/students/${first.body.data.id}`).set(org.auth).expect(200);
    expect(stored.body.data.lastName).toBe('Martinez');
    expect(stored.body.data.classEnrollments).toHaveLength(2);
  });

  it('should enroll exactly K of N concurrent registrations for K free seats, with no 5xx', async () => {
    const c = await createClass(t, org, { maxStudents: 4 });
    const results = await Promise.all(
      Array.from({ length: 30 }, () => t.http.post('/api/students/register').send(registerBody(org.orgId, c.id))),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(4);
    expect(statuses.filter((s) => s === 409)).toHaveLength(26);
    expect(statuses.filter((s) => s >= 500)).toHaveLength(0);
    expect(results.find((r) => r.status === 409)!.body.error).toBe('This class is full. No seats are left.');
    const [{ n }] = await t.db.query('SELECT count(*)::int AS n FROM enrollments WHERE class_id = $1', [c.id]);
    expect(n).toBe(4);
    const cls = await t.http.get(`/api/classes/${c.id}`).set(org.auth).expect(200);
    expect(cls.body.data).toMatchObject({ enrolledStudents: 4, status: 'Closed' });
    // Losers left no student behind: a failed registration writes nothing.
    const [{ s }] = await t.db.query(
      'SELECT count(*)::int AS s FROM students WHERE organization_id = $1 AND id NOT IN (SELECT student_id FROM enrollments)',
      [org.orgId],
    );
    expect(s).toBe(0);
  });

  it('should refuse registration for closed, cancelled and archived classes', async () => {
    for (const status of ['Closed', 'Cancelled']) {
      const c = await createClass(t, org, { status });
      const res = await t.http.post('/api/students/register').send(registerBody(org.orgId, c.id)).expect(409);
      expect(res.body.error).toContain('not open for registration');
    }
    const archived = await createClass(t, org, { status: 'Archived' });
    await t.http.post('/api/students/register').send(registerBody(org.orgId, archived.id)).expect(404);
    const other = await createOrg(t, { plan: 'essential' });
    const c = await createClass(t, org);
    await t.http.post('/api/students/register').send(registerBody(other.orgId, c.id)).expect(404);
  });

  it('should enforce the plan student limit', async () => {
    const free = await createOrg(t); // Free: 10 students
    const c = await createClass(t, free, { maxStudents: 50 });
    for (let i = 0; i < 10; i++) await t.http.post('/api/students/register').send(registerBody(free.orgId, c.id)).expect(201);
    // The anonymous student gets a text for students; the admin gets the plan's text.
    const res = await t.http.post('/api/students/register').send(registerBody(free.orgId, c.id)).expect(403);
    expect(res.body.code).toBe('REGISTRATION_CLOSED');
    const admin = await t.http.post('/api/students').set(free.auth).send(studentBody()).expect(403);
    expect(admin.body.error).toBe(
      'Student limit reached. Free allows up to 10 students. You currently have 10 students. Upgrade your plan to add more students. Essential allows up to 500 students.',
    );
    const cls = await t.http.get(`/api/classes/${c.id}`).expect(200);
    expect(cls.body.data.enrolledStudents).toBe(10);
  });

  it('should let admins create, list, update and delete students, freeing seats exactly once', async () => {
    const a = await createClass(t, org, { maxStudents: 3, price: 100, discountPrice: 80 });
    const b = await createClass(t, org, { maxStudents: 3 });
    const created = await t.http
      .post('/api/students')
      .set(org.auth)
      .send({ ...studentBody({ email: 'crud@example.com' }), classEnrollments: [{ classId: a.id }] })
      .expect(201);
    const id = created.body.data.id;
    await t.http
      .post('/api/students')
      .set(org.auth)
      .send(studentBody({ email: 'CRUD@example.com' }))
      .expect(409);
    const listed = await t.http
      .get('/api/students')
      .query({ filter: JSON.stringify({ q: 'crud@' }), sort: JSON.stringify(['name', 'ASC']), range: JSON.stringify([0, 9]) })
      .set(org.auth)
      .expect(200);
    expect(listed.body.data.map((s: { id: string }) => s.id)).toEqual([id]);
    expect(listed.headers['content-range']).toBe('students 0-0/1');
    // Move from a to b, and mark paid: the discount price is the amount.
    const record = created.body.data;
    const moved = await t.http
      .put(`/api/students/${id}`)
      .set(org.auth)
      .send({ ...record, classEnrollments: [{ classId: b.id, paymentStatus: 'completed' }] })
      .expect(200);
    expect(moved.body.data.classEnrollments).toEqual([expect.objectContaining({ classId: b.id, paymentStatus: 'completed' })]);
    const paid = await t.http
      .put(`/api/students/${id}`)
      .set(org.auth)
      .send({
        ...moved.body.data,
        classEnrollments: [
          { classId: b.id, paymentStatus: 'completed' },
          { classId: a.id, paymentStatus: 'completed' },
        ],
      })
      .expect(200);
    expect(paid.body.data.classEnrollments.find((e: { classId: string }) => e.classId === a.id).amountPaid).toBe(80);
    const counts = async () =>
      (await t.db.query('SELECT id, enrolled_students FROM classes WHERE id = ANY($1::uuid[]) ORDER BY id', [[a.id, b.id]])).map(
        (r: { enrolled_students: number }) => r.enrolled_students,
      );
    expect(await counts()).toEqual([1, 1]);
    await Promise.all([t.http.delete(`/api/students/${id}`).set(org.auth), t.http.delete(`/api/students/${id}`).set(org.auth)]);
    expect(await counts()).toEqual([0, 0]);
    await t.http.get(`/api/students/${id}`).set(org.auth).expect(404);
  });

  it('should free a seat exactly once when an enrollment is cancelled', async () => {
    const c = await createClass(t, org, { maxStudents: 1 });
    const s = await t.http.post('/api/students/register').send(registerBody(org.orgId, c.id)).expect(201);
    expect((await t.http.get(`/api/classes/${c.id}`).set(org.auth)).body.data).toMatchObject({ enrolledStudents: 1, status: 'Closed' });
    const results = await Promise.all(
      [1, 2, 3].map(() => t.http.delete(`/api/students/${s.body.data.id}/enrollments/${c.id}`).set(org.auth)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 404, 404]);
    expect((await t.http.get(`/api/classes/${c.id}`).set(org.auth)).body.data).toMatchObject({ enrolledStudents: 0, status: 'Open' });
    // The freed seat can be taken again.
    await t.http.post('/api/students/register').send(registerBody(org.orgId, c.id)).expect(201);
  });

  it('should list the students of a class for admins', async () => {
    const c = await createClass(t, org);
    await t.http
      .post('/api/students/register')
      .send(registerBody(org.orgId, c.id, { lastName: 'Zed' }))
      .expect(201);
    await t.http
      .post('/api/students/register')
      .send(registerBody(org.orgId, c.id, { lastName: 'Abel' }))
      .expect(201);
    const res = await t.http.get(`/api/students/class/${c.id}`).set(org.auth).expect(200);
    expect(res.body.data.map((s: { lastName: string }) => s.lastName)).toEqual(['Abel', 'Zed']);
    expect(res.body.data[0].classEnrollments).toHaveLength(1);
    const alias = await t.http.get(`/api/classes/${c.id}/students`).set(org.auth).expect(200);
    expect(alias.body.data).toHaveLength(2);
  });
});
