import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClass, createOrg, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

/**
 * The plans an organization offers (Settings → Payments) and the quote's schedule: definitions CRUD with their
 * refusals (a deposit above the price, instalments after the class ends, a plan on a free class, explicit dates that
 * do not add up), the settings with their defaults, another organization's ids (404), and the public price quote
 * answering a plan's schedule after every discount and promo code, due at the charge hour in the organization's zone.
 */
describe('payment plans: definitions, settings and the quote', () => {
  let t: TestApp;
  let org: OrgFixture;
  let other: OrgFixture;
  let cls: { id: string };
  const DAY = 86_400_000;
  /** A local date n days from now in Chicago (the organization's zone here). */
  const day = (n: number) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      new Date(Date.now() + n * DAY),
    );

  const plan = (overrides: Record<string, unknown> = {}) => ({
    name: 'Deposit and 3 monthly payments',
    classId: cls.id,
    depositKind: 'amount',
    depositValue: 150,
    interval: 'monthly',
    instalmentCount: 3,
    paidInFullBy: day(150),
    ...overrides,
  });
  const create = (body: Record<string, unknown>, o = org) => t.http.post('/api/payment-plan-definitions').set(o.auth).send(body);

  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t, { plan: 'professional' });
    other = await createOrg(t, { plan: 'professional' });
    await t.http.put('/api/settings').set(org.auth).send({ timeZone: 'America/Chicago' }).expect(200);
    // $600, 12 weekly sessions starting in 120 days: it ends about 197 days from now.
    cls = await createClass(t, org, {
      price: 600,
      discountPrice: 0,
      startDate: new Date(Date.now() + 120 * DAY).toISOString(),
      days: 12,
      schedule: 'Weekly',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates, lists, reads, replaces and deletes a plan; another organization gets 404 for each', async () => {
    const res = await create(plan()).expect(201);
    const p = res.body.data;
    expect(p).toMatchObject({
      name: 'Deposit and 3 monthly payments',
      classId: cls.id,
      termId: null,
      depositKind: 'amount',
      depositValue: 150,
      interval: 'monthly',
      instalmentCount: 3,
      paidInFullBy: day(150),
      dueDates: null,
      minPrice: 0,
      surcharge: 0,
      chooseBy: null,
    });
    expect(
      (await t.http.get('/api/payment-plan-definitions').set(org.auth).expect(200)).body.data.map((d: { id: string }) => d.id),
    ).toEqual([p.id]);
    expect((await t.http.get('/api/payment-plan-definitions').set(other.auth).expect(200)).body.data).toEqual([]);
    await t.http.get(`/api/payment-plan-definitions/${p.id}`).set(org.auth).expect(200);
    await t.http.get(`/api/payment-plan-definitions/${p.id}`).set(other.auth).expect(404);
    await t.http.put(`/api/payment-plan-definitions/${p.id}`).set(other.auth).send(plan()).expect(404);
    await t.http.delete(`/api/payment-plan-definitions/${p.id}`).set(other.auth).expect(404);
    // Another organization cannot put a plan on this organization's class either.
    await create(plan(), other).expect(404);
    const put = await t.http
      .put(`/api/payment-plan-definitions/${p.id}`)
      .set(org.auth)
      .send(plan({ instalmentCount: 4, surcharge: 12.5 }))
      .expect(200);
    expect(put.body.data).toMatchObject({ instalmentCount: 4, surcharge: 12.5 });
    await t.http.delete(`/api/payment-plan-definitions/${p.id}`).set(org.auth).expect(200);
    await t.http.get(`/api/payment-plan-definitions/${p.id}`).set(org.auth).expect(404);
    await t.http.get('/api/payment-plan-definitions').expect(401);
  });

  it('refuses what cannot be a plan, with a code and the field', async () => {
    const free = await createClass(t, org, { price: 0, discountPrice: 0, startDate: new Date(Date.now() + 120 * DAY).toISOString() });
    const cases: [Record<string, unknown>, number, string | null, string][] = [
      [plan({ depositValue: 600 }), 400, 'PLAN_DEPOSIT_ABOVE_PRICE', 'depositValue'],
      [plan({ depositKind: 'percent', depositValue: 100 }), 400, 'PLAN_DEPOSIT_ABOVE_PRICE', 'depositValue'],
      [plan({ paidInFullBy: day(260) }), 400, 'PLAN_AFTER_CLASS_ENDS', 'paidInFullBy'],
      [plan({ classId: free.id }), 400, 'PLAN_ON_FREE_CLASS', 'classId'],
      [
        plan({
          interval: undefined,
          instalmentCount: undefined,
          paidInFullBy: undefined,
          dueDates: [
            { date: day(30), percent: 50 },
            { date: day(60), percent: 40 },
          ],
        }),
        400,
        'PLAN_SHARES_DO_NOT_ADD_UP',
        'dueDates',
      ],
      [
        plan({
          interval: undefined,
          instalmentCount: undefined,
          paidInFullBy: undefined,
          dueDates: [{ date: day(30), percent: 50 }, { date: day(60) }],
        }),
        400,
        'PLAN_SHARES_DO_NOT_ADD_UP',
        'dueDates',
      ],
      [
        plan({ interval: undefined, instalmentCount: undefined, paidInFullBy: undefined, dueDates: [{ date: day(300) }] }),
        400,
        'PLAN_AFTER_CLASS_ENDS',
        'dueDates',
      ],
      [plan({ dueDates: [{ date: day(30) }] }), 400, null, 'interval'],
      [plan({ paidInFullBy: undefined }), 400, null, 'paidInFullBy'],
      [plan({ termId: cls.id }), 400, null, 'classId'],
      [plan({ classId: undefined }), 400, null, 'classId'],
      [plan({ depositKind: 'percent', depositValue: 12.5 }), 400, null, 'depositValue'],
      [plan({ interval: 'daily' }), 400, null, 'interval'],
      [plan({ paidInFullBy: '2027-02-30x' }), 400, null, 'paidInFullBy'],
      [plan({ depositValue: -1 }), 400, null, 'depositValue'],
      [plan({ extra: 1 }), 400, null, 'extra'],
    ];
    for (const [body, status, code, field] of cases) {
      const res = await create(body);
      expect({ body, status: res.status, code: res.body.code ?? null }).toEqual({ body, status, code });
      expect(res.body.success).toBe(false);
      expect(JSON.stringify(res.body)).toContain(field);
    }
    expect((await t.http.get('/api/payment-plan-definitions').set(org.auth).expect(200)).body.data).toEqual([]);
  });

  it('settings: the defaults, a save, a new consent version when the text changes, and refusals', async () => {
    expect((await t.http.get('/api/payment-plan-settings').set(org.auth).expect(200)).body.data).toEqual({
      chargeHour: 9,
      retryDays: [1, 3, 5],
      graceDays: 7,
      reminderDays: 3,
      pastDueAction: 'flag',
      releaseAfterDays: null,
      bankDebit: false,
      consentText: null,
      consentVersion: 1,
    });
    const body = {
      chargeHour: 8,
      retryDays: [2, 4],
      graceDays: 10,
      reminderDays: 5,
      pastDueAction: 'release',
      releaseAfterDays: 5,
      bankDebit: true,
      consentText: 'Charge me.',
    };
    expect((await t.http.put('/api/payment-plan-settings').set(org.auth).send(body).expect(200)).body.data).toEqual({
      ...body,
      consentVersion: 1,
    });
    expect((await t.http.put('/api/payment-plan-settings').set(org.auth).send(body).expect(200)).body.data.consentVersion).toBe(1);
    const changed = await t.http
      .put('/api/payment-plan-settings')
      .set(org.auth)
      .send({ ...body, consentText: 'Charge me monthly.' })
      .expect(200);
    expect(changed.body.data.consentVersion).toBe(2);
    // The other organization still has the defaults.
    expect((await t.http.get('/api/payment-plan-settings').set(other.auth).expect(200)).body.data.chargeHour).toBe(9);
    for (const bad of [
      { ...body, graceDays: 61 },
      { ...body, reminderDays: 31 },
      { ...body, retryDays: [3, 1] },
      { ...body, releaseAfterDays: null },
      { ...body, chargeHour: 24 },
      { ...body, pastDueAction: 'delete' },
    ])
      await t.http.put('/api/payment-plan-settings').set(org.auth).send(bad).expect(400);
    await t.http
      .put('/api/payment-plan-settings')
      .set(org.auth)
      .send({ ...body, consentText: 'Charge me monthly.', chargeHour: 9 })
      .expect(200);
    // Absent: the default reminder days.
    const { reminderDays: _omitted, ...without } = body;
    void _omitted;
    expect(
      (
        await t.http
          .put('/api/payment-plan-settings')
          .set(org.auth)
          .send({ ...without, consentText: 'Charge me monthly.', chargeHour: 9 })
          .expect(200)
      ).body.data.reminderDays,
    ).toBe(3);
  });

  it('the quote answers the schedule after discounts and the promo code; cents add up; due at 9:00 in Chicago', async () => {
    const p = (
      await create(plan({ name: 'Thirds', depositKind: 'percent', depositValue: 10, instalmentCount: 3, surcharge: 5 })).expect(201)
    ).body.data;
    await t.http.post('/api/promo-codes').set(org.auth).send({ code: 'THIRTY', kind: 'amount', value: 30.01 }).expect(201);
    const quote = (extra: Record<string, unknown>) =>
      t.http.post('/api/public/price-quote').send({ organizationId: org.orgId, classId: cls.id, ...extra });
    const plain = await quote({}).expect(200);
    expect(plain.body.data.paymentPlans).toEqual([{ id: p.id, name: 'Thirds' }]);
    expect(plain.body.data.paymentPlan).toBeUndefined();
    const res = await quote({ promoCode: 'THIRTY', paymentPlanId: p.id }).expect(200);
    const q = res.body.data;
    // $600 - $30.01 = $569.99, plus the $5 surcharge: $574.99; 10% deposit $57.50; $517.49 left in three.
    expect(q.total).toBe(569.99);
    expect(q.paymentPlan).toMatchObject({ id: p.id, name: 'Thirds', total: 574.99, surcharge: 5, deposit: 57.5 });
    expect(q.paymentPlan.instalments.map((i: { amount: number }) => i.amount)).toEqual([172.49, 172.49, 172.51]);
    const cents =
      q.paymentPlan.deposit * 100 +
      q.paymentPlan.instalments.reduce((a: number, i: { amount: number }) => a + Math.round(i.amount * 100), 0);
    expect(Math.round(cents)).toBe(57499);
    expect(q.paymentPlan.consent).toEqual({ text: 'Charge me monthly.', version: 2 });
    for (const i of q.paymentPlan.instalments as { dueDate: string; dueAt: string }[]) {
      const local = new Intl.DateTimeFormat('en-CA', {
        timeZone: 'America/Chicago',
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
      }).format(new Date(i.dueAt));
      expect(local).toBe(`${i.dueDate}, 09`);
    }
    // Monthly on the registration day of the month (or the month's last day).
    expect(q.paymentPlan.instalments[0].dueDate > day(27)).toBe(true);
    expect(q.paymentPlan.instalments[0].dueDate <= day(31)).toBe(true);
  });

  it('monthly from the 31st: the month end when shorter, back to the 31st after; 9:00 in Chicago on both sides of DST', async () => {
    const y = new Date().getUTCFullYear() + 1;
    const leap = new Date(Date.UTC(y, 1, 29)).getUTCMonth() === 1;
    const spring = await createClass(t, org, {
      price: 600,
      discountPrice: 0,
      startDate: `${y}-03-01T15:00:00.000Z`,
      days: 12,
      schedule: 'Weekly',
    });
    const p = (
      await create(
        plan({
          classId: spring.id,
          name: 'From the 31st',
          depositValue: 0.01,
          instalmentCount: 3,
          firstDueDate: `${y}-01-31`,
          paidInFullBy: `${y}-04-30`,
        }),
      ).expect(201)
    ).body.data;
    const q = (
      await t.http.post('/api/public/price-quote').send({ organizationId: org.orgId, classId: spring.id, paymentPlanId: p.id }).expect(200)
    ).body.data.paymentPlan;
    expect(q.instalments).toEqual([
      { dueDate: `${y}-01-31`, dueAt: `${y}-01-31T15:00:00.000Z`, amount: 199.99 },
      { dueDate: `${y}-02-${leap ? 29 : 28}`, dueAt: `${y}-02-${leap ? 29 : 28}T15:00:00.000Z`, amount: 199.99 },
      { dueDate: `${y}-03-31`, dueAt: `${y}-03-31T14:00:00.000Z`, amount: 200.01 },
    ]);
    expect(q.deposit).toBe(0.01);
  });

  it('the quote refuses a plan not offered here: another class, past its last day, below its minimum, another organization', async () => {
    const late = (await create(plan({ name: 'Late', chooseBy: day(-1) })).expect(201)).body.data;
    const dear = (await create(plan({ name: 'Dear', minPrice: 1000 })).expect(201)).body.data;
    const otherCls = await createClass(t, org, {
      price: 600,
      discountPrice: 0,
      startDate: new Date(Date.now() + 120 * DAY).toISOString(),
      days: 12,
    });
    const q = (classId: string, paymentPlanId: string, organizationId = org.orgId) =>
      t.http.post('/api/public/price-quote').send({ organizationId, classId, paymentPlanId });
    for (const [res, text] of [
      [await q(cls.id, late.id), 'The last day to choose this payment plan was'],
      [await q(cls.id, dear.id), 'offered on classes from $1000.00'],
      [await q(otherCls.id, late.id), 'not offered for this class'],
    ] as const) {
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('PLAN_NOT_OFFERED');
      expect(res.body.error).toContain(text);
    }
    const listed = (await t.http.post('/api/public/price-quote').send({ organizationId: org.orgId, classId: cls.id }).expect(200)).body
      .data;
    expect((listed.paymentPlans ?? []).map((x: { name: string }) => x.name)).not.toContain('Late');
    expect((listed.paymentPlans ?? []).map((x: { name: string }) => x.name)).not.toContain('Dear');
    const theirs = await createClass(t, other, {
      price: 600,
      discountPrice: 0,
      startDate: new Date(Date.now() + 120 * DAY).toISOString(),
      days: 12,
    });
    const foreign = (await create({ ...plan(), classId: theirs.id }, other).expect(201)).body.data;
    // Another organization's plan is not found here, whichever class is named.
    await q(cls.id, foreign.id).expect(404);
  });

  it('a term plan applies to its classes without plans of their own (a class setting wins)', async () => {
    const term = (
      await t.http
        .post('/api/terms')
        .set(org.auth)
        .send({ name: 'Fall', startDate: day(100), endDate: day(250), registrationOpensAt: new Date(Date.now() - DAY).toISOString() })
        .expect(201)
    ).body.data;
    const start = new Date(Date.now() + 120 * DAY).toISOString();
    const inTerm = await createClass(t, org, { price: 600, discountPrice: 0, startDate: start, days: 12, termId: term.id });
    const own = await createClass(t, org, { price: 600, discountPrice: 0, startDate: start, days: 12, termId: term.id });
    const termPlan = (await create(plan({ name: 'Term plan', classId: undefined, termId: term.id })).expect(201)).body.data;
    const ownPlan = (await create(plan({ name: 'Own plan', classId: own.id })).expect(201)).body.data;
    const offered = async (classId: string) =>
      (await t.http.post('/api/public/price-quote').send({ organizationId: org.orgId, classId }).expect(200)).body.data.paymentPlans;
    expect(await offered(inTerm.id)).toEqual([{ id: termPlan.id, name: 'Term plan' }]);
    expect(await offered(own.id)).toEqual([{ id: ownPlan.id, name: 'Own plan' }]);
    await create(plan({ classId: undefined, termId: term.id, paidInFullBy: day(260) })).expect(400);
  });

  it("the quote refuses a term plan whose last instalment falls after this class's last session (400, the dates named)", async () => {
    const term = (
      await t.http
        .post('/api/terms')
        .set(org.auth)
        .send({ name: 'Long', startDate: day(100), endDate: day(250), registrationOpensAt: new Date(Date.now() - DAY).toISOString() })
        .expect(201)
    ).body.data;
    // Three weekly sessions from day 120: the class ends about day 134; the plan pays monthly until day 240.
    const short = await createClass(t, org, {
      price: 600,
      discountPrice: 0,
      startDate: new Date(Date.now() + 120 * DAY).toISOString(),
      days: 3,
      termId: term.id,
    });
    const termPlan = (
      await create(
        plan({ name: 'Whole term', classId: undefined, termId: term.id, instalmentCount: undefined, paidInFullBy: day(240) }),
      ).expect(201)
    ).body.data;
    const res = await t.http
      .post('/api/public/price-quote')
      .send({ organizationId: org.orgId, classId: short.id, paymentPlanId: termPlan.id })
      .expect(400);
    expect(res.body.code).toBe('PLAN_AFTER_CLASS_ENDS');
    expect(res.body.error).toMatch(/last instalment \(\d{4}-\d{2}-\d{2}\) falls after the class's last session \(\d{4}-\d{2}-\d{2}\)/);
    // Not offered in the class's list either.
    const listed = (await t.http.post('/api/public/price-quote').send({ organizationId: org.orgId, classId: short.id }).expect(200)).body
      .data;
    expect(listed.paymentPlans ?? []).toEqual([]);
  });
});
