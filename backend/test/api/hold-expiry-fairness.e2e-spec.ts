import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { CardEnrollmentsRepository } from '../../src/modules/registration/card-enrollments.repository';
import { HoldExpiry } from '../../src/modules/registration/hold-expiry';
import { createTestApp, type TestApp } from '../setup/test-app';

// Issue 44: jobs claim across organizations, and one organization's volume must not hold back another's work. Here
// one organization has HOLD_FAIRNESS_ROWS lapsed card holds (an abandoned opening: 50,000 by hand, 5,000 in the suite;
// the property does not depend on the count) that lapsed an hour ago, and another has 20 that lapsed a minute ago.
// Oldest first, the 20 seats stayed held behind every one of the burst's (500 batches at 50,000); shared round robin
// they are freed in the first batch, while two instances still take each hold once.
const BURST = Number(process.env.HOLD_FAIRNESS_ROWS ?? 5_000);

async function lapsedHolds(db: DataSource, count: number, lapsedMinutesAgo: number): Promise<{ orgId: string; classId: string }> {
  const [{ id: orgId }] = await db.query(`INSERT INTO organizations (name, plan_id) VALUES ('Holds', 'professional') RETURNING id`);
  const [{ id: classId }] = await db.query(
    `INSERT INTO classes (organization_id, title, description, instructor, location, status, price_cents, max_students, start_date,
                          duration, days, schedule, enrolled_students)
     VALUES ($1, 'Opening', 'Opening day.', 'Ines', 'Hall', 'Open', 4000, $2, now() + interval '30 days', 60, 1, 'Weekly', $2)
     RETURNING id`,
    [orgId, count],
  );
  await db.query(
    `WITH s AS (INSERT INTO students (organization_id, first_name, last_name, email, phone, registration_date)
                SELECT $1, 'Held', 'Seat' || i, 'held' || i || '@example.com', '5595550000', now() FROM generate_series(1, $3::int) i
                RETURNING id)
     INSERT INTO enrollments (organization_id, student_id, class_id, payment_status, payment_method, amount_paid_cents, enrollment_date,
                              status, hold_expires_at)
     SELECT $1, s.id, $2, 'pending', 'card', 0, now(), 'held', now() - $4 * interval '1 minute' - random() * interval '1 second' FROM s`,
    [orgId, classId, count, lapsedMinutesAgo],
  );
  return { orgId, classId };
}

describe('hold expiry shared between organizations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ JOBS_ENABLED: 'false' });
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('should free a quiet organization’s lapsed seats in the first batch while a burst of another’s drains, each hold once', async () => {
    const burst = await lapsedHolds(t.db, BURST, 60);
    const quiet = await lapsedHolds(t.db, 20, 1);
    await t.db.query('ANALYZE enrollments');
    const repo = t.app.get(CardEnrollmentsRepository);

    // Two instances claim at once (two transactions, each holding its claim): different holds, and the quiet
    // organization's 20 are all in this first round.
    const first = await new Promise<{ id: string; organizationId: string }[][]>((resolve, reject) => {
      const claims: { id: string; organizationId: string }[][] = [];
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      const claim = () =>
        t.db.transaction(async (m) => {
          claims.push(await repo.claimExpiredHolds(m, 100));
          if (claims.length === 2) {
            resolve(claims);
            release();
          }
          await held;
        });
      Promise.all([claim(), claim()]).catch(reject);
    });
    const ids = first.flat().map((h) => h.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(first.flat().filter((h) => h.organizationId === quiet.orgId)).toHaveLength(20);
    expect(first.every((c) => c.length > 0)).toBe(true);

    // Then both drain everything: every hold released once (each release frees one seat; none left held).
    const expiry = t.app.get(HoldExpiry);
    let released = 0;
    const drain = async () => {
      for (let n = await expiry.expireCardHolds(); n > 0; n = await expiry.expireCardHolds()) released += n;
    };
    await Promise.all([drain(), drain()]);
    expect(released).toBe(BURST + 20);
    const left = await t.db.query(
      `SELECT c.id, c.enrolled_students AS seats, (SELECT count(*)::int FROM enrollments e WHERE e.class_id = c.id AND e.status = 'held') AS held
         FROM classes c WHERE c.id = ANY($1) ORDER BY c.id`,
      [[burst.classId, quiet.classId]],
    );
    expect(left.map((r: { seats: number; held: number }) => [r.seats, r.held])).toEqual([
      [0, 0],
      [0, 0],
    ]);
  }, 600_000);
});
