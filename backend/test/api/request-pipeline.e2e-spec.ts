import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Reflector } from '@nestjs/core';
import helmet from 'helmet';
import { DataSource, SelectQueryBuilder } from 'typeorm';
import fastifyCors from '@fastify/cors';
import { ConfigService } from '@nestjs/config';
import Fastify from 'fastify';
import { ServerResponse } from 'node:http';
import request from 'supertest';
import { corsOptions, securityHeaders } from '../../src/app.setup';
import type { AllConfigType } from '../../src/config/config.type';
import { RouteCorsOptions } from '../../src/common/http/cors';
import { classBody, createClass, createOrg, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

/**
 * What every request pays before and after its own work: the work done once (a route's decorators, the security
 * headers, a list's SQL text) must stay done once, and what is done once must still answer each request with its own
 * values and the same headers as before.
 */
describe('request pipeline: work done once, not per request', () => {
  let t: TestApp;
  let org: OrgFixture;
  let other: OrgFixture;
  const page = (from: number, to: number, filter: Record<string, unknown> = {}) =>
    `sort=${encodeURIComponent('["createdAt","DESC"]')}&range=${encodeURIComponent(`[${from},${to}]`)}&filter=${encodeURIComponent(JSON.stringify(filter))}`;

  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t, { plan: 'professional' });
    other = await createOrg(t, { plan: 'professional' });
    for (const title of ['Pottery', 'Drawing', 'Yoga']) await createClass(t, org, { title });
    await createClass(t, other, { title: 'Weaving' });
    for (const [i, lastName] of ['Okafor', 'Lin', 'Garcia'].entries()) {
      await t.http
        .post('/api/students')
        .set(org.auth)
        .send({ firstName: 'Maya', lastName, email: `p${i}@example.com`, phone: `559555100${i}` })
        .expect(201);
    }
    await t.http
      .post('/api/students')
      .set(other.auth)
      .send({ firstName: 'Ivy', lastName: 'Novak', email: 'ivy@example.com', phone: '5595552000' })
      .expect(201);
  });
  afterAll(() => t.close());
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it("should read a route's decorators once, not on every request", async () => {
    await t.http
      .get(`/api/classes?${page(0, 9)}`)
      .set(org.auth)
      .expect(200);
    const lookups = jest.spyOn(Reflector.prototype, 'getAllAndOverride');
    await t.http
      .get(`/api/classes?${page(0, 9)}`)
      .set(org.auth)
      .expect(200);
    await t.http.get('/api/health').expect(200);
    await t.http.get('/api/health').expect(200);
    // The first health request reads the health route's decorators; the second and the repeated list read none.
    const first = lookups.mock.calls.length;
    await t.http.get('/api/health').expect(200);
    await t.http
      .get(`/api/classes?${page(0, 9)}`)
      .set(org.auth)
      .expect(200);
    expect(lookups.mock.calls.length).toBe(first);
    // And still refuses what it refused: no token, another organization's id.
    await t.http.get(`/api/students?${page(0, 9)}`).expect(401);
    await t.http
      .get(`/api/students?${page(0, 9)}&organizationId=${other.orgId}`)
      .set(org.auth)
      .expect(403);
  });

  it('should build a list statement once per shape and answer each organization and filter with its own rows', async () => {
    const build = jest.spyOn(SelectQueryBuilder.prototype, 'getQueryAndParameters');
    const classes = await t.http
      .get(`/api/classes?${page(0, 24)}`)
      .set(org.auth)
      .expect(200);
    const students = await t.http
      .get(`/api/students?${page(0, 24)}`)
      .set(org.auth)
      .expect(200);
    const afterFirst = build.mock.calls.length;
    // The same shapes for the other organization: no new build, its own rows and totals.
    const otherClasses = await t.http
      .get(`/api/classes?${page(0, 24)}`)
      .set(other.auth)
      .expect(200);
    const otherStudents = await t.http
      .get(`/api/students?${page(0, 24)}`)
      .set(other.auth)
      .expect(200);
    expect(build.mock.calls.length).toBe(afterFirst);
    expect((classes.body.data as { title: string }[]).map((c) => c.title).sort()).toEqual(['Drawing', 'Pottery', 'Yoga']);
    expect((otherClasses.body.data as { title: string }[]).map((c) => c.title)).toEqual(['Weaving']);
    expect(classes.headers['content-range']).toBe('classes 0-2/3');
    expect(otherClasses.headers['content-range']).toBe('classes 0-0/1');
    expect((students.body.data as { lastName: string }[]).map((s) => s.lastName).sort()).toEqual(['Garcia', 'Lin', 'Okafor']);
    expect((otherStudents.body.data as { lastName: string }[]).map((s) => s.lastName)).toEqual(['Novak']);

    // A search is a shape of its own: built once, then each search text finds its own rows.
    const lin = await t.http
      .get(`/api/students?${page(0, 24, { q: 'lin' })}`)
      .set(org.auth)
      .expect(200);
    const afterSearch = build.mock.calls.length;
    const garcia = await t.http
      .get(`/api/students?${page(0, 24, { q: 'garc' })}`)
      .set(org.auth)
      .expect(200);
    const none = await t.http
      .get(`/api/students?${page(0, 24, { q: 'lin' })}`)
      .set(other.auth)
      .expect(200);
    expect(build.mock.calls.length).toBe(afterSearch);
    expect((lin.body.data as { lastName: string }[]).map((s) => s.lastName)).toEqual(['Lin']);
    expect((garcia.body.data as { lastName: string }[]).map((s) => s.lastName)).toEqual(['Garcia']);
    expect(none.body.data).toEqual([]);
    expect(none.headers['content-range']).toBe('students 0-0/0');

    // A page past the end still counts the total (its own statement, as before).
    const past = await t.http
      .get(`/api/classes?${page(10, 19)}`)
      .set(org.auth)
      .expect(200);
    expect(past.body.data).toEqual([]);
    expect(past.headers['content-range']).toBe('classes 10-10/3');
  });

  it('should check the database for /api/health on the pool, without a TypeORM query runner per request', async () => {
    const runners = jest.spyOn(DataSource.prototype, 'createQueryRunner');
    const res = await t.http.get('/api/health').expect(200);
    expect(res.body.data).toMatchObject({ status: 'ok', database: 'up' });
    expect(runners).not.toHaveBeenCalled();
  });

  it('should send the health check to PostgreSQL as one bare statement, not a prepared one', async () => {
    const pool = (t.app.get(DataSource).driver as unknown as { master: { query: (...args: unknown[]) => unknown } }).master;
    const queries = jest.spyOn(pool, 'query');
    await t.http.get('/api/health').expect(200);
    // A query object (name, text, values) is copied by pg on every call and sent as four protocol messages.
    expect(queries.mock.calls.map(([q]) => q)).toEqual(['SELECT 1']);
  });

  it('should put every fixed header on the reply, none on the Node response, so Node writes the head in one pass', async () => {
    const origins = t.app.get(ConfigService<AllConfigType>).getOrThrow('app', { infer: true }).corsOrigins;
    // Warm: the public list's copy is read on the first request.
    await t.http.get(`/api/classes?organizationId=${org.orgId}`).expect(200);
    const setHeader = jest.spyOn(ServerResponse.prototype, 'setHeader');
    const health = await t.http.get('/api/health').expect(200);
    const list = await t.http.get(`/api/classes/?organizationId=${org.orgId}`).set('Accept-Encoding', 'identity').expect(200);
    const refused = await t.http.get(`/api/students?${page(0, 9)}`).expect(401);
    expect(setHeader.mock.calls.map(([name]) => name)).toEqual([]);
    for (const res of [health, list, refused]) {
      for (const [k, v] of Object.entries(securityHeaders)) expect([k, res.headers[k.toLowerCase()]]).toEqual([k, v]);
      expect(res.headers.vary).toMatch(/^Origin\b/);
      expect(res.headers['access-control-expose-headers']).toBe('Content-Range, X-Request-Id, ETag');
      expect(res.headers['x-request-id']).toMatch(/^[\w-]{36}$/);
    }
    // A request with an Origin still gets the plugin's answer on top of the same fixed headers.
    const cross = await t.http.get('/api/health').set('Origin', origins[0]).expect(200);
    expect(cross.headers['access-control-allow-origin']).toBe(origins[0]);
    expect(cross.headers['content-security-policy']).toBe(securityHeaders['Content-Security-Policy']);
  });

  it("should send the public list's bytes as encoded once, not measure and encode its text on every reply", async () => {
    await t.http.get(`/api/classes?organizationId=${org.orgId}`).expect(200);
    // Calls on the server's side only (the test's HTTP client measures the text it receives).
    const original = Buffer.byteLength;
    const measured: string[] = [];
    jest.spyOn(Buffer, 'byteLength').mockImplementation((x, encoding) => {
      // Only the reply's text counts: the pg driver measures a long statement's text too (a background job's
      // statement may be written at this moment), and that is not a reply.
      const stack = new Error().stack ?? '';
      if (typeof x === 'string' && x.length >= 1024 && /fastify|backend\/src/.test(stack) && !/node_modules\/pg(-protocol)?\//.test(stack))
        measured.push(x);
      return original(x, encoding);
    });
    const ordinary = await t.http.get(`/api/classes/?organizationId=${org.orgId}`).set('Accept-Encoding', 'identity').expect(200);
    const fast = await t.http.get(`/api/classes?organizationId=${org.orgId}`).set('Accept-Encoding', 'identity').expect(200);
    expect(ordinary.text.length).toBeGreaterThan(1024);
    expect(measured).toEqual([]);
    // Both paths answer the same bytes, with their length.
    expect(ordinary.text).toBe(fast.text);
    expect(Number(ordinary.headers['content-length'])).toBe(Buffer.from(ordinary.text).length);
    expect((ordinary.body.data as { title: string }[]).map((c) => c.title).sort()).toEqual(['Drawing', 'Pottery', 'Yoga']);
  });

  it("should send helmet's headers, worked out once, on replies, refusals and unknown routes", async () => {
    const expected: Record<string, string> = {};
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", 'https://js.stripe.com'],
          frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
          connectSrc: ["'self'", 'https://api.stripe.com'],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'self'"],
        },
      },
      crossOriginEmbedderPolicy: false,
    })(
      {} as never,
      { setHeader: (k: string, v: string) => (expected[k.toLowerCase()] = String(v)), removeHeader: () => undefined } as never,
      () => {},
    );
    expect(Object.fromEntries(Object.entries(securityHeaders).map(([k, v]) => [k.toLowerCase(), v]))).toEqual(expected);
    expect(expected['content-security-policy']).toContain("frame-ancestors 'self'");
    for (const res of [
      await t.http.get('/api/health').expect(200),
      await t.http.get(`/api/students?${page(0, 9)}`).expect(401),
      await t.http.get('/api/no-such-route').expect(404),
    ]) {
      for (const [k, v] of Object.entries(expected)) expect([k, res.headers[k]]).toEqual([k, v]);
      expect(res.body.success).toBe(res.status === 200);
    }
  });

  it('should answer CORS as @fastify/cors does, running the plugin only for requests with an Origin and preflights', async () => {
    const origins = t.app.get(ConfigService<AllConfigType>).getOrThrow('app', { infer: true }).corsOrigins;
    expect(origins.length).toBeGreaterThan(0);
    const allowed = origins[0];
    // The same options on a bare Fastify with the plugin alone: what the app's CORS headers must be.
    const reference = Fastify();
    await reference.register(fastifyCors, corsOptions(origins, ['Content-Range', 'X-Request-Id', 'ETag']));
    reference.get('/api/health', () => ({}));
    reference.get('/api/classes', () => ({}));
    const cors = (headers: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(headers).filter(([k]) => k === 'vary' || k.startsWith('access-control-')));
    const cases: { method: 'GET' | 'OPTIONS'; url: string; headers: Record<string, string> }[] = [
      { method: 'GET', url: '/api/health', headers: {} },
      { method: 'GET', url: '/api/health', headers: { origin: allowed } },
      { method: 'GET', url: '/api/health', headers: { origin: 'https://elsewhere.example' } },
      { method: 'OPTIONS', url: '/api/health', headers: { origin: allowed, 'access-control-request-method': 'POST' } },
      { method: 'OPTIONS', url: '/api/health', headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET' } },
      { method: 'OPTIONS', url: '/api/health', headers: {} },
      { method: 'GET', url: '/api/no-such-route', headers: {} },
      { method: 'GET', url: '/api/no-such-route', headers: { origin: allowed } },
    ];
    await reference.ready();
    const send = (http: ReturnType<typeof request>, c: (typeof cases)[number]) =>
      (c.method === 'GET' ? http.get(c.url) : http.options(c.url)).set(c.headers);
    try {
      for (const c of cases) {
        const mine = await send(t.http, c);
        const theirs = await send(request(reference.server), c);
        expect([c, mine.status >= 400 ? 'refused' : 'answered']).toEqual([c, theirs.status >= 400 ? 'refused' : 'answered']);
        expect([c, cors(mine.headers as Record<string, unknown>)]).toEqual([c, cors(theirs.headers as Record<string, unknown>)]);
      }
    } finally {
      await reference.close();
    }

    // The plugin sets `Vary: Origin` with reply.header('Vary', ...); the shortcut for a request without Origin sets its
    // fixed headers under their lower-case names, so a call spelled as the plugin spells it is the plugin running.
    const { default: Reply } = (await import('fastify/lib/reply.js' as string)) as {
      default: { prototype: { header: (name: string, value: unknown) => unknown } };
    };
    const headerCalls = jest.spyOn(Reply.prototype, 'header');
    const varyFromPlugin = () => headerCalls.mock.calls.filter(([name, value]) => name === 'Vary' && value === 'Origin').length;
    await t.http.get('/api/health').expect(200);
    expect(varyFromPlugin()).toBe(0);
    await t.http.get('/api/health').set('Origin', allowed).expect(200);
    expect(varyFromPlugin()).toBe(1);
  });

  it('should not ask a request without Origin for its route options (built anew on each read) while no route has CORS options', async () => {
    // Fastify's routeOptions getter (not replaceable) asks the route's server for its version strategy on every read.
    const instance = t.app.getHttpAdapter().getInstance() as { hasConstraintStrategy: (name: string) => boolean };
    const reads = jest.spyOn(instance, 'hasConstraintStrategy');
    await t.http.get('/api/health').expect(200);
    await t.http.get(`/api/classes/?organizationId=${org.orgId}`).expect(200);
    expect(reads).not.toHaveBeenCalled();
    // A route declared with CORS options of its own is noticed as it is added, and then every request asks its route.
    const watched = new RouteCorsOptions();
    const bare = Fastify();
    watched.watch(bare);
    bare.get('/plain', () => ({}));
    expect(watched.any).toBe(false);
    bare.get('/own', { config: { cors: false } as object }, () => ({}));
    expect(watched.any).toBe(true);
    await bare.close();
  });

  it('should run no async hook for every request: each one costs a promise and a microtask turn per reply', () => {
    const instance = t.app.getHttpAdapter().getInstance() as object;
    const hooksKey = Object.getOwnPropertySymbols(instance).find((k) => k.description === 'fastify.hooks')!;
    const hooks = (instance as Record<symbol, Record<string, unknown[]>>)[hooksKey];
    const everyRequest = ['onRequest', 'preParsing', 'preValidation', 'preHandler', 'preSerialization', 'onSend', 'onResponse'];
    const async = everyRequest.flatMap((name) =>
      (hooks[name] ?? [])
        .filter((fn) => (fn as () => unknown).constructor.name === 'AsyncFunction')
        .map((fn) => `${name}: ${String(fn).slice(0, 80)}`),
    );
    expect(everyRequest.reduce((n, name) => n + (hooks[name]?.length ?? 0), 0)).toBeGreaterThan(5);
    expect(async).toEqual([]);
  });

  it('should pass requests through no hook they do not need: middie with no middleware, decompression where no body is read', async () => {
    const instance = t.app.getHttpAdapter().getInstance() as unknown as {
      hasDecorator: (name: string) => boolean;
      printRoutes: (o: object) => string;
    };
    // @fastify/middie decorates the instance with `use`; no Nest middleware exists, so it is not registered.
    expect(instance.hasDecorator('use')).toBe(false);
    // Each route's own hooks: preParsing (@fastify/compress's decompression) on routes that read a body only.
    const lines = instance.printRoutes({ includeHooks: true, commonPrefix: false }).split('\n');
    const hooksOf = (path: string, method: string) => {
      const at = lines.findIndex((l) => l.includes(`${path} (`) && l.includes(method));
      expect(at).toBeGreaterThanOrEqual(0);
      const own: string[] = [];
      for (let i = at + 1; i < lines.length && lines[i].includes('• ('); i++) own.push(/\((\w+)\)/.exec(lines[i])![1]);
      return own;
    };
    expect(hooksOf('/api/health', 'GET')).not.toContain('preParsing');
    expect(hooksOf('/api/classes', 'GET')).not.toContain('preParsing');
    expect(hooksOf('/api/classes', 'POST')).toContain('preParsing');
    // A gzipped body to a route that reads one is still decompressed.
    const { gzipSync } = await import('node:zlib');
    const body = gzipSync(JSON.stringify(classBody({ title: 'Gzipped' })));
    const res = await t.http
      .post('/api/classes')
      .set(org.auth)
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'gzip')
      // As bytes: supertest would otherwise send a Buffer as JSON.
      .serialize((b: unknown) => b as string)
      .send(body as unknown as string);
    expect([res.status, res.body.data?.title]).toEqual([201, 'Gzipped']);
    await t.http
      .delete(`/api/classes/${res.body.data.id as string}`)
      .set(org.auth)
      .expect(200);
    // Every reply still carries the request id and the security headers, in the same order, from one hook.
    const health = await t.http.get('/api/health').expect(200);
    const names = Object.keys(health.headers);
    expect(names.indexOf('x-request-id')).toBeLessThan(names.indexOf('content-security-policy'));
    for (const [k, v] of Object.entries(securityHeaders)) expect(health.headers[k.toLowerCase()]).toBe(v);
  });
});
