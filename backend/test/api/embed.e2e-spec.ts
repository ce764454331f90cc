import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { embedOrigin } from '../../src/modules/organizations/embed-origin';
import { EMBED_SCRIPT } from '../../src/modules/embed/embed.script';
import { createOrg, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

const frameAncestors = (csp: string | undefined) => /frame-ancestors ([^;]*)/.exec(csp ?? '')?.[1];

/**
 * The booking widget: embed.js, the embedDomains setting, and the headers that let only an organization's declared
 * sites frame its widget pages. The app serves a stand-in build of both front ends (the headers are the server's).
 */
describe('embeddable widget', () => {
  let t: TestApp;
  let org: OrgFixture;
  let other: OrgFixture;
  let root: string;
  const cwd = process.cwd();

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'embed-frontends-'));
    fs.mkdirSync(path.join(root, 'backend'));
    for (const app of ['public-site', 'admin-ui']) {
      fs.mkdirSync(path.join(root, app, 'dist'), { recursive: true });
      fs.writeFileSync(path.join(root, app, 'dist', 'index.html'), `<html>${app}</html>`);
    }
    // The app finds the front ends from its working directory (the repository root in production).
    process.chdir(root);
    try {
      t = await createTestApp({ SERVE_FRONTENDS: 'true' });
    } finally {
      process.chdir(cwd);
    }
    org = await createOrg(t, { name: 'Clay Studio' });
    other = await createOrg(t, { name: 'Other Studio' });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('should store embedDomains as normalized HTTPS origins through PUT /api/settings and show them back', async () => {
    const saved = await t.http
      .put('/api/settings')
      .set(org.auth)
      .send({ embedDomains: ['https://www.Example.com/', 'https://shop.example.org:8443', 'https://www.example.com'] })
      .expect(200);
    expect(saved.body.data.embedDomains).toEqual(['https://www.example.com', 'https://shop.example.org:8443']);
    expect((await t.http.get('/api/settings').set(org.auth).expect(200)).body.data.embedDomains).toEqual([
      'https://www.example.com',
      'https://shop.example.org:8443',
    ]);
    expect((await t.http.get('/api/settings').set(other.auth).expect(200)).body.data.embedDomains).toEqual([]);
  });

  it.each([
    ['plain http', ['http://www.example.com']],
    ['a path', ['https://www.example.com/classes']],
    ['a query', ['https://www.example.com?x=1']],
    ['credentials', ['https://user:pw@www.example.com']],
    ['not an address', ['www.example.com']],
    ['a script address', ['javascript:alert(1)']],
    ['a wildcard', ['https://*.example.com']],
    ['a CSP keyword', ["'self'"]],
    ['a non-string', [42]],
    ['not a list', 'https://www.example.com'],
    ['too many', Array.from({ length: 21 }, (_, i) => `https://s${i}.example.com`)],
  ])('should refuse embedDomains with %s (400, nothing saved)', async (_label, embedDomains) => {
    const before = (await t.http.get('/api/settings').set(org.auth).expect(200)).body.data.embedDomains;
    const res = await t.http.put('/api/settings').set(org.auth).send({ embedDomains }).expect(400);
    expect(JSON.stringify(res.body)).toMatch(/embedDomains/);
    expect((await t.http.get('/api/settings').set(org.auth).expect(200)).body.data.embedDomains).toEqual(before);
  });

  it('should accept embedDomains through the organization record too (PUT /api/organizations/{id} settings)', async () => {
    const current = (await t.http.get(`/api/organizations/${other.orgId}`).set(other.auth).expect(200)).body.data;
    await t.http
      .put(`/api/organizations/${other.orgId}`)
      .set(other.auth)
      .send({ name: current.name, settings: { embedDomains: ['http://www.example.com'] } })
      .expect(400);
    await t.http
      .put(`/api/organizations/${other.orgId}`)
      .set(other.auth)
      .send({ name: current.name, settings: { embedDomains: ['https://other.example.net/'] } })
      .expect(200);
    expect((await t.http.get('/api/settings').set(other.auth).expect(200)).body.data.embedDomains).toEqual(['https://other.example.net']);
  });

  it('should allow http://localhost only where local http is allowed (tests and EMBED_ALLOW_LOCAL_HTTP)', () => {
    expect(embedOrigin('http://localhost:5173', true)).toBe('http://localhost:5173');
    expect(embedOrigin('http://127.0.0.1:8080/', true)).toBe('http://127.0.0.1:8080');
    expect(embedOrigin('http://localhost:5173', false)).toBeNull();
    expect(embedOrigin('http://192.168.1.2', true)).toBeNull();
    expect(embedOrigin('https://localhost:5173', false)).toBe('https://localhost:5173');
  });

  it("should let the organization's declared sites frame its widget pages, and nobody else", async () => {
    await t.http.put('/api/settings').set(other.auth).send({ embedDomains: [] }).expect(200);
    await t.http
      .put('/api/settings')
      .set(org.auth)
      .send({ embedDomains: ['https://www.example.com'] })
      .expect(200);
    for (const page of [`/embed/${org.orgId}/org/${org.orgId}`, `/embed/${org.orgId}/register/x?org=${org.orgId}`, `/embed/${org.orgId}`]) {
      const res = await t.http.get(page).expect(200);
      expect(res.text).toBe('<html>public-site</html>');
      expect(frameAncestors(res.headers['content-security-policy'])).toBe("'self' https://www.example.com");
      // X-Frame-Options could only say SAMEORIGIN, which would refuse the declared site.
      expect(res.headers['x-frame-options']).toBeUndefined();
    }
    // The same organization's ordinary pages, another organization's widget, and an unknown id: Classlane only.
    for (const page of [
      `/org/${org.orgId}`,
      `/embed/${other.orgId}/org/${other.orgId}`,
      `/embed/00000000-0000-4000-8000-000000000000/org/x`,
      '/embed/not-a-uuid/org/x',
    ]) {
      const res = await t.http.get(page).expect(200);
      expect(frameAncestors(res.headers['content-security-policy'])).toBe("'self'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
    // The declared origin is not carried over to another organization that declared a different one.
    await t.http
      .put('/api/settings')
      .set(other.auth)
      .send({ embedDomains: ['https://other.example.net'] })
      .expect(200);
    const otherPage = await t.http.get(`/embed/${other.orgId}/org/${other.orgId}`).expect(200);
    expect(frameAncestors(otherPage.headers['content-security-policy'])).toBe("'self' https://other.example.net");
  });

  it('should never let the admin app or the API be framed by a declared site', async () => {
    for (const page of ['/admin', '/admin/classes', '/teacher', '/login', `/embed/${org.orgId}/../admin`]) {
      const res = await t.http.get(page);
      expect(frameAncestors(res.headers['content-security-policy'])).toBe("'self'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
    const api = await t.http.get(`/api/classes?organizationId=${org.orgId}`).expect(200);
    expect(frameAncestors(api.headers['content-security-policy'])).toBe("'self'");
  });

  it('should stop allowing a site the moment it is removed from embedDomains', async () => {
    await t.http.put('/api/settings').set(org.auth).send({ embedDomains: [] }).expect(200);
    const res = await t.http.get(`/embed/${org.orgId}/org/${org.orgId}`).expect(200);
    expect(frameAncestors(res.headers['content-security-policy'])).toBe("'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it("should keep the widget's framed copies of the pages out of search engines", async () => {
    expect((await t.http.get('/robots.txt').expect(200)).text.split('\n')).toContain('Disallow: /embed/');
  });

  it('should serve embed.js small, cacheable with an ETag, and loadable from any site', async () => {
    const res = await t.http.get('/embed.js').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['cache-control']).toMatch(/max-age=86400/);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const etag = res.headers.etag;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(res.text).toBe(EMBED_SCRIPT);
    await t.http.get('/embed.js').set('If-None-Match', etag).expect(304);
    // At most 5 KB gzipped, as the widget promises the sites that load it.
    expect(gzipSync(EMBED_SCRIPT).length).toBeLessThanOrEqual(5 * 1024);
    // It is valid JavaScript, and only reacts to Classlane's own origin and its own frame.
    expect(() => new Function(EMBED_SCRIPT)).not.toThrow();
    expect(EMBED_SCRIPT).toContain('e.origin !== origin');
    expect(EMBED_SCRIPT).toContain('e.source !== frame.contentWindow');
  });
});
