import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ClassPlacesAsRecords1770050000001 } from '../../src/database/migrations/1770050000001-ClassPlacesAsRecords';
import { RoomBookings1771005000000 } from '../../src/database/migrations/1771005000000-RoomBookings';
import { classBody, createClass, createOrg, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

/** A class names its location, room and instructor by record; the free text stays what it answers (issue 39 §2). */
describe('classes with location, room and instructor records', () => {
  let t: TestApp;
  let a: OrgFixture;
  let b: OrgFixture;
  beforeAll(async () => {
    t = await createTestApp({ JOBS_ENABLED: 'false' });
    a = await createOrg(t, { plan: 'professional' });
    b = await createOrg(t, { plan: 'professional' });
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (o: OrgFixture, path: string, body: Record<string, unknown>) => t.http.post(`/api/${path}`).set(o.auth).send(body);
  const getClass = async (id: string, o: OrgFixture = a) => (await t.http.get(`/api/classes/${id}`).set(o.auth).expect(200)).body.data;
  const publicClass = async (id: string) =>
    (await t.http.get(`/api/classes/${id}`).query({ organizationId: a.orgId }).expect(200)).body.data;

  it('should turn the free text into one record per distinct value per organization, linked back, texts unchanged', async () => {
    const a1 = await createClass(t, a, { location: 'Studio A', instructor: 'Ann Lee' });
    const a2 = await createClass(t, a, { location: ' studio a', instructor: 'Bob Ray' });
    const a3 = await createClass(t, a, { location: 'Hall', instructor: 'Ann Lee' });
    const b1 = await createClass(t, b, { location: 'Studio A', instructor: 'Ann Lee' });
    const before = await Promise.all([a1, a2, a3, b1].map((c, i) => getClass(c.id, i === 3 ? b : a)));
    const migration = new ClassPlacesAsRecords1770050000001();
    // The room bookings' triggers name the classes' room column: they go first and come back last.
    const bookings = new RoomBookings1771005000000();
    const runner = t.db.createQueryRunner();
    try {
      await bookings.down(runner);
      await migration.down(runner);
      await t.db.query('DELETE FROM locations; DELETE FROM instructors;');
      await migration.up(runner);
      await bookings.up(runner);
    } finally {
      await runner.release();
    }
    const records = async (o: OrgFixture) => ({
      locations: (await t.http.get('/api/locations').set(o.auth).expect(200)).body.data.map((l: { name: string }) => l.name),
      instructors: (await t.http.get('/api/instructors').set(o.auth).expect(200)).body.data.map((i: { name: string }) => i.name),
    });
    // 'Studio A' and ' studio a' are one place (the records' names are unique without case); the first spelling in sort order.
    expect(await records(a)).toEqual({ locations: ['Hall', 'Studio A'], instructors: ['Ann Lee', 'Bob Ray'] });
    expect(await records(b)).toEqual({ locations: ['Studio A'], instructors: ['Ann Lee'] });
    const after = await Promise.all([a1, a2, a3, b1].map((c, i) => getClass(c.id, i === 3 ? b : a)));
    for (const [i, c] of after.entries()) {
      expect({ instructor: c.instructor, location: c.location }).toEqual({
        instructor: before[i].instructor,
        location: before[i].location,
      });
      expect(c.locationId).toEqual(expect.any(String));
      expect(c.instructorId).toEqual(expect.any(String));
      expect(c.roomId).toBeNull();
    }
    expect(after[0].locationId).toBe(after[1].locationId);
    expect(after[0].instructorId).toBe(after[2].instructorId);
    expect(after[3].locationId).not.toBe(after[0].locationId);
    await t.db.query('DELETE FROM classes WHERE organization_id = ANY($1)', [[a.orgId, b.orgId]]);
  });

  it('should create and update a class by ids, answering the records names as the free text', async () => {
    const loc = (await post(a, 'locations', { name: 'Riverside' }).expect(201)).body.data;
    const room = (await post(a, 'rooms', { locationId: loc.id, name: 'Studio B' }).expect(201)).body.data;
    const ins = (await post(a, 'instructors', { name: 'Maya Lopez' }).expect(201)).body.data;
    const body = classBody({ instructor: undefined, location: undefined, locationId: loc.id, roomId: room.id, instructorId: ins.id });
    const created = (await post(a, 'classes', body).expect(201)).body.data;
    expect(created).toMatchObject({
      location: 'Riverside — Studio B',
      instructor: 'Maya Lopez',
      locationId: loc.id,
      roomId: room.id,
      instructorId: ins.id,
    });
    expect(await publicClass(created.id)).toMatchObject({ location: 'Riverside — Studio B', instructor: 'Maya Lopez' });
    // A room alone brings its location (a day later: the room is booked at the first class's times).
    const dayLater = new Date(Date.parse(body.startDate as string) + 24 * 3600 * 1000).toISOString();
    const roomOnly = (await post(a, 'classes', classBody({ location: undefined, roomId: room.id, startDate: dayLater })).expect(201)).body
      .data;
    expect(roomOnly).toMatchObject({ locationId: loc.id, roomId: room.id, location: 'Riverside — Studio B', instructor: 'Luis' });

    // react-admin PUTs the record back: the location alone now, and free text for the instructor.
    const put = await t.http
      .put(`/api/classes/${created.id}`)
      .set(a.auth)
      .send({ ...created, roomId: null, instructorId: null, instructor: 'Guest Teacher' })
      .expect(200);
    expect(put.body.data).toMatchObject({
      location: 'Riverside',
      roomId: null,
      locationId: loc.id,
      instructor: 'Guest Teacher',
      instructorId: null,
    });
  });

  it('should keep links for a client that sends only the old text fields, and unlink when it changes the text', async () => {
    const loc = (await post(a, 'locations', { name: 'Old Hall' }).expect(201)).body.data;
    const ins = (await post(a, 'instructors', { name: 'Old Teacher' }).expect(201)).body.data;
    const c = (await post(a, 'classes', classBody({ locationId: loc.id, instructorId: ins.id })).expect(201)).body.data;
    const oldClient = classBody({ title: 'Renamed class', location: 'Old Hall', instructor: 'Old Teacher' });
    const same = (await t.http.put(`/api/classes/${c.id}`).set(a.auth).send(oldClient).expect(200)).body.data;
    expect(same).toMatchObject({ title: 'Renamed class', locationId: loc.id, instructorId: ins.id });
    const other = (
      await t.http
        .put(`/api/classes/${c.id}`)
        .set(a.auth)
        .send({ ...oldClient, location: 'A park' })
        .expect(200)
    ).body.data;
    expect(other).toMatchObject({ location: 'A park', locationId: null, instructor: 'Old Teacher', instructorId: ins.id });
  });

  it('should say the new name on every class when a location, room or instructor is renamed', async () => {
    const loc = (await post(a, 'locations', { name: 'North' }).expect(201)).body.data;
    const room = (await post(a, 'rooms', { locationId: loc.id, name: 'Room 1' }).expect(201)).body.data;
    const ins = (await post(a, 'instructors', { name: 'Sam' }).expect(201)).body.data;
    const inRoom = (await post(a, 'classes', classBody({ roomId: room.id, instructorId: ins.id })).expect(201)).body.data;
    const atLocation = (await post(a, 'classes', classBody({ locationId: loc.id })).expect(201)).body.data;
    await t.http.put(`/api/locations/${loc.id}`).set(a.auth).send({ name: 'North Campus' }).expect(200);
    await t.http.put(`/api/rooms/${room.id}`).set(a.auth).send({ locationId: loc.id, name: 'Room 10' }).expect(200);
    await t.http.put(`/api/instructors/${ins.id}`).set(a.auth).send({ name: 'Samantha' }).expect(200);
    expect(await getClass(inRoom.id)).toMatchObject({ location: 'North Campus — Room 10', instructor: 'Samantha' });
    expect(await getClass(atLocation.id)).toMatchObject({ location: 'North Campus', instructor: 'Luis' });
    expect(await publicClass(inRoom.id)).toMatchObject({ location: 'North Campus — Room 10', instructor: 'Samantha' });
    // Records a class names are not deleted from under it.
    expect((await t.http.delete(`/api/rooms/${room.id}`).set(a.auth).expect(409)).body.code).toBe('ROOM_IN_USE');
    expect((await t.http.delete(`/api/locations/${loc.id}`).set(a.auth).expect(409)).body.code).toBe('LOCATION_IN_USE');
    expect((await t.http.delete(`/api/instructors/${ins.id}`).set(a.auth).expect(409)).body.code).toBe('INSTRUCTOR_IN_USE');
  });

  it("should refuse another organization's records, a room of another location and bad ids, writing nothing", async () => {
    const mine = (await post(a, 'locations', { name: 'Mine' }).expect(201)).body.data;
    const theirs = (await post(b, 'locations', { name: 'Theirs' }).expect(201)).body.data;
    const theirRoom = (await post(b, 'rooms', { locationId: theirs.id, name: 'Their room' }).expect(201)).body.data;
    const otherLoc = (await post(a, 'locations', { name: 'Elsewhere' }).expect(201)).body.data;
    const otherRoom = (await post(a, 'rooms', { locationId: otherLoc.id, name: 'Far room' }).expect(201)).body.data;
    const theirInstructor = (await post(b, 'instructors', { name: 'Their teacher' }).expect(201)).body.data;
    const count = async () => (await t.db.query('SELECT count(*)::int AS n FROM classes WHERE organization_id = $1', [a.orgId]))[0].n;
    const before = await count();
    const cases: [Record<string, unknown>, number, string | undefined, string, string][] = [
      [{ locationId: theirs.id }, 400, 'UNKNOWN_LOCATION', 'locationId', 'This location does not exist in your organization'],
      [{ roomId: theirRoom.id }, 400, 'UNKNOWN_ROOM', 'roomId', 'This room does not exist in your organization'],
      [{ locationId: mine.id, roomId: otherRoom.id }, 400, 'ROOM_NOT_IN_LOCATION', 'roomId', 'Far room is not at this location'],
      [
        { instructorId: theirInstructor.id },
        400,
        'UNKNOWN_INSTRUCTOR',
        'instructorId',
        'This instructor does not exist in your organization',
      ],
      [{ locationId: 'studio' }, 400, undefined, 'locationId', 'locationId must be the id of a location'],
      [{ location: undefined, locationId: null }, 400, undefined, 'location', 'Location is required'],
      [{ instructor: '', instructorId: null }, 400, undefined, 'instructor', 'Instructor is required'],
    ];
    for (const [fields, status, code, field, message] of cases) {
      const res = await post(a, 'classes', classBody(fields)).expect(status);
      expect([fields, res.body.code, res.body.errors?.[field]]).toEqual([fields, code, message]);
    }
    expect(await count()).toBe(before);
    const c = (await post(a, 'classes', classBody({ locationId: mine.id })).expect(201)).body.data;
    await t.http
      .put(`/api/classes/${c.id}`)
      .set(a.auth)
      .send({ ...c, locationId: theirs.id })
      .expect(400);
    expect(await getClass(c.id)).toMatchObject({ locationId: mine.id, location: 'Mine' });
  });
});
