import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CommunicationsDispatcher } from '../../src/modules/communications/communications.dispatcher';
import { CommunicationsRepository } from '../../src/modules/communications/communications.repository';
import { createStudent, drain, jobsOf, queueNews, rowOf, startProviders } from '../fixtures/comms.fixture';
import { createOrg, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

/** Two API instances dispatching one outbox: every message delivered exactly once. */
describe('communications on two instances', () => {
  let a: TestApp;
  let b: TestApp;
  let providers: Awaited<ReturnType<typeof startProviders>>;
  let org: OrgFixture;
  beforeAll(async () => {
    providers = await startProviders();
    a = await createTestApp({ ...providers.env, DISPATCH_BATCH_SIZE: '50', PROVIDER_TIMEOUT_MS: '15000' });
    b = await createTestApp({ ...providers.env, DISPATCH_BATCH_SIZE: '50', PROVIDER_TIMEOUT_MS: '15000' }, { databaseUrl: a.url });
    org = await createOrg(a);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await providers.close();
  });

  it('should deliver 1,000 due messages exactly once when both instances dispatch at the same time', async () => {
    // Half email, half SMS, to the organization's admin (a user: the students' monthly cap does not apply).
    await a.db.query(
      `INSERT INTO communications (organization_id, recipient_type, recipient_id, recipient, channel, to_address, subject, message, kind)
       SELECT $1, 'user', $2, '{"firstName":"Ada","lastName":"Admin","email":null,"phone":null}', CASE WHEN i % 2 = 0 THEN 'email' ELSE 'sms' END,
         CASE WHEN i % 2 = 0 THEN 'bulk@example.com' ELSE '+15595550100' END, CASE WHEN i % 2 = 0 THEN 'Bulk' END, 'bulk ' || i, 'manual'
       FROM generate_series(1, 1000) AS i`,
      [org.orgId, org.userId],
    );
    await Promise.all([jobsOf(a).tick(), jobsOf(b).tick(), jobsOf(a).tick(), jobsOf(b).tick()]);
    await drain(a, 2);
    const emails = providers.sendgrid.sent.map((m) => m.body.custom_args?.communicationId);
    const sms = providers.twilio.sent.map((m) => m.body);
    expect(new Set(emails).size).toBe(emails.length);
    expect(new Set(sms).size).toBe(sms.length);
    expect(emails.length + sms.length).toBe(1000);
    const rows = await a.db.query('SELECT status, count(*)::int AS n, max(attempts) AS attempts FROM communications GROUP BY status');
    expect(rows).toEqual([{ status: 'sent', n: 1000, attempts: 1 }]);
  });
});

/** The students' monthly cap (spec 2 §9) when a student's messages are spread over batches and instances. */
describe('communications: the monthly cap across batches and instances', () => {
  let a: TestApp;
  let b: TestApp;
  let providers: Awaited<ReturnType<typeof startProviders>>;
  let org: OrgFixture;
  // Batches of three: six messages to one student take two batches, or one on each instance.
  beforeAll(async () => {
    providers = await startProviders();
    a = await createTestApp({ ...providers.env, DISPATCH_BATCH_SIZE: '3' });
    b = await createTestApp({ ...providers.env, DISPATCH_BATCH_SIZE: '3' }, { databaseUrl: a.url });
    org = await createOrg(a);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await providers.close();
  });
  const mailsTo = (email: string) => providers.sendgrid.sent.filter((m) => m.body.personalizations[0].to[0].email === email);

  it('should send five of six and skip the newest when the batch is smaller than six (one run, two batches)', async () => {
    const s = await createStudent(a, org);
    const ids = await queueNews(a, org.orgId, s, 6);
    await jobsOf(a).tick();
    const statuses = await Promise.all(ids.map((id) => rowOf(a, id)));
    expect(statuses.map((r) => r.status)).toEqual(['sent', 'sent', 'sent', 'sent', 'sent', 'skipped']);
    expect(statuses[5].status_reason).toBe('monthly limit of 5 messages reached');
    expect(mailsTo(s.email)).toHaveLength(5);
  });

  it("should hold a student's monthly cap when both instances claim that student's messages at the same moment", async () => {
    const s = await createStudent(a, org);
    const ids = await queueNews(a, org.orgId, s, 6);
    // Hold the student's cap lock (the dispatcher's own method) so the first claim stops inside its transaction.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const holder = a.db.transaction(async (m) => {
      await a.app.get(CommunicationsRepository).lockRecipient(m, s.id);
      locked();
      await held;
    });
    await isLocked;
    const [da, db] = [a.app.get(CommunicationsDispatcher), b.app.get(CommunicationsDispatcher)];
    const claims = Promise.all([da.claim(), db.claim()]);
    const waiting = async () =>
      (await a.db.query("SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"))[0].n as number;
    for (let i = 0; i < 500 && (await waiting()) < 1; i++) await new Promise((r) => setTimeout(r, 20));
    // One instance holds the organization's allowance row for its claim (outbound-limits) and waits on the student's
    // cap lock; the other skips the organization for now instead of claiming beside it: nothing of it is claimed twice.
    expect(await waiting()).toBe(1);
    release();
    await holder;
    const first = await claims;
    expect(first.map((c) => c.looked).sort()).toEqual([0, 3]);
    // The rest in the next round, on either instance: the cap counts the rows the first claim is sending.
    const second = await db.claim();
    expect(second.looked).toBe(3);
    const claimed = [...first.flatMap((c) => c.claimed), ...second.claimed];
    expect(claimed).toHaveLength(5);
    await Promise.all([da.sendAll(first.flatMap((c) => c.claimed)), db.sendAll(second.claimed)]);
    const statuses = await Promise.all(ids.map((id) => rowOf(a, id)));
    expect(statuses.filter((r) => r.status === 'sent')).toHaveLength(5);
    expect(statuses.filter((r) => r.status !== 'sent')).toEqual([
      expect.objectContaining({ status: 'skipped', status_reason: 'monthly limit of 5 messages reached' }),
    ]);
    expect(mailsTo(s.email)).toHaveLength(5);
  });
});
