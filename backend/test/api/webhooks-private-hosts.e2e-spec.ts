import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createOrg, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

/**
 * Addresses a delivery would never be sent to, in every spelling the URL parser reads as one of them: refused when
 * the endpoint is saved, not only when a delivery is attempted.
 */
const PRIVATE_URLS = [
  'https://127.0.0.1/hook',
  'https://10.0.0.1/hook',
  'https://169.254.169.254/latest/meta-data',
  'https://[::1]/hook',
  'https://0x7f000001/hook',
  'https://127.1/hook',
  'https://2130706433/hook',
  'https://0177.0.0.1/hook',
  'https://0.0.0.0/hook',
  'https://[::]/hook',
  'https://100.64.0.1/hook',
  'https://172.16.0.1:8443/hook',
  'https://192.168.1.20/hook',
  'https://[::ffff:127.0.0.1]/hook',
  'https://[::ffff:a9fe:a9fe]/hook',
  'https://[fd00::1]/hook',
  'https://[fe80::1]/hook',
];

/** Public addresses and names: accepted as typed (a number spelling an address is stored as the parser writes it). */
const PUBLIC_URLS: [string, string][] = [
  ['https://hooks.zapier.com/hooks/catch/123/abc', 'https://hooks.zapier.com/hooks/catch/123/abc'],
  ['https://8.8.8.8/hook', 'https://8.8.8.8/hook'],
  ['https://134744072/hook', 'https://8.8.8.8/hook'],
  ['https://[2606:4700:4700::1111]/hook', 'https://[2606:4700:4700::1111]/hook'],
];

const EVENTS = ['enrollment.created'];

describe('webhook endpoints on private addresses', () => {
  describe('without WEBHOOK_ALLOW_PRIVATE_HOSTS', () => {
    let t: TestApp;
    let org: OrgFixture;
    let endpointId: string;
    const count = async () =>
      Number((await t.db.query('SELECT count(*) FROM webhook_endpoints WHERE organization_id = $1', [org.orgId]))[0].count);
    beforeAll(async () => {
      t = await createTestApp({ JOBS_INTERVAL_MS: '3600000' });
      org = await createOrg(t, { plan: 'professional' });
      endpointId = (
        await t.http.post('/api/webhook-endpoints').set(org.auth).send({ url: 'https://hooks.example.com/a', events: EVENTS }).expect(201)
      ).body.data.id;
    });
    afterAll(async () => {
      await t.close();
    });

    it.each(PRIVATE_URLS)('should refuse %s on creation and on update, naming the url', async (url) => {
      const before = await count();
      const created = await t.http.post('/api/webhook-endpoints').set(org.auth).send({ url, events: EVENTS }).expect(400);
      expect(created.body.errors.url).toMatch(/^url must be a public address: .+ is a private, loopback or link-local address$/);
      expect(created.body.error).toBe(created.body.errors.url);
      expect(await count()).toBe(before);
      const updated = await t.http.put(`/api/webhook-endpoints/${endpointId}`).set(org.auth).send({ url, events: EVENTS }).expect(400);
      expect(updated.body.errors.url).toBe(created.body.errors.url);
      const [row] = await t.db.query('SELECT url FROM webhook_endpoints WHERE id = $1', [endpointId]);
      expect(row.url).toBe('https://hooks.example.com/a');
    });

    it('should name the address as the parser reads it, whatever its spelling', async () => {
      for (const url of ['https://0x7f000001/x', 'https://127.1/x', 'https://2130706433/x', 'https://0177.0.0.1/x']) {
        const res = await t.http.post('/api/webhook-endpoints').set(org.auth).send({ url, events: EVENTS }).expect(400);
        expect([url, res.body.errors.url]).toEqual([
          url,
          'url must be a public address: 127.0.0.1 is a private, loopback or link-local address',
        ]);
      }
    });

    it.each(PUBLIC_URLS)('should accept the public %s on creation and on update', async (url, stored) => {
      const created = await t.http.post('/api/webhook-endpoints').set(org.auth).send({ url, events: EVENTS }).expect(201);
      expect(created.body.data.url).toBe(stored);
      const updated = await t.http
        .put(`/api/webhook-endpoints/${created.body.data.id}`)
        .set(org.auth)
        .send({ url, events: EVENTS })
        .expect(200);
      expect(updated.body.data.url).toBe(stored);
    });

    it('should still refuse plain http and what is not an address', async () => {
      for (const url of ['http://hooks.example.com/x', 'not a url', 'https://', 'ftp://hooks.example.com/x', 'https://999.1.1.1/x']) {
        const res = await t.http.post('/api/webhook-endpoints').set(org.auth).send({ url, events: EVENTS }).expect(400);
        expect([url, res.body.errors.url]).toEqual([url, 'url must be an https:// address']);
      }
    });
  });

  describe('with WEBHOOK_ALLOW_PRIVATE_HOSTS=true (local development)', () => {
    let t: TestApp;
    let org: OrgFixture;
    beforeAll(async () => {
      t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_HOSTS: 'true', JOBS_INTERVAL_MS: '3600000' });
      org = await createOrg(t, { plan: 'professional' });
    });
    afterAll(async () => {
      await t.close();
    });

    it.each([...PRIVATE_URLS, ...PUBLIC_URLS.map(([url]) => url), 'http://127.0.0.1:8080/hook'])(
      'should accept %s on creation and on update',
      async (url) => {
        const created = await t.http.post('/api/webhook-endpoints').set(org.auth).send({ url, events: EVENTS }).expect(201);
        expect(created.body.data.url).toBe(new URL(url).toString());
        await t.http.put(`/api/webhook-endpoints/${created.body.data.id}`).set(org.auth).send({ url, events: EVENTS }).expect(200);
      },
    );
  });
});
