import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { statementRecorder } from '../fixtures/statement-recorder.fixture';
import { registerBody } from '../fixtures/org.fixture';
import { cardClass, cardOrg, intentBody, startCardWorld, type CardWorld } from './card-payments.helpers';

/**
 * The statements one registration sends to PostgreSQL. In an opening rush every round trip costs CPU on both sides
 * (the API's driver and the database), so the registration paths read each row once and pass it along. Counted by
 * wrapping the pg client every connection of this process uses (the jobs are off, so only the request's own
 * statements are seen). Before these paths were trimmed: 28 statements for an in-person registration, 25 for a card
 * hold, 7 for an in-person answer 'class full' and 3 for a class page load.
 */
describe('statements per registration', () => {
  let w: CardWorld;
  const statements = statementRecorder();

  beforeAll(async () => {
    w = await startCardWorld();
    statements.install();
  });
  afterAll(async () => {
    statements.restore();
    await w.close();
  });

  const counted = async (send: () => Promise<unknown>): Promise<string[]> => {
    statements.start();
    await send();
    const seen = statements.take();
    return seen;
  };
  const matching = (seen: string[], re: RegExp) => seen.filter((s) => re.test(s)).length;

  it('should register a new person in person in at most 19 statements, reading the class and organization once', async () => {
    const t = w.a;
    const org = await cardOrg(t);
    const cls = await cardClass(t, org, { maxStudents: 50 });
    // A first registration warms every cache a first request fills (the rate-limit row, prepared statements).
    await t.http.post('/api/students/register').send(registerBody(org.orgId, cls.id)).expect(201);

    const seen = await counted(() => t.http.post('/api/students/register').send(registerBody(org.orgId, cls.id)).expect(201));
    expect(seen.length).toBeLessThanOrEqual(19);
    // The class: read once before the transaction; the seat update returns the row (no read after it).
    expect(matching(seen, /FROM "?classes"?/i)).toBe(1);
    // The organization: one read (price, policy, confirmation), plus the plan read's join.
    expect(matching(seen, /FROM "?organizations"? "?OrganizationEntity"?/i)).toBe(1);
    expect(matching(seen, /settings->'cancellationPolicies'/)).toBe(0);
    // An unlimited plan keeps no student count: nothing is written to the usage row.
    expect(matching(seen, /UPDATE organization_usage/)).toBe(0);
    expect(matching(seen, /FROM subscription_plans WHERE id/)).toBe(0);
    // A new enrollment has no answers to delete; its activity events go in one insert.
    expect(matching(seen, /DELETE FROM registration_answers/)).toBe(0);
    expect(matching(seen, /INSERT INTO "activity_events"/)).toBe(1);
  });

  it('should hold a card seat for a new person in at most 18 statements, reading the plan once', async () => {
    const t = w.a;
    const org = await cardOrg(t);
    const cls = await cardClass(t, org, { maxStudents: 50 });
    await t.http.post('/api/payments/create-intent').send(intentBody(org.orgId, cls.id)).expect(201);

    const seen = await counted(() => t.http.post('/api/payments/create-intent').send(intentBody(org.orgId, cls.id)).expect(201));
    expect(seen.length).toBeLessThanOrEqual(18);
    // The card-payment check and the student count share one read of the subscription and its plans.
    expect(matching(seen, /FROM organizations o LEFT JOIN subscriptions/)).toBe(1);
    expect(matching(seen, /FROM "?classes"?/i)).toBe(1);
    expect(matching(seen, /SELECT 1 FROM classes/)).toBe(0);
    expect(matching(seen, /settings->'cancellationPolicies'/)).toBe(0);
    expect(matching(seen, /UPDATE organization_usage/)).toBe(0);
    expect(matching(seen, /FROM subscription_plans WHERE id/)).toBe(0);
    expect(matching(seen, /DELETE FROM registration_answers/)).toBe(0);
  });

  it('should answer an in-person registration for a full class after reading only the class', async () => {
    const t = w.a;
    const org = await cardOrg(t);
    const cls = await cardClass(t, org, { maxStudents: 1 });
    await t.http.post('/api/students/register').send(registerBody(org.orgId, cls.id)).expect(201);

    let status = 0;
    const seen = await counted(async () => {
      status = (await t.http.post('/api/students/register').send(registerBody(org.orgId, cls.id))).status;
    });
    expect(status).toBe(409);
    // The rate-limit counter and the class: no form, organization or price read for a seat that is gone.
    expect(seen.length).toBeLessThanOrEqual(3);
    expect(matching(seen, /registration_questions|waivers|"?organizations"?/)).toBe(0);
  });

  it('should build a class page from one read of the class while its form copy is fresh, and show a new question at once', async () => {
    const t = w.a;
    const org = await cardOrg(t);
    const cls = await cardClass(t, org);
    const page = () => t.http.get(`/api/classes/${cls.id}?organizationId=${org.orgId}`).expect(200);
    await page();

    const seen = await counted(page);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatch(/FROM "?classes"?/);

    // A question added in this process drops the copy: the next load shows it (and the seat count is always read).
    await t.http
      .post('/api/registration-questions')
      .set(org.auth)
      .send({ label: 'Allergies', type: 'short_text', required: true })
      .expect(201);
    const after = await page();
    expect(after.body.data.questions.map((q: { label: string }) => q.label)).toEqual(['Allergies']);
  });
});
