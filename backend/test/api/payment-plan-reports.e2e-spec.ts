import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { InstalmentCharges } from '../../src/modules/payments/instalment-charges';
import { createOrg, createTeacher } from '../fixtures/org.fixture';
import { cardOrg, startCardWorld, type CardWorld } from './card-payments.helpers';
import { activePlan } from './payment-plan-money.helpers';

/**
 * The payment plans' receivables reports (issue 40 §4 "Reports"): each open plan's balance and overdue part, and the
 * instalments due month by month in the organization's zone, as JSON and CSV; admins only; another organization's
 * plans never counted; a bad format refused.
 */
describe('payment plan reports', () => {
  let w: CardWorld;
  let org: Awaited<ReturnType<typeof cardOrg>>;
  const get = (path: string, auth = org.auth) => w.a.http.get(`/api/reports/payment-plans/${path}`).set(auth);

  beforeAll(async () => {
    w = await startCardWorld();
    w.liveWebhooks(false);
    org = await cardOrg(w.a);
    await w.a.http.put('/api/settings').set(org.auth).send({ timeZone: 'America/Chicago' }).expect(200);
  });
  afterAll(() => w.close());

  it('answers what each open plan still owes and what is overdue, and the instalments due by month, as JSON and CSV', async () => {
    // One paid and one declined (overdue) instalment, one still to come; a second plan all to come; a completed one.
    const a = await activePlan(w, org, 'pm_card_visa', [
      { cents: 5_000, daysAgo: 1 },
      { cents: 5_000, daysAgo: -40 },
    ]);
    await w.a.app.get(InstalmentCharges).run();
    await w.a.db.query(`UPDATE payment_plan_instalments SET status = 'failed', last_outcome = 'hard_decline' WHERE id = $1`, [
      a.instalments[1],
    ]);
    await w.a.db.query(`UPDATE payment_plan_instalments SET due_at = now() - interval '2 days' WHERE id = $1`, [a.instalments[1]]);
    const b = await activePlan(w, org, 'pm_card_visa', [{ cents: 2_500, daysAgo: -10 }]);
    const done = await activePlan(w, org, 'pm_card_visa', [{ cents: 1_000, daysAgo: 1 }]);
    await w.a.app.get(InstalmentCharges).run();
    // Another organization's plan is never counted here.
    const other = await cardOrg(w.a);
    await activePlan(w, other, 'pm_card_visa', [{ cents: 9_900, daysAgo: 3 }]);

    const balances = (await get('balances').expect(200)).body.data;
    expect(balances.map((r: { planId: string }) => r.planId)).toEqual([a.planId, b.planId]);
    expect(balances[0]).toMatchObject({ total: 110, paid: 60, balance: 50, overdue: 50, pastDue: false, classTitle: 'Swim lessons' });
    expect(balances[1]).toMatchObject({ total: 35, paid: 10, balance: 25, overdue: 0, nextDueAt: expect.any(String) });
    expect(balances.map((r: { planId: string }) => r.planId)).not.toContain(done.planId);

    const months = (await get('due-by-month').expect(200)).body.data as { month: string; due: number; outstanding: number }[];
    const total = (k: 'due' | 'outstanding') => months.reduce((n, m) => n + m[k], 0);
    expect(total('due')).toBe(50 + 50 + 25 + 10);
    expect(total('outstanding')).toBe(75);
    expect(months.reduce((n, m) => n + (m as unknown as { overdue: number }).overdue, 0)).toBe(50);
    expect(months.every((m) => /^\d{4}-\d{2}$/.test(m.month))).toBe(true);
    expect([...months.map((m) => m.month)].sort()).toEqual(months.map((m) => m.month));

    const csv = await get('balances?format=csv').expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="plan-balances-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Student,Email,Class,Term,Plan,Past due,Total,Paid,Balance,Overdue,Next due');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('Total,,,,,,145.00,70.00,75.00,50.00,');
    const monthly = await get('due-by-month?format=csv').expect(200);
    const mLines = monthly.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(mLines[0]).toBe('Month,Instalments,Due,Paid,Processing,Outstanding,Overdue');
    expect(mLines.at(-1)).toBe('Total,4,135.00,60.00,0.00,75.00,50.00');
  });

  it('is for admins of the organization only, and refuses an unknown format', async () => {
    const teacher = await createTeacher(w.a, org);
    await get('balances', teacher.auth).expect(403);
    await get('due-by-month', teacher.auth).expect(403);
    await w.a.http.get('/api/reports/payment-plans/balances').expect(401);
    expect((await get('balances?format=pdf').expect(400)).body.error).toContain('format must be json or csv');
    await get('due-by-month?color=red').expect(400);
    const stranger = await createOrg(w.a, { plan: 'professional' });
    expect((await get('balances', stranger.auth).expect(200)).body.data).toEqual([]);
    expect((await get('due-by-month', stranger.auth).expect(200)).body.data).toEqual([]);
  });
});
