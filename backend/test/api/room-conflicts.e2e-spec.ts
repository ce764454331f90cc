import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { classBody, createOrg, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

type Session = { id: string; sessionIndex: number; startsAt: string; endsAt: string; status: string; roomId: string | null };

/** Weekly at 18:00 UTC from a Tuesday in 2031, 60 minutes: the time most classes below share. */
const START = '2031-03-04T18:00:00.000Z';
const at = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();

/**
 * A room is never booked twice and an instructor only when the admin says so (issue 39 §2): the readable 409s of
 * every path that writes sessions, the database's exclusion constraint under racing writes, the Conflicts screen,
 * and other organizations' ids.
 */
describe('room and instructor conflicts', () => {
  let t: TestApp;
  let org: OrgFixture;
  let other: OrgFixture;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp({ JOBS_ENABLED: 'false' });
    org = await createOrg(t, { plan: 'professional' });
    other = await createOrg(t, { plan: 'professional' });
    await t.db.query(`UPDATE organizations SET settings = settings || '{"timeZone":"UTC"}'::jsonb WHERE id = $1`, [org.orgId]);
    const post = async (o: OrgFixture, path: string, body: Record<string, unknown>) =>
      (await t.http.post(`/api/${path}`).set(o.auth).send(body).expect(201)).body.data.id as string;
    ids.hall = await post(org, 'locations', { name: 'Main Hall' });
    ids.annex = await post(org, 'locations', { name: 'Annex' });
    ids.studio1 = await post(org, 'rooms', { locationId: ids.hall, name: 'Studio 1' });
    ids.studio2 = await post(org, 'rooms', { locationId: ids.hall, name: 'Studio 2' });
    ids.lobby = await post(org, 'rooms', { locationId: ids.hall, name: 'Lobby', exclusive: false });
    ids.annexRoom = await post(org, 'rooms', { locationId: ids.annex, name: 'Annex room' });
    ids.maria = await post(org, 'instructors', { name: 'Maria Lopez' });
    ids.sam = await post(org, 'instructors', { name: 'Sam Reed' });
    const theirs = await post(other, 'locations', { name: 'Theirs' });
    ids.theirRoom = await post(other, 'rooms', { locationId: theirs, name: 'Their room' });
    ids.theirInstructor = await post(other, 'instructors', { name: 'Their teacher' });
  });
  afterAll(async () => {
    await t.close();
  });

  const create = (fields: Record<string, unknown>, o: OrgFixture = org) =>
    t.http
      .post('/api/classes')
      .set(o.auth)
      .send(classBody({ startDate: START, days: 3, schedule: 'Weekly', duration: 60, location: undefined, ...fields }));
  const sessionsOf = async (classId: string): Promise<Session[]> =>
    (await t.http.get(`/api/classes/${classId}/sessions`).set(org.auth).expect(200)).body.data;
  const move = (sessionId: string, body: Record<string, unknown>, o: OrgFixture = org) =>
    t.http.put(`/api/class-sessions/${sessionId}`).set(o.auth).send(body);
  const classCount = async () =>
    (await t.db.query('SELECT count(*)::int AS n FROM classes WHERE organization_id = $1', [org.orgId]))[0].n as number;

  it('should refuse a class in a booked room with 409 ROOM_CONFLICT naming the other class and time, writing nothing', async () => {
    const pottery = (await create({ title: 'Pottery', roomId: ids.studio1 }).expect(201)).body.data;
    const before = await classCount();
    // Starts half an hour into Pottery's second session.
    const res = await create({ title: 'Yoga', roomId: ids.studio1, startDate: at(START, 7 * 24 * 60 + 30) }).expect(409);
    expect(res.body.code).toBe('ROOM_CONFLICT');
    expect(res.body.error).toBe(
      'Studio 1 is already booked for "Pottery" on Tuesday, March 11, 2031, 6:00 PM to 7:00 PM. Choose another room or time.',
    );
    expect(res.body.roomId).toBe(ids.studio1);
    expect(res.body.conflicts[0]).toMatchObject({ otherClassId: pottery.id, otherClassTitle: 'Pottery' });
    expect(await classCount()).toBe(before);
    // Back to back is no overlap; another room, a shared room or no room at the same time are fine.
    await create({ title: 'After Pottery', roomId: ids.studio1, startDate: at(START, 60) }).expect(201);
    await create({ title: 'Next door', roomId: ids.studio2 }).expect(201);
    await create({ title: 'Lobby talk', roomId: ids.lobby }).expect(201);
    await create({ title: 'Lobby talk 2', roomId: ids.lobby }).expect(201);
    await create({ title: 'Nowhere', location: 'The park' }).expect(201);
  });

  it('should refuse moving a class, or a class into a room, where the room is booked; the class stays as it was', async () => {
    const late = (await create({ title: 'Late class', roomId: ids.studio2, startDate: at(START, 180) }).expect(201)).body.data;
    const put = (fields: Record<string, unknown>) =>
      t.http
        .put(`/api/classes/${late.id}`)
        .set(org.auth)
        .send({ ...late, ...fields });
    // An earlier start runs into "Next door" (Studio 2 at 18:00); so does a move into Studio 1 at Pottery's time.
    expect((await put({ startDate: START }).expect(409)).body.code).toBe('ROOM_CONFLICT');
    expect((await put({ roomId: ids.studio1, startDate: START }).expect(409)).body.error).toContain('"Pottery"');
    const now = (await t.http.get(`/api/classes/${late.id}`).set(org.auth).expect(200)).body.data;
    expect({ roomId: now.roomId, startDate: now.startDate }).toEqual({ roomId: ids.studio2, startDate: at(START, 180) });
    expect((await sessionsOf(late.id))[0].startsAt).toBe(at(START, 180));
    // A change that books nothing new (the title) goes through.
    await put({ title: 'Late class (renamed)' }).expect(200);
  });

  it('should refuse a session moved or put into a booked room, and book it once the other is cancelled', async () => {
    const clay = (await create({ title: 'Clay', roomId: ids.studio2, startDate: at(START, 24 * 60) }).expect(201)).body.data;
    const [first] = await sessionsOf(clay.id);
    // Into Studio 1 on Pottery's first evening: moved, or by room.
    const res = await move(first.id, { startsAt: START, roomId: ids.studio1 }).expect(409);
    expect(res.body).toMatchObject({ code: 'ROOM_CONFLICT', roomId: ids.studio1 });
    expect(res.body.error).toContain('"Pottery" on Tuesday, March 4, 2031, 6:00 PM to 7:00 PM');
    expect((await sessionsOf(clay.id))[0]).toMatchObject({ startsAt: first.startsAt, roomId: null });
    // Its own room at another time is free.
    await move(first.id, { startsAt: at(START, 24 * 60 + 120) }).expect(200);
    // Pottery's first session cancelled: the slot is free.
    const pottery = (await t.db.query("SELECT id FROM classes WHERE title = 'Pottery' AND organization_id = $1", [org.orgId]))[0].id;
    const potteryFirst = (await sessionsOf(pottery))[0];
    await t.http.post(`/api/class-sessions/${potteryFirst.id}/cancel`).set(org.auth).send({ reason: 'Snow', notify: false }).expect(201);
    const moved = (await move(first.id, { startsAt: START, roomId: ids.studio1 }).expect(200)).body.data;
    expect(moved).toMatchObject({ startsAt: START, roomId: ids.studio1 });
  });

  it('should free a cancelled class’s room, and refuse it back while the room is taken', async () => {
    const a = (await create({ title: 'Drawing', roomId: ids.annexRoom }).expect(201)).body.data;
    await t.http
      .put(`/api/classes/${a.id}`)
      .set(org.auth)
      .send({ ...a, status: 'Cancelled' })
      .expect(200);
    await create({ title: 'Painting', roomId: ids.annexRoom }).expect(201);
    const res = await t.http
      .put(`/api/classes/${a.id}`)
      .set(org.auth)
      .send({ ...a, status: 'Open' })
      .expect(409);
    expect(res.body).toMatchObject({ code: 'ROOM_CONFLICT' });
    expect(res.body.error).toContain('"Painting"');
  });

  it('should refuse making a shared room exclusive while its sessions overlap', async () => {
    const res = await t.http
      .put(`/api/rooms/${ids.lobby}`)
      .set(org.auth)
      .send({ locationId: ids.hall, name: 'Lobby', exclusive: true })
      .expect(409);
    expect(res.body.code).toBe('ROOM_CONFLICT');
    expect((await t.http.get(`/api/rooms/${ids.lobby}`).set(org.auth).expect(200)).body.data.exclusive).toBe(false);
  });

  it('should let exactly one of 20 racing moves into one room slot win; the database refuses the others', async () => {
    // 20 classes on 20 different days in the Annex room, each first session then moved to one Saturday slot.
    const firsts: string[] = [];
    for (let i = 0; i < 20; i++) {
      const c = (
        await create({ title: `Race ${i}`, roomId: ids.studio2, days: 1, startDate: at('2032-01-05T09:00:00.000Z', i * 24 * 60) }).expect(
          201,
        )
      ).body.data;
      firsts.push((await sessionsOf(c.id))[0].id);
    }
    const slot = { startsAt: '2032-02-07T10:00:00.000Z', endsAt: '2032-02-07T11:00:00.000Z' };
    const replies = await Promise.all(firsts.map((id) => move(id, slot)));
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of replies.filter((x) => x.status === 409)) expect(r.body.code).toBe('ROOM_CONFLICT');
    // Which loser was refused by the check (it saw the winner) and which by the constraint at commit varies by run.
    const inSlot = await t.db.query("SELECT count(*)::int AS n FROM class_sessions WHERE starts_at = $1 AND status = 'scheduled'", [
      slot.startsAt,
    ]);
    expect(inSlot[0].n).toBe(1);
  });

  it('should refuse a double booking written around the API too (the constraint, checked at commit)', async () => {
    const [n] = await t.db.query(
      `SELECT s.id FROM class_sessions s JOIN classes c ON c.id = s.class_id
        WHERE c.title = 'Nowhere' AND c.organization_id = $1 ORDER BY s.session_index LIMIT 1`,
      [org.orgId],
    );
    const err = await t.db
      .transaction((m) => m.query('UPDATE class_sessions SET room_id = $1 WHERE id = $2', [ids.studio2, n.id]))
      .catch((e: { code?: string; constraint?: string }) => e);
    expect(err).toMatchObject({ code: '23P01', constraint: 'class_sessions_room_no_overlap' });
    // Another organization's room cannot be named by a session at all (the tenant-scoped foreign key).
    const fk = await t.db
      .query('UPDATE class_sessions SET room_id = $1 WHERE id = $2', [ids.theirRoom, n.id])
      .catch((e: { code?: string }) => e);
    expect(fk).toMatchObject({ code: '23503' });
  });

  it('should warn of an instructor booked twice (409 INSTRUCTOR_CONFLICT) and keep it when allowed', async () => {
    await create({ title: 'Ceramics', roomId: ids.studio1, startDate: at(START, 2 * 24 * 60), instructorId: ids.maria }).expect(201);
    const before = await classCount();
    const fields = { title: 'Glazing', location: 'Online', startDate: at(START, 2 * 24 * 60 + 30), instructorId: ids.maria };
    const res = await create(fields).expect(409);
    expect(res.body).toMatchObject({ code: 'INSTRUCTOR_CONFLICT', instructorId: ids.maria });
    expect(res.body.error).toBe(
      'Maria Lopez already teaches "Ceramics" on Thursday, March 6, 2031, 6:00 PM to 7:00 PM. Save anyway to book them at both.',
    );
    expect(await classCount()).toBe(before);
    const glazing = (await create({ ...fields, allowInstructorConflict: true }).expect(201)).body.data;
    // A session given the other instructor's evening: warned, then kept.
    const sams = (
      await create({ title: 'Wheel', location: 'Online', startDate: at(START, 3 * 24 * 60), instructorId: ids.sam }).expect(201)
    ).body.data;
    const [wheel1] = await sessionsOf(sams.id);
    const [glazing1] = await sessionsOf(glazing.id);
    expect((await move(wheel1.id, { instructorId: ids.maria, startsAt: glazing1.startsAt }).expect(409)).body.code).toBe(
      'INSTRUCTOR_CONFLICT',
    );
    await move(wheel1.id, { instructorId: ids.maria, startsAt: glazing1.startsAt, allowInstructorConflict: true }).expect(200);
    // A note on a session that already clashes (allowed before) is not refused again.
    await move(wheel1.id, { note: 'Bring glaze' }).expect(200);
  });

  it('should list the current conflicts on the Conflicts screen, for the organization only', async () => {
    const res = await t.http.get('/api/schedule-conflicts').set(org.auth).expect(200);
    const instructor = res.body.data.filter((c: { kind: string }) => c.kind === 'instructor');
    const pairs = instructor.map((c: { sessions: { classTitle: string }[] }) =>
      c.sessions
        .map((s) => s.classTitle)
        .sort()
        .join(' × '),
    );
    // Ceramics × Glazing on three Thursdays; Wheel's first session moved onto Glazing's first (and Ceramics's) evening.
    expect(pairs.sort()).toEqual(['Ceramics × Glazing', 'Ceramics × Glazing', 'Ceramics × Glazing', 'Ceramics × Wheel', 'Glazing × Wheel']);
    expect(instructor[0]).toMatchObject({ resourceId: ids.maria, resourceName: 'Maria Lopez' });
    expect(res.body.data.filter((c: { kind: string }) => c.kind === 'room')).toEqual([]);
    // Sessions that overlapped before the constraint (left unbooked by the migration) are listed as room conflicts.
    await t.db.query('ALTER TABLE class_sessions DISABLE TRIGGER class_sessions_booked_room');
    await t.db.query(
      `UPDATE class_sessions s SET room_id = $1, booked_room_id = NULL FROM classes c
        WHERE c.id = s.class_id AND c.title = 'Nowhere' AND c.organization_id = $2`,
      [ids.studio2, org.orgId],
    );
    await t.db.query('ALTER TABLE class_sessions ENABLE TRIGGER class_sessions_booked_room');
    const rooms = (await t.http.get('/api/schedule-conflicts').set(org.auth).expect(200)).body.data.filter(
      (c: { kind: string }) => c.kind === 'room',
    );
    const titles = (c: { sessions: { classTitle: string }[] }) =>
      c.sessions
        .map((s) => s.classTitle)
        .sort()
        .join(' × ');
    expect(rooms.map(titles)).toEqual(['Next door × Nowhere', 'Next door × Nowhere', 'Next door × Nowhere']);
    expect(rooms[0]).toMatchObject({ resourceId: ids.studio2, resourceName: 'Studio 2' });
    expect((await t.http.get('/api/schedule-conflicts').set(other.auth).expect(200)).body.data).toEqual([]);
  });

  it("should answer another organization's session with 404 and refuse its room or instructor, changing nothing", async () => {
    const mine = (await create({ title: 'Isolated', location: 'Online', startDate: at(START, 5 * 24 * 60) }).expect(201)).body.data;
    const [s] = await sessionsOf(mine.id);
    await move(s.id, { note: 'x' }, other).expect(404);
    await t.http.get(`/api/classes/${mine.id}/sessions`).set(other.auth).expect(404);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ roomId: ids.theirRoom }, 'UNKNOWN_ROOM', 'roomId'],
      [{ instructorId: ids.theirInstructor }, 'UNKNOWN_INSTRUCTOR', 'instructorId'],
    ];
    for (const [body, code, field] of cases) {
      const res = await move(s.id, body).expect(400);
      expect([res.body.code, Object.keys(res.body.errors ?? {})]).toEqual([code, [field]]);
    }
    // A class with a location keeps its sessions there.
    const inHall = (await create({ title: 'Hall class', locationId: ids.hall, startDate: at(START, 6 * 24 * 60) }).expect(201)).body.data;
    const [h] = await sessionsOf(inHall.id);
    expect((await move(h.id, { roomId: ids.annexRoom }).expect(400)).body.code).toBe('ROOM_NOT_IN_LOCATION');
    expect((await sessionsOf(mine.id))[0]).toMatchObject({ roomId: null, startsAt: s.startsAt });
  });

  it('should refuse bad input with a readable 400', async () => {
    const c = (await create({ title: 'Bad input', location: 'Online', startDate: at(START, 8 * 24 * 60) }).expect(201)).body.data;
    const [s] = await sessionsOf(c.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ startsAt: s.startsAt, endsAt: at(s.startsAt, -30) }, 'A session must end after it starts'],
      [{ endsAt: s.startsAt }, 'A session must end after it starts'],
      [{ allowInstructorConflict: 'yes' }, 'allowInstructorConflict must be true or false'],
      [{ roomId: 'studio 1' }, 'roomId must be a UUID'],
    ];
    for (const [body, message] of cases) {
      const res = await move(s.id, body).expect(400);
      expect([body, res.body.error]).toEqual([body, expect.stringContaining(message)]);
    }
    expect((await create({ title: 'Bad flag', location: 'Online', allowInstructorConflict: 1 }).expect(400)).body.error).toContain(
      'allowInstructorConflict must be true or false',
    );
  });
});
