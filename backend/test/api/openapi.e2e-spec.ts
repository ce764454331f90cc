import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fastify from 'fastify';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { repoRoot } from '../../src/app.setup';
import { serveFrontends } from '../../src/common/http/frontends';
import { serializeOpenApiDocument } from '../../src/common/openapi/openapi';
import { createOrg, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

type Operation = {
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
};
type Document = { paths: Record<string, Record<string, Operation>> };

const METHODS = ['get', 'post', 'put', 'delete', 'patch'];
const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';

/** Every route the running app registered with Fastify, as OpenAPI keys (`get /api/classes/{id}`). */
function registeredRoutes(t: TestApp): { method: string; path: string; key: string }[] {
  const routes = new Map<string, { method: string; path: string; key: string }>();
  for (const route of t.routes) {
    if (route.path.startsWith('/api/docs')) continue; // the document's own routes
    const method = route.method.toLowerCase();
    if (!METHODS.includes(method)) continue;
    const openApiPath = route.path.replace(/:(\w+)/g, '{$1}');
    routes.set(`${method} ${openApiPath}`, { method, path: route.path, key: `${method} ${openApiPath}` });
  }
  return [...routes.values()];
}

const concrete = (p: string) => p.replace(/:domain\b/, 'example.com').replace(/:\w+/g, SAMPLE_ID);

/** The API documented by the code: a route missing from the document fails here. */
describe('OpenAPI document', () => {
  let t: TestApp;
  let org: OrgFixture;
  let apiKey: string;
  let doc: Document;
  beforeAll(async () => {
    t = await createTestApp({ API_KEY_RATE_LIMIT_PER_MINUTE: '100000' });
    org = await createOrg(t);
    const keyOrg = await createOrg(t, { plan: 'professional' });
    apiKey = (
      await t.http
        .post('/api/api-keys')
        .set(keyOrg.auth)
        .send({ name: 'Probe', scopes: ['read', 'write'] })
        .expect(201)
    ).body.data.secret;
    doc = (await t.http.get('/api/docs-json').expect(200)).body as Document;
  });
  afterAll(async () => {
    await t.close();
  });

  const operation = (key: string) => {
    const [method, p] = key.split(' ');
    return doc.paths[p]?.[method];
  };

  it('should document every route the app registers, and no other', () => {
    const routes = registeredRoutes(t);
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((r) => !operation(r.key)).map((r) => r.key)).toEqual([]);
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.keys(ops)
        .filter((m) => METHODS.includes(m))
        .map((m) => `${m} ${p}`),
    );
    const registered = new Set(routes.map((r) => r.key));
    expect(documented.filter((k) => !registered.has(k))).toEqual([]);
  });

  it('should give every route a success reply with a schema, JSON ones inside the envelope', () => {
    const missing: string[] = [];
    for (const { key } of registeredRoutes(t)) {
      const success = Object.entries(operation(key).responses).filter(([status]) => /^2\d\d$/.test(status));
      const schemas = success.flatMap(([, r]) => Object.entries(r.content ?? {}));
      if (!schemas.length || schemas.some(([, media]) => !media.schema)) missing.push(`${key}: no success schema`);
      for (const [type, media] of schemas) {
        const envelope = JSON.stringify(media.schema).includes('#/components/schemas/EnvelopeDto');
        if (type === 'application/json' && !envelope) missing.push(`${key}: not in the envelope`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('should declare the auth each route enforces (probed without and with an organization token)', async () => {
    const wrong: string[] = [];
    // Sign-out revokes the token the later probes use: probe it last.
    const routes = registeredRoutes(t).sort((a, b) => Number(a.path.endsWith('/signout')) - Number(b.path.endsWith('/signout')));
    for (const route of routes) {
      const call = (token?: string) => {
        const req = (t.http as unknown as Record<string, (p: string) => request.Test>)[route.method](concrete(route.path));
        return token ? req.set('Authorization', `Bearer ${token}`).send({}) : req.send({});
      };
      const security = operation(route.key).security ?? [];
      const anonymous = await call();
      if (anonymous.status !== 401) {
        // Public, or optional auth: a token may be sent, none is needed.
        if (security.length && !security.some((s) => Object.keys(s).length === 0))
          wrong.push(`${route.key}: open to anonymous callers but documented as needing ${JSON.stringify(security)}`);
        continue;
      }
      const withOrgToken = await call(org.token);
      // A 401 for an organization token: a route of another audience (the student portal's, or platform staff's).
      const expected = withOrgToken.status !== 401 ? 'bearer' : route.path.startsWith('/api/portal/') ? 'portal' : 'staff';
      // An organization route also takes an API key (scheme apiKey) unless the guard refuses keys there.
      const withKey = expected === 'bearer' ? await call(apiKey) : null;
      const keyRefused = !withKey || withKey.status === 401 || (withKey.status === 403 && /^API keys /.test(withKey.body.error));
      const schemes = keyRefused ? [expected] : [expected, 'apiKey'];
      if (security.map((s) => Object.keys(s).join()).join() !== schemes.join()) {
        wrong.push(`${route.key}: takes ${schemes.join(' or ')} but is documented as ${JSON.stringify(security)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('should take request schemas from the DTOs validation rules', () => {
    const schemas = (
      doc as unknown as {
        components: { schemas: Record<string, { properties: Record<string, Record<string, unknown>>; required?: string[] }> };
      }
    ).components.schemas;
    expect(schemas.CreateClassDto.required).toEqual(expect.arrayContaining(['title', 'price', 'maxStudents', 'startDate', 'duration']));
    expect(schemas.CreateClassDto.properties.title).toMatchObject({ type: 'string', minLength: 1, maxLength: 200 });
    expect(schemas.CreateClassDto.properties.maxStudents).toMatchObject({ type: 'integer', minimum: 1 });
    expect(schemas.CreateClassDto.properties.status).toMatchObject({ enum: ['Open', 'Scheduled', 'Closed', 'Cancelled', 'Archived'] });
    expect(schemas.CreateClassDto.required).not.toContain('status');
    expect(schemas.RegisterStudentDto.properties.organizationId).toMatchObject({ type: 'string', format: 'uuid' });
    expect(JSON.stringify(schemas.RegisterStudentDto.properties.classEnrollments)).toContain('#/components/schemas/RegisterEnrollmentDto');
  });

  it('should document the list parameters and Content-Range of react-admin lists', () => {
    for (const [p, resource] of [
      ['/api/classes', 'classes'],
      ['/api/students', 'students'],
    ]) {
      const get = doc.paths[p].get as Operation & { parameters: { name: string; description?: string }[] };
      for (const name of ['sort', 'range', 'filter']) expect(get.parameters.find((q) => q.name === name)?.description).toBeTruthy();
      expect(JSON.stringify(get.responses['200'])).toContain(`"Content-Range"`);
      expect(JSON.stringify(get.responses['200'])).toContain(`${resource} 0-24/`);
    }
  });

  it('should serve Swagger UI at /api/docs with its scripts from the same origin', async () => {
    const page = await t.http.get('/api/docs').expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const scripts = [...page.text.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src).not.toMatch(/^(https?:)?\/\//);
      await t.http.get(path.posix.join('/api/docs', '..', src.replace(/^\.\//, ''))).expect(200);
    }
    // No inline script: the global CSP (script-src 'self') applies unchanged.
    expect(page.text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('should match the committed docs/openapi.json and the generated front-end types', async () => {
    const root = repoRoot();
    const committed = fs.readFileSync(path.join(root, 'docs', 'openapi.json'), 'utf8');
    // On a mismatch run `npm run api:types` and commit the result.
    expect(committed).toBe(serializeOpenApiDocument(doc as never));
    // openapi-typescript 6 declares types for its ES module only: load that one.
    const { default: openapiTS } = (await import('openapi-typescript')) as { default: (schema: object) => Promise<string> };
    const types = await openapiTS(JSON.parse(committed));
    expect(fs.readFileSync(path.join(root, 'shared', 'api', 'schema.d.ts'), 'utf8')).toBe(types);
    // The failure codes both front ends switch on, written from the same document.
    const { errorCodesSource } = (await import(path.join(root, 'scripts', 'error-codes.mjs'))) as {
      errorCodesSource: (document: object) => string;
    };
    expect(fs.readFileSync(path.join(root, 'shared', 'api', 'error-codes.ts'), 'utf8')).toBe(errorCodesSource(JSON.parse(committed)));
  });
});

/** The SPA fallback serves index.html for pages, never for /api/docs (Swagger UI is an API route). */
describe(serveFrontends.name, () => {
  let root: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'frontends-'));
    for (const app of ['public-site', 'admin-ui']) {
      fs.mkdirSync(path.join(root, app, 'dist'), { recursive: true });
      fs.writeFileSync(path.join(root, app, 'dist', 'index.html'), `<html>${app}</html>`);
    }
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('should pass /api/docs and /api/docs-json through to the API', async () => {
    const app = fastify();
    await serveFrontends(app, root);
    for (const p of ['/api/docs', '/api/docs-json'])
      app.get(p, (_req, reply) => {
        void reply.type('text/plain').send('docs');
      });
    await app.ready();
    expect((await request(app.server).get('/api/docs').expect(200)).text).toBe('docs');
    expect((await request(app.server).get('/api/docs-json').expect(200)).text).toBe('docs');
    expect((await request(app.server).get('/about-us').expect(200)).text).toBe('<html>public-site</html>');
    // A waitlist link's signed token has a dot in it: still a page, not a missing file.
    expect((await request(app.server).get('/waitlist/offer/o5afe73fe.rpPeYEGcHM-0kJ').expect(200)).text).toBe('<html>public-site</html>');
    expect((await request(app.server).get('/waitlist/leave/l5afe73fe.rpPeYEGcHM-0kJ').expect(200)).text).toBe('<html>public-site</html>');
    expect((await request(app.server).get('/missing.js').expect(404)).text).not.toContain('<html>');
    // An unknown API path is the API's 404, never a page.
    expect((await request(app.server).get('/api/docs-nope').expect(404)).text).not.toContain('<html>');
    await app.close();
  });
});
