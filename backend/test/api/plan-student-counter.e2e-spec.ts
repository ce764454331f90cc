import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import { OrganizationUsage1767200000000 } from '../../src/database/migrations/1767200000000-OrganizationUsage';
import { createClass, createOrg, registerBody, studentBody, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

/**
 * The plan's student limit is enforced by a per-organization counter updated conditionally, not by a lock on the
 * organization row: registrations in different classes never wait on each other, and the limit still refuses
 * exactly the excess under a race.
 */
describe('plan student counter', () => {
  let t: TestApp;
  const LIMIT = 40;

  beforeAll(async () => {
    t = await createTestApp();
    // A plan with room for LIMIT students and any number of classes; only this file's database sees the change.
    await t.db.query(
      `UPDATE subscription_plans SET limits = limits || jsonb_build_object('maxStudents', ${LIMIT}, 'maxClasses', -1) WHERE id = 'essential'`,
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const kept = async (org: OrgFixture): Promise<number | null> => {
    const rows = await t.db.query('SELECT students FROM organization_usage WHERE organization_id = $1', [org.orgId]);
    return rows[0]?.students ?? null;
  };
  const usage = async (org: OrgFixture) =>
    (await t.http.get(`/api/subscriptions/${org.orgId}/usage-limits`).set(org.auth).expect(200)).body.data.usage.students.current as number;

  it('should let exactly the room left through when 30 new students register at once in 30 classes', async () => {
    const org = await createOrg(t, { plan: 'essential' });
    const classes = [];
    for (let i = 0; i < 30; i++) classes.push(await createClass(t, org, { title: `Class ${i}`, maxStudents: 5 }));
    const room = 7;
    const filler = await createClass(t, org, { maxStudents: 50 });
    for (let i = 0; i < LIMIT - room; i++) await t.http.post('/api/students/register').send(registerBody(org.orgId, filler.id)).expect(201);
    expect(await kept(org)).toBe(LIMIT - room);

    const replies = await Promise.all(classes.map((c) => t.http.post('/api/students/register').send(registerBody(org.orgId, c.id))));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(room);
    expect(statuses.filter((s) => s === 403)).toHaveLength(30 - room);
    for (const r of replies.filter((x) => x.status === 403)) expect(r.body.code).toBe('REGISTRATION_CLOSED');

    expect(await kept(org)).toBe(LIMIT);
    expect(await usage(org)).toBe(LIMIT);
    const [{ n }] = await t.db.query('SELECT count(*)::int AS n FROM students WHERE organization_id = $1', [org.orgId]);
    expect(n).toBe(LIMIT);
    // Seats were taken only by the registrations that went through.
    const [{ seats }] = await t.db.query('SELECT sum(enrolled_students)::int AS seats FROM classes WHERE id = ANY($1::uuid[])', [
      classes.map((c) => c.id),
    ]);
    expect(seats).toBe(room);

    // The refusal keeps its texts: the public check answers 200 registrationClosed, the admin gets the plan's text.
    const check = await t.http
      .post('/api/students/check-enrollment')
      .send({ email: 'someone-new@example.com', classId: classes[0].id, organizationId: org.orgId })
      .expect(200);
    expect(check.body.data).toMatchObject({ enrolled: false, registrationClosed: true });
    const admin = await t.http.post('/api/students').set(org.auth).send(studentBody()).expect(403);
    expect(admin.body.error).toMatch(/^Student limit reached\. Essential allows up to 40 students\. You currently have 40 students\./);
    // A student already counted still registers for another class at the limit.
    const known = replies.find((r) => r.status === 201)!.body.data.email as string;
    await t.http
      .post('/api/students/register')
      .send(registerBody(org.orgId, filler.id, { email: known }))
      .expect(201);
    expect(await kept(org)).toBe(LIMIT);
  });

  it('should let a registration in class B finish while a registration in class A waits on its seat lock', async () => {
    const org = await createOrg(t, { plan: 'essential' });
    const a = await createClass(t, org, { title: 'A' });
    const b = await createClass(t, org, { title: 'B' });
    const lockHolder = new Client({ connectionString: t.url });
    await lockHolder.connect();
    try {
      await lockHolder.query('BEGIN');
      await lockHolder.query('SELECT 1 FROM classes WHERE id = $1 FOR UPDATE', [a.id]);
      let aDone = false;
      const inA = t.http
        .post('/api/students/register')
        .send(registerBody(org.orgId, a.id))
        .then((r) => {
          aDone = true;
          return r;
        });
      // Class A's registration is now inside its transaction, waiting for the seat.
      await waitUntil(async () => {
        const rows = await t.db.query(
          `SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%classes%' AND pid <> $1`,
          [(await lockHolder.query('SELECT pg_backend_pid() AS pid')).rows[0].pid],
        );
        return rows.length > 0;
      });
      // A new student in class B (the plan's counter is taken too) must not wait for class A.
      const inB = await Promise.race([
        t.http.post('/api/students/register').send(registerBody(org.orgId, b.id)),
        new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 10_000)),
      ]);
      expect(inB === 'timeout' ? 'class B waited for class A' : inB.status).toBe(201);
      expect(aDone).toBe(false);
      await lockHolder.query('COMMIT');
      expect((await inA).status).toBe(201);
      expect(await kept(org)).toBe(2);
    } finally {
      await lockHolder.end();
    }
  });

  it('should create one student when the same new email registers in two classes at once', async () => {
    const org = await createOrg(t, { plan: 'essential' });
    const a = await createClass(t, org, { title: 'A' });
    const b = await createClass(t, org, { title: 'B' });
    const email = `twice-${Date.now()}@example.com`;
    const replies = await Promise.all(
      [a, b, a, b].map((c, i) =>
        t.http.post('/api/students/register').send(registerBody(org.orgId, c.id, { email: i < 2 ? email : email.toUpperCase() })),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, 201, 409, 409]);
    const [{ n }] = await t.db.query('SELECT count(*)::int AS n FROM students WHERE organization_id = $1', [org.orgId]);
    expect(n).toBe(1);
    expect(await kept(org)).toBe(1);
  });

  it('should keep the count right when students are deleted or erased', async () => {
    const org = await createOrg(t, { plan: 'essential' });
    const c = await createClass(t, org, { maxStudents: 20 });
    const ids: string[] = [];
    for (let i = 0; i < 4; i++)
      ids.push((await t.http.post('/api/students/register').send(registerBody(org.orgId, c.id)).expect(201)).body.data.id);
    const created = await t.http.post('/api/students').set(org.auth).send(studentBody()).expect(201);
    expect(await kept(org)).toBe(5);

    await t.http.delete(`/api/students/${ids[0]}`).set(org.auth).expect(200);
    expect(await kept(org)).toBe(4);
    await t.http.delete(`/api/students/${created.body.data.id}`).set(org.auth).expect(200);
    expect(await kept(org)).toBe(3);
    // Erasure keeps the anonymised row (the money trail), so the student still counts.
    await t.http.delete(`/api/students/${ids[1]}?erase=true`).set(org.auth).expect(200);
    expect(await kept(org)).toBe(3);
    expect(await usage(org)).toBe(3);

    // After a delete, the freed room is usable up to the limit exactly.
    await t.db.query(`UPDATE subscription_plans SET limits = jsonb_set(limits, '{maxStudents}', '4') WHERE id = 'essential'`);
    try {
      await t.http.post('/api/students/register').send(registerBody(org.orgId, c.id)).expect(201);
      await t.http.post('/api/students/register').send(registerBody(org.orgId, c.id)).expect(403);
      expect(await kept(org)).toBe(4);
    } finally {
      await t.db.query(`UPDATE subscription_plans SET limits = jsonb_set(limits, '{maxStudents}', '${LIMIT}') WHERE id = 'essential'`);
    }
  });

  it('should keep no count on an unlimited plan and recount when a limit applies again', async () => {
    const org = await createOrg(t, { plan: 'professional' });
    const c = await createClass(t, org, { maxStudents: 20 });
    for (let i = 0; i < 3; i++) await t.http.post('/api/students/register').send(registerBody(org.orgId, c.id)).expect(201);
    expect(await kept(org)).toBeNull();
    await t.db.query('UPDATE organizations SET plan_id = $1 WHERE id = $2', ['essential', org.orgId]);
    await t.http.post('/api/students/register').send(registerBody(org.orgId, c.id)).expect(201);
    expect(await kept(org)).toBe(4);
  });

  it('should backfill the count of existing organizations when the table is created', async () => {
    const org = await createOrg(t, { plan: 'essential' });
    const c = await createClass(t, org, { maxStudents: 20 });
    for (let i = 0; i < 3; i++) await t.http.post('/api/students/register').send(registerBody(org.orgId, c.id)).expect(201);
    const runner = t.db.createQueryRunner();
    try {
      await runner.query('DROP TABLE organization_usage');
      await new OrganizationUsage1767200000000().up(runner);
    } finally {
      await runner.release();
    }
    expect(await kept(org)).toBe(3);
    expect(await usage(org)).toBe(3);
  });
});

async function waitUntil(check: () => Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not met in time');
}
