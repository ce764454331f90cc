import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClass, createOrg, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

/** Bad input gets a clear 4xx and never a 500 (spec 1 §7-§8). */
describe('HTTP conventions', () => {
  let t: TestApp;
  let org: OrgFixture;
  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('should answer malformed JSON with 400', async () => {
    const res = await t.http.post('/api/auth/signin').set('Content-Type', 'application/json').send('{"email":').expect(400);
    expect(res.body).toEqual({ success: false, data: null, error: 'Malformed JSON in request body' });
  });

  it('should answer an oversized body with 413', async () => {
    const res = await t.http
      .post('/api/contact')
      .send({ name: 'x', email: 'a@b.co', message: 'x'.repeat(200_000) })
      .expect(413);
    expect(res.body.error).toBe('Request body is too large');
  });

  it('should answer unknown and malformed ids with 404', async () => {
    await t.http.get('/api/classes/00000000-0000-4000-8000-000000000000').set(org.auth).expect(404);
    await t.http.get('/api/classes/not-an-id').set(org.auth).expect(404);
    await t.http.get('/api/classes/1%27%20OR%201=1').expect(404);
    await t.http.get('/api/students/42').set(org.auth).expect(404);
    await t.http.get('/api/public/branding/nope').expect(404);
    await t.http.get('/api/subscription-plans/gold').expect(404);
  });

  it('should name the field in validation errors and refuse unknown fields', async () => {
    const res = await t.http.post('/api/contact').send({ name: 'x', email: 'a@b.co', message: 'hi', isAdmin: true }).expect(400);
    expect(res.body.error).toBe('property isAdmin should not exist');
    expect(res.body.errors).toEqual({ isAdmin: 'property isAdmin should not exist' });
    const wrongType = await t.http
      .post('/api/auth/signin')
      .send({ email: ['a@b.co'], password: 5 })
      .expect(400);
    expect(Object.keys(wrongType.body.errors).sort()).toEqual(['email', 'password']);
  });

  it('should send a request id, security headers and an exposed Content-Range', async () => {
    const res = await t.http.get('/api/students').set(org.auth).set('Origin', 'http://localhost:3002').expect(200);
    expect(res.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['access-control-expose-headers']).toContain('Content-Range');
    expect(res.headers['content-range']).toBe('students 0-0/0');
    const foreign = await t.http.get('/api/health').set('Origin', 'https://evil.example');
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('should gzip a react-admin list page over 1 kB, Content-Range and all', async () => {
    const big = await createOrg(t, { plan: 'professional' });
    for (let i = 0; i < 6; i++) await createClass(t, big, { title: `Gzip ${i}` });
    const res = await t.http
      .get('/api/classes')
      .set(big.auth)
      .set('Accept-Encoding', 'gzip')
      .set('Origin', 'http://localhost:3002')
      .expect(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-range']).toBe('classes 0-5/6');
    expect(res.headers.vary).toMatch(/Origin.*Accept-Encoding/i);
    expect(res.body.data).toHaveLength(6);
    const plain = await t.http.get('/api/classes').set(big.auth).set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.data).toHaveLength(6);
  });

  it('should answer unknown API routes with a 404 envelope', async () => {
    const res = await t.http.get('/api/nothing-here').expect(404);
    expect(res.body.success).toBe(false);
  });

  it('should store contact messages and require the fields', async () => {
    const ok = await t.http
      .post('/api/contact')
      .send({ name: ' Ann ', email: 'ann@example.com', message: 'Hello', inquiryType: 'billing' })
      .expect(201);
    const [row] = await t.db.query('SELECT name, inquiry_type FROM contact_messages WHERE id = $1', [ok.body.data.id]);
    expect(row).toEqual({ name: 'Ann', inquiry_type: 'billing' });
    const missing = await t.http.post('/api/contact').send({ name: '  ', email: 'ann@example.com', message: '' }).expect(400);
    expect(missing.body.error).toBe('Please fill in all required fields.');
    await t.http
      .post('/api/contact')
      .send({ name: 'A', email: 'a@example.com', message: 'x', organizationId: '00000000-0000-4000-8000-000000000000' })
      .expect(404);
    await t.http.post('/api/contact').send({ name: 'A', email: 'a@example.com', message: 'x', organizationId: org.orgId }).expect(201);
  });

  it('should serve plans sorted by displayOrder with prices in cents', async () => {
    const res = await t.http.get('/api/subscription-plans').expect(200);
    expect(res.body.data.map((p: { id: string; monthlyPrice: number }) => [p.id, p.monthlyPrice])).toEqual([
      ['free', 0],
      ['essential', 4900],
      ['professional', 9900],
    ]);
    expect(res.body.data[0].limits).toEqual({ maxClasses: 2, maxStudents: 10, maxTransactionsPerMonth: 20 });
    const one = await t.http.get('/api/subscription-plans/essential').expect(200);
    expect(one.body.data.features.customBranding).toBe(true);
  });

  it('should publish the one platform fee and no support address while SUPPORT_EMAIL is unset', async () => {
    const res = await t.http.get('/api/public/config').expect(200);
    // Never an invented, unreachable address: the pages hide it when it is null.
    expect(res.body.data).toEqual({ platformFeePercent: 3, supportEmail: null });
  });

  it('should publish SUPPORT_EMAIL when it is set', async () => {
    const configured = await createTestApp({ SUPPORT_EMAIL: 'help@studio.example' });
    try {
      const res = await configured.http.get('/api/public/config').expect(200);
      expect(res.body.data.supportEmail).toBe('help@studio.example');
    } finally {
      await configured.close();
    }
  });

  it('should serve robots.txt and a sitemap', async () => {
    const robots = await t.http.get('/robots.txt').expect(200);
    expect(robots.text).toContain('Sitemap:');
    const sitemap = await t.http.get('/sitemap.xml').expect(200);
    expect(sitemap.headers['content-type']).toContain('xml');
    expect(sitemap.text).toContain(`/org/${org.orgId}`);
    // The indexable pages of the site's SEO keys, and no path that only redirects home.
    for (const path of ['/pricing', '/senior-centers', '/community-colleges', '/about-us', '/terms', '/accessibility'])
      expect(sitemap.text).toContain(`${path}</loc>`);
    for (const path of ['/classes<', '/student<', '/signin<']) expect(sitemap.text).not.toContain(path);
  });
});
