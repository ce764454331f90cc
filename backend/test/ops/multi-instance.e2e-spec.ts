import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClass, createOrg, registerBody, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

/** Two API instances on one database never double-book (DESIGN.md "Beyond one machine"). */
describe('two API instances on one database', () => {
  let a: TestApp;
  let b: TestApp;
  let org: OrgFixture;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({}, { databaseUrl: a.url });
    org = await createOrg(a, { plan: 'essential' });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('should enroll exactly the free seats when registrations are split across instances', async () => {
    const c = await createClass(a, org, { maxStudents: 5 });
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) => (i % 2 ? a : b).http.post('/api/students/register').send(registerBody(org.orgId, c.id))),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s >= 500)).toHaveLength(0);
    const [{ enrolled, rows }] = await a.db.query(
      'SELECT c.enrolled_students AS enrolled, (SELECT count(*)::int FROM enrollments e WHERE e.class_id = c.id) AS rows FROM classes c WHERE c.id = $1',
      [c.id],
    );
    expect({ enrolled, rows }).toEqual({ enrolled: 5, rows: 5 });
  });

  it('should never enroll one email twice even when both instances receive it at once', async () => {
    const c = await createClass(a, org, { maxStudents: 10 });
    const body = registerBody(org.orgId, c.id, { email: 'twice@example.com' });
    const results = await Promise.all([a, b, a, b].map((t) => t.http.post('/api/students/register').send(body)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    const cls = await b.http.get(`/api/classes/${c.id}`).expect(200);
    expect(cls.body.data.enrolledStudents).toBe(1);
  });

  it('should honour a sign-out made on the other instance', async () => {
    const signin = await a.http.post('/api/auth/signin').send({ email: org.email, password: org.password }).expect(200);
    const auth = { Authorization: `Bearer ${signin.body.data.token}` };
    await b.http.get('/api/auth/me').set(auth).expect(200);
    await a.http.post('/api/auth/signout').set(auth).expect(200);
    await b.http.get('/api/auth/me').set(auth).expect(401);
  });
});
