import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClass, createOrg, registerBody, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

type Enrollment = { id: string; status: string; refunds: { amount: number }[]; answers?: unknown; waivers?: unknown };
type Student = { id: string; firstName: string; lastName: string; classEnrollments: Enrollment[]; pastEnrollments: Enrollment[] };
const enrollmentsOf = (s: Student) => [...s.classEnrollments, ...s.pastEnrollments];

/**
 * The students list reads a page's enrollments, class titles and refunds in one set-wise statement; the one-student
 * read (`GET /api/students/{id}`) reads them with another query. Both must say the same of every student, on every
 * page, in every sort order, with the page order kept.
 */
describe('students list: a page with its enrollments', () => {
  let t: TestApp;
  let org: OrgFixture;
  let other: OrgFixture;

  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t, { plan: 'professional' });
    other = await createOrg(t, { plan: 'professional' });
    const classes = [];
    for (const title of ['Pottery', 'Drawing', 'Yoga']) classes.push((await createClass(t, org, { title, maxStudents: 30 })).id);
    // 13 people: some in one class, some in two, two in none (added by the admin).
    const last = ['Okafor', 'Lin', 'Garcia', 'Novak', 'Smith', 'Abe', 'Quinn', 'Diaz', 'Ito', 'Moreau', 'Khan', 'Berg', 'Costa'];
    for (let i = 0; i < 13; i++) {
      const person = {
        firstName: ['Maya', 'Ana', 'Leo', 'Ivy'][i % 4],
        lastName: last[(i * 5) % 13],
        email: `p${i}@example.com`,
        phone: `559555${String(1000 + i)}`,
      };
      if (i >= 11) {
        await t.http.post('/api/students').set(org.auth).send(person).expect(201);
        continue;
      }
      await t.http
        .post('/api/students/register')
        .send(registerBody(org.orgId, classes[i % 3], person))
        .expect(201);
      if (i % 2 === 0) {
        await t.http
          .post('/api/students/register')
          .send(registerBody(org.orgId, classes[(i + 1) % 3], person))
          .expect(201);
      }
    }
    // Refunds on some enrollments, two on one (their order is by time), and an abandoned card hold that the admin
    // never sees beside a lapsed one that took money (which stays visible).
    const enrollments: { id: string; organization_id: string }[] = await t.db.query(
      'SELECT id, organization_id FROM enrollments WHERE organization_id = $1 ORDER BY id',
      [org.orgId],
    );
    for (const [n, e] of enrollments.slice(0, 4).entries()) {
      await t.db.query(
        `INSERT INTO refunds (organization_id, enrollment_id, amount_cents, status, source, reason, created_at)
         VALUES ($1, $2, $3, 'succeeded', 'admin', 'Changed plans', now() - interval '1 hour' * $4)`,
        [e.organization_id, e.id, 100 + n, n],
      );
    }
    await t.db.query(
      `INSERT INTO refunds (organization_id, enrollment_id, amount_cents, status, source, reason) VALUES ($1, $2, 50, 'pending', 'stripe_dashboard', '')`,
      [org.orgId, enrollments[0].id],
    );
    await t.db.query("UPDATE enrollments SET status = 'expired', amount_paid_cents = 0 WHERE id = $1", [enrollments[5].id]);
    await t.db.query("UPDATE enrollments SET status = 'expired', amount_paid_cents = 2500 WHERE id = $1", [enrollments[6].id]);
  });
  afterAll(async () => {
    await t.close();
  });

  const list = async (sort: string, order: string, from: number, to: number, as = org) =>
    (
      await t.http
        .get('/api/students')
        .query({ sort: JSON.stringify([sort, order]), range: JSON.stringify([from, to]), filter: '{}' })
        .set(as.auth)
        .expect(200)
    ).body.data as Student[];

  it.each([
    ['name', 'ASC'],
    ['name', 'DESC'],
    ['email', 'ASC'],
    ['createdAt', 'DESC'],
    ['classes', 'DESC'],
  ])('should give each student of every page the enrollments the one-student read gives (sort %s %s)', async (sort, order) => {
    const all = await list(sort, order, 0, 99);
    expect(all).toHaveLength(13);
    const pages = [...(await list(sort, order, 0, 4)), ...(await list(sort, order, 5, 9)), ...(await list(sort, order, 10, 14))];
    expect(pages.map((s) => s.id)).toEqual(all.map((s) => s.id));
    for (const s of pages) {
      const one = (await t.http.get(`/api/students/${s.id}`).set(org.auth).expect(200)).body.data as Student;
      // The one-student read adds each enrollment's form answers and signed waivers (the list does not carry them).
      const withoutForms = (list: Enrollment[]) => list.map(({ answers: _a, waivers: _w, ...e }) => e);
      expect(s).toEqual({
        ...one,
        classEnrollments: withoutForms(one.classEnrollments),
        pastEnrollments: withoutForms(one.pastEnrollments),
      });
    }
  });

  it('should keep the sort the admin asked for', async () => {
    const byName = await list('name', 'ASC', 0, 99);
    const names = byName.map((s) => `${s.lastName} ${s.firstName}`.toLowerCase());
    expect(names).toEqual([...names].sort());
    const byClasses = await list('classes', 'DESC', 0, 99);
    const counts = byClasses.map((s) => s.classEnrollments.length);
    expect(counts[0]).toBeGreaterThan(counts[counts.length - 1]);
  });

  it('should show refunds in time order and hide only an abandoned hold', async () => {
    const all = await list('name', 'ASC', 0, 99);
    const enrollments = all.flatMap(enrollmentsOf);
    const withTwo = enrollments.find((e) => e.refunds.length === 2);
    expect(withTwo?.refunds.map((r) => r.amount)).toEqual([1, 0.5]);
    expect(enrollments.filter((e) => e.status === 'expired')).toHaveLength(1);
    // 11 registered, 6 of them twice, one abandoned hold hidden
    expect(enrollments).toHaveLength(11 + 6 - 1);
  });

  it('should show another organization none of them, on any page', async () => {
    expect(await list('name', 'ASC', 0, 99, other)).toEqual([]);
    expect(await list('name', 'ASC', 5, 9, other)).toEqual([]);
  });
});
