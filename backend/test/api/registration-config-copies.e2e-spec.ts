import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { registerBody } from '../fixtures/org.fixture';
import { cardClass, cardOrg, intentBody, startCardWorld, type CardWorld } from './card-payments.helpers';

/**
 * A registration checks its class's opening against its term and its answers against the class's form, picks the
 * confirmation template and the webhook endpoints to tell from in-process copies, used only while the organization row's config_version (read by the same
 * request) is the one each copy was read under. These tests change the form, the template and the endpoints on
 * another instance (or straight in the database, as a seed or script would) and register on the first instance right
 * after, with its copies warm: the change must count on that very next registration.
 */
describe('registration copies of an organization configuration', () => {
  let w: CardWorld;

  beforeAll(async () => {
    w = await startCardWorld({ instances: 2 });
  });
  afterAll(async () => {
    await w.close();
  });

  /** An organization with a class and one registration on instance a, so a's copies are filled. */
  const warm = async () => {
    const org = await cardOrg(w.a);
    const cls = await cardClass(w.a, org, { maxStudents: 50 });
    await w.a.http.post('/api/students/register').send(registerBody(org.orgId, cls.id)).expect(201);
    return { org, cls };
  };

  it('should check the next registration on one instance against a question added on another', async () => {
    const { org, cls } = await warm();
    const q = await w.b.http
      .post('/api/registration-questions')
      .set(org.auth)
      .send({ label: 'Allergies', type: 'short_text', required: true })
      .expect(201);
    const refused = await w.a.http.post('/api/students/register').send(registerBody(org.orgId, cls.id)).expect(400);
    expect(Object.keys(refused.body.errors ?? {})).toContain(`answers.${q.body.data.id}`);
    await w.a.http
      .post('/api/students/register')
      .send(registerBody(org.orgId, cls.id, { answers: [{ questionId: q.body.data.id, value: 'None' }] }))
      .expect(201);
  });

  it("should check the next registration and card hold on one instance against a term's opening moved on another", async () => {
    const org = await cardOrg(w.a);
    const term = {
      name: 'Summer',
      startDate: '2027-06-14',
      endDate: '2027-08-20',
      registrationOpensAt: new Date(Date.now() - 60_000).toISOString(),
    };
    const t = (await w.a.http.post('/api/terms').set(org.auth).send(term).expect(201)).body.data;
    const cls = await cardClass(w.a, org, { maxStudents: 50, termId: t.id });
    // Open: a registers and holds a seat, so its copy of the term is warm.
    await w.a.http.post('/api/students/register').send(registerBody(org.orgId, cls.id)).expect(201);
    await w.a.http.post('/api/payments/create-intent').send(intentBody(org.orgId, cls.id)).expect(201);
    // b moves the opening to tomorrow: a's very next registration and card hold are refused.
    const later = new Date(Date.now() + 24 * 3600_000).toISOString();
    await w.b.http
      .put(`/api/terms/${t.id}`)
      .set(org.auth)
      .send({ ...term, registrationOpensAt: later })
      .expect(200);
    const refused = await w.a.http.post('/api/students/register').send(registerBody(org.orgId, cls.id)).expect(409);
    expect(refused.body).toMatchObject({ code: 'REGISTRATION_NOT_OPEN', opensAt: later });
    const held = await w.a.http.post('/api/payments/create-intent').send(intentBody(org.orgId, cls.id)).expect(409);
    expect(held.body.code).toBe('REGISTRATION_NOT_OPEN');
    // And straight in the database (a script): opened again, a takes registrations at once.
    await w.b.db.query(`UPDATE terms SET registration_opens_at = now() - interval '1 minute' WHERE id = $1`, [t.id]);
    await w.a.http.post('/api/students/register').send(registerBody(org.orgId, cls.id)).expect(201);
    await w.a.http.post('/api/payments/create-intent').send(intentBody(org.orgId, cls.id)).expect(201);
  });

  it('should refuse a signature of a waiver version replaced on another instance', async () => {
    const { org, cls } = await warm();
    const waiver = await w.b.http.post('/api/waivers').set(org.auth).send({ title: 'Liability', body: 'I accept the risks.' }).expect(201);
    const firstVersion: string = waiver.body.data.currentVersion.id;
    const signed = (versionId: string) => {
      const body = registerBody(org.orgId, cls.id);
      return { ...body, waiverAcceptances: [{ waiverVersionId: versionId, signedName: `${body.firstName} ${body.lastName}` }] };
    };
    const ok = await w.a.http.post('/api/students/register').send(signed(firstVersion));
    expect(ok.status).toBe(201);
    // A new version on b: a's copy (read under the old number) must not accept the old one.
    await w.b.http.post(`/api/waivers/${waiver.body.data.id}/versions`).set(org.auth).send({ body: 'I accept all the risks.' }).expect(201);
    const stale = await w.a.http.post('/api/students/register').send(signed(firstVersion)).expect(400);
    expect(JSON.stringify(stale.body.errors)).toMatch(/not the current version/);
  });

  it('should queue the confirmation with a template created on another instance', async () => {
    const { org, cls } = await warm();
    const subject = `Welcome aboard ${randomUUID().slice(0, 8)}`;
    await w.b.http
      .post('/api/communications/templates')
      .set(org.auth)
      .send({
        name: 'Our confirmation',
        type: 'email',
        kind: 'confirmation',
        subject_template: subject,
        message_template: 'Hello {{firstName}}',
      })
      .expect(201);
    const reg = await w.a.http.post('/api/students/register').send(registerBody(org.orgId, cls.id)).expect(201);
    const [row] = await w.a.db.query("SELECT subject FROM communications WHERE kind = 'confirmation' AND dedupe_key = $1", [
      `confirmation:${reg.body.data.classEnrollments[0].id}:email`,
    ]);
    expect(row.subject).toBe(subject);
  });

  it('should announce the next enrollment to a webhook endpoint added on another instance, and one added by SQL', async () => {
    const { org, cls } = await warm();
    const deliveries = async (enrollmentId: string) =>
      (
        await w.a.db.query(
          "SELECT count(*)::int AS n FROM webhook_deliveries WHERE organization_id = $1 AND event_type = 'enrollment.created' AND payload->'data'->>'enrollmentId' = $2",
          [org.orgId, enrollmentId],
        )
      )[0].n as number;
    // No endpoint yet: nothing is written.
    const before = await w.a.http.post('/api/students/register').send(registerBody(org.orgId, cls.id)).expect(201);
    expect(await deliveries(before.body.data.classEnrollments[0].id)).toBe(0);
    await w.b.http
      .post('/api/webhook-endpoints')
      .set(org.auth)
      .send({ url: 'https://example.com/hooks/classlane', events: ['enrollment.created'] })
      .expect(201);
    const after = await w.a.http.post('/api/students/register').send(registerBody(org.orgId, cls.id)).expect(201);
    expect(await deliveries(after.body.data.classEnrollments[0].id)).toBe(1);
    // A write no route made (a script, a seed) moves the number too: a second endpoint gets the next one as well.
    await w.a.db.query(
      "INSERT INTO webhook_endpoints (organization_id, url, events, secret) VALUES ($1, 'https://example.com/hooks/second', '{enrollment.created}', 'whsec_second')",
      [org.orgId],
    );
    const third = await w.a.http.post('/api/students/register').send(registerBody(org.orgId, cls.id)).expect(201);
    expect(await deliveries(third.body.data.classEnrollments[0].id)).toBe(2);
  });

  it('should refuse the next card hold once the payment account can no longer take charges', async () => {
    const org = await cardOrg(w.a);
    const cls = await cardClass(w.a, org, { maxStudents: 50 });
    await w.a.http.post('/api/payments/create-intent').send(intentBody(org.orgId, cls.id)).expect(201);
    // As the account.updated webhook records it (on whichever instance received it).
    await w.b.db.query('UPDATE connect_accounts SET charges_enabled = false WHERE organization_id = $1', [org.orgId]);
    const refused = await w.a.http.post('/api/payments/create-intent').send(intentBody(org.orgId, cls.id));
    expect(refused.body.code).toBe('CARD_PAYMENTS_NOT_SET_UP');
    await w.b.db.query('UPDATE connect_accounts SET charges_enabled = true WHERE organization_id = $1', [org.orgId]);
    await w.a.http.post('/api/payments/create-intent').send(intentBody(org.orgId, cls.id)).expect(201);
  });
});
