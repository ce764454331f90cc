import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ConnectService } from '../../src/modules/connect/connect.service';
import { createOrg, createTeacher, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signStripePayload, startStripeStandIn, stripeEvent, type StandInState } from '../stand-ins/stripe.stand-in';
import { completeOnboarding, ONBOARDING_REQUIREMENTS } from '../stand-ins/stripe/connect.routes';

const SECRET = 'whsec_test_connect';
const PUBLIC_URL = 'https://classes.example.com';
const RETURN_URL = `${PUBLIC_URL}/admin/settings?tab=payments`;
const UPSELL = 'Online payment collection is a feature of the Essential plan. Upgrade to Essential to use it.';
const LOCAL =
  'Online card payments are not available on this server: Stripe is not configured (STRIPE_SECRET_KEY is unset). Students can still register and pay in person.';
const ADMIN_KEYS = [
  'canAcceptOnlinePayments',
  'charges_enabled',
  'details_submitted',
  'hasAccount',
  'hasActiveSubscription',
  'payouts_enabled',
  'planName',
  'refreshedAt',
  'requirements',
  'stripeConfigured',
];

/**
 * Connect onboarding. Two app instances on one database; the real `stripe` SDK talks to the Stripe
 * stand-in; instance `a` listens on a port so the stand-in can deliver account.updated as a signed webhook.
 */
