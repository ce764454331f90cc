import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { CreditsLedger } from '../../src/modules/credits/credits-ledger';
import { addStudent } from '../fixtures/populated-org.fixture';
import { createClass, createOrg, studentBody, type OrgFixture } from '../fixtures/org.fixture';
import { stripeEvent } from '../stand-ins/stripe.stand-in';
import { cardOrg, deliver, payInBrowser, startCardWorld, waitFor, type CardWorld } from './card-payments.helpers';

/**
 * What an organization sells on the credits ledger (issue 41 §2): products as the admin's resource (each kind's fields,
 * eligible classes of the organization only), in-person sales marked paid (the credit granted in the same transaction),
 * card sales on the public site paid only on Stripe's signed event (the real SDK against the Stripe stand-in), the intro
 * offer once per person, other organizations' products and sales 404. After each test the ledger's balances are
 * recomputed from their movements.
 */
describe('credit products and their sales', () => {
  let w: CardWorld;
  let org: Awaited<ReturnType<typeof cardOrg>>;
  let other: OrgFixture;
  let ana: string;
  const http = () => w.a.http;

  const pack = (o: Record<string, unknown> = {}) => ({ kind: 'pack', name: '10-class pack', price: 150, uses: 10, validityDays: 90, ...o });
  const create = async (body: Record<string, unknown>, who: OrgFixture = org) =>
    (await http().post('/api/credit-products').set(who.auth).send(body).expect(201)).body.data;
  const entitlement = async (id: string) =>
    (
      await w.a.db.query(
        `SELECT holder_student_id, kind, scope, scope_class_ids, granted_amount, remaining, valid_from::text, valid_until::text, source, source_ref, label
           FROM entitlements WHERE id = $1`,
        [id],
      )
    )[0];
  const checkout = (productId: string, amount: number, buyer = studentBody({ firstName: 'Maya' })) =>
    http().post('/api/credit-products/checkout').send({ organizationId: org.orgId, productId, buyer, amount });
  const saleRow = async (id: string) =>
    (
      await w.a.db.query(
        'SELECT status, student_id, entitlement_id, stripe_charge_id, platform_fee_cents FROM credit_sales WHERE id = $1',
        [id],
      )
    )[0];

  beforeAll(async () => {
    w = await startCardWorld();
    w.liveWebhooks(true);
    org = await cardOrg(w.a);
    other = await createOrg(w.a, { plan: 'professional' });
    ana = await addStudent(w.a, org, 'Ana');
  });
  afterEach(async () => {
    expect(await w.a.app.get(CreditsLedger).invariantBreaks(w.a.db.manager)).toEqual([]);
  });
  afterAll(() => w.close());

  it('should keep products as a resource, each kind with its own fields, in dollars', async () => {
    const cls = await createClass(w.a, org);
    const p = await create(pack({ scope: 'drop_ins', classIds: [cls.id], introOffer: true }));
    expect(p).toMatchObject({
      kind: 'pack',
      price: 150,
      uses: 10,
      validityDays: 90,
      scope: 'drop_ins',
      classIds: [cls.id],
      soldOnline: true,
      introOffer: true,
      active: true,
    });
    const m = await create({ kind: 'membership', name: 'Monthly unlimited', price: 89.5, period: 'month' });
    expect(m).toMatchObject({ kind: 'membership', price: 89.5, uses: null, period: 'month' });
    const g = await create({ kind: 'account_credit', name: 'Gift card', price: 50, credit: 55 });
    expect(g).toMatchObject({ credit: 55, uses: null });
    const updated = await http()
      .put(`/api/credit-products/${p.id}`)
      .set(org.auth)
      .send(pack({ price: 160, soldOnline: false }))
      .expect(200);
    expect(updated.body.data).toMatchObject({ price: 160, soldOnline: false, scope: 'all', classIds: [] });
    const list = (await http().get('/api/credit-products').set(org.auth).expect(200)).body.data.map((x: { id: string }) => x.id);
    expect(list).toEqual(expect.arrayContaining([p.id, m.id, g.id]));
    await http().delete(`/api/credit-products/${g.id}`).set(org.auth).expect(200);
    await http().get(`/api/credit-products/${g.id}`).set(org.auth).expect(404);
  });

  it('should refuse bad products with a code and write nothing', async () => {
    const before = (await w.a.db.query('SELECT count(*)::int AS n FROM credit_products'))[0].n;
    const foreignClass = await createClass(w.a, other);
    const cases: [Record<string, unknown>, number, string | undefined][] = [
      [pack({ uses: undefined }), 400, 'CREDIT_PRODUCT_INVALID'],
      [pack({ period: 'month' }), 400, 'CREDIT_PRODUCT_INVALID'],
      [{ kind: 'membership', name: 'M', price: 10 }, 400, 'CREDIT_PRODUCT_INVALID'],
      [{ kind: 'account_credit', name: 'G', price: 10 }, 400, 'CREDIT_PRODUCT_INVALID'],
      [pack({ scope: 'classes' }), 400, 'CREDIT_PRODUCT_INVALID'],
      [pack({ scope: 'classes', classIds: [foreignClass.id] }), 400, 'CREDIT_PRODUCT_CLASS_NOT_FOUND'],
      [pack({ price: -1 }), 400, undefined],
      [pack({ price: 1.234 }), 400, undefined],
      [pack({ uses: 0 }), 400, undefined],
      [pack({ uses: 1e9 }), 400, undefined],
      [pack({ kind: 'voucher' }), 400, undefined],
      [pack({ extra: 1 }), 400, undefined],
      [pack({ soldOnline: null }), 400, undefined],
    ];
    for (const [body, status, code] of cases) {
      const res = await http().post('/api/credit-products').set(org.auth).send(body);
      expect({ body, status: res.status }).toEqual({ body, status });
      if (code) expect(res.body.code).toBe(code);
      expect(typeof res.body.error).toBe('string');
    }
    expect((await w.a.db.query('SELECT count(*)::int AS n FROM credit_products'))[0].n).toBe(before);
  });

  it("should answer 404 for another organization's products and sales, and sell only to the organization's students", async () => {
    const p = await create(pack());
    const sale = (await http().post('/api/credit-sales').set(org.auth).send({ productId: p.id, studentId: ana }).expect(201)).body.data;
    const theirs = await addStudent(w.a, other, 'Tom');
    await http().get(`/api/credit-products/${p.id}`).set(other.auth).expect(404);
    await http().put(`/api/credit-products/${p.id}`).set(other.auth).send(pack()).expect(404);
    await http().delete(`/api/credit-products/${p.id}`).set(other.auth).expect(404);
    await http().get(`/api/credit-sales/${sale.id}`).set(other.auth).expect(404);
    await http().post(`/api/credit-sales/${sale.id}/mark-paid`).set(other.auth).expect(404);
    await http().post(`/api/credit-sales/${sale.id}/cancel`).set(other.auth).expect(404);
    const bought = await http().post('/api/credit-sales').set(other.auth).send({ productId: p.id, studentId: theirs });
    expect([bought.status, bought.body.code]).toEqual([404, 'CREDIT_PRODUCT_NOT_FOUND']);
    const mine = await http().post('/api/credit-sales').set(org.auth).send({ productId: p.id, studentId: theirs });
    expect([mine.status, mine.body.code]).toEqual([404, 'CREDIT_SALE_STUDENT_NOT_FOUND']);
    expect((await http().get('/api/credit-sales').set(other.auth).expect(200)).body.data).toEqual([]);
    expect((await saleRow(sale.id)).status).toBe('pending');
  });

  it('should grant a pack sold in person when it is marked paid, valid from today for its days, once', async () => {
    const cls = await createClass(w.a, org);
    const p = await create(pack({ uses: 5, validityDays: 30, scope: 'classes', classIds: [cls.id] }));
    const sale = (await http().post('/api/credit-sales').set(org.auth).send({ productId: p.id, studentId: ana }).expect(201)).body.data;
    expect(sale).toMatchObject({ status: 'pending', channel: 'in_person', amount: 150, entitlementId: null });
    const paid = (await http().post(`/api/credit-sales/${sale.id}/mark-paid`).set(org.auth).expect(201)).body.data;
    expect(paid).toMatchObject({ status: 'paid', studentId: ana });
    const e = await entitlement(paid.entitlementId);
    expect(e).toMatchObject({
      holder_student_id: ana,
      kind: 'pack',
      scope: 'classes',
      scope_class_ids: [cls.id],
      granted_amount: 5,
      remaining: 5,
      source: 'sale',
      source_ref: sale.id,
      label: '10-class pack',
    });
    const days = (Date.parse(e.valid_until) - Date.parse(e.valid_from)) / 86_400_000;
    expect(days).toBe(29);
    const again = await http().post(`/api/credit-sales/${sale.id}/mark-paid`).set(org.auth);
    expect([again.status, again.body.code]).toEqual([409, 'CREDIT_SALE_NOT_PENDING']);
    expect((await w.a.db.query('SELECT count(*)::int AS n FROM entitlements WHERE source_ref = $1', [sale.id]))[0].n).toBe(1);
    // Paid at once; account credit counts cents.
    const gift = await create({ kind: 'account_credit', name: 'Gift card', price: 50, credit: 55 });
    const g = (await http().post('/api/credit-sales').set(org.auth).send({ productId: gift.id, studentId: ana, paid: true }).expect(201))
      .body.data;
    expect(await entitlement(g.entitlementId)).toMatchObject({ kind: 'account_credit', granted_amount: 5500, valid_until: null });
  });

  it("should start a membership sold in person with its first period and that period's allowance, none of it before it is paid", async () => {
    const monthly = await create({ kind: 'membership', name: 'Monthly 8', price: 120, period: 'month', uses: 8 });
    const sale = (await http().post('/api/credit-sales').set(org.auth).send({ productId: monthly.id, studentId: ana }).expect(201)).body
      .data;
    expect((await w.a.db.query('SELECT count(*)::int AS n FROM memberships WHERE sale_id = $1', [sale.id]))[0].n).toBe(0);
    const paid = (await http().post(`/api/credit-sales/${sale.id}/mark-paid`).set(org.auth).expect(201)).body.data;
    const [ms] = await w.a.db.query(
      'SELECT id, status, period, current_period_start::text AS start, current_period_end::text AS "end" FROM memberships WHERE sale_id = $1',
      [sale.id],
    );
    expect(ms).toMatchObject({ status: 'active', period: 'month' });
    // A month from the day of the sale, the last day included: 28 to 31 days.
    const days = (Date.parse(ms.end) - Date.parse(ms.start)) / 86_400_000 + 1;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
    expect(await entitlement(paid.entitlementId)).toMatchObject({
      kind: 'membership_allowance',
      source: 'membership_period',
      source_ref: ms.id,
      granted_amount: 8,
      valid_from: ms.start,
      valid_until: ms.end,
    });
    const yearly = await create({ kind: 'membership', name: 'Yearly unlimited', price: 900, period: 'year' });
    const y = (await http().post('/api/credit-sales').set(org.auth).send({ productId: yearly.id, studentId: ana, paid: true }).expect(201))
      .body.data;
    const e = await entitlement(y.entitlementId);
    expect(e.granted_amount).toBe(100_000_000);
    expect(Date.parse(e.valid_until) - Date.parse(e.valid_from)).toBeGreaterThanOrEqual(364 * 86_400_000);
  });

  it('should sell an intro offer once per person, free again when the open sale is cancelled', async () => {
    const p = await create(pack({ name: 'Intro: 2 classes', price: 20, uses: 2, introOffer: true }));
    const first = (await http().post('/api/credit-sales').set(org.auth).send({ productId: p.id, studentId: ana }).expect(201)).body.data;
    const second = await http().post('/api/credit-sales').set(org.auth).send({ productId: p.id, studentId: ana, paid: true });
    expect([second.status, second.body.code]).toEqual([409, 'CREDIT_PRODUCT_INTRO_USED']);
    await http().post(`/api/credit-sales/${first.id}/cancel`).set(org.auth).expect(201);
    await http().post('/api/credit-sales').set(org.auth).send({ productId: p.id, studentId: ana, paid: true }).expect(201);
    const third = await http().post('/api/credit-sales').set(org.auth).send({ productId: p.id, studentId: ana });
    expect(third.body.code).toBe('CREDIT_PRODUCT_INTRO_USED');
    // The same person online: refused too (by email, whatever the channel).
    const email = (await w.a.db.query('SELECT email FROM students WHERE id = $1', [ana]))[0].email;
    const online = await checkout(p.id, 20, studentBody({ email }));
    expect([online.status, online.body.code]).toEqual([409, 'CREDIT_PRODUCT_INTRO_USED']);
    // A retired product is not sold; a product with sales is not deleted.
    await http()
      .put(`/api/credit-products/${p.id}`)
      .set(org.auth)
      .send(pack({ name: 'Intro', price: 20, uses: 2, introOffer: true, active: false }))
      .expect(200);
    expect((await http().post('/api/credit-sales').set(org.auth).send({ productId: p.id, studentId: ana })).body.code).toBe(
      'CREDIT_PRODUCT_INACTIVE',
    );
    expect((await http().delete(`/api/credit-products/${p.id}`).set(org.auth)).body.code).toBe('CREDIT_PRODUCT_SOLD');
  });

  it('should grant a pack bought by card only when Stripe confirms it, once, to the buyer as a new student', async () => {
    const p = await create(pack({ name: '5 drop-ins', price: 75, uses: 5, validityDays: null, scope: 'drop_ins' }));
    const shown = (await http().get(`/api/public/credit-products?organizationId=${org.orgId}`).expect(200)).body.data;
    expect(shown.find((x: { id: string }) => x.id === p.id)).toMatchObject({ name: '5 drop-ins', price: 75, uses: 5, scope: 'drop_ins' });
    expect(shown.find((x: { id: string }) => x.id === p.id)).not.toHaveProperty('active');
    const buyer = studentBody({ firstName: 'Maya', lastName: 'Lin' });
    const d = (await checkout(p.id, 75, buyer).expect(201)).body.data;
    expect(d).toMatchObject({ amount: 75, paymentIntentId: expect.stringMatching(/^pi_/), clientSecret: expect.any(String) });
    const pi = w.stand.state.objects.get(d.paymentIntentId) as Record<string, unknown>;
    expect(pi).toMatchObject({ amount: 7500, currency: 'usd', application_fee_amount: 225, transfer_data: { destination: org.account } });
    // Nothing granted on the browser's word: before the payment there is no student and no credit.
    expect(await saleRow(d.saleId)).toMatchObject({ status: 'pending', student_id: null, entitlement_id: null });
    await payInBrowser(w.stand, d.paymentIntentId, d.clientSecret);
    const row = await waitFor(
      () => saleRow(d.saleId),
      (r) => r.status === 'paid',
    );
    expect(row).toMatchObject({ status: 'paid', stripe_charge_id: expect.stringMatching(/^ch_/), platform_fee_cents: 225 });
    const [student] = await w.a.db.query('SELECT first_name, last_name FROM students WHERE id = $1', [row.student_id]);
    expect(student).toEqual({ first_name: 'Maya', last_name: 'Lin' });
    expect(await entitlement(row.entitlement_id)).toMatchObject({
      holder_student_id: row.student_id,
      kind: 'pack',
      scope: 'drop_ins',
      granted_amount: 5,
      valid_until: null,
    });
    // The event delivered again grants nothing more.
    const event = w.stand.state.events.filter((e) => e.type === 'payment_intent.succeeded').at(-1)!;
    await deliver(w.a, { ...event, id: `evt_again_${randomUUID()}` }).expect(200);
    expect((await w.a.db.query('SELECT count(*)::int AS n FROM entitlements WHERE source_ref = $1', [d.saleId]))[0].n).toBe(1);
    // A card sale is never marked paid by hand.
    const marked = await http().post(`/api/credit-sales/${d.saleId}/mark-paid`).set(org.auth);
    expect([marked.status, marked.body.code]).toEqual([409, 'CREDIT_SALE_NOT_PENDING']);
  });

  it('should ignore a succeeded intent that does not match its sale, and refuse a changed price or a product not sold online', async () => {
    const p = await create(pack({ name: 'Pack of 3', price: 45, uses: 3 }));
    const d = (await checkout(p.id, 45).expect(201)).body.data;
    const forged = stripeEvent(`evt_${randomUUID()}`, 'payment_intent.succeeded', {
      id: d.paymentIntentId,
      object: 'payment_intent',
      status: 'succeeded',
      amount: 100,
      currency: 'usd',
      transfer_data: { destination: org.account },
      metadata: { organizationId: org.orgId, creditSaleId: d.saleId },
    });
    await deliver(w.a, forged).expect(200);
    expect((await saleRow(d.saleId)).status).toBe('pending');
    const changed = await checkout(p.id, 40);
    expect([changed.status, changed.body.code, changed.body.details?.amount ?? changed.body.amount]).toEqual([
      409,
      'CREDIT_PRODUCT_PRICE_CHANGED',
      45,
    ]);
    const inPersonOnly = await create(pack({ soldOnline: false }));
    expect((await checkout(inPersonOnly.id, 150)).status).toBe(404);
    const theirs = await create(pack(), other);
    expect((await checkout(theirs.id, 150)).status).toBe(404);
    // A membership by card is sold (saving the payer's method: membership-renewals.e2e-spec.ts), at its own price only.
    const membership = await create({ kind: 'membership', name: 'Monthly', price: 80, period: 'month' });
    expect((await checkout(membership.id, 79)).body.code).toBe('CREDIT_PRODUCT_PRICE_CHANGED');
    const bad = await http()
      .post('/api/credit-products/checkout')
      .send({ organizationId: org.orgId, productId: p.id, buyer: { email: 'x' }, amount: 45 });
    expect(bad.status).toBe(400);
  });
});
