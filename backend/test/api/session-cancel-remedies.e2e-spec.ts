import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createOrg, registerBody, type OrgFixture } from '../fixtures/org.fixture';
import { cardClass, cardOrg, enrollmentRow, intentBody, payInBrowser, startCardWorld, type CardWorld } from './card-payments.helpers';

const DAY = 24 * 3600_000;
type Session = { id: string; sessionIndex: number; startsAt: string };
type Given = { studentId: string; studentName: string; kind: string; amount: number };

/**
 * What the students of a cancelled session get (issue 39 §1): the admin's remedy (make-up token, account credit of
 * the session's share, a refund of it, or nothing), else the organization's setting; applied once to each student
 * holding a seat in the session, each told by email in their language. Refunds through the Stripe stand-in.
 */
describe('cancelled session remedies', () => {
  let w: CardWorld;
  let org: OrgFixture;
  let other: OrgFixture;
  let cls: { id: string };
  let sessions: Session[];
  /** Ann paid $80 by card (Spanish); Bea paid $80 in person (French); Cal has not paid (English). */
  const who: Record<'ann' | 'bea' | 'cal', { studentId: string; enrollmentId: string }> = {} as never;

  beforeAll(async () => {
    w = await startCardWorld();
    w.liveWebhooks(false);
    org = await cardOrg(w.a);
    other = await createOrg(w.a, { plan: 'professional' });
    // Six weekly sessions: a session's share of $80 is $13.33.
    cls = await cardClass(w.a, org, {
      title: 'Wheel',
      days: 6,
      schedule: 'Weekly',
      startDate: new Date(Date.now() + 10 * DAY).toISOString(),
    });
    const body = intentBody(org.orgId, cls.id, 80, { firstName: 'Ann', email: 'ann@remedy.test' });
    const d = (await w.a.http.post('/api/payments/create-intent').send(body).expect(201)).body.data;
    await payInBrowser(w.stand, d.paymentIntentId, d.clientSecret);
    await w.a.http
      .post('/api/payments/confirm-enrollment')
      .send({ paymentIntentId: d.paymentIntentId, classId: cls.id, organizationId: org.orgId, studentData: body.studentData })
      .expect(200);
    const [ann] = await w.a.db.query('SELECT student_id FROM enrollments WHERE id = $1', [d.enrollmentId]);
    who.ann = { studentId: ann.student_id, enrollmentId: d.enrollmentId };
    await w.a.db.query("UPDATE students SET language = 'es' WHERE id = $1", [ann.student_id]);
    for (const [key, firstName, language] of [
      ['bea', 'Bea', 'fr-CA'],
      ['cal', 'Cal', 'en'],
    ] as const) {
      const reg = await w.a.http
        .post('/api/students/register')
        .send(registerBody(org.orgId, cls.id, { firstName, email: `${key}@remedy.test`, language }))
        .expect(201);
      who[key] = { studentId: reg.body.data.id, enrollmentId: reg.body.data.classEnrollments[0].id };
    }
    // Bea paid at the desk.
    await w.a.db.query("UPDATE enrollments SET payment_status = 'completed', amount_paid_cents = 8000 WHERE id = $1", [
      who.bea.enrollmentId,
    ]);
    sessions = (await w.a.http.get(`/api/classes/${cls.id}/sessions`).set(org.auth).expect(200)).body.data;
  });
  afterAll(async () => {
    await w.close();
  });

  const cancel = (s: Session, body: Record<string, unknown>, o = org) =>
    w.a.http
      .post(`/api/class-sessions/${s.id}/cancel`)
      .set(o.auth)
      .send({ reason: 'Snow', notify: true, ...body });
  const givenTo = (given: Given[]) => Object.fromEntries(given.map((g) => [g.studentName.split(' ')[0], [g.kind, g.amount]]));
  const noticeTo = async (s: Session, email: string) =>
    (
      await w.a.db.query(`SELECT subject, message FROM communications WHERE organization_id = $1 AND dedupe_key = $2 AND to_address = $3`, [
        org.orgId,
        `session_cancelled:${s.id}:${(await w.a.db.query('SELECT id FROM students WHERE email = $1', [email]))[0].id}:email`,
        email,
      ])
    )[0] as { subject: string; message: string };
  const stripeRefunds = () => w.stand.requests.filter((r) => r.path === '/v1/refunds');

  it("should refund the card payment's share once, leave the in-person payer's to the desk, and tell each in their language", async () => {
    const res = await cancel(sessions[0], { remedy: 'refund' }).expect(201);
    expect(res.body.data.remedy).toBe('refund');
    expect(givenTo(res.body.data.given)).toEqual({ Ann: ['refund', 13.33], Bea: ['refund_in_person', 13.33], Cal: ['nothing', 0] });
    const refunds = await w.a.db.query('SELECT amount_cents, source, status FROM refunds WHERE enrollment_id = $1', [who.ann.enrollmentId]);
    expect(refunds).toEqual([{ amount_cents: 1333, source: 'session_cancelled', status: 'succeeded' }]);
    expect((await enrollmentRow(w.a, who.ann.enrollmentId)).refunded_cents).toBe(1333);
    expect(stripeRefunds().map((r) => r.idempotencyKey)).toEqual([`classlane-session-${sessions[0].id}-refund-${who.ann.enrollmentId}`]);
    // Each told once, in their language, with what they got.
    expect((await noticeTo(sessions[0], 'ann@remedy.test')).message).toContain('Le reembolsamos $13.33 en su tarjeta');
    expect((await noticeTo(sessions[0], 'bea@remedy.test')).message).toContain('Vous serez remboursé de 13,33');
    const cal = await noticeTo(sessions[0], 'cal@remedy.test');
    expect(cal.subject).toMatch(/^Cancelled: Wheel on /);
    expect(cal.message).not.toMatch(/refund|credit|make-up/i);
    // Asked again: refused, nothing refunded twice.
    expect((await cancel(sessions[0], { remedy: 'refund' }).expect(409)).body.code).toBe('SESSION_CANCELLED');
    expect(stripeRefunds()).toHaveLength(1);
  });

  it("should add the session's share as account credit to every student who paid", async () => {
    const res = await cancel(sessions[1], { remedy: 'credit' }).expect(201);
    expect(givenTo(res.body.data.given)).toEqual({ Ann: ['credit', 13.33], Bea: ['credit', 13.33], Cal: ['nothing', 0] });
    const credits = await w.a.db.query(
      `SELECT holder_student_id AS "studentId", kind, granted_amount AS amount FROM entitlements WHERE organization_id = $1 AND source = 'cancelled_session' AND source_ref = $2 ORDER BY holder_student_id`,
      [org.orgId, sessions[1].id],
    );
    expect(credits).toEqual(
      [who.ann.studentId, who.bea.studentId].sort().map((studentId) => ({ studentId, kind: 'account_credit', amount: 1333 })),
    );
    expect((await noticeTo(sessions[1], 'ann@remedy.test')).message).toContain('Añadimos $13.33 de crédito');
    expect((await noticeTo(sessions[1], 'bea@remedy.test')).message).toContain('Nous avons ajouté 13,33');
    expect(stripeRefunds()).toHaveLength(1);
  });

  it('should give every student a make-up token when the admin chooses one, even where the policy gives none', async () => {
    const res = await cancel(sessions[2], { remedy: 'makeup_token' }).expect(201);
    expect(givenTo(res.body.data.given)).toEqual({ Ann: ['makeup_token', 0], Bea: ['makeup_token', 0], Cal: ['makeup_token', 0] });
    const tokens = await w.a.db.query(
      `SELECT count(*)::int AS n FROM entitlements WHERE organization_id = $1 AND kind = 'makeup_token' AND source = 'cancelled_session'`,
      [org.orgId],
    );
    expect(tokens[0].n).toBe(3);
    expect((await noticeTo(sessions[2], 'cal@remedy.test')).message).toContain('You have a make-up token for this session');
    expect((await noticeTo(sessions[2], 'bea@remedy.test')).message).toContain('Vous avez un jeton de rattrapage');
  });

  it('should give nothing when the admin chooses nothing, even where the policy gives a token', async () => {
    await w.a.http
      .put(`/api/makeup-policies/classes/${cls.id}`)
      .set(org.auth)
      .send({ cancelledSessionToken: true, eligible: 'any' })
      .expect(200);
    const given = async () =>
      (
        await w.a.db.query(`SELECT count(*)::int AS n FROM entitlements WHERE organization_id = $1 AND source = 'cancelled_session'`, [
          org.orgId,
        ])
      )[0].n as number;
    const before = await given();
    const res = await cancel(sessions[3], { remedy: 'nothing' }).expect(201);
    expect(givenTo(res.body.data.given)).toEqual({ Ann: ['nothing', 0], Bea: ['nothing', 0], Cal: ['nothing', 0] });
    expect(await given()).toBe(before);
    expect((await noticeTo(sessions[3], 'ann@remedy.test')).message).not.toMatch(/reembols|crédito|bono/);
  });

  it("should apply the organization's setting when the admin chooses no remedy, and the policy's token when it says nothing", async () => {
    await w.a.db.query(`UPDATE organizations SET settings = settings || '{"sessionCancelRemedy":"credit"}'::jsonb WHERE id = $1`, [
      org.orgId,
    ]);
    const res = await cancel(sessions[4], {}).expect(201);
    expect(res.body.data.remedy).toBe('credit');
    expect(givenTo(res.body.data.given)).toEqual({ Ann: ['credit', 13.33], Bea: ['credit', 13.33], Cal: ['nothing', 0] });
    await w.a.db.query(`UPDATE organizations SET settings = settings || '{"sessionCancelRemedy":"nothing"}'::jsonb WHERE id = $1`, [
      org.orgId,
    ]);
    const byPolicy = await cancel(sessions[5], { notify: false }).expect(201);
    expect(byPolicy.body.data.remedy).toBe('makeup_policy');
    expect(givenTo(byPolicy.body.data.given)).toEqual({ Ann: ['makeup_token', 0], Bea: ['makeup_token', 0], Cal: ['makeup_token', 0] });
    expect(byPolicy.body.data.notified).toBe(0);
  });

  it("should refuse a remedy it does not know, and another organization's session, with nothing written", async () => {
    const fresh = await cardClass(w.a, org, { title: 'Glaze', days: 2, startDate: new Date(Date.now() + 20 * DAY).toISOString() });
    const [first] = (await w.a.http.get(`/api/classes/${fresh.id}/sessions`).set(org.auth).expect(200)).body.data as Session[];
    const bad = await cancel(first, { remedy: 'voucher' }).expect(400);
    expect(bad.body.error).toContain('remedy must be nothing, makeup_token, credit or refund');
    await cancel(first, { remedy: 'refund' }, other).expect(404);
    expect((await w.a.db.query('SELECT status FROM class_sessions WHERE id = $1', [first.id]))[0].status).toBe('scheduled');
  });
});
