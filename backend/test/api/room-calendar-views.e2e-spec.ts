import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { classBody, createOrg, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

type Row = { classId: string; roomId: string | null; instructorId: string | null; startsAt: string };

/** The admin calendar's month and by-instructor views (issue 39 §2), in the organization's zone (America/Chicago). */
describe('room calendar: month and by instructor', () => {
  let t: TestApp;
  let org: OrgFixture;
  let other: OrgFixture;
  const ids: Record<string, string> = {};
  const cal = (query: string, o = org, status = 200) => t.http.get(`/api/room-calendar?${query}`).set(o.auth).expect(status);
  const titles = (rows: Row[]) => rows.map((r) => Object.entries(ids).find(([, id]) => id === r.classId)?.[0]);

  beforeAll(async () => {
    t = await createTestApp({ JOBS_ENABLED: 'false' });
    org = await createOrg(t, { plan: 'professional' });
    other = await createOrg(t, { plan: 'professional' });
    const post = async (path: string, body: object) =>
      (await t.http.post(`/api/${path}`).set(org.auth).send(body).expect(201)).body.data.id;
    const hall = await post('locations', { name: 'Hall' });
    ids.studio = await post('rooms', { locationId: hall, name: 'Studio 1' });
    ids.maria = await post('instructors', { name: 'Maria Lopez' });
    ids.tess = await post('instructors', { name: 'Tess Teacher' });
    const create = async (fields: Record<string, unknown>) =>
      (
        await t.http
          .post('/api/classes')
          .set(org.auth)
          .send(classBody({ location: undefined, ...fields }))
          .expect(201)
      ).body.data.id as string;
    // Mondays 3, 10 and 17 March 2031 at 18:30 Chicago time.
    ids.pottery = await create({
      title: 'Pottery',
      startDate: '2031-03-04T00:30:00.000Z',
      days: 3,
      schedule: 'Weekly',
      roomId: ids.studio,
      instructorId: ids.maria,
    });
    // No room: in the park, Thursday 20 March.
    ids.yoga = await create({
      title: 'Yoga',
      startDate: '2031-03-20T15:00:00.000Z',
      days: 1,
      location: 'The park',
      instructorId: ids.tess,
    });
    // April: outside March.
    ids.april = await create({
      title: 'April',
      startDate: '2031-04-02T15:00:00.000Z',
      days: 1,
      roomId: ids.studio,
      instructorId: ids.maria,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it("should answer a month by room: every day of the month, the rooms' sessions only", async () => {
    const res = (await cal('week=2031-03-15&period=month')).body.data;
    expect(res).toMatchObject({ period: 'month', by: 'room', weekStart: '2031-03-01', weekEnd: '2031-03-31', instructors: [] });
    expect(res.days).toHaveLength(31);
    expect(titles(res.sessions)).toEqual(['pottery', 'pottery', 'pottery']);
    expect(res.sessions.every((s: Row) => s.roomId === ids.studio && s.instructorId === ids.maria)).toBe(true);
    // February has 28 days in 2031; the week view is unchanged by default.
    expect((await cal('week=2031-02-10&period=month')).body.data).toMatchObject({ weekStart: '2031-02-01', weekEnd: '2031-02-28' });
    expect((await cal('week=2031-03-05')).body.data).toMatchObject({ period: 'week', weekStart: '2031-03-03', weekEnd: '2031-03-09' });
  });

  it('should answer by instructor: every instructor, and their sessions with or without a room', async () => {
    const month = (await cal('week=2031-03-01&period=month&by=instructor')).body.data;
    expect(month.instructors).toEqual([
      { id: ids.maria, name: 'Maria Lopez' },
      { id: ids.tess, name: 'Tess Teacher' },
    ]);
    expect(titles(month.sessions)).toEqual(['pottery', 'pottery', 'pottery', 'yoga']);
    expect(month.sessions[3]).toMatchObject({ roomId: null, instructorId: ids.tess });
    // The week of Thursday 20 March: Monday 17's Pottery (after the change to daylight time) and Thursday's Yoga.
    const week = (await cal('week=2031-03-20&by=instructor')).body.data;
    expect(week).toMatchObject({ period: 'week', by: 'instructor', weekStart: '2031-03-17', weekEnd: '2031-03-23' });
    expect(titles(week.sessions)).toEqual(['pottery', 'yoga']);
    // Another organization sees none of it.
    const theirs = (await cal('week=2031-03-01&period=month&by=instructor', other)).body.data;
    expect([theirs.instructors, theirs.sessions]).toEqual([[], []]);
  });

  it('should refuse a period or view it does not know with a readable 400', async () => {
    expect((await cal('period=year', org, 400)).body.error).toContain('period must be week or month');
    expect((await cal('by=teacher', org, 400)).body.error).toContain('by must be room or instructor');
  });
});
