import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { classBody, createClass, createOrg, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

/**
 * API keys. Made by an admin on a plan with API access, shown once and stored hashed, a Bearer
 * credential for the organization's admin routes within its scopes, refused the moment it is revoked or the plan
 * loses API access, limited per key, and named in the activity log.
 */
describe('API keys', () => {
  let t: TestApp;
  let pro: OrgFixture;
  let other: OrgFixture;
  const LIMIT = 15;

  const makeKey = async (org: OrgFixture, name: string, scopes: string[]) => {
    const res = await t.http.post('/api/api-keys').set(org.auth).send({ name, scopes }).expect(201);
    return res.body.data as { id: string; secret: string; prefix: string; scopes: string[] };
  };
  const bearer = (secret: string) => ({ Authorization: `Bearer ${secret}` });

  beforeAll(async () => {
    t = await createTestApp({ API_KEY_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
    pro = await createOrg(t, { plan: 'professional', name: 'Pro Org' });
    other = await createOrg(t, { plan: 'professional', name: 'Other Org' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('should show the secret once, store only its hash and list the key with prefix, creation and last use', async () => {
    const key = await makeKey(pro, 'Lister', ['read']);
    expect(key.secret).toMatch(/^cl_live_[A-Za-z0-9_-]{40,}$/);
    expect(key.secret.startsWith(key.prefix)).toBe(true);
    expect(key.scopes).toEqual(['read']);
    const [row] = await t.db.query('SELECT * FROM api_keys WHERE id = $1', [key.id]);
    expect(row.secret_hash).toBe(createHash('sha256').update(key.secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(key.secret);
    let listed = (await t.http.get('/api/api-keys').set(pro.auth).expect(200)).body.data;
    const before = listed.find((k: { id: string }) => k.id === key.id);
    expect(before).toMatchObject({ name: 'Lister', prefix: key.prefix, lastUsedAt: null, revokedAt: null, createdAt: expect.any(String) });
    expect(before.secret).toBeUndefined();
    await t.http.get('/api/classes').set(bearer(key.secret)).expect(200);
    listed = (await t.http.get('/api/api-keys').set(pro.auth).expect(200)).body.data;
    expect(listed.find((k: { id: string }) => k.id === key.id).lastUsedAt).toEqual(expect.any(String));
  });

  it('should refuse bad input readably and write nothing', async () => {
    const count = async () => Number((await t.db.query('SELECT count(*) FROM api_keys'))[0].count);
    const n = await count();
    for (const body of [
      { name: '', scopes: ['read'] },
      { name: 'X', scopes: ['admin'] },
      { name: 'X', scopes: [] },
      { name: 'X', scopes: ['read'], extra: 1 },
      { name: 'X' },
    ]) {
      const res = await t.http.post('/api/api-keys').set(pro.auth).send(body).expect(400);
      expect(res.body.success).toBe(false);
    }
    expect(await count()).toBe(n);
  });

  it('should let a read key read and refuse its writes', async () => {
    const key = await makeKey(pro, 'Reader', ['read']);
    await createClass(t, pro, { title: 'Read me' });
    const classes = (await t.http.get('/api/classes').set(bearer(key.secret)).expect(200)).body.data;
    expect(classes.map((c: { title: string }) => c.title)).toContain('Read me');
    const res = await t.http.post('/api/classes').set(bearer(key.secret)).send(classBody()).expect(403);
    expect(res.body.error).toContain('read scope');
  });

  it('should let a write key change what an admin may change, attributed to the key in the activity log', async () => {
    const key = await makeKey(pro, 'Zapier', ['read', 'write']);
    const created = (
      await t.http
        .post('/api/classes')
        .set(bearer(key.secret))
        .send(classBody({ title: 'From Zapier' }))
        .expect(201)
    ).body.data;
    const [event] = await t.db.query("SELECT description, metadata FROM activity_events WHERE metadata->>'classId' = $1", [created.id]);
    expect(event.description).toBe('Class "From Zapier" was created by API key Zapier');
    expect(event.metadata.apiKey).toEqual({ id: key.id, name: 'Zapier' });
    // The same action by a person signed in is not attributed to any key.
    const own = await createClass(t, pro, { title: 'By hand' });
    const [mine] = await t.db.query("SELECT description FROM activity_events WHERE metadata->>'classId' = $1", [own.id]);
    expect(mine.description).toBe('Class "By hand" was created');
  });

  it('should never let a key touch the team, the keys, the subscription or the organization itself', async () => {
    const key = await makeKey(pro, 'Everything', ['read', 'write']);
    const k = bearer(key.secret);
    await t.http.get('/api/auth/users').set(k).expect(403);
    await t.http
      .post('/api/auth/users')
      .set(k)
      .send({ email: 'x@example.com', password: 'secret-1', firstName: 'X', lastName: 'Y', role: 'admin' })
      .expect(403);
    await t.http.get('/api/api-keys').set(k).expect(403);
    await t.http
      .post('/api/api-keys')
      .set(k)
      .send({ name: 'Child', scopes: ['read', 'write'] })
      .expect(403);
    await t.http.delete(`/api/api-keys/${key.id}`).set(k).expect(403);
    await t.http.post(`/api/subscriptions/${pro.orgId}/cancel`).set(k).send({}).expect(403);
    await t.http.delete(`/api/organizations/${pro.orgId}`).set(k).expect(403);
    await t.http.post('/api/organizations').set(k).send({ name: 'Another' }).expect(403);
    // Reading the plan's usage is fine.
    await t.http.get(`/api/subscriptions/usage/${pro.orgId}`).set(k).expect(200);
    expect((await t.db.query('SELECT count(*) FROM organizations WHERE id = $1', [pro.orgId]))[0].count).toBe('1');
  });

  it('should refuse a key the moment it is revoked, and an unknown key', async () => {
    const key = await makeKey(pro, 'Short-lived', ['read']);
    await t.http.get('/api/classes').set(bearer(key.secret)).expect(200);
    const revoked = (await t.http.delete(`/api/api-keys/${key.id}`).set(pro.auth).expect(200)).body.data;
    expect(revoked.revokedAt).toEqual(expect.any(String));
    const res = await t.http.get('/api/classes').set(bearer(key.secret)).expect(401);
    expect(res.body.error).toBe('This API key is not valid or has been revoked.');
    await t.http
      .get('/api/classes')
      .set(bearer(`${key.secret}x`))
      .expect(401);
    await t.http.get('/api/classes').set(bearer('cl_live_nothing')).expect(401);
  });

  it("should keep tenants apart: a key sees its own organization only and cannot revoke another's keys", async () => {
    const mine = await makeKey(pro, 'Mine', ['read', 'write']);
    const theirs = await makeKey(other, 'Theirs', ['read', 'write']);
    const otherClass = await createClass(t, other, { title: 'Other class' });
    const list = (await t.http.get('/api/classes').set(bearer(mine.secret)).expect(200)).body.data;
    expect(list.map((c: { id: string }) => c.id)).not.toContain(otherClass.id);
    await t.http.get(`/api/classes/${otherClass.id}`).set(bearer(mine.secret)).expect(404);
    await t.http
      .put(`/api/classes/${otherClass.id}`)
      .set(bearer(mine.secret))
      .send(classBody({ title: 'Hijacked' }))
      .expect(404);
    await t.http.get(`/api/organizations/${other.orgId}`).set(bearer(mine.secret)).expect(403);
    await t.http.delete(`/api/api-keys/${theirs.id}`).set(pro.auth).expect(404);
    const listed = (await t.http.get('/api/api-keys').set(pro.auth).expect(200)).body.data;
    expect(listed.map((k: { id: string }) => k.id)).not.toContain(theirs.id);
    await t.http.get('/api/classes').set(bearer(theirs.secret)).expect(200);
  });

  it('should refuse keys on a plan without API access, naming the plan, also for keys made before a downgrade', async () => {
    const essential = await createOrg(t, { plan: 'essential' });
    const refused = await t.http
      .post('/api/api-keys')
      .set(essential.auth)
      .send({ name: 'No', scopes: ['read'] })
      .expect(403);
    expect(refused.body.error).toBe('API access is a feature of the Professional plan. Upgrade to Professional to use it.');
    const org = await createOrg(t, { plan: 'professional' });
    const key = await makeKey(org, 'Before downgrade', ['read']);
    await t.http.get('/api/classes').set(bearer(key.secret)).expect(200);
    await t.db.query("UPDATE organizations SET plan_id = 'essential' WHERE id = $1", [org.orgId]);
    const res = await t.http.get('/api/classes').set(bearer(key.secret)).expect(403);
    expect(res.body.error).toBe('API access is a feature of the Professional plan. Upgrade to Professional to use it.');
    await t.db.query("UPDATE organizations SET plan_id = 'professional' WHERE id = $1", [org.orgId]);
    await t.http.get('/api/classes').set(bearer(key.secret)).expect(200);
  });

  it('should limit each key per minute with a 429 and Retry-After, without touching other keys or sessions', async () => {
    const busy = await makeKey(pro, 'Busy', ['read']);
    const calm = await makeKey(pro, 'Calm', ['read']);
    for (let i = 0; i < LIMIT; i++) await t.http.get('/api/classes').set(bearer(busy.secret)).expect(200);
    const res = await t.http.get('/api/classes').set(bearer(busy.secret)).expect(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(res.body.error).toContain('"Busy"');
    await t.http.get('/api/classes').set(bearer(calm.secret)).expect(200);
    await t.http.get('/api/classes').set(pro.auth).expect(200);
  });

  it('should vanish with the admin who made it', async () => {
    const org = await createOrg(t, { plan: 'professional' });
    const second = await t.http
      .post('/api/auth/users')
      .set(org.auth)
      .send({ email: `second-${Date.now()}@example.com`, password: 'secret-pass-2', firstName: 'Sec', lastName: 'Ond', role: 'admin' })
      .expect(201);
    const signin = await t.http.post('/api/auth/signin').send({ email: second.body.data.email, password: 'secret-pass-2' }).expect(200);
    const secondAuth = { ...org, auth: { Authorization: `Bearer ${signin.body.data.token}` } };
    const key = await makeKey(secondAuth, 'Leaver', ['read']);
    await t.http.get('/api/classes').set(bearer(key.secret)).expect(200);
    await t.http.delete(`/api/auth/users/${second.body.data.id}`).set(org.auth).expect(200);
    await t.http.get('/api/classes').set(bearer(key.secret)).expect(401);
  });
});

/** The per-key budget is kept in PostgreSQL: two instances on one database spend one budget, not two. */
describe('API key rate limit across two instances', () => {
  let a: TestApp;
  let b: TestApp;
  const LIMIT = 6;
  beforeAll(async () => {
    a = await createTestApp({ API_KEY_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
    b = await createTestApp({ API_KEY_RATE_LIMIT_PER_MINUTE: String(LIMIT) }, { databaseUrl: a.url });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('should hold the limit as for one instance when requests with one key alternate between them', async () => {
    const org = await createOrg(a, { plan: 'professional' });
    const key = (
      await a.http
        .post('/api/api-keys')
        .set(org.auth)
        .send({ name: 'Zapier', scopes: ['read'] })
        .expect(201)
    ).body.data;
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 3; i++)
      statuses.push((await (i % 2 ? b : a).http.get('/api/classes').set({ Authorization: `Bearer ${key.secret}` })).status);
    // In memory per instance, each would have allowed LIMIT: all LIMIT + 3 would pass.
    expect(statuses).toEqual([...Array(LIMIT).fill(200), 429, 429, 429]);
    const [row] = await a.db.query('SELECT hits, blocked_until > now() AS blocked FROM rate_limit_counters WHERE key = $1', [
      `api-key:${key.id}`,
    ]);
    expect(row).toEqual({ hits: LIMIT + 1, blocked: true });
    // Another key of the same organization has its own budget, on either instance.
    const calm = (
      await b.http
        .post('/api/api-keys')
        .set(org.auth)
        .send({ name: 'Calm', scopes: ['read'] })
        .expect(201)
    ).body.data;
    await b.http
      .get('/api/classes')
      .set({ Authorization: `Bearer ${calm.secret}` })
      .expect(200);
  });
});
