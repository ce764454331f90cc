import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClass } from '../fixtures/org.fixture';
import { cardClass, cardOrg, intentBody, payInBrowser, shuffle, startCardWorld, type CardWorld } from './card-payments.helpers';
import { inPersonSeat, markPaid, stored } from './receipts.helpers';

/**
 * Receipt numbers under load: 50 payments of one organization (40 taken in person, 10 by card) and 10 of another,
 * all at once, spread over two instances of the app on one database. Each organization's series has no gap and no
 * duplicate, and each payment has exactly one receipt.
 */
describe('receipt numbers under concurrent payments on two instances', () => {
  let w: CardWorld;
  beforeAll(async () => {
    w = await startCardWorld({ instances: 2 });
    w.liveWebhooks(false);
  });
  afterAll(async () => {
    await w.close();
  });

  it('should number 50 concurrent payments 1 to 50 with no gap and no duplicate', async () => {
    const org = await cardOrg(w.a);
    const other = await cardOrg(w.a);
    const cls = await createClass(w.a, org, { maxStudents: 100 });
    const otherCls = await createClass(w.a, other, { maxStudents: 100 });
    const seats = [];
    for (let i = 0; i < 40; i++) seats.push(await inPersonSeat(w.a, org, cls.id));
    const otherSeats = [];
    for (let i = 0; i < 10; i++) otherSeats.push(await inPersonSeat(w.a, other, otherCls.id));
    const card = await cardClass(w.a, org, { maxStudents: 100 });
    const intents = [];
    for (let i = 0; i < 10; i++) {
      const body = intentBody(org.orgId, card.id);
      const d = (await w.a.http.post('/api/payments/create-intent').send(body).expect(201)).body.data;
      await payInBrowser(w.stand, d.paymentIntentId, d.clientSecret);
      intents.push({ body, d });
    }

    // Every payment at once, alternately on each instance.
    const app = (i: number) => (i % 2 ? w.b : w.a);
    const tasks = shuffle([
      ...seats.map((s, i) => () => markPaid(app(i), org, s)),
      ...otherSeats.map((s, i) => () => markPaid(app(i + 1), other, s)),
      ...intents.map(
        ({ body, d }, i) =>
          () =>
            app(i)
              .http.post('/api/payments/confirm-enrollment')
              .send({ paymentIntentId: d.paymentIntentId, classId: card.id, organizationId: org.orgId, studentData: body.studentData }),
      ),
    ]);
    const started = Date.now();
    const replies = await Promise.all(tasks.map((t) => t()));
    const ms = Date.now() - started;
    expect(replies.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);

    for (const [o, n] of [
      [org, 50],
      [other, 10],
    ] as const) {
      const receipts = await stored(w.a, o.orgId);
      expect(receipts.map((r) => r.seq)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
      expect(new Set(receipts.map((r) => r.number)).size).toBe(n);
      // One receipt per payment: every enrollment paid appears once.
      expect(new Set(receipts.flatMap((r) => r.enrollmentIds)).size).toBe(n);
    }
    const [counter] = await w.a.db.query("SELECT last_number FROM receipt_counters WHERE organization_id = $1 AND kind = 'receipt'", [
      org.orgId,
    ]);
    expect(counter.last_number).toBe(50);
    console.log(`receipts: 60 concurrent payments on two instances settled in ${ms} ms`);
  });
});
