import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Response } from 'supertest';
import { classBody, createClass, createOrg, createTeacher, registerBody, studentBody, type OrgFixture } from '../fixtures/org.fixture';
import { mismatches, type Document, type Schema } from '../setup/openapi-conformance';
import { createTestApp, type TestApp } from '../setup/test-app';

/** The reply schemas tell the truth: real replies of (nearly) every route checked against the document. */
describe('OpenAPI replies', () => {
  let t: TestApp;
  let org: OrgFixture;
  let doc: Document;
  const seen = new Set<string>();
  const problems: string[] = [];

  /** Checks a reply against the document entry of `method template` for its status. */
  const check = (res: Response, method: string, template: string) => {
    const responses = doc.paths[template]?.[method]?.responses;
    const schema = responses?.[String(res.status)]?.content?.['application/json']?.schema;
    seen.add(`${method} ${template}`);
    if (!schema)
      return problems.push(`${method} ${template}: status ${res.status} is not documented (${JSON.stringify(res.body).slice(0, 200)})`);
    problems.push(...mismatches(doc, schema, res.body, `${method} ${template} ${res.status}`));
  };

  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t, { plan: 'essential' });
    doc = (await t.http.get('/api/docs-json').expect(200)).body as Document;
  });
  afterAll(async () => {
    await t.close();
  });

  it('should reply as documented on the public routes', async () => {
    const cls = await createClass(t, org);
    check(await t.http.get('/api/health'), 'get', '/api/health');
    check(await t.http.get('/api/subscription-plans'), 'get', '/api/subscription-plans');
    check(await t.http.get('/api/subscription-plans/essential'), 'get', '/api/subscription-plans/{id}');
    check(await t.http.get(`/api/classes?organizationId=${org.orgId}`), 'get', '/api/classes');
    check(await t.http.get(`/api/classes/${cls.id}?organizationId=${org.orgId}`), 'get', '/api/classes/{id}');
    check(await t.http.get(`/api/public/branding/${org.orgId}`), 'get', '/api/public/branding/{organizationId}');
    check(await t.http.get(`/api/public/organization/${org.orgId}`), 'get', '/api/public/organization/{id}');
    check(await t.http.get('/api/public/config'), 'get', '/api/public/config');
    check(await t.http.get('/api/stripe/config'), 'get', '/api/stripe/config');
    check(await t.http.get(`/api/connect/status/organization/${org.orgId}`), 'get', '/api/connect/status/organization/{organizationId}');
    check(await t.http.get(`/api/connect/status/${org.orgId}`), 'get', '/api/connect/status/{organizationId}');
    const email = `reg-${Date.now()}@example.com`;
    check(
      await t.http.post('/api/students/check-enrollment').send({ email, classId: cls.id, organizationId: org.orgId }),
      'post',
      '/api/students/check-enrollment',
    );
    check(await t.http.post('/api/students/register').send(registerBody(org.orgId, cls.id, { email })), 'post', '/api/students/register');
    // Registration closed by the plan: the check's extra fields are documented too.
    const full = await createOrg(t, { plan: 'free' });
    await t.db.query(
      `INSERT INTO students (organization_id, first_name, last_name, email, phone)
       SELECT $1, 'Old', 'Student', 'old' || g || '@example.com', '5595550100' FROM generate_series(1, 10) g`,
      [full.orgId],
    );
    const fullClass = await createClass(t, full);
    const closed = await t.http.post('/api/students/check-enrollment').send({ email, classId: fullClass.id, organizationId: full.orgId });
    expect(closed.body.data.registrationClosed).toBe(true);
    check(closed, 'post', '/api/students/check-enrollment');
    check(
      await t.http.post('/api/contact').send({ name: 'Ann', email: 'ann@example.com', message: 'Hello there' }),
      'post',
      '/api/contact',
    );
    check(await t.http.post('/api/auth/reset-password').send({ email: 'nobody@example.com' }), 'post', '/api/auth/reset-password');
    check(await t.http.post('/api/auth/signin').send({ email: org.email, password: org.password }), 'post', '/api/auth/signin');
    check(
      await t.http.post('/api/admin/auth/signin').send({ username: 'itadmin', password: 'staff-password-1' }),
      'post',
      '/api/admin/auth/signin',
    );
    // Failures are documented too: the error envelope.
    check(await t.http.post('/api/contact').send({}), 'post', '/api/contact');
    check(await t.http.get('/api/students'), 'get', '/api/students');
  });

  it('should reply as documented on the organization routes', async () => {
    const a = org.auth;
    const cls = await createClass(t, org);
    check(
      await t.http
        .post('/api/classes')
        .set(a)
        .send(classBody({ title: 'Glazing' })),
      'post',
      '/api/classes',
    );
    check(await t.http.get('/api/classes?range=[0,9]').set(a), 'get', '/api/classes');
    check(await t.http.get(`/api/classes/${cls.id}`).set(a), 'get', '/api/classes/{id}');
    check(
      await t.http
        .put(`/api/classes/${cls.id}`)
        .set(a)
        .send(classBody({ title: 'Pottery 102' })),
      'put',
      '/api/classes/{id}',
    );
    const clone = await t.http
      .post(`/api/classes/${cls.id}/clone`)
      .set(a)
      .send({ title: 'Copy', startDate: new Date(Date.now() + 864e5 * 30).toISOString() });
    check(clone, 'post', '/api/classes/{id}/clone');
    check(await t.http.delete(`/api/classes/${clone.body.data.id}`).set(a), 'delete', '/api/classes/{id}');

    const created = await t.http
      .post('/api/students')
      .set(a)
      .send({ ...studentBody(), classEnrollments: [{ classId: cls.id }] });
    check(created, 'post', '/api/students');
    const studentId = created.body.data.id as string;
    check(await t.http.get('/api/students?range=[0,9]').set(a), 'get', '/api/students');
    check(await t.http.get(`/api/students/${studentId}`).set(a), 'get', '/api/students/{id}');
    check(
      await t.http
        .put(`/api/students/${studentId}`)
        .set(a)
        .send({ ...created.body.data, lastName: 'Lee' }),
      'put',
      '/api/students/{id}',
    );
    check(await t.http.get(`/api/students/class/${cls.id}`).set(a), 'get', '/api/students/class/{classId}');
    check(await t.http.get(`/api/classes/${cls.id}/students`).set(a), 'get', '/api/classes/{classId}/students');
    check(await t.http.post('/api/payments/mark-paid').set(a).send({ studentId, classId: cls.id }), 'post', '/api/payments/mark-paid');
    check(await t.http.post('/api/payments/mark-unpaid').set(a).send({ studentId, classId: cls.id }), 'post', '/api/payments/mark-unpaid');
    const session = { classId: cls.id, sessionIndex: 0, sessionDate: new Date().toISOString() };
    check(
      await t.http
        .post('/api/attendance/mark')
        .set(a)
        .send({ ...session, studentId, attended: true }),
      'post',
      '/api/attendance/mark',
    );
    check(
      await t.http
        .post('/api/attendance/bulk')
        .set(a)
        .send({ ...session, attendanceData: [{ studentId, attended: false }] }),
      'post',
      '/api/attendance/bulk',
    );
    check(await t.http.get(`/api/attendance/class/${cls.id}`).set(a), 'get', '/api/attendance/class/{id}');
    check(await t.http.get('/api/teacher/classes?scope=all').set(a), 'get', '/api/teacher/classes');
    check(await t.http.get('/api/teacher/overview').set(a), 'get', '/api/teacher/overview');
    check(await t.http.get('/api/reporting/dashboard-summary').set(a), 'get', '/api/reporting/dashboard-summary');
    check(await t.http.get('/api/activity-events?limit=5').set(a), 'get', '/api/activity-events');
    check(
      await t.http.delete(`/api/students/${studentId}/enrollments/${cls.id}`).set(a),
      'delete',
      '/api/students/{id}/enrollments/{classId}',
    );
    check(await t.http.delete(`/api/students/${studentId}`).set(a), 'delete', '/api/students/{id}');

    check(await t.http.get('/api/auth/me').set(a), 'get', '/api/auth/me');
    check(await t.http.put('/api/auth/profile').set(a).send({ firstName: 'Ada' }), 'put', '/api/auth/profile');
    const teacher = await createTeacher(t, org);
    const users = await t.http.get('/api/auth/users').set(a);
    check(users, 'get', '/api/auth/users');
    const teacherId = (users.body.data as { id: string; email: string }[]).find((u) => u.email === teacher.email)!.id;
    check(await t.http.get(`/api/auth/users/${teacherId}`).set(a), 'get', '/api/auth/users/{id}');
    check(
      await t.http
        .post('/api/auth/users')
        .set(a)
        .send({ email: `t-${Date.now()}@example.com`, password: 'teach-pass-2', firstName: 'Tom', lastName: 'Tutor', role: 'teacher' }),
      'post',
      '/api/auth/users',
    );
    check(await t.http.delete(`/api/auth/users/${teacherId}`).set(a), 'delete', '/api/auth/users/{id}');

    check(await t.http.get('/api/organizations').set(a), 'get', '/api/organizations');
    check(await t.http.get(`/api/organizations/${org.orgId}`).set(a), 'get', '/api/organizations/{id}');
    check(
      await t.http.get(`/api/organizations/${org.orgId}/subscription-validation`).set(a),
      'get',
      '/api/organizations/{id}/subscription-validation',
    );
    check(await t.http.get('/api/settings').set(a), 'get', '/api/settings');
    // Local mode here: the admin's whole payment setup status, and the Stripe calls' 503.
    check(await t.http.get(`/api/connect/status/${org.orgId}`).set(a), 'get', '/api/connect/status/{organizationId}');
    check(
      await t.http.post('/api/connect/create-account').set(a).send({ organizationId: org.orgId }),
      'post',
      '/api/connect/create-account',
    );
    check(
      await t.http.post('/api/connect/account-session').set(a).send({ organizationId: org.orgId }),
      'post',
      '/api/connect/account-session',
    );
    check(await t.http.get('/api/connect/dashboard-link').set(a), 'get', '/api/connect/dashboard-link');
    check(
      await t.http
        .put('/api/settings/contact')
        .set(a)
        .send({ contactInfo: { email: 'hi@example.com', phone: '5595550100', address: '1 Main St' } }),
      'put',
      '/api/settings/contact',
    );
    check(
      await t.http
        .put('/api/settings/profile')
        .set(a)
        .send({ adminProfile: { firstName: 'Ada' } }),
      'put',
      '/api/settings/profile',
    );
    check(await t.http.post('/api/auth/signout').set(a), 'post', '/api/auth/signout');
  });

  it('should reply as documented on the IT-admin routes', async () => {
    const signin = await t.http.post('/api/admin/auth/signin').send({ username: 'itadmin', password: 'staff-password-1' });
    const staff = { Authorization: `Bearer ${signin.body.data.token}` };
    const victim = await createOrg(t, { plan: 'essential' });
    const cls = await createClass(t, victim);
    const student = await t.http.post('/api/students').set(victim.auth).send(studentBody()).expect(201);
    await t.db.query(
      `INSERT INTO enrollments (organization_id, class_id, student_id, payment_status, payment_method, amount_paid_cents, stripe_payment_intent_id)
       VALUES ($1, $2, $3, 'completed', 'card', 5000, 'pi_openapi_check')`,
      [victim.orgId, cls.id, student.body.data.id],
    );
    const id = victim.orgId;
    const base = '/api/admin/organizations';
    check(await t.http.get(`${base}?filter={"q":"Org"}`).set(staff), 'get', base);
    check(await t.http.get(`${base}/${id}`).set(staff), 'get', `${base}/{id}`);
    check(await t.http.get(`${base}/${id}/student-payments`).set(staff), 'get', `${base}/{id}/student-payments`);
    check(
      await t.http.post(`${base}/${id}/reset-student-payments`).set(staff).send({ dryRun: true }),
      'post',
      `${base}/{id}/reset-student-payments`,
    );
    check(await t.http.post(`${base}/${id}/reset-subscription`).set(staff), 'post', `${base}/{id}/reset-subscription`);
    check(
      await t.http.delete(`${base}/${id}/activity-events`).set(staff).send({ confirmation: 'DELETE' }),
      'delete',
      `${base}/{id}/activity-events`,
    );
    check(
      await t.http.delete(`${base}/${id}/scheduled-communications/delete`).set(staff).send({ confirmation: 'DELETE' }),
      'delete',
      `${base}/{id}/scheduled-communications/delete`,
    );
    check(await t.http.delete(`${base}/${id}/students`).set(staff).send({ confirmation: 'DELETE' }), 'delete', `${base}/{id}/students`);
    check(await t.http.delete(`${base}/${id}/delete`).set(staff).send({ confirmation: 'nope' }), 'delete', `${base}/{id}/delete`);
    check(
      await t.http.delete(`${base}/${id}/delete`).set(staff).send({ confirmation: 'DELETE_ORGANIZATION' }),
      'delete',
      `${base}/{id}/delete`,
    );
    check(await t.http.get('/api/admin/system-info').set(staff), 'get', '/api/admin/system-info');
    check(await t.http.get('/api/admin/audit-log').set(staff), 'get', '/api/admin/audit-log');
    check(await t.http.get('/api/admin/audit-log').set(org.auth), 'get', '/api/admin/audit-log');
    check(await t.http.post('/api/admin/auth/signout').set(staff), 'post', '/api/admin/auth/signout');
  });

  it('should give request examples that fit their request schemas', () => {
    const wrong: string[] = [];
    let examples = 0;
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const media = (
          op as { requestBody?: { content: Record<string, { schema: Schema; examples?: Record<string, { value: unknown }> }> } }
        ).requestBody?.content['application/json'];
        for (const example of Object.values(media?.examples ?? {})) {
          examples += 1;
          wrong.push(...mismatches(doc, media!.schema, example.value, `${method} ${p} example`));
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(examples).toBeGreaterThanOrEqual(12);
  });

  it('should find no difference between the replies and the document', () => {
    expect(problems).toEqual([]);
    // Most of the API was exercised (the rest: sign-up, staff sign-out, organization create/update/delete, branding, sitemap).
    expect(seen.size).toBeGreaterThanOrEqual(45);
  });
});
