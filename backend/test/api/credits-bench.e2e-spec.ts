import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { CreditsLedger } from '../../src/modules/credits/credits-ledger';
import { createOrg, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

const HOLDERS = 100;
const USES_EACH = 8; // 800 uses to take
const ATTEMPTS = 1000;
const MOVEMENTS = 500;
const OTHER_MOVEMENTS = 50_000;
const RUNS = 300;

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * The credits figures of issue 41 §6 (`npm run bench:credits`; not part of the suite: CREDITS_BENCH=1 runs it).
 * 1,000 uses sent at once at 100 entitlements holding 800 uses between them: exactly 800 taken, 200 refused
 * CREDIT_EXHAUSTED, none lost or taken twice, every balance the sum of its movements. Then the balance of a student
 * with 500 movements, among 50,000 others of the organization (target < 5 ms p95).
 */
(process.env.CREDITS_BENCH ? describe : describe.skip)('credits bench', () => {
  let t: TestApp;
  let org: OrgFixture;
  let ledger: CreditsLedger;
  const students: string[] = [];
  const credits: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ JOBS_ENABLED: 'false' });
    ledger = t.app.get(CreditsLedger);
    org = await createOrg(t, { plan: 'professional' });
    const rows: { id: string }[] = await t.db.query(
      `INSERT INTO students (organization_id, first_name, last_name, email, phone, status, communication_opt_in)
       SELECT $1, 'Bench', 'Student ' || i, 'bench' || i || '@example.com', '5595550000', 'active', true FROM generate_series(1, $2) i RETURNING id`,
      [org.orgId, HOLDERS + 1],
    );
    students.push(...rows.map((r) => r.id));
    for (const s of students.slice(0, HOLDERS)) {
      const e = await t.db.transaction((m) =>
        ledger.grant(m, { organizationId: org.orgId, holderStudentId: s, kind: 'pack', amount: USES_EACH, source: 'sale' }),
      );
      credits.push(e.id);
    }
  }, 600_000);
  afterAll(async () => {
    await t.close();
  });

  it('should take 1,000 concurrent uses with none lost or doubled, then answer a 500-movement balance quickly', async () => {
    const started = Date.now();
    const outcomes = await Promise.all(
      Array.from({ length: ATTEMPTS }, (_, i) =>
        t.db
          .transaction((m) =>
            ledger.use(m, {
              organizationId: org.orgId,
              entitlementId: credits[i % HOLDERS],
              studentId: students[i % HOLDERS],
              enrollmentId: randomUUID(),
              target: { classId: randomUUID(), termId: null, dropIn: false },
            }),
          )
          .then(
            () => 'used',
            (e: { code?: string }) => e.code ?? String(e),
          ),
      ),
    );
    const usesMs = Date.now() - started;
    const tally = outcomes.reduce<Record<string, number>>((n, o) => ({ ...n, [o]: (n[o] ?? 0) + 1 }), {});
    expect(tally).toEqual({ used: HOLDERS * USES_EACH, CREDIT_EXHAUSTED: ATTEMPTS - HOLDERS * USES_EACH });
    const [written] = await t.db.query(
      `SELECT count(*)::int AS uses, count(DISTINCT enrollment_id)::int AS enrollments FROM entitlement_movements WHERE organization_id = $1 AND kind = 'use'`,
      [org.orgId],
    );
    expect(written).toEqual({ uses: HOLDERS * USES_EACH, enrollments: HOLDERS * USES_EACH });
    expect(
      await t.db.query('SELECT count(*)::int AS n FROM entitlements WHERE organization_id = $1 AND remaining <> 0', [org.orgId]),
    ).toEqual([{ n: 0 }]);
    expect(await ledger.invariantBreaks(t.db.manager, org.orgId)).toEqual([]);

    // A student with 500 movements (a grant, then uses and releases), among 50,000 movements of others.
    const student = students[HOLDERS];
    const big = await t.db.transaction((m) =>
      ledger.grant(m, { organizationId: org.orgId, holderStudentId: student, kind: 'pack', amount: 10_000, source: 'sale' }),
    );
    await t.db.query(
      `WITH mv AS (INSERT INTO entitlement_movements (organization_id, entitlement_id, kind, amount, enrollment_id)
                   SELECT $1, $2, 'use', -1, gen_random_uuid() FROM generate_series(1, $3) RETURNING amount)
       UPDATE entitlements SET remaining = remaining + (SELECT sum(amount) FROM mv) WHERE id = $2`,
      [org.orgId, big.id, MOVEMENTS - 1],
    );
    await t.db.query(
      `WITH mv AS (INSERT INTO entitlement_movements (organization_id, entitlement_id, kind, amount, reason)
                   SELECT $1, e.id, 'validity', 0, 'bench' FROM entitlements e, generate_series(1, $2::int / $3::int) WHERE e.organization_id = $1 AND e.id <> $4
                   RETURNING 1)
       SELECT count(*) FROM mv`,
      [org.orgId, OTHER_MOVEMENTS, HOLDERS, big.id],
    );
    await t.db.query('ANALYZE entitlements; ANALYZE entitlement_movements');
    expect(await ledger.invariantBreaks(t.db.manager, org.orgId)).toEqual([]);
    const balanceMs: number[] = [];
    const ledgerMs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const a = process.hrtime.bigint();
      const b = await ledger.balance(t.db.manager, org.orgId, student);
      const c = process.hrtime.bigint();
      const movements = await ledger.movementsOf(t.db.manager, org.orgId, [big.id]);
      const d = process.hrtime.bigint();
      balanceMs.push(Number(c - a) / 1e6);
      ledgerMs.push(Number(d - c) / 1e6);
      expect(b.uses).toBe(10_000 - (MOVEMENTS - 1));
      expect(movements).toHaveLength(MOVEMENTS);
    }
    const figures = {
      concurrentUses: { attempts: ATTEMPTS, taken: tally.used, refused: tally.CREDIT_EXHAUSTED, wallMs: usesMs },
      balanceWith500Movements: { medianMs: median(balanceMs), p95Ms: p95(balanceMs) },
      all500MovementsRead: { medianMs: median(ledgerMs), p95Ms: p95(ledgerMs) },
      loadAverage: loadavg()[0],
      cores: cpus().length,
    };
    process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
    if (loadavg()[0] < cpus().length) expect(p95(balanceMs)).toBeLessThan(5);
    else process.stdout.write(`load ${loadavg()[0].toFixed(1)} on ${cpus().length} cores: the 5 ms p95 target is not judged\n`);
  }, 600_000);
});
