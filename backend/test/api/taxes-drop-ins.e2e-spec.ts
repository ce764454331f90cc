import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { cardClass, cardOrg, intentBody, payInBrowser, startCardWorld, type CardWorld } from './card-payments.helpers';

const DAY = 24 * 3600 * 1000;
const HST = { label: 'HST', rate: 13, compound: false, appliesTo: ['tuition'] };
const GST = { label: 'GST', rate: 5, compound: false, appliesTo: ['dropIns'] };

type Line = { label: string; amount: number; tax?: { label: string; rate: number; included: boolean } };

/**
 * Issue 43 §1: drop-ins are a kind of charge of their own. HST 13 % applies to tuition only and GST 5 % to drop-ins
 * only: a whole-class registration pays HST, a $20 drop-in of the same class pays GST ($21), on its quote, its card
 * charge and its receipt. A class listed as exempt sells its drop-ins without tax too.
 */
describe('drop-ins taxed as drop-ins', () => {
  let w: CardWorld;
  let org: Awaited<ReturnType<typeof cardOrg>>;
  const settings = (body: Record<string, unknown>) => w.a.http.put('/api/settings').set(org.auth).send(body).expect(200);
  const taxes = (exemptClassIds: string[] = []) => ({ taxes: { pricesIncludeTax: false, rates: [HST, GST], exemptClassIds } });

  /** A weekly class of 4 sessions ($80) selling $20 drop-ins, and its sessions. */
  async function dropInClass() {
    const cls = await cardClass(w.a, org, {
      title: 'Wheel throwing',
      price: 80,
      discountPrice: 80,
      startDate: new Date(Date.now() + 2 * DAY).toISOString(),
      days: 4,
      schedule: 'Weekly',
      dropInPrice: 20,
      dropInCapacity: 2,
    });
    const sessions = (await w.a.http.get(`/api/classes/${cls.id}/drop-in-sessions`).query({ organizationId: org.orgId }).expect(200)).body
      .data as { id: string }[];
    return { cls, sessions };
  }
  const quote = async (body: Record<string, unknown>) =>
    (
      await w.a.http
        .post('/api/public/price-quote')
        .send({ organizationId: org.orgId, ...body })
        .expect(200)
    ).body.data as {
      lines: Line[];
      total: number;
      tax: number;
    };

  beforeAll(async () => {
    w = await startCardWorld();
    w.liveWebhooks(false);
    org = await cardOrg(w.a);
    await settings({ timeZone: 'UTC', ...taxes() });
  });
  afterAll(async () => {
    await w.close();
  });

  it("should quote, charge and receipt a drop-in with the drop-ins' tax and the whole class with tuition's", async () => {
    const { cls, sessions } = await dropInClass();
    const whole = await quote({ classId: cls.id });
    expect(whole).toMatchObject({ total: 90.4, tax: 10.4 });
    expect(whole.lines.map((l) => l.label)).toEqual(['Class price', 'HST 13%']);

    const one = await quote({ classId: cls.id, classSessionId: sessions[1].id });
    expect(one.lines).toEqual([
      { label: 'Drop-in price', amount: 20 },
      { label: 'GST 5%', amount: 1, tax: { label: 'GST', rate: 5, included: false } },
    ]);
    expect(one).toMatchObject({ total: 21, tax: 1 });

    // The card charge is the drop-in's taxed total; the untaxed price is refused as a stale page's.
    const stale = await w.a.http
      .post('/api/payments/create-intent')
      .send({ ...intentBody(org.orgId, cls.id, 20), classSessionId: sessions[1].id });
    expect(stale.status).toBe(409);
    const body = { ...intentBody(org.orgId, cls.id, 21), classSessionId: sessions[1].id };
    const d = (await w.a.http.post('/api/payments/create-intent').send(body).expect(201)).body.data;
    await payInBrowser(w.stand, d.paymentIntentId, d.clientSecret);
    await w.a.http
      .post('/api/payments/confirm-enrollment')
      .send({ paymentIntentId: d.paymentIntentId, classId: cls.id, organizationId: org.orgId, studentData: body.studentData })
      .expect(200);
    const [receipt] = (await w.a.http.get('/api/receipts').set(org.auth).expect(200)).body.data as {
      total: number;
      taxes: { label: string; amount: number }[];
      lines: { description: string; amount: number }[];
    }[];
    expect(receipt).toMatchObject({ total: 21, taxes: [{ label: 'GST', amount: 1 }] });
    expect(receipt.lines.map((l) => [l.description, l.amount])).toEqual([
      ['Wheel throwing: Drop-in price', 20],
      ['GST 5%', 1],
    ]);
  });

  it("should sell an exempt class's drop-ins without tax", async () => {
    const { cls, sessions } = await dropInClass();
    await settings(taxes([cls.id]));
    expect(await quote({ classId: cls.id, classSessionId: sessions[0].id })).toMatchObject({ total: 20, tax: 0 });
    expect(await quote({ classId: cls.id })).toMatchObject({ total: 80, tax: 0 });
    await settings(taxes());
  });
});
