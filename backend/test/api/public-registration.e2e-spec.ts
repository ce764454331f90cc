import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClass, createOrg, registerBody, type OrgFixture } from '../fixtures/org.fixture';
import { activityCount } from '../fixtures/roster.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

/** What the public registration form is told before it can fail at the last step. */
describe('public registration: plan limit and phone rule', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** Fills a Free organization (10 students) straight in the table, as ten earlier registrations would. */
  async function fullFreeOrg(): Promise<OrgFixture> {
    const org = await createOrg(t, { plan: 'free' });
    await t.db.query('UPDATE organizations SET contact_info = $2 WHERE id = $1', [
      org.orgId,
      { email: 'desk@studio.example', phone: '5595550100', address: '1 Main St' },
    ]);
    await t.db.query(
      `INSERT INTO students (organization_id, first_name, last_name, email, phone)
       SELECT $1, 'Old', 'Student', 'old' || g || '@example.com', '5595550100' FROM generate_series(1, 10) g`,
      [org.orgId],
    );
    return org;
  }

  it('should report registration closed at the enrollment check when the plan has no room for a new student', async () => {
    const org = await fullFreeOrg();
    const c = await createClass(t, org, { title: 'Clay Night' });
    const before = await activityCount(t, org.orgId, 'registration_blocked');
    const res = await t.http
      .post('/api/students/check-enrollment')
      .send({ email: 'new@example.com', classId: c.id, organizationId: org.orgId })
      .expect(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toMatchObject({
      enrolled: false,
      classFull: false,
      registrationClosed: true,
      organizationData: { contactInfo: { email: 'desk@studio.example', phone: '5595550100' } },
    });
    const name = res.body.data.organizationData.name as string;
    expect(res.body.data.message).toBe(
      `${name} is not accepting new online registrations right now. Please contact ${name} to register for this class.`,
    );
    // The student is never shown the admin's plan talk.
    expect(JSON.stringify(res.body.data)).not.toMatch(/plan|upgrade|limit/i);
    expect(await activityCount(t, org.orgId, 'registration_blocked')).toBe(before + 1);
    const admin = await t.http.get('/api/activity-events?limit=5').set(org.auth).expect(200);
    expect(JSON.stringify(admin.body.data)).toContain("Clay Night: the Free plan's limit of 10 students is reached");
  });

  it('should still let a student the organization already knows through the check', async () => {
    const org = await fullFreeOrg();
    const c = await createClass(t, org);
    const res = await t.http
      .post('/api/students/check-enrollment')
      .send({ email: 'OLD3@example.com', classId: c.id, organizationId: org.orgId })
      .expect(200);
    expect(res.body.data).toEqual({ enrolled: false, classFull: false });
  });

  it('should refuse the registration itself with the same student-facing answer and record it for the admin', async () => {
    const org = await fullFreeOrg();
    const c = await createClass(t, org);
    const before = await activityCount(t, org.orgId, 'registration_blocked');
    const res = await t.http.post('/api/students/register').send(registerBody(org.orgId, c.id)).expect(403);
    expect(res.body).toMatchObject({ success: false, code: 'REGISTRATION_CLOSED', registrationClosed: true });
    expect(res.body.error).toContain('is not accepting new online registrations right now');
    expect(await activityCount(t, org.orgId, 'registration_blocked')).toBe(before + 1);
    const [{ n }] = await t.db.query('SELECT count(*)::int AS n FROM students WHERE organization_id = $1', [org.orgId]);
    expect(n).toBe(10);
  });

  it('should apply the one US phone rule with the spec messages and store the 10 national digits', async () => {
    const org = await createOrg(t, { plan: 'essential' });
    const c = await createClass(t, org, { maxStudents: 50 });
    const cases: [string, string][] = [
      ['', 'Phone number is required'],
      ['555 123', 'Phone number is too short. Please enter a 10-digit US phone number'],
      ['555123456789', 'Phone number is too long. Please enter a 10-digit US phone number'],
      ['25595551234', '11-digit number must start with 1 (US country code)'],
      ['10595551234', 'Area code cannot start with 0 or 1'],
      ['0125550100', 'Phone number cannot start with 0 or 1'],
      // The exchange starting with 0 or 1 that the form used to let through to step 2.
      ['(559) 155-1234', 'Please enter a valid 10-digit US phone number'],
      ['559-055-1234', 'Please enter a valid 10-digit US phone number'],
    ];
    for (const [phone, message] of cases) {
      const res = await t.http
        .post('/api/students/register')
        .send(registerBody(org.orgId, c.id, { phone }))
        .expect(400);
      expect({ phone, message: res.body.errors?.phone }).toEqual({ phone, message });
    }
    const eleven = await t.http
      .post('/api/students/register')
      .send(registerBody(org.orgId, c.id, { phone: '+1 (559) 555-0142' }))
      .expect(201);
    expect(eleven.body.data.phone).toBe('5595550142');
    const ten = await t.http
      .post('/api/students/register')
      .send(registerBody(org.orgId, c.id, { phone: '559.555.0143' }))
      .expect(201);
    expect(ten.body.data.phone).toBe('5595550143');
  });

  it("should accept spec 2 §3's server-owned fields and ignore them, refusing every other field the form does not have", async () => {
    const org = await createOrg(t, { plan: 'essential' });
    const c = await createClass(t, org, { maxStudents: 50 });
    const past = '2001-02-03T04:05:06.000Z';
    const body = (overrides: Record<string, unknown> = {}, enrollment: Record<string, unknown> = {}) => {
      const b = registerBody(org.orgId, c.id, { email: `spec-${Math.random().toString(36).slice(2)}@example.com` });
      return {
        ...b,
        registrationDate: past,
        status: 'active',
        classEnrollments: [{ ...b.classEnrollments[0], enrollmentDate: past, ...enrollment }],
        ...overrides,
      };
    };
    const ok = await t.http.post('/api/students/register').send(body()).expect(201);
    const [row] = await t.db.query(
      `SELECT s.registration_date, s.status, e.enrollment_date FROM students s JOIN enrollments e ON e.student_id = s.id
       WHERE s.id = $1`,
      [ok.body.data.id],
    );
    // The server's own dates, not the ones sent.
    for (const at of [row.registration_date, row.enrollment_date])
      expect(Math.abs(new Date(at).getTime() - Date.now())).toBeLessThan(60_000);
    expect(row.status).toBe('active');

    const refused: [Record<string, unknown>, Record<string, unknown>, string][] = [
      [{ status: 'inactive' }, {}, 'status'],
      [{ registrationDate: 'last tuesday' }, {}, 'registrationDate'],
      [{}, { enrollmentDate: 'soon' }, 'enrollmentDate'],
      [{ stripeCustomerId: 'cus_1' }, {}, 'stripeCustomerId'],
      [{ createdAt: past }, {}, 'createdAt'],
      [{}, { amountPaid: 80 }, 'amountPaid'],
      [{}, { id: c.id }, 'id'],
    ];
    for (const [overrides, enrollment, field] of refused) {
      const res = await t.http.post('/api/students/register').send(body(overrides, enrollment)).expect(400);
      expect({ field, error: res.body.error }).toEqual({ field, error: expect.stringContaining(field) });
    }
    const [{ n }] = await t.db.query('SELECT count(*)::int AS n FROM students WHERE organization_id = $1', [org.orgId]);
    expect(n).toBe(1);
  });
});
