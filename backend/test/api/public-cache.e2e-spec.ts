import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClass, createOrg, registerBody, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

/**
 * The public class list and class pages stay cacheable during an opening rush: a short shared max-age with
 * stale-while-revalidate, a strong ETag answered with 304, nothing of the caller in the reply, and a new ETag as soon
 * as a seat is taken.
 */
describe('public class list and class page caching', () => {
  let t: TestApp;
  let org: OrgFixture;
  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t, { plan: 'essential' });
  });
  afterAll(async () => {
    await t.close();
  });

  const CACHE_CONTROL = /^public, max-age=5, stale-while-revalidate=\d+$/;
  const STRONG_ETAG = /^"[A-Za-z0-9_-]+"$/;

  const list = () => t.http.get('/api/classes').query({ organizationId: org.orgId });
  const page = (id: string) => t.http.get(`/api/classes/${id}`).query({ organizationId: org.orgId });

  it('should answer the public list with cache headers, 304 on its ETag, and a new ETag once a seat is taken', async () => {
    const c = await createClass(t, org, { title: 'Rush', maxStudents: 3 });
    const miss = await list().expect(200);
    const hit = await list().expect(200); // the in-process copy (fast path)
    for (const r of [miss, hit]) {
      expect(r.headers['cache-control']).toMatch(CACHE_CONTROL);
      expect(r.headers.etag).toMatch(STRONG_ETAG);
      expect(r.headers.vary).toMatch(/Authorization/);
      expect(r.headers['set-cookie']).toBeUndefined();
      // The copy is at most the in-process cache's lifetime (2 s) old, and says so.
      expect(Number(r.headers.age)).toBeGreaterThanOrEqual(0);
      expect(Number(r.headers.age)).toBeLessThanOrEqual(2);
    }
    expect(hit.headers.etag).toBe(miss.headers.etag);
    const etag = miss.headers.etag;

    const notModified = await list().set('If-None-Match', etag).expect(304);
    expect(notModified.text).toBe('');
    expect(notModified.headers['cache-control']).toMatch(CACHE_CONTROL);
    expect(notModified.headers.etag).toBe(etag);
    // A list of tags, and the weak form a proxy may send, match too; another tag does not.
    await list().set('If-None-Match', `"other", W/${etag}`).expect(304);
    await list().set('If-None-Match', '"other"').expect(200);

    await t.http.post('/api/students/register').send(registerBody(org.orgId, c.id)).expect(201);
    // The instance's copy is refreshed from 1 s after it was read (a seat write does not rebuild it on every request
    // of an opening): the load that finds it due starts the refresh and gets the copy it has, whose Age says how old it
    // is; the refresh is one query, and the loads after it get the new list.
    let after = await list().set('If-None-Match', etag);
    if (after.status === 304) {
      expect(Number(after.headers.age)).toBeLessThanOrEqual(3);
      await new Promise((r) => setTimeout(r, 1100));
      after = await list().set('If-None-Match', etag);
      for (let i = 0; i < 20 && after.status === 304; i++) {
        await new Promise((r) => setTimeout(r, 50));
        after = await list().set('If-None-Match', etag);
      }
    }
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.body.data.find((x: { id: string }) => x.id === c.id).enrolledStudents).toBe(1);
  });

  it('should answer the public class page with cache headers, 304 on its ETag, and a new ETag once a seat is taken', async () => {
    const c = await createClass(t, org, { title: 'Page', maxStudents: 3 });
    const first = await page(c.id).expect(200);
    expect(first.headers['cache-control']).toMatch(CACHE_CONTROL);
    expect(first.headers.etag).toMatch(STRONG_ETAG);
    expect(first.headers.vary).toMatch(/Authorization/);
    expect(first.headers['set-cookie']).toBeUndefined();
    expect(first.body).toMatchObject({ success: true, data: { id: c.id, title: 'Page', enrolledStudents: 0 }, error: null });
    await page(c.id).set('If-None-Match', first.headers.etag).expect(304);

    await t.http.post('/api/students/register').send(registerBody(org.orgId, c.id)).expect(201);
    const after = await page(c.id).set('If-None-Match', first.headers.etag).expect(200);
    expect(after.headers.etag).not.toBe(first.headers.etag);
    expect(after.body.data.enrolledStudents).toBe(1);
    // An unknown class is not cached as a page.
    const missing = await t.http.get('/api/classes/00000000-0000-4000-8000-00000000abcd').expect(404);
    expect(missing.headers['cache-control']).toBeUndefined();
  });

  it("should serve each class's own form on pages from memory, the same bytes as read, and a form write at once", async () => {
    const o = await createOrg(t, { plan: 'essential' });
    const a = await createClass(t, o, { title: 'Form A' });
    const b = await createClass(t, o, { title: 'Form B' });
    const post = (url: string, body: Record<string, unknown>) => t.http.post(url).set(o.auth).send(body).expect(201);
    await post('/api/registration-questions', { label: 'For all', type: 'short_text' });
    await post('/api/registration-questions', { label: 'Only A', type: 'short_text', classIds: [a.id] });
    const onlyB = (await post('/api/waivers', { title: 'Only B', body: 'Careful.', classIds: [b.id] })).body.data;
    const pageOf = (id: string) => t.http.get(`/api/classes/${id}`).query({ organizationId: o.orgId });
    // Read from the database (no list copy yet), then from memory once the list is loaded.
    const readA = await pageOf(a.id).expect(200);
    expect(readA.headers.age).toBeUndefined();
    await t.http.get('/api/classes').query({ organizationId: o.orgId }).expect(200);
    await pageOf(a.id).expect(200); // the first page load from memory may still fetch the forms
    const memA = await pageOf(a.id).expect(200);
    const memB = await pageOf(b.id).expect(200);
    expect(memA.headers.age).toBeDefined();
    expect(memB.headers.age).toBeDefined();
    expect(memA.text).toBe(readA.text);
    expect(memA.body.data.questions.map((q: { label: string }) => q.label)).toEqual(['For all', 'Only A']);
    expect(memA.body.data.waivers).toEqual([]);
    expect(memB.body.data.questions.map((q: { label: string }) => q.label)).toEqual(['For all']);
    expect(memB.body.data.waivers.map((w: { id: string }) => w.id)).toEqual([onlyB.id]);
    // A write in this process shows on the very next page.
    await post('/api/registration-questions', { label: 'Only B', type: 'short_text', classIds: [b.id] });
    const afterB = await pageOf(b.id).expect(200);
    expect(afterB.body.data.questions.map((q: { label: string }) => q.label)).toEqual(['For all', 'Only B']);
  });

  it('should put nothing of the caller in a public reply, and never mark a signed-in reply public', async () => {
    const c = await createClass(t, org, { title: 'Same for all' });
    const one = await page(c.id)
      .set('X-Forwarded-For', '203.0.113.7')
      .set('Cookie', 'session=abc')
      .set('Accept-Language', 'fr')
      .expect(200);
    const two = await page(c.id).set('X-Forwarded-For', '198.51.100.9').set('User-Agent', 'another').expect(200);
    expect(one.text).toBe(two.text);
    expect(one.headers.etag).toBe(two.headers.etag);
    const listOne = await list().set('X-Forwarded-For', '203.0.113.7').expect(200);
    const listTwo = await list().set('X-Forwarded-For', '198.51.100.9').expect(200);
    expect(listOne.text).toBe(listTwo.text);

    // The admin's replies on the same paths (a token) carry their own data and are not shared.
    const adminPage = await t.http.get(`/api/classes/${c.id}`).set(org.auth).expect(200);
    expect(adminPage.headers['cache-control'] ?? '').not.toMatch(/public/);
    const adminList = await t.http.get('/api/classes').set(org.auth).expect(200);
    expect(adminList.headers['cache-control'] ?? '').not.toMatch(/public/);
  });
});
