import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createOrg, createTeacher, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

/** Locations, rooms and instructors as records (issue 39 §2): CRUD, validation, and tenant isolation. */
describe('locations, rooms and instructors', () => {
  let t: TestApp;
  let a: OrgFixture;
  let b: OrgFixture;
  beforeAll(async () => {
    t = await createTestApp({ JOBS_ENABLED: 'false' });
    a = await createOrg(t, { plan: 'essential' });
    b = await createOrg(t, { plan: 'essential' });
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (o: OrgFixture, path: string, body: Record<string, unknown>) => t.http.post(`/api/${path}`).set(o.auth).send(body);

  it('should create, list (simple-rest, Content-Range), read, update and delete a location and its rooms', async () => {
    const loc = (await post(a, 'locations', { name: ' Riverside Center ', address: '12 River Rd' }).expect(201)).body.data;
    expect(loc).toMatchObject({ name: 'Riverside Center', address: '12 River Rd', timeZone: null, roomCount: 0 });
    const roomB = (await post(a, 'rooms', { locationId: loc.id, name: 'Studio B', capacity: 20 }).expect(201)).body.data;
    expect(roomB).toMatchObject({ locationId: loc.id, locationName: 'Riverside Center', name: 'Studio B', capacity: 20, exclusive: true });
    const park = (await post(a, 'rooms', { locationId: loc.id, name: 'Park', exclusive: false }).expect(201)).body.data;
    expect(park).toMatchObject({ capacity: null, exclusive: false });

    const list = await t.http.get('/api/locations').query({ sort: '["name","ASC"]', range: '[0,9]' }).set(a.auth).expect(200);
    expect(list.headers['content-range']).toBe('locations 0-0/1');
    expect(list.body.data).toEqual([expect.objectContaining({ id: loc.id, roomCount: 2 })]);
    const rooms = await t.http
      .get('/api/rooms')
      .query({ filter: JSON.stringify({ locationId: loc.id }), sort: '["name","ASC"]' })
      .set(a.auth);
    expect(rooms.headers['content-range']).toBe('rooms 0-1/2');
    expect(rooms.body.data.map((r: { name: string }) => r.name)).toEqual(['Park', 'Studio B']);

    const put = await t.http
      .put(`/api/locations/${loc.id}`)
      .set(a.auth)
      .send({ ...loc, roomCount: 2, name: 'Riverside', timeZone: 'America/Chicago' })
      .expect(200);
    expect(put.body.data).toMatchObject({ name: 'Riverside', timeZone: 'America/Chicago', roomCount: 2 });
    const roomPut = await t.http
      .put(`/api/rooms/${roomB.id}`)
      .set(a.auth)
      .send({ ...roomB, capacity: 24 })
      .expect(200);
    expect(roomPut.body.data).toMatchObject({ capacity: 24, locationName: 'Riverside' });

    await t.http.delete(`/api/rooms/${park.id}`).set(a.auth).expect(200);
    await t.http.delete(`/api/locations/${loc.id}`).set(a.auth).expect(200);
    await t.http.get(`/api/locations/${loc.id}`).set(a.auth).expect(404);
    // A location's rooms go with it.
    await t.http.get(`/api/rooms/${roomB.id}`).set(a.auth).expect(404);
  });

  it('should refuse bad input with a 400 naming the field, and taken names with a 409 code, writing nothing', async () => {
    const loc = (await post(a, 'locations', { name: 'Hall' }).expect(201)).body.data;
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['locations', { name: '  ' }, 'name', 'Name is required'],
      ['locations', { name: 'X', timeZone: 'Mars/Olympus' }, 'timeZone', 'timeZone must be an IANA time zone such as America/Chicago'],
      ['rooms', { locationId: loc.id, name: 'R', capacity: 0 }, 'capacity', 'Capacity must be at least 1'],
      ['rooms', { locationId: loc.id, name: 'R', capacity: 2.5 }, 'capacity', 'Capacity must be a whole number'],
      ['rooms', { locationId: 'nope', name: 'R' }, 'locationId', 'locationId must be the id of a location'],
      ['instructors', { name: 'Ann', email: 'not-mail' }, 'email', 'Please enter a valid email address'],
      ['instructors', { name: 'Ann', payRule: { kind: 'per_head', tiers: [] } }, 'payRule', 'payRule.tiers must list 1 to 20 tiers'],
    ];
    for (const [path, body, field, message] of cases) {
      const res = await post(a, path, body).expect(400);
      expect([path, res.body.errors?.[field]]).toEqual([path, message]);
    }
    const extra = await post(a, 'locations', { name: 'Y', colour: 'red' }).expect(400);
    expect(extra.body.error).toMatch(/colour/);

    const dup = await post(a, 'locations', { name: 'hall' }).expect(409);
    expect(dup.body).toMatchObject({ code: 'LOCATION_NAME_TAKEN', errors: { name: 'A location with this name already exists' } });
    await post(a, 'rooms', { locationId: loc.id, name: 'Main' }).expect(201);
    expect((await post(a, 'rooms', { locationId: loc.id, name: 'MAIN' }).expect(409)).body.code).toBe('ROOM_NAME_TAKEN');
    await post(a, 'instructors', { name: 'Maya Lopez' }).expect(201);
    expect((await post(a, 'instructors', { name: 'maya lopez' }).expect(409)).body.code).toBe('INSTRUCTOR_NAME_TAKEN');
    const counts = await t.db.query(
      `SELECT (SELECT count(*)::int FROM locations WHERE organization_id = $1) AS l, (SELECT count(*)::int FROM rooms WHERE organization_id = $1) AS r`,
      [a.orgId],
    );
    expect(counts).toEqual([{ l: 1, r: 1 }]);
  });

  it('should keep an instructor with contact details, a pay rule, and a teacher of the organization', async () => {
    const teacher = await createTeacher(t, a);
    const users = (await t.http.get('/api/auth/users').set(a.auth).expect(200)).body.data as { id: string; email: string }[];
    const teacherId = users.find((u) => u.email === teacher.email)!.id;
    const body = {
      name: 'Tess Teacher',
      email: ' Tess@Example.com ',
      phone: '(217) 555-0123',
      bio: 'Wheel throwing',
      userId: teacherId,
      payRule: {
        kind: 'per_head',
        tiers: [
          { from: 1, amount: 6 },
          { from: 11, amount: 5.5 },
        ],
      },
    };
    const created = (await post(a, 'instructors', body).expect(201)).body.data;
    expect(created).toMatchObject({ ...body, email: 'tess@example.com', phone: '2175550123' });
    const stored = await t.db.query('SELECT pay_rule FROM instructors WHERE id = $1', [created.id]);
    expect(stored[0].pay_rule.tiers[1]).toEqual({ from: 11, amountCents: 550 });
    // One teacher, one instructor record.
    expect((await post(a, 'instructors', { name: 'Other', userId: teacherId }).expect(409)).body.code).toBe('TEACHER_ALREADY_LINKED');
    // An admin, or another organization's user, is not a teacher of this one.
    expect((await post(a, 'instructors', { name: 'Adm', userId: a.userId }).expect(400)).body.code).toBe('UNKNOWN_TEACHER');
    expect((await post(b, 'instructors', { name: 'Tess', userId: teacherId }).expect(400)).body.code).toBe('UNKNOWN_TEACHER');
    const put = await t.http
      .put(`/api/instructors/${created.id}`)
      .set(a.auth)
      .send({ ...created, email: '', phone: '', userId: null, payRule: { kind: 'flat', amount: 600, per: 'month' } })
      .expect(200);
    expect(put.body.data).toMatchObject({ email: null, phone: null, userId: null, payRule: { kind: 'flat', amount: 600, per: 'month' } });
    const list = await t.http.get('/api/instructors').query({ filter: '{"q":"tess"}' }).set(a.auth).expect(200);
    expect(list.headers['content-range']).toBe('instructors 0-0/1');
    await t.http.delete(`/api/instructors/${created.id}`).set(a.auth).expect(200);
  });

  it("should answer 404 for another organization's records and refuse a room in its location", async () => {
    const loc = (await post(a, 'locations', { name: 'A only' }).expect(201)).body.data;
    const room = (await post(a, 'rooms', { locationId: loc.id, name: 'A room' }).expect(201)).body.data;
    const ins = (await post(a, 'instructors', { name: 'A teacher' }).expect(201)).body.data;
    for (const [path, row] of [
      ['locations', loc],
      ['rooms', room],
      ['instructors', ins],
    ] as const) {
      await t.http.get(`/api/${path}/${row.id}`).set(b.auth).expect(404);
      await t.http
        .put(`/api/${path}/${row.id}`)
        .set(b.auth)
        .send({ ...row, name: 'Hijacked' })
        .expect(404);
      await t.http.delete(`/api/${path}/${row.id}`).set(b.auth).expect(404);
      expect((await t.http.get(`/api/${path}`).set(b.auth).expect(200)).body.data.map((r: { id: string }) => r.id)).not.toContain(row.id);
    }
    const foreign = await post(b, 'rooms', { locationId: loc.id, name: 'Sneaky' }).expect(400);
    expect(foreign.body).toMatchObject({
      code: 'UNKNOWN_LOCATION',
      errors: { locationId: 'This location does not exist in your organization' },
    });
    expect((await t.http.get(`/api/locations/${loc.id}`).set(a.auth).expect(200)).body.data).toMatchObject({
      name: 'A only',
      roomCount: 1,
    });
    // A room stays in its location.
    const other = (await post(a, 'locations', { name: 'A two' }).expect(201)).body.data;
    const moved = await t.http
      .put(`/api/rooms/${room.id}`)
      .set(a.auth)
      .send({ ...room, locationId: other.id })
      .expect(400);
    expect(moved.body.code).toBe('ROOM_NOT_IN_LOCATION');
  });
});
