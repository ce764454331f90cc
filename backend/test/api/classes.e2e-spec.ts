import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { classBody, createClass, createOrg, createTeacher, registerBody, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

describe('classes', () => {
  let t: TestApp;
  let org: OrgFixture;
  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t, { plan: 'essential' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('should create a class with dollars in and out, generated sessions and an activity event', async () => {
    const start = new Date('2031-03-03T17:00:00.000Z');
    const res = await t.http
      .post('/api/classes')
      .set(org.auth)
      .send(classBody({ startDate: start.toISOString(), days: 3, schedule: 'Weekly', price: 49.99, discountPrice: 39.5 }))
      .expect(201);
    expect(res.body.data).toMatchObject({
      price: 49.99,
      discountPrice: 39.5,
      status: 'Open',
      enrolledStudents: 0,
      organizationId: org.orgId,
    });
    expect(res.body.data.sessions).toEqual(['2031-03-03T17:00:00.000Z', '2031-03-10T17:00:00.000Z', '2031-03-17T17:00:00.000Z']);
    const consecutive = await createClass(t, org, { startDate: start.toISOString(), days: 2, schedule: 'Consecutive' });
    const got = await t.http.get(`/api/classes/${consecutive.id}`).set(org.auth).expect(200);
    expect(got.body.data.sessions).toEqual(['2031-03-03T17:00:00.000Z', '2031-03-04T17:00:00.000Z']);
    const events = await t.http.get('/api/activity-events?limit=5').set(org.auth).expect(200);
    expect(events.body.data[0]).toMatchObject({ eventType: 'class_creation' });
  });

  it('should validate the class form with its messages', async () => {
    const res = await t.http
      .post('/api/classes')
      .set(org.auth)
      .send(classBody({ title: '  ', days: 0, duration: 10, maxStudents: 0, price: -1 }))
      .expect(400);
    expect(res.body.errors).toMatchObject({
      title: 'Title is required',
      days: 'Days must be at least 1',
      duration: 'Duration must be at least 15 minutes',
      maxStudents: 'Max students must be at least 1',
      price: 'Price cannot be negative',
    });
    const unknown = await t.http
      .post('/api/classes')
      .set(org.auth)
      .send(classBody({ colour: 'red' }))
      .expect(400);
    expect(unknown.body.error).toMatch(/colour/);
    await t.http
      .post('/api/classes')
      .set(org.auth)
      .send(classBody({ startDate: 'tomorrow' }))
      .expect(400);
    await t.http
      .post('/api/classes')
      .set(org.auth)
      .send(classBody({ status: 'Deleted' }))
      .expect(400);
  });

  it('should accept the whole record back on PUT and ignore read-only fields', async () => {
    const c = await createClass(t, org);
    const got = await t.http.get(`/api/classes/${c.id}`).set(org.auth).expect(200);
    const record = { ...got.body.data, title: 'Renamed', enrolledStudents: 99, sessions: [] };
    const res = await t.http.put(`/api/classes/${c.id}`).set(org.auth).send(record).expect(200);
    expect(res.body.data).toMatchObject({ title: 'Renamed', enrolledStudents: 0 });
    expect(res.body.data.sessions).toHaveLength(3);
  });

  it('should list in react-admin dialect with Content-Range, sort, filter and range', async () => {
    const other = await createOrg(t, { plan: 'essential' });
    for (const title of ['Zumba', 'Aikido', 'Macrame']) await createClass(t, other, { title });
    await createClass(t, other, { title: 'Old one', status: 'Archived' });
    const res = await t.http
      .get('/api/classes')
      .query({ sort: JSON.stringify(['title', 'ASC']), range: JSON.stringify([0, 1]) })
      .set(other.auth)
      .expect(200);
    expect(res.body.data.map((c: { title: string }) => c.title)).toEqual(['Aikido', 'Macrame']);
    expect(res.headers['content-range']).toBe('classes 0-1/4');
    const filtered = await t.http
      .get('/api/classes')
      .query({ filter: JSON.stringify({ status: 'Archived' }) })
      .set(other.auth)
      .expect(200);
    expect(filtered.body.data.map((c: { title: string }) => c.title)).toEqual(['Old one']);
    const q = await t.http
      .get('/api/classes')
      .query({ filter: JSON.stringify({ q: 'zum' }) })
      .set(other.auth)
      .expect(200);
    expect(q.body.data).toHaveLength(1);
    await t.http
      .get('/api/classes')
      .query({ sort: JSON.stringify(['password', 'ASC']) })
      .set(other.auth)
      .expect(400);
    await t.http.get('/api/classes').query({ range: '[0,' }).set(other.auth).expect(400);
  });

  it('should serve the public list and detail without a token and hide Archived classes', async () => {
    const pub = await createOrg(t, { plan: 'essential' });
    const open = await createClass(t, pub, { title: 'Visible' });
    const archived = await createClass(t, pub, { title: 'Hidden', status: 'Archived' });
    const list = await t.http.get('/api/classes').query({ organizationId: pub.orgId }).expect(200);
    expect(list.body.data.map((c: { title: string }) => c.title)).toEqual(['Visible']);
    expect(list.headers.etag).toBeDefined();
    await t.http.get('/api/classes').query({ organizationId: pub.orgId }).set('If-None-Match', list.headers.etag).expect(304);
    await t.http.get(`/api/classes/${open.id}`).expect(200);
    await t.http.get(`/api/classes/${open.id}`).query({ organizationId: pub.orgId }).expect(200);
    await t.http.get(`/api/classes/${open.id}`).query({ organizationId: org.orgId }).expect(404);
    const hidden = await t.http.get(`/api/classes/${archived.id}`).expect(404);
    expect(hidden.body.error).toBe(`Class with ID ${archived.id} not found`);
    await t.http.get('/api/classes').expect(400);
    await t.http.get('/api/classes').query({ organizationId: 'not-a-uuid' }).expect(400);
    const unknown = await t.http.get('/api/classes').query({ organizationId: '00000000-0000-4000-8000-00000000abcd' }).expect(404);
    expect(unknown.body.error).toBe('Organization not found');
    const empty = await createOrg(t);
    const none = await t.http.get('/api/classes').query({ organizationId: empty.orgId }).expect(200);
    expect(none.body.data).toEqual([]);
  });

  it('should answer a cached public list with the same body and headers as the full stack', async () => {
    const pub = await createOrg(t, { plan: 'essential' });
    await createClass(t, pub, { title: 'Cached' });
    const miss = await t.http.get('/api/classes').query({ organizationId: pub.orgId }).expect(200);
    const hit = await t.http.get('/api/classes').query({ organizationId: pub.orgId }).expect(200);
    expect(hit.text).toBe(miss.text);
    const names = (h: Record<string, string>) =>
      Object.keys(h)
        .filter((k) => !['date', 'connection', 'keep-alive', 'x-request-id'].includes(k))
        .sort();
    expect(names(hit.headers)).toEqual(names(miss.headers));
    for (const k of ['content-security-policy', 'x-content-type-options', 'etag', 'content-type', 'cache-control'])
      expect(hit.headers[k]).toBe(miss.headers[k]);
    // A list over 1 kB is gzipped on both paths for clients that accept it.
    for (let i = 0; i < 4; i++) await createClass(t, pub, { title: `Cached ${i}` });
    const bigMiss = await t.http.get('/api/classes').query({ organizationId: pub.orgId }).set('Accept-Encoding', 'gzip').expect(200);
    const bigHit = await t.http.get('/api/classes').query({ organizationId: pub.orgId }).set('Accept-Encoding', 'gzip').expect(200);
    expect(bigMiss.headers['content-encoding']).toBe('gzip');
    expect(bigHit.headers['content-encoding']).toBe('gzip');
    expect(bigHit.body).toEqual(bigMiss.body);
    expect(bigMiss.headers.vary).toMatch(/Origin, Authorization, Accept-Encoding/i);
    expect(bigHit.headers.vary).toBe(bigMiss.headers.vary);
    const plain = await t.http.get('/api/classes').query({ organizationId: pub.orgId }).set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.data).toHaveLength(5);
  });

  it('should refresh the public list after a write', async () => {
    const pub = await createOrg(t, { plan: 'essential' });
    const c = await createClass(t, pub, { title: 'Before', maxStudents: 5 });
    const before = await t.http.get('/api/classes').query({ organizationId: pub.orgId }).expect(200);
    expect(before.body.data[0].enrolledStudents).toBe(0);
    await t.http.post('/api/students/register').send(registerBody(pub.orgId, c.id)).expect(201);
    // A seat write lets this instance's copy live until its seats are 1 s old (one refresh a second during an
    // opening); the load that finds them due starts the refresh, and the loads after it see the seat.
    let after = await t.http.get('/api/classes').query({ organizationId: pub.orgId }).expect(200);
    if (after.body.data[0].enrolledStudents === 0) {
      await new Promise((r) => setTimeout(r, 1100));
      for (let i = 0; i < 20 && after.body.data[0].enrolledStudents === 0; i++) {
        after = await t.http.get('/api/classes').query({ organizationId: pub.orgId }).expect(200);
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    expect(after.body.data[0].enrolledStudents).toBe(1);
    // A class edit is seen at once.
    await t.http
      .put(`/api/classes/${c.id}`)
      .set(pub.auth)
      .send(classBody({ title: 'After', maxStudents: 5 }))
      .expect(200);
    const edited = await t.http.get('/api/classes').query({ organizationId: pub.orgId }).expect(200);
    expect(edited.body.data[0].title).toBe('After');
  });

  it('should enforce the plan class limit on create and activation, and archive clones at the limit', async () => {
    const free = await createOrg(t); // Free: 2 classes
    await createClass(t, free, { title: 'One' });
    await createClass(t, free, { title: 'Two' });
    const blocked = await t.http
      .post('/api/classes')
      .set(free.auth)
      .send(classBody({ title: 'Three' }))
      .expect(403);
    expect(blocked.body.error).toBe(
      'Class limit reached. Free allows up to 2 classes. You currently have 2 classes. Upgrade your plan to add more classes. Essential allows up to 25 classes.',
    );
    const archived = await t.http
      .post('/api/classes')
      .set(free.auth)
      .send(classBody({ title: 'Parked', status: 'Archived' }))
      .expect(201);
    const record = (await t.http.get(`/api/classes/${archived.body.data.id}`).set(free.auth)).body.data;
    const activate = await t.http
      .put(`/api/classes/${record.id}`)
      .set(free.auth)
      .send({ ...record, status: 'Open' })
      .expect(403);
    expect(activate.body.error).toContain('limit reached');
    const clone = await t.http
      .post(`/api/classes/${record.id}/clone`)
      .set(free.auth)
      .send({ title: 'Parked (Copy)', startDate: new Date(Date.now() + 86400000).toISOString(), status: 'Open' })
      .expect(201);
    expect(clone.body).toMatchObject({
      success: true,
      statusForcedByLimit: true,
      data: { status: 'Archived', title: 'Parked (Copy)', enrolledStudents: 0 },
    });
    expect(clone.body.warning).toMatch(/limit/i);
  });

  it('should clone with its rules', async () => {
    const c = await createClass(t, org, { title: 'Source' });
    const ok = await t.http
      .post(`/api/classes/${c.id}/clone`)
      .set(org.auth)
      .send({ title: 'Source (Copy)', startDate: new Date(Date.now() + 86400000).toISOString(), status: 'Scheduled' })
      .expect(201);
    expect(ok.body).toMatchObject({
      statusForcedByLimit: false,
      warning: null,
      data: { title: 'Source (Copy)', status: 'Scheduled', instructor: 'Luis' },
    });
    const past = await t.http
      .post(`/api/classes/${c.id}/clone`)
      .set(org.auth)
      .send({ title: 'X', startDate: '2020-01-01T10:00:00.000Z' })
      .expect(400);
    expect(past.body.error).toBe('Start date cannot be in the past');
    const noTitle = await t.http
      .post(`/api/classes/${c.id}/clone`)
      .set(org.auth)
      .send({ title: '', startDate: new Date().toISOString() })
      .expect(400);
    expect(noTitle.body.errors.title).toBe('Title is required');
    const badDate = await t.http.post(`/api/classes/${c.id}/clone`).set(org.auth).send({ title: 'X', startDate: 'soon' }).expect(400);
    expect(badDate.body.errors.startDate).toBe('Invalid date format');
    await t.http
      .post(`/api/classes/${c.id}/clone`)
      .set(org.auth)
      .send({ title: 'X', startDate: new Date().toISOString(), status: 'Closed' })
      .expect(400);
  });

  it('should close an Open class when full, refuse lowering max below enrolled, and reopen when a seat frees', async () => {
    const c = await createClass(t, org, { maxStudents: 2 });
    const first = await t.http.post('/api/students/register').send(registerBody(org.orgId, c.id)).expect(201);
    await t.http.post('/api/students/register').send(registerBody(org.orgId, c.id)).expect(201);
    const full = (await t.http.get(`/api/classes/${c.id}`).set(org.auth)).body.data;
    expect(full).toMatchObject({ status: 'Closed', enrolledStudents: 2 });
    const lower = await t.http
      .put(`/api/classes/${c.id}`)
      .set(org.auth)
      .send({ ...full, maxStudents: 1 })
      .expect(409);
    expect(lower.body.error).toMatch(/cannot be lower than the 2 students/);
    await t.http.delete(`/api/students/${first.body.data.id}`).set(org.auth).expect(200);
    const reopened = (await t.http.get(`/api/classes/${c.id}`).set(org.auth)).body.data;
    expect(reopened).toMatchObject({ status: 'Open', enrolledStudents: 1 });
    // Lowering the seats to the enrolled count fills the class: it closes itself, and reopens when raised.
    const lowered = await t.http
      .put(`/api/classes/${c.id}`)
      .set(org.auth)
      .send({ ...reopened, maxStudents: 1 })
      .expect(200);
    expect(lowered.body.data).toMatchObject({ status: 'Closed', maxStudents: 1 });
    const raised = await t.http
      .put(`/api/classes/${c.id}`)
      .set(org.auth)
      .send({ ...lowered.body.data, maxStudents: 3 })
      .expect(200);
    expect(raised.body.data).toMatchObject({ status: 'Open', maxStudents: 3 });
  });

  it('should keep a Scheduled class Scheduled when full', async () => {
    const c = await createClass(t, org, { maxStudents: 1, status: 'Scheduled' });
    await t.http.post('/api/students/register').send(registerBody(org.orgId, c.id)).expect(201);
    const got = (await t.http.get(`/api/classes/${c.id}`).set(org.auth)).body.data;
    expect(got).toMatchObject({ status: 'Scheduled', enrolledStudents: 1 });
  });

  it('should let teachers read but not write classes', async () => {
    const teacher = await createTeacher(t, org);
    const c = await createClass(t, org);
    await t.http.get(`/api/classes/${c.id}`).set(teacher.auth).expect(200);
    await t.http.get('/api/classes').set(teacher.auth).expect(200);
    await t.http.post('/api/classes').set(teacher.auth).send(classBody()).expect(403);
    await t.http.delete(`/api/classes/${c.id}`).set(teacher.auth).expect(403);
  });

  it('should delete a class and its enrollments', async () => {
    const c = await createClass(t, org);
    const s = await t.http.post('/api/students/register').send(registerBody(org.orgId, c.id)).expect(201);
    await t.http.delete(`/api/classes/${c.id}`).set(org.auth).expect(200);
    await t.http.get(`/api/classes/${c.id}`).set(org.auth).expect(404);
    const student = await t.http.get(`/api/students/${s.body.data.id}`).set(org.auth).expect(200);
    expect(student.body.data.classEnrollments).toEqual([]);
    await t.http.delete(`/api/classes/${c.id}`).set(org.auth).expect(404);
  });
});