describe('Connect onboarding', () => {
  let stand: Awaited<ReturnType<typeof startStripeStandIn>>;
  let state: StandInState;
  let a: TestApp;
  let b: TestApp;

  const accountCalls = (orgId?: string) =>
    state.requests.filter(
      (r) =>
        r.method === 'POST' &&
        r.path === '/v1/accounts' &&
        (!orgId || (r.body.metadata as Record<string, string>)?.organizationId === orgId),
    );
  const retrieves = (id: string) => state.requests.filter((r) => r.method === 'GET' && r.path === `/v1/accounts/${id}`).length;
  const row = async (orgId: string) => (await a.db.query('SELECT * FROM connect_accounts WHERE organization_id = $1', [orgId]))[0];
  const create = (t: TestApp, org: OrgFixture) =>
    t.http.post('/api/connect/create-account').set(org.auth).send({ organizationId: org.orgId });
  const deliver = (event: unknown) => {
    const payload = JSON.stringify(event);
    return a.http
      .post('/api/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', signStripePayload(payload, SECRET))
      .send(payload);
  };
  const setAccount = (id: string, patch: Record<string, unknown>) => Object.assign(state.objects.get(id)!, patch);
  const age = (orgId: string) =>
    a.db.query(`UPDATE connect_accounts SET refreshed_at = now() - interval '2 minutes' WHERE organization_id = $1`, [orgId]);

  beforeAll(async () => {
    stand = await startStripeStandIn();
    state = stand.state;
    const env = {
      STRIPE_SECRET_KEY: 'sk_test_connect',
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_API_BASE: stand.url,
      PUBLIC_URL,
      JOBS_ENABLED: 'false',
    };
    a = await createTestApp(env);
    b = await createTestApp(env, { databaseUrl: a.url });
    await a.app.listen(0, '127.0.0.1');
    state.webhook = { url: `${await a.app.getUrl()}/api/webhooks/stripe`.replace('[::1]', '127.0.0.1'), secret: SECRET };
  });
  afterAll(async () => {
    await stand.settled();
    await b.close();
    await a.close();
    await stand.close();
  });

  it('should create one Express account as the contract says, and return the same one on a second call', async () => {
    const org = await createOrg(a, { plan: 'essential' });
    const first = await create(a, org).expect(201);
    expect(first.body.data).toEqual({
      accountId: expect.stringMatching(/^acct_/),
      created: true,
      hasAccount: true,
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
    });
    const [call] = accountCalls(org.orgId);
    expect(call.body).toEqual({
      type: 'express',
      email: org.email,
      metadata: { organizationId: org.orgId },
      capabilities: { card_payments: { requested: 'true' }, transfers: { requested: 'true' } },
    });
    expect(call.idempotencyKey).toBe(`classlane-connect-account-${org.orgId}`);
    const second = await create(b, org).expect(200);
    expect(second.body.data).toMatchObject({ accountId: first.body.data.accountId, created: false });
    expect(accountCalls(org.orgId)).toHaveLength(1);
    expect(await row(org.orgId)).toMatchObject({
      stripe_account_id: first.body.data.accountId,
      charges_enabled: false,
      requirements: { currently_due: ONBOARDING_REQUIREMENTS, past_due: [], disabled_reason: 'requirements.past_due' },
    });
  });

  it('should create exactly one account when ten calls arrive at once on two instances', async () => {
    const org = await createOrg(a, { plan: 'essential' });
    const replies = await Promise.all(Array.from({ length: 10 }, (_, i) => create(i % 2 ? a : b, org)));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(replies.map((r) => r.body.data.accountId)).size).toBe(1);
    expect(accountCalls(org.orgId)).toHaveLength(1);
    expect((await a.db.query('SELECT count(*)::int AS n FROM connect_accounts WHERE organization_id = $1', [org.orgId]))[0].n).toBe(1);
  });

  it('should refuse a plan without online payments with the upsell, call Stripe for nothing, and allow it once the plan has it', async () => {
    const org = await createOrg(a);
    const refused = await create(a, org).expect(403);
    expect(refused.body).toEqual({
      success: false,
      data: null,
      error: UPSELL,
      code: 'PLAN_REQUIRED',
      upgradePlan: { id: 'essential', name: 'Essential' },
    });
    const link = await a.http.post('/api/connect/account-session').set(org.auth).send({ organizationId: org.orgId }).expect(403);
    expect(link.body.error).toBe(UPSELL);
    expect(accountCalls(org.orgId)).toHaveLength(0);
    expect(await row(org.orgId)).toBeUndefined();
    await a.db.query("UPDATE organizations SET plan_id = 'professional' WHERE id = $1", [org.orgId]);
    expect((await create(a, org).expect(201)).body.data.created).toBe(true);
  });

  it('should hand out an onboarding link back to the Payment Setup tab, complete onboarding through it, then a dashboard link', async () => {
    const org = await createOrg(a, { plan: 'essential' });
    await a.http.get('/api/connect/dashboard-link').set(org.auth).expect(404);
    await a.http.post('/api/connect/account-session').set(org.auth).send({ organizationId: org.orgId }).expect(404);
    const accountId = (await create(a, org).expect(201)).body.data.accountId as string;
    // Stripe refuses a login link before onboarding: the admin reads Stripe's reason, not a crash.
    const early = await a.http.get('/api/connect/dashboard-link').set(org.auth).expect(502);
    expect(early.body.error).toBe(
      'Stripe could not create the dashboard link: Cannot create a login link for an account that has not completed onboarding.',
    );

    const session = await a.http.post('/api/connect/account-session').set(org.auth).send({ organizationId: org.orgId }).expect(201);
    expect(Object.keys(session.body.data)).toEqual(['onboarding_url']);
    const linkCall = state.requests.filter((r) => r.path === '/v1/account_links').pop()!;
    expect(linkCall.body).toEqual({ account: accountId, type: 'account_onboarding', refresh_url: RETURN_URL, return_url: RETURN_URL });

    // The person fills in Stripe's form: the stand-in completes the account, emits account.updated, sends them back.
    const page = await fetch(session.body.data.onboarding_url, { redirect: 'manual' });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe(RETURN_URL);
    expect(await row(org.orgId)).toMatchObject({ charges_enabled: true, payouts_enabled: true, details_submitted: true });
    const status = await a.http.get(`/api/connect/status/${org.orgId}`).set(org.auth).expect(200);
    expect(status.body.data).toMatchObject({
      hasActiveSubscription: true,
      canAcceptOnlinePayments: true,
      planName: 'Essential',
      hasAccount: true,
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      requirements: { currently_due: [], past_due: [], eventually_due: [], disabled_reason: null },
      stripeConfigured: true,
    });

    const dash = await a.http.get('/api/connect/dashboard-link').set(org.auth).expect(200);
    expect(dash.body.data).toEqual({ url: `${stand.url}/connect/express/${accountId}` });
    expect((await fetch(dash.body.data.url)).status).toBe(200);
  });

  it('should give the public part to everyone but the organization admin, who gets the whole payment setup status', async () => {
    const org = await createOrg(a, { plan: 'essential' });
    const other = await createOrg(a, { plan: 'essential' });
    const teacher = await createTeacher(a, org);
    const publicNone = { hasAccount: false, charges_enabled: false };
    for (const path of [`/api/connect/status/${org.orgId}`, `/api/connect/status/organization/${org.orgId}`]) {
      expect((await a.http.get(path).expect(200)).body.data).toEqual(publicNone);
      expect((await a.http.get(path).set(teacher.auth).expect(200)).body.data).toEqual(publicNone);
      expect((await a.http.get(path).set(other.auth).expect(200)).body.data).toEqual(publicNone);
      const admin = (await a.http.get(path).set(org.auth).expect(200)).body.data;
      expect(Object.keys(admin).sort()).toEqual(ADMIN_KEYS);
      expect(admin).toMatchObject({ hasAccount: false, planName: 'Essential', canAcceptOnlinePayments: true, refreshedAt: null });
    }
    await create(a, org).expect(201);
    expect((await a.http.get(`/api/connect/status/${org.orgId}`).expect(200)).body.data).toEqual({
      hasAccount: true,
      charges_enabled: false,
    });
    const admin = (await a.http.get(`/api/connect/status/${org.orgId}`).set(org.auth).expect(200)).body.data;
    expect(admin.requirements.currently_due).toEqual(ONBOARDING_REQUIREMENTS);
    await a.http.get('/api/connect/status/00000000-0000-4000-8000-000000000000').expect(404);
    await a.http.get('/api/connect/status/not-an-id').expect(404);
    await a.http.get(`/api/connect/status/${org.orgId}`).set('Authorization', 'Bearer nonsense').expect(401);
  });

  it("should refresh the admin's read from Stripe when the stored state is older than a minute, and only then", async () => {
    const org = await createOrg(a, { plan: 'essential' });
    const id = (await create(a, org).expect(201)).body.data.accountId as string;
    setAccount(id, {
      details_submitted: true,
      requirements: { currently_due: [], past_due: ['external_account'], eventually_due: [], disabled_reason: 'requirements.past_due' },
    });
    const read = async () => (await a.http.get(`/api/connect/status/${org.orgId}`).set(org.auth).expect(200)).body.data;
    expect((await read()).details_submitted).toBe(false); // fresh: no Stripe call
    expect(retrieves(id)).toBe(0);
    await age(org.orgId);
    await a.http.get(`/api/connect/status/${org.orgId}`).expect(200); // the public read never calls Stripe
    expect(retrieves(id)).toBe(0);
    const fresh = await read();
    expect(fresh).toMatchObject({ details_submitted: true, charges_enabled: false });
    expect(fresh.requirements).toEqual({
      currently_due: [],
      past_due: ['external_account'],
      eventually_due: [],
      disabled_reason: 'requirements.past_due',
    });
    expect(retrieves(id)).toBe(1);
    await read();
    expect(retrieves(id)).toBe(1);
    expect(new Date(fresh.refreshedAt).getTime()).toBeGreaterThan(Date.now() - 10_000);
  });

  it('should keep the stored state when Stripe cannot be asked, and show it', async () => {
    const org = await createOrg(a, { plan: 'essential' });
    const id = (await create(a, org).expect(201)).body.data.accountId as string;
    state.objects.delete(id); // Stripe answers 404 for it now
    await age(org.orgId);
    const res = await a.http.get(`/api/connect/status/${org.orgId}`).set(org.auth).expect(200);
    expect(res.body.data).toMatchObject({ hasAccount: true, charges_enabled: false });
  });

  it('should apply account.updated from Stripe once, whatever the order, never trusting the payload', async () => {
    const org = await createOrg(a, { plan: 'essential' });
    const id = (await create(a, org).expect(201)).body.data.accountId as string;
    const t = Math.floor(Date.now() / 1000);
    // Stripe's current state: verified, one thing eventually due.
    setAccount(id, {
      charges_enabled: true,
      payouts_enabled: false,
      details_submitted: true,
      requirements: { currently_due: [], past_due: [], eventually_due: ['individual.id_number'], disabled_reason: null },
    });
    const newer = stripeEvent('evt_acct_newer', 'account.updated', { id, object: 'account', charges_enabled: true }, t);
    // An older event arriving last, and a payload that lies: the stored state is read back from Stripe anyway.
    const older = stripeEvent(
      'evt_acct_older',
      'account.updated',
      { id, object: 'account', charges_enabled: false, payouts_enabled: true },
      t - 60,
    );
    expect((await deliver(newer).expect(200)).body.data.status).toBe('processed');
    expect((await deliver(older).expect(200)).body.data.status).toBe('processed');
    expect((await deliver(newer).expect(200)).body.data.status).toBe('duplicate');
    expect(retrieves(id)).toBe(2);
    expect(await row(org.orgId)).toMatchObject({
      charges_enabled: true,
      payouts_enabled: false,
      details_submitted: true,
      requirements: { currently_due: [], past_due: [], eventually_due: ['individual.id_number'], disabled_reason: null },
    });
    const before = state.requests.length;
    for (const [n, object] of [
      { id: 'acct_not_ours', object: 'account', charges_enabled: true },
      { id: 42, charges_enabled: true },
      { id: "acct_x' OR '1'='1", charges_enabled: true },
      {},
    ].entries()) {
      expect(
        (await deliver(stripeEvent(`evt_foreign_${n}`, 'account.updated', object as Record<string, unknown>)).expect(200)).body.data.status,
      ).toBe('processed');
    }
    expect(state.requests.length).toBe(before); // nothing asked of Stripe for accounts that are not ours
  });

  it('should leave the account unprocessed for a retry when Stripe cannot be asked during account.updated', async () => {
    const org = await createOrg(a, { plan: 'essential' });
    const id = (await create(a, org).expect(201)).body.data.accountId as string;
    const saved = state.objects.get(id)!;
    state.objects.delete(id);
    await deliver(stripeEvent('evt_acct_retry', 'account.updated', { id, object: 'account' })).expect(500);
    state.objects.set(id, { ...saved, details_submitted: true });
    expect((await deliver(stripeEvent('evt_acct_retry', 'account.updated', { id, object: 'account' })).expect(200)).body.data.status).toBe(
      'processed',
    );
    expect((await row(org.orgId)).details_submitted).toBe(true);
  });

  it('should keep every route to the caller organization: another organization’s ids are refused and change nothing', async () => {
    const victim = await createOrg(a, { plan: 'essential' });
    const attacker = await createOrg(a, { plan: 'essential' });
    const id = (await create(a, victim).expect(201)).body.data.accountId as string;
    await completeOnboarding(state, id);
    const before = { row: await row(victim.orgId), calls: state.requests.length };
    const body = { organizationId: victim.orgId };
    for (const res of [
      await a.http.post('/api/connect/create-account').set(attacker.auth).send(body),
      await a.http.post('/api/connect/account-session').set(attacker.auth).send(body),
      await a.http.get(`/api/connect/dashboard-link?organizationId=${victim.orgId}`).set(attacker.auth),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('You can only access your own organization');
    }
    // Without the organizationId, the attacker's own organization is used: it has no account.
    await a.http.get('/api/connect/dashboard-link').set(attacker.auth).expect(404);
    expect((await a.http.get(`/api/connect/status/${victim.orgId}`).set(attacker.auth).expect(200)).body.data).toEqual({
      hasAccount: true,
      charges_enabled: true,
    });
    expect(await row(victim.orgId)).toEqual(before.row);
    expect(await row(attacker.orgId)).toBeUndefined();
    expect(state.requests.length).toBe(before.calls);
  });

  it('should let only admins create, link and open the dashboard', async () => {
    const org = await createOrg(a, { plan: 'essential' });
    const teacher = await createTeacher(a, org);
    const body = { organizationId: org.orgId };
    for (const res of [
      await a.http.post('/api/connect/create-account').set(teacher.auth).send(body),
      await a.http.post('/api/connect/account-session').set(teacher.auth).send(body),
      await a.http.get('/api/connect/dashboard-link').set(teacher.auth),
    ])
      expect(res.status).toBe(403);
    for (const res of [
      await a.http.post('/api/connect/create-account').send(body),
      await a.http.post('/api/connect/account-session').send(body),
      await a.http.get('/api/connect/dashboard-link'),
    ])
      expect(res.status).toBe(401);
    expect(await row(org.orgId)).toBeUndefined();
  });

  it("should give the IT-admin portal each organization's account state, absent without an account", async () => {
    const withAccount = await createOrg(a, { plan: 'essential' });
    const without = await createOrg(a, { plan: 'essential' });
    const id = (await create(a, withAccount).expect(201)).body.data.accountId as string;
    const views = await a.app.get(ConnectService).accountsOf([withAccount.orgId, without.orgId]);
    expect([...views.keys()]).toEqual([withAccount.orgId]);
    expect(views.get(withAccount.orgId)).toEqual({
      stripeAccountId: id,
      chargesEnabled: false,
      payoutsEnabled: false,
      detailsSubmitted: false,
    });
    expect((await a.app.get(ConnectService).accountsOf([])).size).toBe(0);
  });

  describe('local mode (no STRIPE_SECRET_KEY)', () => {
    let local: TestApp;
    beforeAll(async () => {
      local = await createTestApp({ STRIPE_SECRET_KEY: '', JOBS_ENABLED: 'false' });
    });
    afterAll(async () => {
      await local.close();
    });

    it('should answer the Stripe calls with 503 and a readable message, and the status honestly', async () => {
      const org = await createOrg(local, { plan: 'essential' });
      for (const res of [
        await local.http.post('/api/connect/create-account').set(org.auth).send({ organizationId: org.orgId }),
        await local.http.post('/api/connect/account-session').set(org.auth).send({ organizationId: org.orgId }),
        await local.http.get('/api/connect/dashboard-link').set(org.auth),
      ]) {
        expect(res.status).toBe(503);
        expect(res.body).toEqual({ success: false, data: null, error: LOCAL });
      }
      expect((await local.http.get(`/api/connect/status/${org.orgId}`).expect(200)).body.data).toEqual({
        hasAccount: false,
        charges_enabled: false,
      });
      const admin = (await local.http.get(`/api/connect/status/${org.orgId}`).set(org.auth).expect(200)).body.data;
      expect(admin).toMatchObject({ hasAccount: false, stripeConfigured: false, canAcceptOnlinePayments: true, planName: 'Essential' });
      // An account made while Stripe was configured is shown as stored (it cannot be refreshed now).
      await local.db.query(
        `INSERT INTO connect_accounts (organization_id, stripe_account_id, charges_enabled, refreshed_at) VALUES ($1, 'acct_local', true, now() - interval '1 day')`,
        [org.orgId],
      );
      const stored = (await local.http.get(`/api/connect/status/${org.orgId}`).set(org.auth).expect(200)).body.data;
      expect(stored).toMatchObject({ hasAccount: true, charges_enabled: true, stripeConfigured: false });
      const free = await createOrg(local);
      expect(
        (await local.http.post('/api/connect/create-account').set(free.auth).send({ organizationId: free.orgId }).expect(403)).body.error,
      ).toBe(UPSELL);
    });
  });
});
