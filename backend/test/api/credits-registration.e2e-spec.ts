import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { CreditsLedger, type GrantInput } from '../../src/modules/credits/credits-ledger';
import type { Entitlement } from '../../src/modules/credits/credit.types';
import { createClass, createOrg, registerBody, studentBody, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

/**
 * A registration paid with a credit (issue 41 §1), through the one pipeline: the use taken in the seat's transaction
 * (a refused credit leaves no seat and no enrollment), a drop-in session bought with a drop-ins credit, two
 * registrations racing for the last use (one wins, the other 409 and no seat), and a cancellation releasing the use
 * only when the frozen policy refunds in full.
 */
describe('registration paid with a credit', () => {
  let t: TestApp;
  let ledger: CreditsLedger;
  let org: OrgFixture;
  let other: OrgFixture;

  const register = (body: Record<string, unknown>) => t.http.post('/api/students/register').send(body);
  const withCredit = (orgId: string, classId: string, email: string, creditId: string, extra: Record<string, unknown> = {}) => {
    const body = registerBody(orgId, classId, { email });
    return { ...body, classEnrollments: [{ ...body.classEnrollments[0], creditId, ...extra }] };
  };
  /** A student of the organization (through the admin's API), holding what `g` grants. */
  const holder = async (
    g: Partial<GrantInput> = {},
    o: OrgFixture = org,
  ): Promise<{ email: string; studentId: string; credit: Entitlement }> => {
    const body = studentBody();
    const res = await t.http.post('/api/students').set(o.auth).send(body).expect(201);
    const credit = await t.db.transaction((m) =>
      ledger.grant(m, { organizationId: o.orgId, holderStudentId: res.body.data.id, kind: 'pack', amount: 1, source: 'sale', ...g }),
    );
    return { email: body.email, studentId: res.body.data.id, credit };
  };
  const seats = async (classId: string) =>
    (await t.db.query('SELECT enrolled_students AS n FROM classes WHERE id = $1', [classId]))[0].n as number;
  const enrollmentsOf = async (studentId: string) =>
    t.db.query(
      `SELECT id, status, payment_status AS "paymentStatus", amount_paid_cents AS paid, amount_due_cents AS due FROM enrollments WHERE student_id = $1`,
      [studentId],
    );
  const remaining = async (id: string) =>
    (await t.db.query('SELECT remaining FROM entitlements WHERE id = $1', [id]))[0].remaining as number;

  beforeAll(async () => {
    t = await createTestApp({ JOBS_ENABLED: 'false' });
    ledger = t.app.get(CreditsLedger);
    org = await createOrg(t, { plan: 'professional' });
    other = await createOrg(t, { plan: 'professional' });
  });
  afterEach(async () => {
    expect(await ledger.invariantBreaks(t.db.manager)).toEqual([]);
  });
  afterAll(() => t.close());

  it('should take the seat and the use together: paid, nothing due, no money', async () => {
    const cls = await createClass(t, org);
    const { email, studentId, credit } = await holder({ amount: 3 });
    const res = await register(withCredit(org.orgId, cls.id, email, credit.id)).expect(201);
    const enrollmentId = res.body.data.classEnrollments[0].id;
    expect(res.body.data.classEnrollments[0]).toMatchObject({ paymentStatus: 'completed', paymentMethod: 'in-person', amountPaid: 0 });
    expect(await enrollmentsOf(studentId)).toEqual([{ id: enrollmentId, status: 'active', paymentStatus: 'completed', paid: 0, due: 0 }]);
    expect(await remaining(credit.id)).toBe(2);
    expect(await t.db.transaction((m) => ledger.useOf(m, org.orgId, enrollmentId))).toMatchObject({ entitlementId: credit.id, amount: -1 });
    expect(await seats(cls.id)).toBe(1);
  });

  it('should refuse an exhausted, expired, uncovering or foreign credit with its code and write nothing', async () => {
    const cls = await createClass(t, org);
    const spent = await holder({ amount: 1 });
    await t.db.transaction((m) =>
      ledger.use(m, {
        organizationId: org.orgId,
        entitlementId: spent.credit.id,
        studentId: spent.studentId,
        enrollmentId: randomUUID(),
        target: { classId: cls.id, termId: null, dropIn: false },
      }),
    );
    const expired = await holder({ validFrom: '2026-01-01', validUntil: '2026-01-31' });
    const elsewhere = await holder({ scope: 'classes', scopeClassIds: [randomUUID()] });
    const dropInsOnly = await holder({ scope: 'drop_ins' });
    const foreign = await holder({}, other);
    const someoneElse = await holder();
    const cases: [string, string, string, number][] = [
      [spent.email, spent.credit.id, 'CREDIT_EXHAUSTED', 409],
      [expired.email, expired.credit.id, 'CREDIT_EXPIRED', 409],
      [elsewhere.email, elsewhere.credit.id, 'CREDIT_NOT_ELIGIBLE', 409],
      [dropInsOnly.email, dropInsOnly.credit.id, 'CREDIT_NOT_ELIGIBLE', 409],
      [foreign.email, foreign.credit.id, 'CREDIT_NOT_FOUND', 404],
      // Another person's credit, named by its id with one's own email.
      [spent.email, someoneElse.credit.id, 'CREDIT_NOT_FOUND', 404],
    ];
    for (const [email, creditId, code, status] of cases) {
      const res = await register(withCredit(org.orgId, cls.id, email, creditId));
      expect([res.status, res.body.code]).toEqual([status, code]);
    }
    expect(await seats(cls.id)).toBe(0);
    expect((await t.db.query('SELECT count(*)::int AS n FROM enrollments WHERE class_id = $1', [cls.id]))[0].n).toBe(0);
    expect(await remaining(someoneElse.credit.id)).toBe(1);
    // A household registration pays otherwise; a creditId that is not an id is a field error.
    const household = withCredit(org.orgId, cls.id, spent.email, spent.credit.id);
    const res = await register({ ...household, attendees: [{ firstName: 'Liam', lastName: 'Martinez' }] });
    expect([res.status, res.body.code]).toEqual([400, 'CREDIT_ONE_PERSON']);
    await register(withCredit(org.orgId, cls.id, spent.email, 'not-an-id')).expect(400);
  });

  it('should buy one drop-in session with a drop-ins credit', async () => {
    const cls = await createClass(t, org, { price: 100, maxStudents: 3, days: 4, dropInPrice: 20, dropInCapacity: 2 });
    const sessions = (await t.http.get(`/api/classes/${cls.id}/drop-in-sessions`).query({ organizationId: org.orgId }).expect(200)).body
      .data;
    const { email, credit } = await holder({ scope: 'drop_ins', scopeClassIds: [cls.id], amount: 2 });
    const res = await register(withCredit(org.orgId, cls.id, email, credit.id, { classSessionId: sessions[1].id })).expect(201);
    const [row] = await t.db.query('SELECT class_session_id AS "sessionId", payment_status AS status FROM enrollments WHERE id = $1', [
      res.body.data.classEnrollments[0].id,
    ]);
    expect(row).toEqual({ sessionId: sessions[1].id, status: 'completed' });
    expect(await remaining(credit.id)).toBe(1);
  });

  it('should pay from account credit the quoted price', async () => {
    const cls = await createClass(t, org, { price: 100, discountPrice: 80 });
    const quote = (await t.http.post('/api/public/price-quote').send({ organizationId: org.orgId, classId: cls.id }).expect(200)).body.data;
    const { email, credit } = await holder({ kind: 'account_credit', amount: 10_000 });
    await register(withCredit(org.orgId, cls.id, email, credit.id)).expect(201);
    expect(await remaining(credit.id)).toBe(10_000 - Math.round(quote.total * 100));
  });

  it('should let exactly one of two registrations racing for the last use take its seat', async () => {
    const [a, b] = await Promise.all([createClass(t, org), createClass(t, org)]);
    const { email, credit } = await holder({ amount: 1 });
    const results = await Promise.all([a, b].map((c) => register(withCredit(org.orgId, c.id, email, credit.id))));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)?.body.code).toBe('CREDIT_EXHAUSTED');
    expect((await seats(a.id)) + (await seats(b.id))).toBe(1);
    expect(await remaining(credit.id)).toBe(0);
  });

  it('should give the use back on a cancellation the frozen policy refunds in full, and keep it otherwise', async () => {
    const cls = await createClass(t, org); // starts in 7 days
    const { email, studentId, credit } = await holder({ amount: 2 });
    const first = (await register(withCredit(org.orgId, cls.id, email, credit.id)).expect(201)).body.data.classEnrollments[0].id;
    // No policy frozen on it: everything back, so the use too.
    await t.http.post(`/api/enrollments/${first}/cancel`).set(org.auth).send({}).expect(200);
    expect(await remaining(credit.id)).toBe(2);
    // A policy refunding in full only 30 days ahead, frozen on the next one: cancelled 6-7 days before, the use stays.
    const second = (await register(withCredit(org.orgId, cls.id, email, credit.id)).expect(201)).body.data.classEnrollments[0].id;
    await t.db.query(`UPDATE enrollments SET cancellation_policy = '[{"daysBeforeClass": 30, "refundPercentage": 100}]' WHERE id = $1`, [
      second,
    ]);
    await t.http.post(`/api/enrollments/${second}/cancel`).set(org.auth).send({}).expect(200);
    expect(await remaining(credit.id)).toBe(1);
    // Another organization's admin cannot cancel it (nor see it).
    expect((await enrollmentsOf(studentId)).map((e: { status: string }) => e.status)).toEqual(['cancelled', 'cancelled']);
    await t.http.post(`/api/enrollments/${second}/cancel`).set(other.auth).send({}).expect(404);
  });
});
