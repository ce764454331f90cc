import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { drain, jobsOf, startProviders } from '../fixtures/comms.fixture';
import { createOrg, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

/** Two API instances dispatching one outbox (issue 11 §6): every message delivered exactly once. */
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
