import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { classBody, createOrg, createTeacher, type OrgFixture } from '../fixtures/org.fixture';
import { enrollStudent } from '../fixtures/roster.fixture';
import { mismatches, type Document } from '../setup/openapi-conformance';
import { createTestApp, type TestApp } from '../setup/test-app';

interface CalendarSession {
  sessionId: string;
  classTitle: string;
  roomId: string;
  startsAt: string;
  status: string;
  enrolled: number;
  capacity: number;
  instructor: string;
}

/**
 * The room week calendar (issue 39 §2): Monday to Sunday in the organization's zone (America/Chicago here, so a
 * Sunday-evening session is already Monday in UTC), each session in its own room or its class's, cancelled ones
 * marked, one location's rooms alone, bad input and other organizations' ids.
 */
describe('room week calendar', () => {
  let t: TestApp;
  let org: OrgFixture;
  let other: OrgFixture;
  let doc: Document;
  const ids: Record<string, string> = {};
  const week = (query: string, o: OrgFixture = org) => t.http.get(`/api/room-calendar${query}`).set(o.auth);

  beforeAll(async () => {
    t = await createTestApp({ JOBS_ENABLED: 'false' });
    org = await createOrg(t, { plan: 'professional' });
    other = await createOrg(t, { plan: 'professional' });
    await t.db.query(`UPDATE organizations SET settings = settings || '{"timeZone":"America/Chicago"}'::jsonb WHERE id = $1`, [org.orgId]);
    const post = async (o: OrgFixture, path: string, body: Record<string, unknown>) =>
      (await t.http.post(`/api/${path}`).set(o.auth).send(body).expect(201)).body.data.id as string;
    ids.hall = await post(org, 'locations', { name: 'Main Hall' });
    ids.annex = await post(org, 'locations', { name: 'Annex' });
    ids.studio1 = await post(org, 'rooms', { locationId: ids.hall, name: 'Studio 1', capacity: 12 });
    ids.studio2 = await post(org, 'rooms', { locationId: ids.hall, name: 'Studio 2' });
    ids.annexRoom = await post(org, 'rooms', { locationId: ids.annex, name: 'Annex room' });
    ids.maria = await post(org, 'instructors', { name: 'Maria Lopez' });
    ids.theirs = await post(other, 'locations', { name: 'Theirs' });
    const create = async (fields: Record<string, unknown>) =>
      (
        await t.http
          .post('/api/classes')
          .set(org.auth)
          .send(classBody({ days: 3, schedule: 'Weekly', duration: 60, location: undefined, ...fields }))
          .expect(201)
      ).body.data.id as string;
    // Mondays 3, 10 and 17 March 2031 at 18:30 Chicago time (00:30 UTC the next day, 23:30 UTC once daylight time starts).
    ids.pottery = await create({ title: 'Pottery', startDate: '2031-03-04T00:30:00.000Z', roomId: ids.studio1, instructorId: ids.maria });
    // Sunday 9 March 22:30 Chicago time (daylight time from that morning) is Monday 10 March in UTC: still this week.
    ids.late = await create({
      title: 'Late night',
      startDate: '2031-03-10T03:30:00.000Z',
      days: 1,
      roomId: ids.studio2,
      instructor: 'Sam',
    });
    // Sunday 2 March 23:30 Chicago time, running past midnight into Monday: the week before (a session is on its start's day).
    await create({ title: 'Last week', startDate: '2031-03-03T05:30:00.000Z', days: 1, roomId: ids.studio2 });
    ids.drawing = await create({
      title: 'Drawing',
      startDate: '2031-03-05T15:00:00.000Z',
      days: 2,
      schedule: 'Consecutive',
      roomId: ids.annexRoom,
    });
    await create({ title: 'In the park', startDate: '2031-03-05T15:00:00.000Z', location: 'The park' });
    doc = (await t.http.get('/api/docs-json').expect(200)).body as Document;
  });
  afterAll(async () => {
    await t.close();
  });

  it("should answer Monday to Sunday in the organization's zone with every room and the sessions booked in them", async () => {
    const res = await week('?week=2031-03-05').expect(200);
    const schema = doc.paths['/api/room-calendar']?.get?.responses?.['200']?.content?.['application/json']?.schema;
    expect(schema).toBeDefined();
    expect(mismatches(doc, schema!, res.body, 'GET /api/room-calendar 200')).toEqual([]);
    const cal = res.body.data;
    expect(cal).toMatchObject({ weekStart: '2031-03-03', weekEnd: '2031-03-09', timeZone: 'America/Chicago' });
    expect(cal.days).toEqual(['2031-03-03', '2031-03-04', '2031-03-05', '2031-03-06', '2031-03-07', '2031-03-08', '2031-03-09']);
    expect(cal.rooms.map((r: { name: string }) => r.name)).toEqual(['Annex room', 'Studio 1', 'Studio 2']);
    expect(cal.rooms[1]).toMatchObject({ id: ids.studio1, capacity: 12, exclusive: true, locationId: ids.hall, locationName: 'Main Hall' });
    const sessions = cal.sessions as CalendarSession[];
    expect(sessions.map((s) => [s.classTitle, s.startsAt])).toEqual([
      ['Pottery', '2031-03-04T00:30:00.000Z'],
      ['Drawing', '2031-03-05T15:00:00.000Z'],
      ['Drawing', '2031-03-06T15:00:00.000Z'],
      ['Late night', '2031-03-10T03:30:00.000Z'],
    ]);
    expect(sessions[0]).toMatchObject({ roomId: ids.studio1, status: 'scheduled', enrolled: 0, capacity: 10, instructor: 'Maria Lopez' });
    expect(sessions[3]).toMatchObject({ roomId: ids.studio2, instructor: 'Sam' });
  });

  it('should show a session in the room it was moved to, and a cancelled one marked', async () => {
    const sessions = (await t.http.get(`/api/classes/${ids.pottery}/sessions`).set(org.auth).expect(200)).body.data;
    await t.http.put(`/api/class-sessions/${sessions[1].id}`).set(org.auth).send({ roomId: ids.studio2 }).expect(200);
    await t.http.post(`/api/class-sessions/${sessions[2].id}/cancel`).set(org.auth).send({ reason: 'Snow', notify: false }).expect(201);
    const cal = (await week('?week=2031-03-10').expect(200)).body.data;
    expect(cal.weekStart).toBe('2031-03-10');
    const pottery = (cal.sessions as CalendarSession[]).filter((s) => s.classTitle === 'Pottery');
    expect(pottery).toEqual([expect.objectContaining({ sessionId: sessions[1].id, roomId: ids.studio2, status: 'scheduled' })]);
    const next = (await week('?week=2031-03-24').expect(200)).body.data.sessions as CalendarSession[];
    expect(next.filter((s) => s.classTitle === 'Pottery')).toEqual([]);
    const third = (await week('?week=2031-03-17').expect(200)).body.data.sessions as CalendarSession[];
    expect(third.find((s) => s.sessionId === sessions[2].id)).toMatchObject({ status: 'cancelled', roomId: ids.studio1 });
  });

  it("should answer one location's rooms alone", async () => {
    const cal = (await week(`?week=2031-03-05&locationId=${ids.annex}`).expect(200)).body.data;
    expect(cal.rooms.map((r: { id: string }) => r.id)).toEqual([ids.annexRoom]);
    expect((cal.sessions as CalendarSession[]).map((s) => s.classTitle)).toEqual(['Drawing', 'Drawing']);
  });

  it("should answer today's week without a date", async () => {
    const cal = (await week('').expect(200)).body.data;
    expect(new Date(`${cal.weekStart}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(cal.days).toHaveLength(7);
  });

  it('should refuse bad input with a readable 400, another organization’s location with 404, and teachers with 403', async () => {
    for (const q of ['?week=2031-02-30', '?week=next', '?week=2031-3-5', '?locationId=nope', '?colour=red']) {
      const res = await week(q).expect(400);
      expect(typeof res.body.error).toBe('string');
    }
    expect((await week('?week=2031-02-30').expect(400)).body.error).toBe('week must be a date written YYYY-MM-DD');
    await week(`?locationId=${ids.theirs}`).expect(404);
    // The other organization sees its own (empty) calendar, never ours.
    const theirs = (await week('?week=2031-03-05', other).expect(200)).body.data;
    expect(theirs).toMatchObject({ rooms: [], sessions: [] });
    await week(`?locationId=${ids.hall}`, other).expect(404);
    const teacher = await createTeacher(t, org);
    await t.http.get('/api/room-calendar').set(teacher.auth).expect(403);
    await t.http.get('/api/room-calendar').expect(401);
  });
  describe("a teacher's own sessions (GET /api/teacher/my-sessions)", () => {
    const DAY = 86_400_000;
    const mine = (auth: { Authorization: string }, query = '') => t.http.get(`/api/teacher/my-sessions${query}`).set(auth);

    it('should list the sessions of the instructor linked to the teacher, from today on, cancelled ones marked', async () => {
      const teacher = await createTeacher(t, org);
      // Not linked to an instructor yet: nothing of anyone's.
      expect((await mine(teacher.auth).expect(200)).body.data).toMatchObject({ instructors: [], sessions: [] });
      const [user] = await t.db.query('SELECT id FROM users WHERE email = $1', [teacher.email]);
      const tess = (await t.http.post('/api/instructors').set(org.auth).send({ name: 'Tess Teacher', userId: user.id }).expect(201)).body
        .data.id;
      const soon = new Date(Date.now() + DAY).toISOString();
      const later = new Date(Date.now() + 2 * DAY).toISOString();
      const create = async (fields: Record<string, unknown>) =>
        (
          await t.http
            .post('/api/classes')
            .set(org.auth)
            .send(classBody({ location: undefined, ...fields }))
            .expect(201)
        ).body.data.id as string;
      const ceramics = await create({
        title: 'Ceramics',
        startDate: soon,
        days: 3,
        schedule: 'Weekly',
        instructorId: tess,
        roomId: ids.studio1,
      });
      const yoga = await create({
        title: 'Yoga',
        startDate: later,
        days: 2,
        schedule: 'Consecutive',
        instructorId: ids.maria,
        location: 'The park',
      });
      // Maria's second Yoga session is taught by Tess; Ceramics' second session is cancelled.
      const yogaSessions = (await t.http.get(`/api/classes/${yoga}/sessions`).set(org.auth).expect(200)).body.data;
      await t.http.put(`/api/class-sessions/${yogaSessions[1].id}`).set(org.auth).send({ instructorId: tess }).expect(200);
      const ceramicsSessions = (await t.http.get(`/api/classes/${ceramics}/sessions`).set(org.auth).expect(200)).body.data;
      await t.http
        .post(`/api/class-sessions/${ceramicsSessions[1].id}/cancel`)
        .set(org.auth)
        .send({ reason: 'Kiln', notify: false })
        .expect(201);

      const res = await mine(teacher.auth).expect(200);
      const schema = doc.paths['/api/teacher/my-sessions']?.get?.responses?.['200']?.content?.['application/json']?.schema;
      expect(mismatches(doc, schema!, res.body, 'GET /api/teacher/my-sessions 200')).toEqual([]);
      const data = res.body.data;
      expect(data.instructors).toEqual(['Tess Teacher']);
      // Ceramics' third session is 15 days away: past the default fortnight.
      expect(
        data.sessions.map((s: { classTitle: string; sessionIndex: number; status: string }) => [s.classTitle, s.sessionIndex, s.status]),
      ).toEqual([
        ['Ceramics', 0, 'scheduled'],
        ['Yoga', 1, 'scheduled'],
        ['Ceramics', 1, 'cancelled'],
      ]);
      expect(data.sessions[0]).toMatchObject({ classId: ceramics, roomName: 'Studio 1', enrolled: 0, dropIns: 0, capacity: 10 });
      expect(data.sessions[0].date).toBe(
        new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date(data.sessions[0].startsAt)),
      );
      const longer = (await mine(teacher.auth, '?days=20').expect(200)).body.data.sessions;
      expect(longer.map((s: { classTitle: string; sessionIndex: number }) => `${s.classTitle} ${s.sessionIndex}`)).toContain('Ceramics 2');
      // An admin with no instructor record, and another organization's teacher, see none of them.
      expect((await mine(org.auth).expect(200)).body.data.sessions).toEqual([]);
      expect((await mine((await createTeacher(t, other)).auth).expect(200)).body.data).toMatchObject({ instructors: [], sessions: [] });
    });

    it('should refuse a bad number of days with a readable 400', async () => {
      const teacher = await createTeacher(t, org);
      for (const q of ['?days=0', '?days=63', '?days=two', '?days=1.5', '?from=2031-01-01']) {
        const res = await mine(teacher.auth, q).expect(400);
        expect(typeof res.body.error).toBe('string');
      }
      await t.http.get('/api/teacher/my-sessions').expect(401);
    });
  });
  describe('the instructor pay report (GET /api/instructor-pay)', () => {
    const DAY = 86_400_000;
    const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
    const chicago = (at: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date(at));
    const range = `from=${chicago(Date.now() - 30 * DAY)}&to=${chicago(Date.now())}`;
    const instructor = async (name: string, payRule: Record<string, unknown> | null) =>
      (await t.http.post('/api/instructors').set(other.auth).send({ name, payRule }).expect(201)).body.data.id as string;
    const create = async (fields: Record<string, unknown>) =>
      (
        await t.http
          .post('/api/classes')
          .set(other.auth)
          .send(classBody({ location: 'Hall', ...fields }))
          .expect(201)
      ).body.data.id as string;
    const sessionsOf = async (classId: string) =>
      (await t.http.get(`/api/classes/${classId}/sessions`).set(other.auth).expect(200)).body.data as { id: string }[];

    it('should pay each instructor from the sessions held, by their rule, hand-computed, and flag sessions without a roll', async () => {
      // The other organization, so the calendars above stay as they were; its zone is the server's default.
      await t.db.query(`UPDATE organizations SET settings = settings || '{"timeZone":"America/Chicago"}'::jsonb WHERE id = $1`, [
        other.orgId,
      ]);
      const hourly = await instructor('Ann Hourly', { kind: 'per_hour', amount: 30 });
      const heads = await instructor('Ben Heads', {
        kind: 'per_head',
        tiers: [
          { from: 1, amount: 5 },
          { from: 3, amount: 7 },
        ],
      });
      const flat = await instructor('Cy Flat', { kind: 'flat', amount: 200, per: 'class' });
      const none = await instructor('Di None', null);
      // Ann: 90-minute weekly sessions 10 and 3 days ago held, the third (in 4 days) not yet: 2 × 1.5 h × $30 = $90.
      await create({ title: 'Hourly', instructorId: hourly, startDate: ago(10), days: 3, schedule: 'Weekly', duration: 90 });
      // Ben: three students, moved into the past after registering; 3 present in the first session (3 × $7 = $21), no
      // roll in the second ($0, flagged).
      const headsClass = await create({
        title: 'Heads',
        instructorId: heads,
        startDate: new Date(Date.now() + 30 * DAY).toISOString(),
        days: 2,
      });
      const students = [];
      for (let i = 0; i < 3; i++) students.push(await enrollStudent(t, other, headsClass));
      const [h0, h1] = await sessionsOf(headsClass);
      await t.http
        .put(`/api/class-sessions/${h0.id}`)
        .set(other.auth)
        .send({ startsAt: ago(9) })
        .expect(200);
      await t.http
        .put(`/api/class-sessions/${h1.id}`)
        .set(other.auth)
        .send({ startsAt: ago(8) })
        .expect(200);
      for (const st of students)
        await t.db.query(
          'INSERT INTO attendance (organization_id, class_id, student_id, session_index, session_date, attended) VALUES ($1, $2, $3, 0, $4, true)',
          [other.orgId, headsClass, st.id, ago(9)],
        );
      // Cy: one session in each of two classes: $200 per class = $400. A cancelled third class pays nothing.
      await create({ title: 'Flat one', instructorId: flat, startDate: ago(5), days: 1 });
      await create({ title: 'Flat two', instructorId: flat, startDate: ago(4), days: 1 });
      const off = await create({ title: 'Flat off', instructorId: flat, startDate: ago(3), days: 1 });
      await t.http
        .post(`/api/class-sessions/${(await sessionsOf(off))[0].id}/cancel`)
        .set(other.auth)
        .send({ reason: 'Ill', notify: false })
        .expect(201);
      // Di has no rule: listed with what she taught and $0.
      await create({ title: 'Unpaid', instructorId: none, startDate: ago(2), days: 1 });

      const res = await t.http.get(`/api/instructor-pay?${range}`).set(other.auth).expect(200);
      const schema = doc.paths['/api/instructor-pay']?.get?.responses?.['200']?.content?.['application/json']?.schema;
      expect(mismatches(doc, schema!, res.body, 'GET /api/instructor-pay 200')).toEqual([]);
      const r = res.body.data;
      const summary = r.instructors.map((i: Record<string, unknown>) => [
        i.name,
        i.sessionsTaught,
        i.hours,
        i.headcount,
        i.sessionsWithoutRoll,
        i.pay,
      ]);
      expect(summary).toEqual([
        ['Ann Hourly', 2, 3, 0, 2, 90],
        ['Ben Heads', 2, 2, 3, 1, 21],
        ['Cy Flat', 2, 2, 0, 2, 400],
        ['Di None', 1, 1, 0, 1, 0],
      ]);
      expect(r.total).toBe(511);
      expect(r.instructors[1].sessions.map((s: { pay: number; rollTaken: boolean }) => [s.pay, s.rollTaken])).toEqual([
        [21, true],
        [0, false],
      ]);

      const csv = await t.http.get(`/api/instructor-pay?${range}&format=csv`).set(other.auth).expect(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      const lines = csv.text
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe('Instructor,Class,Date,Hours,Headcount,Flag,Pay');
      expect(lines).toContain('Ben Heads: total,2 sessions,,2,3,,21.00');
      expect(lines.filter((l) => l.startsWith('Ben Heads,Heads,')).map((l) => l.split(',').slice(4))).toEqual([
        ['3', '', '21.00'],
        ['', 'No roll taken', '0.00'],
      ]);
      expect(lines.at(-1)).toBe('Total,,,,,,511.00');
      // Our organization's report holds none of theirs.
      expect(
        (await t.http.get(`/api/instructor-pay?${range}`).set(org.auth).expect(200)).body.data.instructors.map(
          (i: { name: string }) => i.name,
        ),
      ).not.toContain('Ann Hourly');
    });

    it('should refuse a bad range with a readable 400, and teachers with 403', async () => {
      for (const q of [
        '',
        '?from=2031-03-01',
        '?from=2031-03-31&to=2031-03-01',
        '?from=2031-02-30&to=2031-03-01',
        '?from=2030-01-01&to=2031-03-01',
        `?${range}&format=pdf`,
      ]) {
        const res = await t.http.get(`/api/instructor-pay${q}`).set(org.auth).expect(400);
        expect(typeof res.body.error).toBe('string');
      }
      const teacher = await createTeacher(t, org);
      await t.http.get(`/api/instructor-pay?${range}`).set(teacher.auth).expect(403);
    });
  });
});
