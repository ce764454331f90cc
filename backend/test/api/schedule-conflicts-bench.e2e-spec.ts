import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { cpus, loadavg } from 'node:os';
import { CLASHES, ScheduleConflictsRepository } from '../../src/modules/schedule-conflicts/schedule-conflicts.repository';
import { ScheduleConflictsService } from '../../src/modules/schedule-conflicts/schedule-conflicts.service';
import { classBody, createOrg, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

const ROOMS = 40;
const SESSIONS = 2000; // one month
const RUNS = 100;
const MONTH = '2031-05-01T00:00:00.000Z';

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * The conflict figures of issue 39 §5 (`npm run bench:calendar`; not part of the suite: CALENDAR_BENCH=1 runs it). An
 * organization with 40 exclusive rooms and 2,000 sessions in a month (50 per room, none overlapping, each room's own
 * instructor); then the check a write of a 30-session class runs before it commits (target < 20 ms p95), the same
 * class's create end to end through the API, and the Conflicts screen's list.
 */
(process.env.CALENDAR_BENCH ? describe : describe.skip)('calendar bench', () => {
  let t: TestApp;
  let org: OrgFixture;
  beforeAll(async () => {
    t = await createTestApp({ JOBS_ENABLED: 'false' });
    org = await createOrg(t, { plan: 'professional' });
    await t.db.query(`UPDATE organizations SET settings = settings || '{"timeZone":"UTC"}'::jsonb WHERE id = $1`, [org.orgId]);
    await t.db.query(`INSERT INTO locations (organization_id, name) VALUES ($1, 'Campus')`, [org.orgId]);
    await t.db.query(
      `INSERT INTO rooms (organization_id, location_id, name)
       SELECT $1, l.id, 'Room ' || r FROM locations l, generate_series(1, $2) r WHERE l.organization_id = $1`,
      [org.orgId, ROOMS],
    );
    await t.db.query(`INSERT INTO instructors (organization_id, name) SELECT $1, 'Teacher ' || r FROM generate_series(1, $2) r`, [
      org.orgId,
      ROOMS,
    ]);
    // Session i: room i % 40 (and its teacher), the k-th of that room: day k % 25, at 08:00 or 10:00 (k / 25).
    await t.db.query(
      `WITH r AS (SELECT id, location_id, row_number() OVER (ORDER BY name) - 1 AS n FROM rooms WHERE organization_id = $1),
            ins AS (SELECT id, row_number() OVER (ORDER BY name) - 1 AS n FROM instructors WHERE organization_id = $1)
       INSERT INTO classes (organization_id, title, description, instructor, location, status, price_cents, max_students,
                            start_date, duration, days, schedule, information, materials, location_id, room_id, instructor_id)
       SELECT $1, 'Bench ' || i, '', 'Teacher', 'Campus', 'Open', 1000, 10,
              $3::timestamptz + make_interval(days => (i / $2) % 25, hours => 8 + 2 * ((i / $2) / 25)), 60, 1, 'Weekly', '', '[]',
              r.location_id, r.id, ins.id
         FROM generate_series(0, $4 - 1) i JOIN r ON r.n = i % $2 JOIN ins ON ins.n = i % $2`,
      [org.orgId, ROOMS, MONTH, SESSIONS],
    );
    await t.db.query(
      `INSERT INTO class_sessions (organization_id, class_id, session_index, starts_at, ends_at)
       SELECT organization_id, id, 0, start_date, start_date + interval '60 minutes' FROM classes WHERE organization_id = $1`,
      [org.orgId],
    );
    await t.db.query('ANALYZE class_sessions; ANALYZE classes');
  }, 600_000);
  afterAll(async () => {
    await t.close();
  });

  it('should measure the conflict check of a 30-session class, its create, and the Conflicts list', async () => {
    const booked = await t.db.query(
      'SELECT count(*)::int AS n FROM class_sessions WHERE organization_id = $1 AND booked_room_id IS NOT NULL',
      [org.orgId],
    );
    expect(booked[0].n).toBe(SESSIONS);
    const [room] = await t.db.query("SELECT id FROM rooms WHERE organization_id = $1 AND name = 'Room 1'", [org.orgId]);
    const [teacher] = await t.db.query("SELECT id FROM instructors WHERE organization_id = $1 AND name = 'Teacher 1'", [org.orgId]);
    // 30 evenings in Room 1 with Teacher 1, free: the check finds nothing, the usual case.
    const body = classBody({ location: undefined, instructor: undefined, roomId: room.id, instructorId: teacher.id });
    const create: number[] = [];
    let classId = '';
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      const res = await t.http
        .post('/api/classes')
        .set(org.auth)
        .send({
          ...body,
          title: `Thirty ${i}`,
          days: 30,
          schedule: 'Consecutive',
          startDate: `2031-0${6 + (i % 4)}-01T${10 + Math.floor(i / 4)}:00:00.000Z`,
        })
        .expect(201);
      create.push(performance.now() - t0);
      classId = res.body.data.id;
    }
    const repo = t.app.get(ScheduleConflictsRepository);
    if (process.env.CALENDAR_BENCH_EXPLAIN) {
      const plan = await t.db.query(`EXPLAIN (ANALYZE, BUFFERS) ${CLASHES}`, [org.orgId, classId, null]);
      process.stdout.write(plan.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n') + '\n');
    }
    if (process.env.CALENDAR_BENCH_EXPLAIN) {
      const sql = (repo as unknown as { constructor: { CLASHES?: string } }).constructor.CLASHES;
      void sql;
    }
    const check: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      // The statement alone: in a write it runs inside the transaction already open, so no BEGIN/COMMIT of its own.
      const clashes = await repo.clashes(t.db.manager, org.orgId, { classId });
      check.push(performance.now() - t0);
      expect(clashes).toEqual([]);
    }
    // The same check finding every one of the 30 sessions booked (a class laid over Room 1's mornings).
    const [busy] = await t.db.query(
      "SELECT id FROM classes WHERE organization_id = $1 AND room_id = $2 AND title LIKE 'Bench %' ORDER BY start_date LIMIT 1",
      [org.orgId, room.id],
    );
    const clashing: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await repo.clashes(t.db.manager, org.orgId, { classId: busy.id });
      clashing.push(performance.now() - t0);
    }
    const service = t.app.get(ScheduleConflictsService);
    const list: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      await service.list(org.orgId, new Date(MONTH));
      list.push(performance.now() - t0);
    }
    const figures = {
      sessions: SESSIONS,
      rooms: ROOMS,
      checkThirtySessionsMs: { median: median(check), p95: p95(check) },
      checkOneBookedSessionMs: { median: median(clashing), p95: p95(clashing) },
      createThirtySessionClassMs: { median: median(create), p95: p95(create) },
      conflictsListMs: { median: median(list), p95: p95(list) },
    };
    process.stdout.write(`${JSON.stringify({ ...figures, loadAverage: loadavg()[0], cores: cpus().length }, null, 2)}\n`);
    // The target (issue 39 §5) is judged on a machine not already busier than its cores; on a shared, overloaded one the
    // p95 measures the scheduler (the figures above are still printed).
    if (loadavg()[0] < cpus().length) expect(p95(check)).toBeLessThan(20);
    else process.stdout.write(`load ${loadavg()[0].toFixed(1)} on ${cpus().length} cores: the 20 ms p95 target is not judged\n`);
  }, 600_000);
});
