import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { registerBody } from '../fixtures/org.fixture';
import { cardClass, cardOrg, intentBody, startCardWorld, type CardWorld } from './card-payments.helpers';

/**
 * One order of admission for every registration path (registration/admission.ts, docs/architecture.md "Registration
 * pipeline"): the same request gets the same first refusal in person and by card, one person and a household.
 */
describe('the order of admission', () => {
  let w: CardWorld;

  beforeAll(async () => {
    w = await startCardWorld();
  });
  afterAll(async () => {
    await w.close();
  });

  it('should answer a too-early registration with a missing answer 409 REGISTRATION_NOT_OPEN in person and by card alike', async () => {
    const org = await cardOrg(w.a);
    const opensAt = new Date(Date.now() + 24 * 3600_000).toISOString();
    const cls = await cardClass(w.a, org, { maxStudents: 50, registrationOpensAt: opensAt });
    // A required question nobody answers below.
    await w.a.http
      .post('/api/registration-questions')
      .set(org.auth)
      .send({ label: 'Allergies', type: 'short_text', required: true })
      .expect(201);
    const household = [
      { firstName: 'Ada', lastName: 'Lovelace' },
      { firstName: 'Byron', lastName: 'Lovelace' },
    ];
    const replies = [
      await w.a.http.post('/api/students/register').send(registerBody(org.orgId, cls.id)),
      await w.a.http.post('/api/payments/create-intent').send(intentBody(org.orgId, cls.id)),
      await w.a.http.post('/api/students/register').send(registerBody(org.orgId, cls.id, { attendees: household })),
      await w.a.http.post('/api/payments/create-intent').send({ ...intentBody(org.orgId, cls.id), attendees: household }),
    ];
    expect(replies.map((r) => [r.status, r.body.code])).toEqual(Array(4).fill([409, 'REGISTRATION_NOT_OPEN']));
  });

  it('should judge the answers once the class is open, by both payment methods', async () => {
    const org = await cardOrg(w.a);
    const cls = await cardClass(w.a, org, { maxStudents: 50 });
    const q = await w.a.http
      .post('/api/registration-questions')
      .set(org.auth)
      .send({ label: 'Allergies', type: 'short_text', required: true })
      .expect(201);
    const inPerson = await w.a.http.post('/api/students/register').send(registerBody(org.orgId, cls.id)).expect(400);
    const card = await w.a.http.post('/api/payments/create-intent').send(intentBody(org.orgId, cls.id)).expect(400);
    for (const r of [inPerson, card]) expect(Object.keys(r.body.errors ?? {})).toContain(`answers.${q.body.data.id}`);
  });
});
