import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { CreditsLedger } from '../../src/modules/credits/credits-ledger';
import { addStudent } from '../fixtures/populated-org.fixture';
import { createOrg, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

/**
 * The admin's credits in the student panel (issue 41 §4, §5): the balance and the ledger, a grant, a validity moved,
 * a revoke and a transfer within a household, each with its reason in the activity log; bad input refused with a code
 * and nothing written; another organization's students and credits are 404.
 */
describe('credits in the admin student panel', () => {
  let t: TestApp;
  let org: OrgFixture;
  let other: OrgFixture;
  let contact: string;
  let member: string;
  let stranger: string;

  const grant = (studentId: string, body: Record<string, unknown>, o: OrgFixture = org) =>
    t.http.post(`/api/students/${studentId}/credits`).set(o.auth).send(body);
  const activity = async (entitlementId: string) =>
    (
      await t.db.query(
        `SELECT event_type AS type, description, metadata->>'action' AS action FROM activity_events
          WHERE organization_id = $1 AND metadata->>'entitlementId' = $2 ORDER BY event_date, description`,
        [org.orgId, entitlementId],
      )
    ).map((r: { type: string; action: string; description: string }) => [r.type, r.action, r.description]);
  const rows = async () => (await t.db.query('SELECT count(*)::int AS n FROM entitlement_movements'))[0].n as number;

  beforeAll(async () => {
    t = await createTestApp({ JOBS_ENABLED: 'false' });
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
    expect(await t.app.get(CreditsLedger).invariantBreaks(t.db.manager)).toEqual([]);
  });
  afterAll(() => t.close());

  it('should grant, show the balance and ledger, move the validity, revoke, each in the activity log', async () => {
    const pack = (
      await grant(contact, {
        kind: 'pack',
        amount: 10,
        validUntil: '2099-12-31',
        label: '10-class pack',
        reason: 'Bought at the desk',
      }).expect(201)
    ).body.data;
    expect(pack).toMatchObject({
      kind: 'pack',
      unit: 'uses',
      granted: 10,
      remaining: 10,
      status: 'active',
      source: 'admin_grant',
      label: '10-class pack',
    });
    expect(pack.movements).toEqual([
      expect.objectContaining({ kind: 'grant', amount: 10, actorUserId: org.userId, reason: 'Bought at the desk' }),
    ]);
    const money = (await grant(contact, { kind: 'account_credit', amount: 25.5, reason: 'Goodwill' }).expect(201)).body.data;
    expect(money).toMatchObject({ unit: 'dollars', granted: 25.5, remaining: 25.5, validUntil: null });

    const view = (await t.http.get(`/api/students/${contact}/credits`).set(org.auth).expect(200)).body.data;
    expect(view).toMatchObject({ uses: 10, dollars: 25.5 });
    expect(view.credits.map((c: { id: string }) => c.id).sort()).toEqual([pack.id, money.id].sort());

    const moved = (
      await t.http
        .put(`/api/credits/${pack.id}/validity`)
        .set(org.auth)
        .send({ validUntil: '2099-06-30', reason: 'Term ends earlier' })
        .expect(200)
    ).body.data;
    expect(moved).toMatchObject({ validUntil: '2099-06-30' });
    expect(moved.movements.at(-1)).toMatchObject({ kind: 'validity', amount: 0, reason: 'Term ends earlier' });
    const revoked = (await t.http.post(`/api/credits/${money.id}/revoke`).set(org.auth).send({ reason: 'Given by mistake' }).expect(200))
      .body.data;
    expect(revoked).toMatchObject({ status: 'revoked', remaining: 0 });
    expect(revoked.movements.at(-1)).toMatchObject({ kind: 'revoke', amount: -25.5 });
    const again = await t.http.post(`/api/credits/${money.id}/revoke`).set(org.auth).send({ reason: 'Twice' }).expect(409);
    expect(again.body.code).toBe('CREDIT_REVOKED');

    expect(await activity(pack.id)).toEqual([
      ['credit_granted', 'grant', 'Granted 10 pack uses: Bought at the desk'],
      ['credit_changed', 'validity', 'Credit valid ' + pack.validFrom + ' to 2099-06-30: Term ends earlier'],
    ]);
    expect(await activity(money.id)).toEqual([
      ['credit_granted', 'grant', 'Granted $25.50 of account credit: Goodwill'],
      ['credit_changed', 'revoke', 'Revoked $25.50 of account credit: Given by mistake'],
    ]);
  });

  it('should move credit to a household member only, with its reason', async () => {
    const pack = (await grant(contact, { kind: 'pack', amount: 5, reason: 'Family pack' }).expect(201)).body.data;
    const res = (
      await t.http
        .post(`/api/credits/${pack.id}/transfer`)
        .set(org.auth)
        .send({ toStudentId: member, amount: 2, reason: 'For Liam' })
        .expect(200)
    ).body.data;
    expect(res.from).toMatchObject({ remaining: 3 });
    expect(res.to).toMatchObject({ holderStudentId: member, remaining: 2, source: 'transfer', sourceRef: pack.id });
    const refused = await t.http
      .post(`/api/credits/${pack.id}/transfer`)
      .set(org.auth)
      .send({ toStudentId: stranger, amount: 1, reason: 'x' })
      .expect(400);
    expect(refused.body.code).toBe('CREDIT_NOT_HOUSEHOLD');
    const tooMuch = await t.http
      .post(`/api/credits/${pack.id}/transfer`)
      .set(org.auth)
      .send({ toStudentId: member, amount: 4, reason: 'x' })
      .expect(409);
    expect(tooMuch.body.code).toBe('CREDIT_EXHAUSTED');
    // The member's panel shows their own credit.
    const view = (await t.http.get(`/api/students/${member}/credits`).set(org.auth).expect(200)).body.data;
    expect(view.credits.map((c: { id: string }) => c.id)).toContain(res.to.id);
  });

  it('should refuse bad input with a code and write nothing', async () => {
    const before = await rows();
    const cases: [Record<string, unknown>, number, string | undefined][] = [
      [{ kind: 'pack', amount: 0, reason: 'x' }, 400, undefined],
      [{ kind: 'pack', amount: -3, reason: 'x' }, 400, undefined],
      [{ kind: 'pack', amount: 1.5, reason: 'x' }, 400, 'CREDIT_AMOUNT_INVALID'],
      [{ kind: 'pack', amount: 1e12, reason: 'x' }, 400, undefined],
      [{ kind: 'pack', amount: 1, validFrom: '2027-03-02', validUntil: '2027-03-01', reason: 'x' }, 400, 'CREDIT_VALIDITY_INVALID'],
      [{ kind: 'pack', amount: 1, validUntil: '2027-02-30', reason: 'x' }, 400, 'CREDIT_VALIDITY_INVALID'],
      [{ kind: 'pack', amount: 1, scope: 'classes', reason: 'x' }, 409, 'CREDIT_NOT_ELIGIBLE'],
      [{ kind: 'gift', amount: 1, reason: 'x' }, 400, undefined],
      [{ kind: 'pack', amount: 1 }, 400, undefined],
      [{ kind: 'pack', amount: 1, reason: 'x', balance: 100 }, 400, undefined],
    ];
    for (const [body, status, code] of cases) {
      const res = await grant(contact, body);
      expect([JSON.stringify(body), res.status, code === undefined ? undefined : res.body.code]).toEqual([
        JSON.stringify(body),
        status,
        code,
      ]);
    }
    expect(await rows()).toBe(before);
  });

  it("should answer 404 for another organization's students and credits", async () => {
    const pack = (await grant(contact, { kind: 'pack', amount: 1, reason: 'Ours' }).expect(201)).body.data;
    const before = await rows();
    await t.http.get(`/api/students/${contact}/credits`).set(other.auth).expect(404);
    await grant(contact, { kind: 'pack', amount: 1, reason: 'Theirs' }, other).expect(404);
    await t.http.put(`/api/credits/${pack.id}/validity`).set(other.auth).send({ validUntil: null, reason: 'x' }).expect(404);
    await t.http.post(`/api/credits/${pack.id}/revoke`).set(other.auth).send({ reason: 'x' }).expect(404);
    await t.http.post(`/api/credits/${pack.id}/transfer`).set(other.auth).send({ toStudentId: member, amount: 1, reason: 'x' }).expect(404);
    // Our credit moved to another organization's student: not found either.
    const theirs = await addStudent(t, other, 'Tess');
    await t.http.post(`/api/credits/${pack.id}/transfer`).set(org.auth).send({ toStudentId: theirs, amount: 1, reason: 'x' }).expect(404);
    expect(await rows()).toBe(before);
  });
});
