import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { CreditsLedger, type GrantInput } from '../../src/modules/credits/credits-ledger';
import type { CreditException } from '../../src/modules/credits/credits.exception';
import type { CreditTarget } from '../../src/modules/credits/credit.types';
import { addStudent } from '../fixtures/populated-org.fixture';
import { createOrg, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

/**
 * The credits ledger (issue 41 §1) called as other modules call it, inside their transaction: grant, use, release,
 * expiry at the end of the last local day, scope, households, revoke, validity changes, transfers, two household members
 * racing for the last use, the movements append-only. After every test each entitlement's balance is recomputed from its
 * movements (the ledger invariant).
 */
describe('credits ledger', () => {
  let t: TestApp;
  let ledger: CreditsLedger;
  let org: OrgFixture;
  let other: OrgFixture;
  let contact: string;
  let member: string;
  let stranger: string;
  const classA = randomUUID();
  const classB = randomUUID();
  const whole: CreditTarget = { classId: classA, termId: null, dropIn: false };

  const tx = <T>(f: (m: EntityManager) => Promise<T>) => t.db.transaction(f);
  const grant = (g: Partial<GrantInput> = {}) =>
    tx((m) =>
      ledger.grant(m, { organizationId: org.orgId, holderStudentId: contact, kind: 'pack', amount: 3, source: 'admin_grant', ...g }),
    );
  const use = (entitlementId: string, studentId = contact, target = whole, extra: { cents?: number; orgId?: string } = {}) =>
    tx((m) =>
      ledger.use(m, {
        organizationId: extra.orgId ?? org.orgId,
        entitlementId,
        studentId,
        enrollmentId: randomUUID(),
        target,
        cents: extra.cents,
      }),
    );
  const codeOf = async (p: Promise<unknown>) => {
    try {
      await p;
      return 'none';
    } catch (e) {
      return (e as CreditException).code ?? String(e);
    }
  };
  const today = () => tx((m) => ledger.balance(m, org.orgId, contact)).then((b) => b.today);
  const shift = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await createTestApp();
    ledger = t.app.get(CreditsLedger);
    org = await createOrg(t, { plan: 'professional' });
    other = await createOrg(t, { plan: 'professional' });
    contact = await addStudent(t, org, 'Ana');
    stranger = await addStudent(t, org, 'Sam');
    const [m] = await t.db.query(
      `INSERT INTO students (organization_id, first_name, last_name, email, phone, status, communication_opt_in, household_contact_id)
       SELECT organization_id, 'Liam', last_name, email, phone, status, communication_opt_in, id FROM students WHERE id = $1 RETURNING id`,
      [contact],
    );
    member = m.id;
  });
  afterEach(async () => {
    expect(await ledger.invariantBreaks(t.db.manager)).toEqual([]);
  });
  afterAll(() => t.close());

  it('should grant, use and release, the balance following each movement', async () => {
    const e = await grant({ amount: 2, label: '2-class pack' });
    expect(e).toMatchObject({ remaining: 2, grantedAmount: 2, kind: 'pack', scope: 'all', validUntil: null, source: 'admin_grant' });
    const enrollmentId = randomUUID();
    const used = await tx((m) =>
      ledger.use(m, { organizationId: org.orgId, entitlementId: e.id, studentId: contact, enrollmentId, target: whole }),
    );
    expect(used).toMatchObject({ kind: 'use', amount: -1, enrollmentId });
    expect(
      await codeOf(
        tx((m) => ledger.use(m, { organizationId: org.orgId, entitlementId: e.id, studentId: contact, enrollmentId, target: whole })),
      ),
    ).toBe('CREDIT_ALREADY_USED');
    expect((await tx((m) => ledger.find(m, org.orgId, e.id)))?.remaining).toBe(1);
    const released = await tx((m) => ledger.release(m, { organizationId: org.orgId, enrollmentId, reason: 'Cancelled in time' }));
    expect(released).toMatchObject({ kind: 'release', amount: 1, releasesMovementId: used.id });
    // A second release of the same use gives nothing back.
    expect(await tx((m) => ledger.release(m, { organizationId: org.orgId, enrollmentId }))).toBeNull();
    expect((await tx((m) => ledger.find(m, org.orgId, e.id)))?.remaining).toBe(2);
    const movements = await tx((m) => ledger.movementsOf(m, org.orgId, [e.id]));
    expect(movements.map((x) => [x.kind, x.amount])).toEqual([
      ['grant', 2],
      ['use', -1],
      ['release', 1],
    ]);
  });

  it('should be usable through the whole last local day, then refused as expired, and not before its first day', async () => {
    const d = await today();
    const lastDayToday = await grant({ amount: 1, validFrom: shift(d, -30), validUntil: d });
    expect(await codeOf(use(lastDayToday.id))).toBe('none');
    const endedYesterday = await grant({ amount: 1, validFrom: shift(d, -30), validUntil: shift(d, -1) });
    expect(await codeOf(use(endedYesterday.id))).toBe('CREDIT_EXPIRED');
    const startsTomorrow = await grant({ amount: 1, validFrom: shift(d, 1) });
    expect(await codeOf(use(startsTomorrow.id))).toBe('CREDIT_NOT_YET_VALID');
    // The expiry sweep takes what was left of the expired one, once.
    const swept = await tx((m) => ledger.expireDue(m));
    expect(swept).toContainEqual({ organizationId: org.orgId, entitlementId: endedYesterday.id, amount: 1 });
    expect((await tx((m) => ledger.expireDue(m))).find((x) => x.entitlementId === endedYesterday.id)).toBeUndefined();
    // Extended by the admin: what expired comes back, usable again.
    const changed = await tx((m) =>
      ledger.changeValidity(m, {
        organizationId: org.orgId,
        entitlementId: endedYesterday.id,
        validUntil: shift(d, 7),
        actorUserId: org.userId,
        reason: 'Was ill',
      }),
    );
    expect(changed).toMatchObject({ kind: 'validity', amount: 1, reason: 'Was ill', actorUserId: org.userId });
    expect(await codeOf(use(endedYesterday.id))).toBe('none');
  });

  it('should refuse a class the credit does not cover, and cover drop-ins and terms as scoped', async () => {
    const someClasses = await grant({ scope: 'classes', scopeClassIds: [classB] });
    expect(await codeOf(use(someClasses.id))).toBe('CREDIT_NOT_ELIGIBLE');
    expect(await codeOf(use(someClasses.id, contact, { classId: classB, termId: null, dropIn: false }))).toBe('none');
    const dropIns = await grant({ scope: 'drop_ins' });
    expect(await codeOf(use(dropIns.id))).toBe('CREDIT_NOT_ELIGIBLE');
    expect(await codeOf(use(dropIns.id, contact, { ...whole, dropIn: true }))).toBe('none');
    const term = randomUUID();
    const termOnly = await grant({ scope: 'term', scopeTermId: term });
    expect(await codeOf(use(termOnly.id))).toBe('CREDIT_NOT_ELIGIBLE');
    expect(await codeOf(use(termOnly.id, contact, { ...whole, termId: term }))).toBe('none');
  });

  it('should take account credit in cents, refusing more than is left', async () => {
    const credit = await grant({ kind: 'account_credit', amount: 5_000 });
    expect(await codeOf(use(credit.id, contact, whole, { cents: 6_000 }))).toBe('CREDIT_EXHAUSTED');
    expect(await codeOf(use(credit.id, contact, whole, {}))).toBe('CREDIT_AMOUNT_INVALID');
    expect(await codeOf(use(credit.id, contact, whole, { cents: 4_500 }))).toBe('none');
    expect((await tx((m) => ledger.balance(m, org.orgId, contact))).cents).toBeGreaterThanOrEqual(500);
  });

  it("should let household members use the contact's household credit, and nobody use another's", async () => {
    const shared = await grant({ household: true, amount: 2 });
    const own = await grant({ household: false, amount: 2 });
    expect(await codeOf(use(shared.id, member))).toBe('none');
    expect(await codeOf(use(own.id, member))).toBe('CREDIT_NOT_FOUND');
    expect(await codeOf(use(shared.id, stranger))).toBe('CREDIT_NOT_FOUND');
    // Another organization cannot see it, even with a student of the right id.
    expect(await codeOf(use(shared.id, contact, whole, { orgId: other.orgId }))).toBe('CREDIT_NOT_FOUND');
    expect((await tx((m) => ledger.balance(m, org.orgId, member))).entitlements.map((e) => e.id)).toContain(shared.id);
  });

  it('should let exactly one of two household members racing for the last use win, the others CREDIT_EXHAUSTED', async () => {
    const last = await grant({ household: true, amount: 1 });
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => codeOf(use(last.id, i % 2 ? member : contact))));
    expect(results.filter((r) => r === 'none')).toHaveLength(1);
    expect(results.filter((r) => r === 'CREDIT_EXHAUSTED')).toHaveLength(9);
    expect((await tx((m) => ledger.find(m, org.orgId, last.id)))?.remaining).toBe(0);
  });

  it('should revoke, move credit within a household only, and refuse bad amounts and dates', async () => {
    const e = await grant({ amount: 5, household: false });
    const { from, to } = await tx((m) =>
      ledger.transfer(m, {
        organizationId: org.orgId,
        entitlementId: e.id,
        toStudentId: member,
        amount: 2,
        actorUserId: org.userId,
        reason: 'For Liam',
      }),
    );
    expect(from).toMatchObject({ kind: 'transfer_out', amount: -2, counterpartEntitlementId: to.id });
    expect(to).toMatchObject({ holderStudentId: member, remaining: 2, source: 'transfer', sourceRef: e.id });
    expect(
      await codeOf(tx((m) => ledger.transfer(m, { organizationId: org.orgId, entitlementId: e.id, toStudentId: stranger, amount: 1 }))),
    ).toBe('CREDIT_NOT_HOUSEHOLD');
    expect(
      await codeOf(tx((m) => ledger.transfer(m, { organizationId: org.orgId, entitlementId: e.id, toStudentId: member, amount: 4 }))),
    ).toBe('CREDIT_EXHAUSTED');
    const revoked = await tx((m) =>
      ledger.revoke(m, { organizationId: org.orgId, entitlementId: e.id, actorUserId: org.userId, reason: 'Sold by mistake' }),
    );
    expect(revoked).toMatchObject({ kind: 'revoke', amount: -3 });
    expect(await codeOf(use(e.id))).toBe('CREDIT_REVOKED');
    expect(await codeOf(tx((m) => ledger.revoke(m, { organizationId: org.orgId, entitlementId: e.id })))).toBe('CREDIT_REVOKED');
    expect(await codeOf(grant({ amount: 0 }))).toBe('CREDIT_AMOUNT_INVALID');
    expect(await codeOf(grant({ amount: -3 }))).toBe('CREDIT_AMOUNT_INVALID');
    expect(await codeOf(grant({ amount: 2 ** 31 }))).toBe('CREDIT_AMOUNT_INVALID');
    expect(await codeOf(grant({ validFrom: '2027-02-30' }))).toBe('CREDIT_VALIDITY_INVALID');
    expect(await codeOf(grant({ validFrom: '2027-03-02', validUntil: '2027-03-01' }))).toBe('CREDIT_VALIDITY_INVALID');
    expect(await codeOf(grant({ holderStudentId: randomUUID() }))).toBe('CREDIT_NOT_FOUND');
  });

  it('should announce credit.granted and credit.used in the transaction that writes them', async () => {
    await t.db.query(
      `INSERT INTO webhook_endpoints (organization_id, url, events, secret) VALUES ($1, 'https://example.com/hook', ARRAY['credit.granted', 'credit.used'], 'whsec_x')`,
      [org.orgId],
    );
    const credit = await grant({ kind: 'account_credit', amount: 2_500, validUntil: null });
    const enrollmentId = randomUUID();
    await tx((m) =>
      ledger.use(m, { organizationId: org.orgId, entitlementId: credit.id, studentId: contact, enrollmentId, target: whole, cents: 1_000 }),
    );
    // A use refused rolls back with its transaction: nothing announced.
    await codeOf(use(credit.id, contact, whole, { cents: 9_000 }));
    const sent = await t.db.query(
      `SELECT event_type AS type, payload->'data' AS data FROM webhook_deliveries WHERE organization_id = $1 AND payload->'data'->>'entitlementId' = $2 ORDER BY created_at`,
      [org.orgId, credit.id],
    );
    expect(sent).toEqual([
      {
        type: 'credit.granted',
        data: expect.objectContaining({
          studentId: contact,
          kind: 'account_credit',
          unit: 'dollars',
          amount: 25,
          validUntil: null,
          source: 'admin_grant',
        }),
      },
      {
        type: 'credit.used',
        data: {
          entitlementId: credit.id,
          studentId: contact,
          enrollmentId,
          kind: 'account_credit',
          unit: 'dollars',
          amount: 10,
          remaining: 15,
        },
      },
    ]);
  });

  it('should keep movements append-only', async () => {
    const e = await grant();
    await expect(t.db.query(`UPDATE entitlement_movements SET amount = 100 WHERE entitlement_id = $1`, [e.id])).rejects.toThrow(
      /append-only/,
    );
  });
});
