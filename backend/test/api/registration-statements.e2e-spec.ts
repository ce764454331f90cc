import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { statementRecorder } from '../fixtures/statement-recorder.fixture';
import { registerBody } from '../fixtures/org.fixture';
import { cardClass, cardOrg, intentBody, startCardWorld, type CardWorld } from './card-payments.helpers';

/**
 * The statements one registration sends to PostgreSQL. In an opening rush every round trip costs CPU on both sides
 * (the API's driver and the database), so the registration paths read each row once and pass it along. Counted by
 * wrapping the pg client every connection of this process uses (the jobs are off, so only the request's own
 * statements are seen). Before these paths were trimmed: 28 statements for an in-person registration (then 19, 18,
 * 10, now 8), 25 for a card hold (then 18, 17, 10, now 9), 7 for an in-person answer 'class full' (then 3: the rate-limit
 * counter, the class, the email's seat; now 1) and 3 for a class page load. The last cut: the organization and its
 * plan in one read before the transaction; the form, the confirmation template and the webhook endpoints (and a card
 * hold's payment account) from in-process copies checked against the organization's config_version; a new person
 * inserted in one statement guarded by the email's unique index (no look, lock and second look). Then: the
 * enrollment's insert carries the activity events and the confirmation's outbox row as CTEs of the same statement
 * (8 in person, 9 for a card hold).
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

  it('should register a new person in person in at most 8 statements, reading the class and organization once', async () => {
    const t = w.a;
    const org = await cardOrg(t);
    const cls = await cardClass(t, org, { maxStudents: 50 });
    // A first registration warms every cache a first request fills (the rate-limit row, prepared statements).
    await t.http.post('/api/students/register').send(registerBody(org.orgId, cls.id)).expect(201);

    const seen = await counted(() => t.http.post('/api/students/register').send(registerBody(org.orgId, cls.id)).expect(201));
    expect(seen.length).toBeLessThanOrEqual(8);
    // The enrollment, its activity events and its confirmation's outbox row: one statement, inside the transaction.
    const written = seen.filter((q) => /INSERT INTO enrollments/.test(q));
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^WITH .*INSERT INTO activity_events.*INSERT INTO communications.*\) INSERT INTO enrollments/);
    expect(seen.indexOf(written[0])).toBeGreaterThan(seen.indexOf('START TRANSACTION'));
    expect(seen.indexOf(written[0])).toBeLessThan(seen.indexOf('COMMIT'));
    // The class read said this email has no seat in the class: no locked look for a card hold to switch.
    expect(matching(seen, /FOR UPDATE OF e/)).toBe(0);
    // The class: read once before the transaction; the seat update returns the row (no read after it).
    expect(matching(seen, /FROM "?classes"?/i)).toBe(1);
    // The organization and its plan: one plain read before the transaction (price, policy, confirmation, the plan's
    // student limit, the config_version the form, template and webhook copies are checked against).
    expect(matching(seen, /FROM organizations o LEFT JOIN subscriptions/)).toBe(1);
    expect(matching(seen, /"OrganizationEntity"/)).toBe(0);
    expect(seen.findIndex((q) => /FROM organizations o/.test(q))).toBeLessThan(seen.indexOf('START TRANSACTION'));
    // The form, the confirmation template and the webhook endpoints come from copies of this config_version.
    expect(matching(seen, /FROM registration_questions|FROM waivers|FROM communication_templates|webhook_endpoints/)).toBe(0);
    // A new person: one insert the email's unique index guards, no look before it and no advisory lock.
    expect(matching(seen, /pg_advisory_xact_lock|FROM "?students"?/)).toBe(0);
    expect(matching(seen, /INSERT INTO students .* ON CONFLICT/s)).toBe(1);
    expect(matching(seen, /settings->'cancellationPolicies'/)).toBe(0);
    // An unlimited plan keeps no student count: nothing is written to the usage row.
    expect(matching(seen, /UPDATE organization_usage/)).toBe(0);
    expect(matching(seen, /FROM subscription_plans WHERE id/)).toBe(0);
    // A new enrollment has no answers to delete; its activity events go in one insert.
    expect(matching(seen, /DELETE FROM registration_answers/)).toBe(0);
    expect(matching(seen, /INSERT INTO "?activity_events"?/)).toBe(1);
    // The class and the enrollment in plain SQL: no TypeORM entity read or save for either.
    expect(matching(seen, /"ClassEntity"|INSERT INTO "enrollments"/)).toBe(0);
    expect(matching(seen, /FROM classes c WHERE c\.id = \$1/)).toBe(1);
  });

  it('should hold a card seat for a new person in at most 9 statements, reading the plan once', async () => {
    const t = w.a;
    const org = await cardOrg(t);
    const cls = await cardClass(t, org, { maxStudents: 50 });
    await t.http.post('/api/payments/create-intent').send(intentBody(org.orgId, cls.id)).expect(201);

    const seen = await counted(() => t.http.post('/api/payments/create-intent').send(intentBody(org.orgId, cls.id)).expect(201));
    expect(seen.length).toBeLessThanOrEqual(9);
    // The held enrollment and the new person's activity event: one statement, no TypeORM insert of the event.
    expect(matching(seen, /^WITH .*INSERT INTO activity_events.*\) INSERT INTO enrollments/)).toBe(1);
    expect(matching(seen, /INSERT INTO "?activity_events"?/)).toBe(1);
    expect(matching(seen, /FOR UPDATE OF e/)).toBe(0);
    // The card-payment check and the student count share one read of the subscription and its plans, made with the
    // organization's row before the transaction.
    expect(matching(seen, /FROM organizations o LEFT JOIN subscriptions/)).toBe(1);
    expect(matching(seen, /"OrganizationEntity"/)).toBe(0);
    // The form and whether the payment account can take charges come from copies of this config_version.
    expect(matching(seen, /FROM registration_questions|FROM waivers|FROM connect_accounts/)).toBe(0);
    expect(matching(seen, /pg_advisory_xact_lock|FROM "?students"?/)).toBe(0);
    expect(matching(seen, /FROM "?classes"?/i)).toBe(1);
    expect(matching(seen, /SELECT 1 FROM classes/)).toBe(0);
    expect(matching(seen, /settings->'cancellationPolicies'/)).toBe(0);
    expect(matching(seen, /UPDATE organization_usage/)).toBe(0);
    expect(matching(seen, /FROM subscription_plans WHERE id/)).toBe(0);
    expect(matching(seen, /DELETE FROM registration_answers/)).toBe(0);
    expect(matching(seen, /"ClassEntity"|INSERT INTO "enrollments"/)).toBe(0);
  });

  /** The in-person registration and the card hold of one more person for a class whose only seat is taken. */
  const fullClass = async () => {
    const t = w.a;
    const org = await cardOrg(t);
    const cls = await cardClass(t, org, { maxStudents: 1 });
    await t.http.post('/api/students/register').send(registerBody(org.orgId, cls.id)).expect(201);
    return { t, org, cls };
  };
  const refusedWith = async (send: () => Promise<{ status: number; body: { code?: string } }>) => {
    let reply: { status: number; body: { code?: string } } = { status: 0, body: {} };
    const seen = await counted(async () => {
      reply = await send();
    });
    return { reply, seen };
  };

  it("should refuse an in-person registration for a full class in one statement that reads the class and the email's seat", async () => {
    const { t, org, cls } = await fullClass();
    const { reply, seen } = await refusedWith(() => t.http.post('/api/students/register').send(registerBody(org.orgId, cls.id)));
    expect(reply.status).toBe(409);
    expect(reply.body.code).toBe('CLASS_FULL');
    // One prepared statement: no rate-limit counter, no TypeORM read of the class, no second look for the email's seat.
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatch(/FROM classes c WHERE c\.id = \$1/);
    expect(seen[0]).toMatch(/EXISTS \( SELECT 1 FROM enrollments e/);
  });

  it('should refuse a card hold for a full class in one statement too', async () => {
    const { t, org, cls } = await fullClass();
    const { reply, seen } = await refusedWith(() => t.http.post('/api/payments/create-intent').send(intentBody(org.orgId, cls.id)));
    expect(reply.status).toBe(409);
    expect(reply.body.code).toBe('CLASS_FULL');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatch(/FROM classes c WHERE c\.id = \$1/);
  });

  it('should answer a full class before the body is validated, and a malformed body for a class with seats with its 400', async () => {
    const { t, org, cls } = await fullClass();
    // Every body for this class gets 'full', a correct one too: a wrong phone does not change that answer.
    const bad = registerBody(org.orgId, cls.id, { phone: '12' });
    const full = await t.http.post('/api/students/register').send(bad).expect(409);
    expect(full.body.code).toBe('CLASS_FULL');
    // A class with seats: the same body is validated and refused field by field, nothing written.
    const roomy = await cardClass(t, org, { maxStudents: 5 });
    const refused = await t.http
      .post('/api/students/register')
      .send(registerBody(org.orgId, roomy.id, { phone: '12' }))
      .expect(400);
    expect(refused.body.errors).toHaveProperty('phone');
    const malformedCard = await t.http
      .post('/api/payments/create-intent')
      .send({ ...intentBody(org.orgId, roomy.id), amount: 'eighty' })
      .expect(400);
    expect(malformedCard.body.errors).toHaveProperty('amount');
    // A body that does not name its class plainly is validated first: no early answer without a well-formed class id.
    await t.http
      .post('/api/students/register')
      .send({ ...registerBody(org.orgId, cls.id), classEnrollments: [{ classId: 'not-a-uuid', paymentMethod: 'in-person' }] })
      .expect(400);
    const [{ n }] = await t.db.query('SELECT count(*)::int AS n FROM enrollments WHERE class_id = $1', [roomy.id]);
    expect(n).toBe(0);
  });

  it('should still switch an email holding a card seat in a full class to in person, past the early answer', async () => {
    const t = w.a;
    const org = await cardOrg(t);
    const cls = await cardClass(t, org, { maxStudents: 1 });
    const person = { email: `switch-${Date.now()}@example.com` };
    await t.http
      .post('/api/payments/create-intent')
      .send(intentBody(org.orgId, cls.id, 80, person))
      .expect(201);
    // The hold took the only seat; the same email registering in person gets that seat, not 'full', also when it is
    // typed with capitals and spaces (the early check looks for the email as validation leaves it).
    const typed = { email: `  ${person.email.toUpperCase()} ` };
    const switched = await t.http
      .post('/api/students/register')
      .send(registerBody(org.orgId, cls.id, typed))
      .expect(201);
    expect(switched.body.data.classEnrollments[0].paymentMethod).toBe('in-person');
    const [{ enrolled_students: seats }] = await t.db.query('SELECT enrolled_students FROM classes WHERE id = $1', [cls.id]);
    expect(seats).toBe(1);
  });

  it('should build a class page from one read of the class and one of its sessions while its form copy is fresh, and show a new question at once', async () => {
    const t = w.a;
    const org = await cardOrg(t);
    const cls = await cardClass(t, org);
    const page = () => t.http.get(`/api/classes/${cls.id}?organizationId=${org.orgId}`).expect(200);
    await page();

    // Sessions are records now (issue 39): the page reads the class, then its sessions by one indexed statement.
    const seen = await counted(page);
    expect(seen).toHaveLength(2);
    expect(seen[0]).toMatch(/FROM "?classes"?/);
    expect(seen[1]).toMatch(/FROM "?class_sessions"?/);

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
