import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { ClassSessions1770040000000 } from '../../src/database/migrations/1770040000000-ClassSessions';
import { RoomBookings1771005000000 } from '../../src/database/migrations/1771005000000-RoomBookings';
import { DropIns1771006000000 } from '../../src/database/migrations/1771006000000-DropIns';
import { Makeups1772005000000 } from '../../src/database/migrations/1772005000000-Makeups';
import { DEMO_ORG_ID, seedDemo } from '../../src/database/seeds/demo.seed';
import { sessionDates } from '../../src/modules/classes/class.entity';
import { classBody, createClass, createOrg, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

type Row = { class_id: string; start_date: Date; days: number; schedule: 'Consecutive' | 'Weekly' };

/** Sessions as records (issue 39 §1): the backfill, the schedule kept in step, closed dates. */
describe('class sessions', () => {
  let t: TestApp;
  let org: OrgFixture;
  let other: OrgFixture;
  beforeAll(async () => {
    t = await createTestApp({ JOBS_ENABLED: 'false' });
    org = await createOrg(t, { plan: 'professional' });
    other = await createOrg(t, { plan: 'professional' });
    await t.db.query(`UPDATE organizations SET settings = settings || '{"timeZone":"America/Chicago"}'::jsonb WHERE id = $1`, [org.orgId]);
  });
  afterAll(async () => {
    await t.close();
  });

  const startsOf = async (classId: string): Promise<string[]> =>
    (await t.db.query('SELECT starts_at FROM class_sessions WHERE class_id = $1 ORDER BY session_index', [classId])).map(
      (r: { starts_at: Date }) => new Date(r.starts_at).toISOString(),
    );
  /** Every class's records against the dates sessionDates() computes for it. */
  const expectRecordsAsComputed = async (rows: Row[]) => {
    for (const c of rows)
      expect(await startsOf(c.class_id)).toEqual(sessionDates(c.start_date, c.days, c.schedule).map((d) => d.toISOString()));
  };

  it('should backfill every existing class with the dates sessionDates() gives, across a DST change too', async () => {
    const migration = new ClassSessions1770040000000();
    // The later migrations on the sessions come off first and back on after, newest first, as a revert and a re-run
    // would: drop-ins and make-up absences reference class_sessions, and the room bookings are a column, triggers and a
    // constraint on them.
    const makeups = new Makeups1772005000000();
    const dropIns = new DropIns1771006000000();
    const bookings = new RoomBookings1771005000000();
    const runner = t.db.createQueryRunner();
    try {
      await makeups.down(runner);
      await dropIns.down(runner);
      await bookings.down(runner);
      await migration.down(runner);
      await t.db.query(
        `INSERT INTO classes (organization_id, title, description, instructor, location, status, price_cents, max_students, start_date, duration, days, schedule, information, materials)
         VALUES ($1, 'Weekly over DST', '', 'Luis', 'Studio', 'Open', 1000, 5, '2026-10-20T23:00:00Z', 90, 4, 'Weekly', '', '[]'),
                ($1, 'Consecutive', '', 'Luis', 'Studio', 'Open', 1000, 5, '2026-12-28T15:00:00Z', 60, 5, 'Consecutive', '', '[]'),
                ($1, 'One day', '', 'Luis', 'Studio', 'Open', 1000, 5, '2027-01-04T15:00:00Z', 45, 1, 'Weekly', '', '[]')`,
        [org.orgId],
      );
      await migration.up(runner);
      await bookings.up(runner);
      await dropIns.up(runner);
      await makeups.up(runner);
    } finally {
      await runner.release();
    }
    const rows: Row[] = await t.db.query(
      'SELECT id AS class_id, start_date, days, schedule FROM classes WHERE organization_id = $1 ORDER BY title',
      [org.orgId],
    );
    expect(rows).toHaveLength(3);
    await expectRecordsAsComputed(rows);
    const ends = await t.db.query(
      "SELECT DISTINCT (extract(epoch FROM ends_at - starts_at) / 60)::int AS m FROM class_sessions s JOIN classes c ON c.id = s.class_id WHERE c.title = 'Weekly over DST'",
    );
    expect(ends).toEqual([{ m: 90 }]);
  });

  it("should lay a new weekly class out at the same local time across a DST change, in the organization's zone", async () => {
    // 6 pm in Chicago: 23:00Z before 1 November 2026 (CDT), 00:00Z the next day after it (CST).
    const cls = await createClass(t, org, { startDate: '2026-10-20T23:00:00.000Z', days: 4, schedule: 'Weekly', duration: 60 });
    const res = await t.http.get(`/api/classes/${cls.id}/sessions`).set(org.auth).expect(200);
    expect(res.body.data.map((s: { startsAt: string }) => s.startsAt)).toEqual([
      '2026-10-20T23:00:00.000Z',
      '2026-10-27T23:00:00.000Z',
      '2026-11-04T00:00:00.000Z',
      '2026-11-11T00:00:00.000Z',
    ]);
    expect(res.body.data[0]).toMatchObject({ sessionIndex: 0, status: 'scheduled', roomId: null, instructorId: null, note: '' });
    expect(res.body.data[0].endsAt).toBe('2026-10-21T00:00:00.000Z');
  });

  it('should keep the sessions in step with a schedule change, and refuse one that drops a session with attendance', async () => {
    const body = classBody({ startDate: '2031-03-03T17:00:00.000Z', days: 4, schedule: 'Consecutive' });
    const cls = await createClass(t, org, body);
    await t.http
      .put(`/api/classes/${cls.id}`)
      .set(org.auth)
      .send({ ...body, days: 6, schedule: 'Weekly' })
      .expect(200);
    expect(await startsOf(cls.id)).toHaveLength(6);
    expect((await startsOf(cls.id))[5]).toBe('2031-04-07T16:00:00.000Z'); // 11 am Chicago, after the March change
    // Attendance on session 5 (index 4): shrinking to 4 sessions would delete it.
    const student = (
      await t.db.query(
        `INSERT INTO students (organization_id, first_name, last_name, email, phone) VALUES ($1, 'Ann', 'Lee', 'ann-${randomUUID()}@example.com', '5555550100') RETURNING id`,
        [org.orgId],
      )
    )[0].id;
    await t.db.query(
      `INSERT INTO attendance (organization_id, class_id, student_id, session_index, session_date, attended) VALUES ($1, $2, $3, 4, now(), true)`,
      [org.orgId, cls.id, student],
    );
    const refused = await t.http
      .put(`/api/classes/${cls.id}`)
      .set(org.auth)
      .send({ ...body, days: 4, schedule: 'Weekly', title: 'Renamed' })
      .expect(409);
    expect(refused.body.code).toBe('SESSION_HAS_ATTENDANCE');
    expect(refused.body.error).toBe('This change would remove session 5, which has attendance taken. Keep at least 5 sessions.');
    // Nothing half written: the class kept its title and count, the sessions their six rows.
    expect((await t.db.query('SELECT title, days FROM classes WHERE id = $1', [cls.id]))[0]).toEqual({ title: body.title, days: 6 });
    expect(await startsOf(cls.id)).toHaveLength(6);
    await t.http
      .put(`/api/classes/${cls.id}`)
      .set(org.auth)
      .send({ ...body, days: 5, schedule: 'Weekly' })
      .expect(200);
    expect(await startsOf(cls.id)).toHaveLength(5);
  });

  it("should skip a closed date in a new class's schedule and add a session at the end", async () => {
    const closed = await t.http.post('/api/closed-dates').set(org.auth).send({ name: 'Thanksgiving', date: '2031-11-27' }).expect(201);
    expect(closed.body.data).toMatchObject({ name: 'Thanksgiving', date: '2031-11-27' });
    await t.http.post('/api/closed-dates').set(org.auth).send({ name: 'Again', date: '2031-11-27' }).expect(409);
    // Thursdays at 6 pm Chicago from 13 November: 13, 20, (27 closed), 4 December.
    const cls = await createClass(t, org, { startDate: '2031-11-14T00:00:00.000Z', days: 3, schedule: 'Weekly' });
    expect(await startsOf(cls.id)).toEqual(['2031-11-14T00:00:00.000Z', '2031-11-21T00:00:00.000Z', '2031-12-05T00:00:00.000Z']);
  });

  it('should list the sessions already on a newly closed date for the admin, without cancelling them', async () => {
    const cls = await createClass(t, org, { startDate: '2032-01-05T16:00:00.000Z', days: 2, schedule: 'Consecutive' });
    const closed = await t.http.post('/api/closed-dates').set(org.auth).send({ name: 'Snow day', date: '2032-01-06' }).expect(201);
    const affected = await t.http.get(`/api/closed-dates/${closed.body.data.id}/sessions`).set(org.auth).expect(200);
    expect(affected.body.data).toHaveLength(1);
    expect(affected.body.data[0]).toMatchObject({ classId: cls.id, sessionIndex: 1, status: 'scheduled' });
    const list = await t.http.get('/api/closed-dates').set(org.auth).expect(200);
    expect(list.body.data.map((d: { date: string }) => d.date)).toEqual(['2031-11-27', '2032-01-06']);
    await t.http.put(`/api/closed-dates/${closed.body.data.id}`).set(org.auth).send({ name: 'Snow day', date: '2032-02-30' }).expect(400);
    await t.http.put(`/api/closed-dates/${closed.body.data.id}`).set(org.auth).send({ name: 'Ice day', date: '2032-01-07' }).expect(200);
  });

  it("should answer 404 for another organization's class, session and closed date", async () => {
    const cls = await createClass(t, org, {});
    const [session] = (await t.http.get(`/api/classes/${cls.id}/sessions`).set(org.auth).expect(200)).body.data;
    const closed = (await t.http.get('/api/closed-dates').set(org.auth).expect(200)).body.data[0];
    await t.http.get(`/api/classes/${cls.id}/sessions`).set(other.auth).expect(404);
    await t.http.put(`/api/class-sessions/${session.id}`).set(other.auth).send({ note: 'x' }).expect(404);
    await t.http.get(`/api/closed-dates/${closed.id}/sessions`).set(other.auth).expect(404);
    await t.http.put(`/api/closed-dates/${closed.id}`).set(other.auth).send({ name: 'x', date: '2032-01-01' }).expect(404);
    await t.http.delete(`/api/closed-dates/${closed.id}`).set(other.auth).expect(404);
    expect((await t.http.get('/api/closed-dates').set(other.auth).expect(200)).body.data).toEqual([]);
  });

  it("should give the demo organization's seeded classes the dates sessionDates() gives", async () => {
    // The demo seeds an empty database only: a second app on a fresh one (last: closing it ends the process's shared statements).
    const fresh = await createTestApp({ JOBS_ENABLED: 'false' });
    try {
      expect(await seedDemo(fresh.db)).toBe(true);
      const rows: Row[] = await fresh.db.query(
        'SELECT id AS class_id, start_date, days, schedule FROM classes WHERE organization_id = $1',
        [DEMO_ORG_ID],
      );
      expect(rows.length).toBeGreaterThan(0);
      for (const c of rows) {
        const got = await fresh.db.query('SELECT starts_at FROM class_sessions WHERE class_id = $1 ORDER BY session_index', [c.class_id]);
        expect(got.map((r: { starts_at: Date }) => new Date(r.starts_at).toISOString())).toEqual(
          sessionDates(c.start_date, c.days, c.schedule).map((d) => d.toISOString()),
        );
      }
    } finally {
      await fresh.close();
    }
  });
});
