import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { classBody, createClass, createOrg, createTeacher, registerBody, studentBody, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

/** Organization B can read or change nothing of A's (spec README decision 4). */
describe('tenant isolation', () => {
  let t: TestApp;
  let a: OrgFixture;
  let b: OrgFixture;
  let classId: string;
  let studentId: string;
  let snapshot: unknown;

  const dbState = async () => ({
    classes: await t.db.query(
      'SELECT id, title, status, enrolled_students, max_students FROM classes WHERE organization_id = $1 ORDER BY id',
      [a.orgId],
    ),
    students: await t.db.query('SELECT id, first_name, email FROM students WHERE organization_id = $1 ORDER BY id', [a.orgId]),
    org: await t.db.query('SELECT name, branding, contact_info FROM organizations WHERE id = $1', [a.orgId]),
    users: await t.db.query('SELECT id, email FROM users WHERE organization_id = $1 ORDER BY id', [a.orgId]),
  });

  beforeAll(async () => {
    t = await createTestApp();
    a = await createOrg(t, { plan: 'essential', name: 'Org A' });
    b = await createOrg(t, { plan: 'essential', name: 'Org B' });
    classId = (await createClass(t, a, { title: 'A class' })).id;
    studentId = (await t.http.post('/api/students/register').send(registerBody(a.orgId, classId)).expect(201)).body.data.id;
    await createTeacher(t, a);
    snapshot = await dbState();
  });
  afterAll(async () => {
    await t.close();
  });

  it("should not show A's records in B's lists", async () => {
    const classes = await t.http.get('/api/classes').set(b.auth).expect(200);
    expect(classes.body.data).toEqual([]);
    const students = await t.http.get('/api/students').set(b.auth).expect(200);
    expect(students.body.data).toEqual([]);
    const users = await t.http.get('/api/auth/users').set(b.auth).expect(200);
    expect(users.body.data.map((u: { organizationId: string }) => u.organizationId)).toEqual([b.orgId]);
    const orgs = await t.http.get('/api/organizations').set(b.auth).expect(200);
    expect(orgs.body.data.map((o: { id: string }) => o.id)).toEqual([b.orgId]);
    const events = await t.http.get('/api/activity-events').set(b.auth).expect(200);
    expect(events.body.data.every((e: { organizationId: string }) => e.organizationId === b.orgId)).toBe(true);
  });

  it("should answer 404 or 403 for every direct access to A's records", async () => {
    await t.http.get(`/api/classes/${classId}`).set(b.auth).expect(404);
    await t.http
      .put(`/api/classes/${classId}`)
      .set(b.auth)
      .send(classBody({ title: 'Hijacked' }))
      .expect(404);
    await t.http.delete(`/api/classes/${classId}`).set(b.auth).expect(404);
    await t.http
      .post(`/api/classes/${classId}/clone`)
      .set(b.auth)
      .send({ title: 'Stolen', startDate: new Date(Date.now() + 86400000).toISOString() })
      .expect(404);
    await t.http.get(`/api/students/class/${classId}`).set(b.auth).expect(404);
    await t.http.get(`/api/students/${studentId}`).set(b.auth).expect(404);
    await t.http.put(`/api/students/${studentId}`).set(b.auth).send(studentBody()).expect(404);
    await t.http.delete(`/api/students/${studentId}`).set(b.auth).expect(404);
    await t.http.get(`/api/organizations/${a.orgId}`).set(b.auth).expect(403);
    await t.http.put(`/api/organizations/${a.orgId}`).set(b.auth).send({ name: 'Hijacked' }).expect(403);
    await t.http.delete(`/api/organizations/${a.orgId}`).set(b.auth).expect(403);
    await t.http.get(`/api/organizations/${a.orgId}/subscription-validation`).set(b.auth).expect(403);
    const users = await t.http.get('/api/auth/users').set(a.auth).expect(200);
    await t.http.get(`/api/auth/users/${users.body.data[0].id}`).set(b.auth).expect(404);
    await t.http.delete(`/api/auth/users/${users.body.data[0].id}`).set(b.auth).expect(404);
  });

  it('should refuse a client-sent organizationId that is not the caller', async () => {
    const res = await t.http.get('/api/classes').query({ organizationId: a.orgId }).set(b.auth).expect(403);
    expect(res.body.error).toBe('You can only access your own organization');
    await t.http
      .post('/api/classes')
      .set(b.auth)
      .send(classBody({ organizationId: a.orgId }))
      .expect(403);
    await t.http.get('/api/settings').query({ organizationId: a.orgId }).set(b.auth).expect(403);
    await t.http
      .put('/api/settings/branding')
      .set(b.auth)
      .send({ branding: { businessName: 'X' }, organizationId: a.orgId })
      .expect(403);
    await t.http
      .put('/api/settings/contact')
      .set(b.auth)
      .send({ contactInfo: { phone: '1' }, organizationId: a.orgId })
      .expect(403);
    await t.http
      .post('/api/students')
      .set(b.auth)
      .send({ ...studentBody(), organizationId: a.orgId })
      .expect(403);
    // B cannot enroll its admin-side students into A's class either.
    await t.http
      .post('/api/students')
      .set(b.auth)
      .send({ ...studentBody(), classEnrollments: [{ classId }] })
      .expect(404);
  });

  it("should leave A's data exactly as it was", async () => {
    expect(await dbState()).toEqual(snapshot);
  });

  it('should expose only public fields on public endpoints', async () => {
    const pub = await t.http.get(`/api/public/organization/${a.orgId}`).expect(200);
    expect(Object.keys(pub.body.data).sort()).toEqual(['branding', 'contactInfo', 'id', 'name']);
    const list = await t.http.get('/api/classes').query({ organizationId: a.orgId }).expect(200);
    expect(list.body.data[0]).not.toHaveProperty('students');
  });
});
