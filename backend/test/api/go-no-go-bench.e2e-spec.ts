import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { GoNoGoService } from '../../src/modules/go-no-go/go-no-go.service';
import { registerBody } from '../fixtures/org.fixture';
import { cardClass, cardOrg, intentBody, payInBrowser, pool, startCardWorld, type CardWorld } from './card-payments.helpers';

const HOUR = 3600_000;
const CLASSES = 200;
const PER_CLASS = 3;
const CARD_PAYMENTS = 40;

/**
 * The go/no-go figures of docs/benchmarks.md. Not part of the suite: GO_NO_GO_BENCH=1 runs it.
 * One run deciding CLASSES due classes (PER_CLASS students each, 'Your class is on' queued), the dashboard summary
 * with them at risk, and the cancellation of one class with CARD_PAYMENTS card payments refunded through the stand-in.
 */
(process.env.GO_NO_GO_BENCH ? describe : describe.skip)('go/no-go bench', () => {
  let w: CardWorld;
  let org: Awaited<ReturnType<typeof cardOrg>>;
  beforeAll(async () => {
    w = await startCardWorld();
    w.liveWebhooks(false);
    org = await cardOrg(w.a);
    await w.a.db.query(`UPDATE organizations SET settings = settings || '{"classConfirmedMessages": true}' WHERE id = $1`, [org.orgId]);
  }, 600_000);
  afterAll(async () => {
    await w.close();
  });

  it('should measure', async () => {
    const start = new Date(Date.now() + 100 * HOUR).toISOString(); // decided 120 hours before: due, and at risk
    const ids = await pool(
      Array.from({ length: CLASSES }, (_, i) => async () => {
        const c = await cardClass(w.a, org, {
          title: `Bench ${i}`,
          startDate: start,
          minEnrollment: PER_CLASS + 1,
          decisionHoursBefore: 120,
        });
        for (let k = 0; k < PER_CLASS; k++) await w.a.http.post('/api/students/register').send(registerBody(org.orgId, c.id)).expect(201);
        return c.id;
      }),
      4,
    );
    const summary: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      const res = await w.a.http.get('/api/reporting/dashboard-summary').set(org.auth).expect(200);
      summary.push(performance.now() - t0);
      expect(res.body.data.classesAtRisk).toHaveLength(50);
    }
    summary.sort((a, b) => a - b);
    // At the minimum: confirmed, PER_CLASS messages each.
    await w.a.db.query('UPDATE classes SET min_enrollment = $2 WHERE id = ANY($1)', [ids, PER_CLASS]);
    const t1 = performance.now();
    const { decided } = await w.a.app.get(GoNoGoService).run(new Date(), CLASSES);
    const decideMs = performance.now() - t1;
    expect(decided).toHaveLength(CLASSES);

    const cls = await cardClass(w.a, org, {
      startDate: start,
      minEnrollment: 50,
      decisionHoursBefore: 120,
      autoCancelBelowMinimum: true,
      maxStudents: 60,
    });
    await pool(
      Array.from({ length: CARD_PAYMENTS }, () => async () => {
        const body = intentBody(org.orgId, cls.id);
        const d = (await w.a.http.post('/api/payments/create-intent').send(body).expect(201)).body.data;
        await payInBrowser(w.stand, d.paymentIntentId, d.clientSecret);
        await w.a.http
          .post('/api/payments/confirm-enrollment')
          .send({ paymentIntentId: d.paymentIntentId, classId: cls.id, organizationId: org.orgId, studentData: body.studentData })
          .expect(200);
      }),
      4,
    );
    const t2 = performance.now();
    const r = await w.a.app.get(GoNoGoService).run();
    const cancelMs = performance.now() - t2;
    expect(r.released).toBe(CARD_PAYMENTS);
    const line = {
      summaryP50: summary[9].toFixed(1),
      summaryP95: summary[18].toFixed(1),
      decide: `${CLASSES} classes in ${decideMs.toFixed(0)} ms (${((CLASSES / decideMs) * 1000).toFixed(0)}/s)`,
      cancel: `${CARD_PAYMENTS} card refunds in ${cancelMs.toFixed(0)} ms (${((CARD_PAYMENTS / cancelMs) * 1000).toFixed(1)}/s)`,
    };
    process.stdout.write(`GO_NO_GO_BENCH ${JSON.stringify(line)}\n`);
  }, 900_000);
});
