import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { ChildProcess } from 'node:child_process';
import { ensureBuilt, spawnServer } from '../fixtures/built-server';
import { drain, startProviders } from '../fixtures/comms.fixture';
import { createOrg, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

jest.setTimeout(180_000);

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A dispatcher process killed with SIGKILL in the middle of a batch, then another instance taking over:
 * no message is sent twice, and the rows that were in flight end as failed 'outcome unknown' for a person to decide.
 */
describe('communications: a dispatcher killed mid-batch', () => {
  let t: TestApp;
  let providers: Awaited<ReturnType<typeof startProviders>>;
  let org: OrgFixture;
  let child: ChildProcess | null = null;
  beforeAll(async () => {
    ensureBuilt();
    providers = await startProviders();
    t = await createTestApp({ ...providers.env, JOBS_ENABLED: 'false' });
    org = await createOrg(t);
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await t.close();
    await providers.close();
  });

  it('should never send twice and should show the in-flight rows as outcome unknown', async () => {
    await t.db.query(
      `INSERT INTO communications (organization_id, recipient_type, recipient_id, channel, to_address, subject, message, kind)
       SELECT $1, 'user', $2, 'email', 'crash@example.com', 'Crash ' || i, 'crash ' || i, 'manual' FROM generate_series(1, 300) AS i`,
      [org.orgId, org.userId],
    );
    // Every send takes a while, so a kill lands with sends in flight.
    providers.sendgrid.script.always = { delayMs: 150 };
    child = spawnServer(3251, {
      ...providers.env,
      DATABASE_URL: t.url,
      JOBS_ENABLED: 'true',
      JOBS_INTERVAL_MS: '100',
      DISPATCH_BATCH_SIZE: '40',
      DISPATCH_CONCURRENCY: '10',
      PROVIDER_TIMEOUT_MS: '5000',
      DISPATCH_LEASE_MS: '6000',
    });
    const counts = async () =>
      Object.fromEntries(
        (await t.db.query('SELECT status, count(*)::int AS n FROM communications GROUP BY status')).map(
          (r: { status: string; n: number }) => [r.status, r.n],
        ),
      ) as Record<string, number>;
    for (let i = 0; i < 600; i++) {
      const c = await counts();
      if ((c.sent ?? 0) >= 40 && (c.sending ?? 0) > 0) break;
      await wait(25);
    }
    child.kill('SIGKILL');
    await new Promise((r) => child!.once('exit', r));
    child = null;
    const atKill = await counts();
    expect(atKill.sending).toBeGreaterThan(0);
    expect(atKill.pending).toBeGreaterThan(0);
    const inFlight: string[] = (await t.db.query("SELECT id FROM communications WHERE status = 'sending'")).map(
      (r: { id: string }) => r.id,
    );

    // Another instance takes over; the dead one's leases run out and its in-flight rows become 'outcome unknown'.
    providers.sendgrid.script.clear();
    const restarted = await createTestApp({ ...providers.env, PROVIDER_TIMEOUT_MS: '15000' }, { databaseUrl: t.url });
    try {
      await wait(6500);
      await drain(restarted, 3);
    } finally {
      await restarted.close();
    }
    await wait(300);
    const ids = providers.sendgrid.sent.map((m) => m.body.custom_args?.communicationId);
    expect(new Set(ids).size).toBe(ids.length);
    const final = await t.db.query('SELECT id, status, status_reason FROM communications');
    const byStatus = (s: string) => final.filter((r: { status: string }) => r.status === s);
    expect(
      byStatus('failed')
        .map((r: { id: string }) => r.id)
        .sort(),
    ).toEqual([...inFlight].sort());
    expect(byStatus('failed').every((r: { status_reason: string }) => r.status_reason === 'outcome unknown')).toBe(true);
    expect(byStatus('sent').length + inFlight.length).toBe(300);
    // Every sent row reached the provider exactly once.
    const sentIds = new Set(ids);
    expect(byStatus('sent').every((r: { id: string }) => sentIds.has(r.id))).toBe(true);
  });
});
