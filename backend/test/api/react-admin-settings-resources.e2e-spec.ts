import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import simpleRestProvider from 'ra-data-simple-rest';
import { createClass, createOrg, createTeacher, type OrgFixture } from '../fixtures/org.fixture';
import { envelopeClient, type HttpError, type Rec } from '../fixtures/react-admin-client.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

/**
 * The Settings screens that are react-admin resources (admin-ui/src/AdminApp.tsx: promo-codes, calendar-feeds,
 * api-keys, webhook-endpoints, terms),
 * through the UNMODIFIED ra-data-simple-rest client over real HTTP, as react-admin-contract.e2e-spec.ts does for
 * classes and students: paged lists with Content-Range, sorting, filters, getOne/update/delete, and another
 * organization's ids answered 404. The lists still answer their whole array without the list parameters.
 */

/** The body the promo code screen sends (its transform): the input fields only, never the usage or the dates read back. */
const promoInput = (r: Rec) => ({
  code: r.code,
  kind: r.kind,
  value: r.value,
  maxRedemptions: r.maxRedemptions,
  maxPerEmail: r.maxPerEmail,
  validUntil: r.validUntil,
  classIds: r.classIds,
  validFrom: r.validFrom,
  active: r.active,
});

describe('react-admin resources of Settings (ra-data-simple-rest, unmodified)', () => {
  let t: TestApp;
  let base: string;
  let org: OrgFixture;
  let other: OrgFixture;
  const seen: { contentRange?: string | null } = {};
  let dp: ReturnType<typeof simpleRestProvider>;
  let otherDp: ReturnType<typeof simpleRestProvider>;
  const notFound = async (call: Promise<unknown>) => ((await call.catch((e: unknown) => e)) as HttpError).status;

  beforeAll(async () => {
    // Webhook endpoints on this machine (no event is sent to them: nothing happens in these organizations).
    t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_HOSTS: 'true', JOBS_INTERVAL_MS: '3600000' });
    const server = t.app.getHttpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
    org = await createOrg(t, { plan: 'professional' });
    other = await createOrg(t, { plan: 'professional' });
    dp = simpleRestProvider(base, envelopeClient(org.token, seen) as never);
    otherDp = simpleRestProvider(base, envelopeClient(other.token, {}) as never);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('promo-codes', () => {
    const codes: Rec[] = [];
    beforeAll(async () => {
      for (const code of ['BETA', 'ALPHA', 'ZEBRA10']) {
        const { data } = await dp.create('promo-codes', { data: { code, kind: 'percent', value: 10, maxPerEmail: 1 } });
        codes.push(data as Rec);
      }
    });

    it('getList: sort, range and Content-Range; q and active filter; getMany', async () => {
      const page1 = await dp.getList('promo-codes', {
        pagination: { page: 1, perPage: 2 },
        sort: { field: 'code', order: 'ASC' },
        filter: {},
      });
      expect(page1.data.map((c) => c.code)).toEqual(['ALPHA', 'BETA']);
      expect(page1.total).toBe(3);
      expect(seen.contentRange).toBe('promo-codes 0-1/3');
      const page2 = await dp.getList('promo-codes', {
        pagination: { page: 2, perPage: 2 },
        sort: { field: 'code', order: 'ASC' },
        filter: {},
      });
      expect(page2.data.map((c) => c.code)).toEqual(['ZEBRA10']);
      expect(seen.contentRange).toBe('promo-codes 2-2/3');
      const desc = await dp.getList('promo-codes', {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'code', order: 'DESC' },
        filter: {},
      });
      expect(desc.data.map((c) => c.code)).toEqual(['ZEBRA10', 'BETA', 'ALPHA']);
      // Each row keeps its usage, as the screen shows it.
      expect(desc.data[0]).toEqual(expect.objectContaining({ usage: { redemptions: 0, discountGiven: 0, revenue: 0 } }));
      const q = await dp.getList('promo-codes', {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'id', order: 'ASC' },
        filter: { q: 'zeb' },
      });
      expect(q.data.map((c) => c.id)).toEqual([codes[2].id]);
      const inactive = await dp.getList('promo-codes', {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'id', order: 'ASC' },
        filter: { active: false },
      });
      expect(inactive).toEqual({ data: [], total: 0 });
      const many = await dp.getMany('promo-codes', { ids: [codes[0].id, codes[2].id] });
      expect(many.data.map((c) => c.id).sort()).toEqual([codes[0].id, codes[2].id].sort());
    });

    it('without the list parameters: the whole list, newest first, as the API answered before', async () => {
      const res = await fetch(`${base}/promo-codes`, { headers: org.auth });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-range')).toBe('promo-codes 0-2/3');
      const body = (await res.json()) as { data: Rec[] };
      expect(body.data.map((c) => c.code)).toEqual(['ZEBRA10', 'ALPHA', 'BETA']);
    });

    it('refuses an unknown sort field with 400', async () => {
      const res = await fetch(`${base}/promo-codes?sort=${encodeURIComponent('["usage","ASC"]')}`, { headers: org.auth });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe('sort field must be one of: createdAt, code, validUntil, id');
    });

    it('getOne and update (the input fields of the record read back, one changed)', async () => {
      const { data } = await dp.getOne('promo-codes', { id: codes[1].id });
      expect(data).toEqual(expect.objectContaining({ id: codes[1].id, code: 'ALPHA', value: 10 }));
      const updated = await dp.update('promo-codes', {
        id: data.id,
        previousData: data,
        data: { ...promoInput(data as Rec), value: 25, maxRedemptions: 5 },
      });
      expect(updated.data).toEqual(expect.objectContaining({ id: codes[1].id, value: 25, maxRedemptions: 5 }));
    });

    it("another organization's ids: 404 on getOne, update and delete, and never in its list", async () => {
      const id = codes[0].id;
      expect(await notFound(otherDp.getOne('promo-codes', { id }))).toBe(404);
      expect(
        await notFound(otherDp.update('promo-codes', { id, previousData: codes[0], data: { ...promoInput(codes[0]), value: 50 } })),
      ).toBe(404);
      expect(await notFound(otherDp.delete('promo-codes', { id, previousData: codes[0] }))).toBe(404);
      expect(
        await otherDp.getList('promo-codes', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} }),
      ).toEqual({ data: [], total: 0 });
      expect(await otherDp.getMany('promo-codes', { ids: codes.map((c) => c.id) })).toEqual({ data: [] });
      // Still there, unchanged, for its own organization.
      expect((await dp.getOne('promo-codes', { id })).data).toEqual(expect.objectContaining({ code: 'BETA', value: 10 }));
    });

    it('delete: a code never used is deleted, then 404', async () => {
      const { data } = await dp.delete('promo-codes', { id: codes[2].id, previousData: codes[2] });
      expect(data).toEqual({ id: codes[2].id, status: 'deleted' });
      expect(await notFound(dp.getOne('promo-codes', { id: codes[2].id }))).toBe(404);
    });
  });

  describe('calendar-feeds', () => {
    const feeds: Rec[] = [];
    beforeAll(async () => {
      const cls = await createClass(t, org);
      for (const data of [{ scope: 'organization' }, { scope: 'class', classId: cls.id }, { scope: 'teacher' }]) {
        feeds.push((await dp.create('calendar-feeds', { data })).data as Rec);
      }
    });

    it('getList: sort, range and Content-Range; scope filter; getMany; never the URL', async () => {
      const page1 = await dp.getList('calendar-feeds', {
        pagination: { page: 1, perPage: 2 },
        sort: { field: 'scope', order: 'ASC' },
        filter: {},
      });
      expect(page1.data.map((f) => f.scope)).toEqual(['class', 'organization']);
      expect(page1.total).toBe(3);
      expect(seen.contentRange).toBe('calendar-feeds 0-1/3');
      const page2 = await dp.getList('calendar-feeds', {
        pagination: { page: 2, perPage: 2 },
        sort: { field: 'scope', order: 'ASC' },
        filter: {},
      });
      expect(page2.data.map((f) => f.scope)).toEqual(['teacher']);
      expect(seen.contentRange).toBe('calendar-feeds 2-2/3');
      const desc = await dp.getList('calendar-feeds', {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'scope', order: 'DESC' },
        filter: {},
      });
      expect(desc.data.map((f) => f.scope)).toEqual(['teacher', 'organization', 'class']);
      expect(desc.data.every((f) => !('url' in f))).toBe(true);
      const classFeeds = await dp.getList('calendar-feeds', {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'id', order: 'ASC' },
        filter: { scope: 'class' },
      });
      expect(classFeeds.data.map((f) => f.id)).toEqual([feeds[1].id]);
      const many = await dp.getMany('calendar-feeds', { ids: [feeds[0].id, feeds[2].id] });
      expect(many.data.map((f) => f.id).sort()).toEqual([feeds[0].id, feeds[2].id].sort());
    });

    it('without the list parameters: the whole list, newest first, as the API answered before', async () => {
      const res = await fetch(`${base}/calendar-feeds`, { headers: org.auth });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-range')).toBe('calendar-feeds 0-2/3');
      expect(((await res.json()) as { data: Rec[] }).data.map((f) => f.id)).toEqual([feeds[2].id, feeds[1].id, feeds[0].id]);
    });

    it('getOne; a teacher gets only their own feeds', async () => {
      const { data } = await dp.getOne('calendar-feeds', { id: feeds[1].id });
      expect(data).toEqual(expect.objectContaining({ id: feeds[1].id, scope: 'class', revokedAt: null }));
      expect(data).not.toHaveProperty('url');
      const teacher = await createTeacher(t, org);
      const teacherDp = simpleRestProvider(base, envelopeClient(teacher.token, {}) as never);
      expect(await notFound(teacherDp.getOne('calendar-feeds', { id: feeds[0].id }))).toBe(404);
    });

    it("another organization's ids: 404 on getOne and delete (revoke), and never in its list", async () => {
      const id = feeds[0].id;
      expect(await notFound(otherDp.getOne('calendar-feeds', { id }))).toBe(404);
      expect(await notFound(otherDp.delete('calendar-feeds', { id, previousData: feeds[0] }))).toBe(404);
      expect(
        await otherDp.getList('calendar-feeds', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} }),
      ).toEqual({ data: [], total: 0 });
      expect((await dp.getOne('calendar-feeds', { id })).data).toEqual(expect.objectContaining({ revokedAt: null }));
    });

    it('delete revokes the feed: it stays listed with its revocation time', async () => {
      const { data } = await dp.delete('calendar-feeds', { id: feeds[0].id, previousData: feeds[0] });
      expect(data).toEqual(expect.objectContaining({ id: feeds[0].id, revokedAt: expect.any(String) }));
      expect((await dp.getOne('calendar-feeds', { id: feeds[0].id })).data).toEqual(
        expect.objectContaining({ revokedAt: expect.any(String) }),
      );
    });
  });
  describe('api-keys', () => {
    const keys: Rec[] = [];
    beforeAll(async () => {
      for (const name of ['Zapier', 'Backup', 'Sheets']) {
        keys.push((await dp.create('api-keys', { data: { name, scopes: ['read'] } })).data as Rec);
      }
      expect(keys.every((k) => typeof k.secret === 'string')).toBe(true);
    });

    it('getList: sort, range and Content-Range; q filter; getMany; never the secret', async () => {
      const page1 = await dp.getList('api-keys', {
        pagination: { page: 1, perPage: 2 },
        sort: { field: 'name', order: 'ASC' },
        filter: {},
      });
      expect(page1.data.map((k) => k.name)).toEqual(['Backup', 'Sheets']);
      expect(page1.total).toBe(3);
      expect(seen.contentRange).toBe('api-keys 0-1/3');
      const page2 = await dp.getList('api-keys', {
        pagination: { page: 2, perPage: 2 },
        sort: { field: 'name', order: 'ASC' },
        filter: {},
      });
      expect(page2.data.map((k) => k.name)).toEqual(['Zapier']);
      expect(seen.contentRange).toBe('api-keys 2-2/3');
      const desc = await dp.getList('api-keys', {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'name', order: 'DESC' },
        filter: {},
      });
      expect(desc.data.map((k) => k.name)).toEqual(['Zapier', 'Sheets', 'Backup']);
      expect(desc.data.every((k) => !('secret' in k))).toBe(true);
      const q = await dp.getList('api-keys', {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'id', order: 'ASC' },
        filter: { q: 'zap' },
      });
      expect(q.data.map((k) => k.id)).toEqual([keys[0].id]);
      const many = await dp.getMany('api-keys', { ids: [keys[0].id, keys[2].id] });
      expect(many.data.map((k) => k.id).sort()).toEqual([keys[0].id, keys[2].id].sort());
    });

    it('without the list parameters: the whole list, newest first, as the API answered before', async () => {
      const res = await fetch(`${base}/api-keys`, { headers: org.auth });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-range')).toBe('api-keys 0-2/3');
      expect(((await res.json()) as { data: Rec[] }).data.map((k) => k.name)).toEqual(['Sheets', 'Backup', 'Zapier']);
    });

    it("getOne; another organization's ids: 404 on getOne and delete (revoke), and never in its list", async () => {
      const { data } = await dp.getOne('api-keys', { id: keys[1].id });
      expect(data).toEqual(expect.objectContaining({ id: keys[1].id, name: 'Backup', revokedAt: null }));
      expect(data).not.toHaveProperty('secret');
      const id = keys[0].id;
      expect(await notFound(otherDp.getOne('api-keys', { id }))).toBe(404);
      expect(await notFound(otherDp.delete('api-keys', { id, previousData: keys[0] }))).toBe(404);
      expect(
        await otherDp.getList('api-keys', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} }),
      ).toEqual({ data: [], total: 0 });
      expect((await dp.getOne('api-keys', { id })).data).toEqual(expect.objectContaining({ revokedAt: null }));
    });

    it('delete revokes the key: it stays listed with its revocation time', async () => {
      const { data } = await dp.delete('api-keys', { id: keys[0].id, previousData: keys[0] });
      expect(data).toEqual(expect.objectContaining({ id: keys[0].id, revokedAt: expect.any(String) }));
      expect((await dp.getOne('api-keys', { id: keys[0].id })).data).toEqual(expect.objectContaining({ revokedAt: expect.any(String) }));
    });
  });
  describe('webhook-endpoints', () => {
    const endpoints: Rec[] = [];
    const urls = ['http://127.0.0.1:9/b-orders', 'http://127.0.0.1:9/c-zebra', 'http://127.0.0.1:9/a-sheets'];
    beforeAll(async () => {
      for (const url of urls) {
        endpoints.push((await dp.create('webhook-endpoints', { data: { url, events: ['enrollment.created'] } })).data as Rec);
      }
      expect(endpoints.every((e) => typeof e.secret === 'string')).toBe(true);
    });

    it('getList: sort, range and Content-Range; q filter; getMany; never the secret', async () => {
      const page1 = await dp.getList('webhook-endpoints', {
        pagination: { page: 1, perPage: 2 },
        sort: { field: 'url', order: 'ASC' },
        filter: {},
      });
      expect(page1.data.map((e) => e.url)).toEqual([urls[2], urls[0]]);
      expect(page1.total).toBe(3);
      expect(seen.contentRange).toBe('webhook-endpoints 0-1/3');
      const page2 = await dp.getList('webhook-endpoints', {
        pagination: { page: 2, perPage: 2 },
        sort: { field: 'url', order: 'ASC' },
        filter: {},
      });
      expect(page2.data.map((e) => e.url)).toEqual([urls[1]]);
      expect(seen.contentRange).toBe('webhook-endpoints 2-2/3');
      const desc = await dp.getList('webhook-endpoints', {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'url', order: 'DESC' },
        filter: {},
      });
      expect(desc.data.map((e) => e.url)).toEqual([urls[1], urls[0], urls[2]]);
      expect(desc.data.every((e) => !('secret' in e))).toBe(true);
      const q = await dp.getList('webhook-endpoints', {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'id', order: 'ASC' },
        filter: { q: 'zebra' },
      });
      expect(q.data.map((e) => e.id)).toEqual([endpoints[1].id]);
      const many = await dp.getMany('webhook-endpoints', { ids: [endpoints[0].id, endpoints[2].id] });
      expect(many.data.map((e) => e.id).sort()).toEqual([endpoints[0].id, endpoints[2].id].sort());
    });

    it('without the list parameters: the whole list, oldest first, as the API answered before', async () => {
      const res = await fetch(`${base}/webhook-endpoints`, { headers: org.auth });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-range')).toBe('webhook-endpoints 0-2/3');
      expect(((await res.json()) as { data: Rec[] }).data.map((e) => e.url)).toEqual(urls);
    });

    it('getOne and update (the fields the screen sends)', async () => {
      const { data } = await dp.getOne('webhook-endpoints', { id: endpoints[0].id });
      expect(data).toEqual(expect.objectContaining({ id: endpoints[0].id, url: urls[0], active: true }));
      expect(data).not.toHaveProperty('secret');
      const updated = await dp.update('webhook-endpoints', {
        id: data.id,
        previousData: data,
        data: { url: data.url, events: ['payment.succeeded'], active: false },
      });
      expect(updated.data).toEqual(expect.objectContaining({ id: data.id, events: ['payment.succeeded'], active: false }));
    });

    it("another organization's ids: 404 on getOne, update and delete, and never in its list", async () => {
      const id = endpoints[1].id;
      expect(await notFound(otherDp.getOne('webhook-endpoints', { id }))).toBe(404);
      expect(
        await notFound(
          otherDp.update('webhook-endpoints', {
            id,
            previousData: endpoints[1],
            data: { url: urls[1], events: ['class.cancelled'], active: true },
          }),
        ),
      ).toBe(404);
      expect(await notFound(otherDp.delete('webhook-endpoints', { id, previousData: endpoints[1] }))).toBe(404);
      expect(
        await otherDp.getList('webhook-endpoints', {
          pagination: { page: 1, perPage: 10 },
          sort: { field: 'id', order: 'ASC' },
          filter: {},
        }),
      ).toEqual({ data: [], total: 0 });
      expect((await dp.getOne('webhook-endpoints', { id })).data).toEqual(expect.objectContaining({ events: ['enrollment.created'] }));
    });

    it('delete: the endpoint is gone, then 404', async () => {
      const { data } = await dp.delete('webhook-endpoints', { id: endpoints[2].id, previousData: endpoints[2] });
      expect(data).toEqual({ id: endpoints[2].id });
      expect(await notFound(dp.getOne('webhook-endpoints', { id: endpoints[2].id }))).toBe(404);
    });
  });
  describe('terms', () => {
    const terms: Rec[] = [];
    const term = (name: string, start: string) => ({
      name,
      startDate: `${start}-01`,
      endDate: `${start}-28`,
      registrationOpensAt: '2027-01-05T15:00:00.000Z',
    });
    /** The body the terms screen sends (its transform): the input fields only. */
    const termInput = (r: Rec) => ({
      name: r.name,
      startDate: r.startDate,
      endDate: r.endDate,
      registrationOpensAt: r.registrationOpensAt,
      registrationClosesAt: r.registrationClosesAt,
      earlyAccessOpensAt: r.earlyAccessOpensAt,
    });
    beforeAll(async () => {
      for (const [name, start] of [
        ['Summer 2027', '2027-06'],
        ['Fall 2027', '2027-09'],
        ['Spring 2027', '2027-03'],
      ]) {
        terms.push((await dp.create('terms', { data: term(name, start) })).data as Rec);
      }
    });

    it('getList: sort, range and Content-Range; q filter; getMany', async () => {
      const page1 = await dp.getList('terms', { pagination: { page: 1, perPage: 2 }, sort: { field: 'name', order: 'ASC' }, filter: {} });
      expect(page1.data.map((t) => t.name)).toEqual(['Fall 2027', 'Spring 2027']);
      expect(page1.total).toBe(3);
      expect(seen.contentRange).toBe('terms 0-1/3');
      const page2 = await dp.getList('terms', { pagination: { page: 2, perPage: 2 }, sort: { field: 'name', order: 'ASC' }, filter: {} });
      expect(page2.data.map((t) => t.name)).toEqual(['Summer 2027']);
      expect(seen.contentRange).toBe('terms 2-2/3');
      const byStart = await dp.getList('terms', {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'startDate', order: 'ASC' },
        filter: {},
      });
      expect(byStart.data.map((t) => t.name)).toEqual(['Spring 2027', 'Summer 2027', 'Fall 2027']);
      const q = await dp.getList('terms', {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'id', order: 'ASC' },
        filter: { q: 'fall' },
      });
      expect(q.data.map((t) => t.id)).toEqual([terms[1].id]);
      const many = await dp.getMany('terms', { ids: [terms[0].id, terms[2].id] });
      expect(many.data.map((t) => t.id).sort()).toEqual([terms[0].id, terms[2].id].sort());
    });

    it('without the list parameters: the whole list, newest term first, as the API answered before', async () => {
      const res = await fetch(`${base}/terms`, { headers: org.auth });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-range')).toBe('terms 0-2/3');
      expect(((await res.json()) as { data: Rec[] }).data.map((t) => t.name)).toEqual(['Fall 2027', 'Summer 2027', 'Spring 2027']);
    });

    it('getOne and update (the input fields of the record read back, one changed)', async () => {
      const { data } = await dp.getOne('terms', { id: terms[0].id });
      expect(data).toEqual(expect.objectContaining({ id: terms[0].id, name: 'Summer 2027', classCount: 0 }));
      const updated = await dp.update('terms', {
        id: data.id,
        previousData: data,
        data: { ...termInput(data as Rec), name: 'Summer 2027 (edited)' },
      });
      expect(updated.data).toEqual(expect.objectContaining({ id: terms[0].id, name: 'Summer 2027 (edited)' }));
    });

    it("another organization's ids: 404 on getOne, update and delete, and never in its list", async () => {
      const id = terms[1].id;
      expect(await notFound(otherDp.getOne('terms', { id }))).toBe(404);
      expect(await notFound(otherDp.update('terms', { id, previousData: terms[1], data: { ...termInput(terms[1]), name: 'Taken' } }))).toBe(
        404,
      );
      expect(await notFound(otherDp.delete('terms', { id, previousData: terms[1] }))).toBe(404);
      expect(
        await otherDp.getList('terms', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} }),
      ).toEqual({ data: [], total: 0 });
      expect((await dp.getOne('terms', { id })).data).toEqual(expect.objectContaining({ name: 'Fall 2027' }));
    });

    it('delete: a term without classes is deleted, then 404', async () => {
      await dp.delete('terms', { id: terms[2].id, previousData: terms[2] });
      expect(await notFound(dp.getOne('terms', { id: terms[2].id }))).toBe(404);
    });
  });
});
