import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { classBody, createOrg, createTeacher, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

type Feed = { id: string; url: string };

/** The events of an ICS text by UID, lines unfolded. */
function eventsOf(text: string): Map<string, Record<string, string>> {
  const lines: string[] = [];
  for (const line of text.split('\r\n'))
    if (line.startsWith(' ')) lines[lines.length - 1] += line.slice(1);
    else lines.push(line);
  const events = new Map<string, Record<string, string>>();
  let current: Record<string, string> | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT') {
      events.set(current!.UID, current!);
      current = null;
    } else if (current) {
      const i = line.indexOf(':');
      current[line.slice(0, i).split(';')[0]] = line.slice(i + 1);
    }
  }
  return events;
}
const icsTime = (iso: string) => iso.replace(/[-:]/g, '').replace('.000', '');

/**
 * The teacher's calendar file (issue 39 §2): the sessions they teach by their instructor record (a substitute's
 * session leaves it, one they cover joins it), moves and cancellations shown, the secret URL rotated.
 */
describe("a teacher's calendar feed", () => {
  let t: TestApp;
  let org: OrgFixture;
  let other: OrgFixture;
  let teacher: Awaited<ReturnType<typeof createTeacher>>;
  let feed: Feed;
  const ids: Record<string, string> = {};
  const sessions: Record<string, { id: string; startsAt: string }[]> = {};
  const post = async (path: string, body: object, o = org) =>
    (await t.http.post(`/api/${path}`).set(o.auth).send(body).expect(201)).body.data;
  const read = async (url: string, status = 200) => (await t.http.get(new URL(url).pathname).expect(status)).text;
  const soon = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().replace(/\.\d{3}Z$/, '.000Z');

  beforeAll(async () => {
    t = await createTestApp({ JOBS_ENABLED: 'false' });
    org = await createOrg(t, { name: 'Clay Studio' });
    other = await createOrg(t);
    teacher = await createTeacher(t, org); // Tess Teacher
    const [user] = await t.db.query('SELECT id FROM users WHERE email = $1', [teacher.email]);
    ids.tess = (await post('instructors', { name: 'Tess Teacher', userId: user.id })).id;
    ids.maria = (await post('instructors', { name: 'Maria Lopez' })).id;
    const hall = (await post('locations', { name: 'Hall' })).id;
    ids.studio = (await post('rooms', { locationId: hall, name: 'Studio 1' })).id;
    ids.studio2 = (await post('rooms', { locationId: hall, name: 'Studio 2' })).id;
    const create = async (fields: Record<string, unknown>) =>
      (
        await t.http
          .post('/api/classes')
          .set(org.auth)
          .send(classBody({ location: undefined, ...fields }))
          .expect(201)
      ).body.data.id as string;
    ids.ceramics = await create({
      title: 'Ceramics',
      startDate: soon(3),
      days: 3,
      schedule: 'Weekly',
      instructorId: ids.tess,
      roomId: ids.studio,
    });
    ids.yoga = await create({
      title: 'Yoga',
      startDate: soon(4),
      days: 2,
      schedule: 'Consecutive',
      instructorId: ids.maria,
      location: 'The park',
    });
    for (const c of ['ceramics', 'yoga'])
      sessions[c] = (await t.http.get(`/api/classes/${ids[c]}/sessions`).set(org.auth).expect(200)).body.data;
    feed = await post('calendar-feeds', { scope: 'teacher' }, { ...org, auth: teacher.auth });
  });
  afterAll(async () => {
    await t.close();
  });

  it('should hold the sessions the teacher teaches by their instructor record, substitutes and cancellations included', async () => {
    // Maria covers Ceramics' third session; Tess covers Yoga's second; Ceramics' second is cancelled.
    await t.http.put(`/api/class-sessions/${sessions.ceramics[2].id}`).set(org.auth).send({ instructorId: ids.maria }).expect(200);
    await t.http.put(`/api/class-sessions/${sessions.yoga[1].id}`).set(org.auth).send({ instructorId: ids.tess }).expect(200);
    await t.http
      .post(`/api/class-sessions/${sessions.ceramics[1].id}/cancel`)
      .set(org.auth)
      .send({ reason: 'Kiln', notify: false })
      .expect(201);
    const events = eventsOf(await read(feed.url));
    expect([...events.keys()].sort()).toEqual(
      [`${ids.ceramics}-0@classlane`, `${ids.ceramics}-1@classlane`, `${ids.yoga}-1@classlane`].sort(),
    );
    const first = events.get(`${ids.ceramics}-0@classlane`)!;
    // The class's count, not the feed's: the teacher's calendar still says which session of the class it is.
    expect(first).toMatchObject({ SUMMARY: 'Ceramics (session 1 of 3)', STATUS: 'CONFIRMED', LOCATION: 'Hall — Studio 1' });
    expect(first.DTSTART).toBe(icsTime(sessions.ceramics[0].startsAt));
    expect(events.get(`${ids.ceramics}-1@classlane`)!.STATUS).toBe('CANCELLED');
    expect(events.get(`${ids.yoga}-1@classlane`)!.SUMMARY).toBe('Yoga (session 2 of 2)');
  });

  it('should show a moved session at its new time and room, with a new ETag', async () => {
    const before = await t.http.get(new URL(feed.url).pathname).expect(200);
    const movedTo = new Date(new Date(sessions.ceramics[0].startsAt).getTime() + 2 * 3600_000).toISOString();
    await t.http
      .put(`/api/class-sessions/${sessions.ceramics[0].id}`)
      .set(org.auth)
      .send({ startsAt: movedTo, roomId: ids.studio2 })
      .expect(200);
    const after = await t.http.get(new URL(feed.url).pathname).set('If-None-Match', before.headers.etag).expect(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(eventsOf(after.text).get(`${ids.ceramics}-0@classlane`)).toMatchObject({
      DTSTART: icsTime(movedTo),
      LOCATION: 'Hall — Studio 2',
    });
  });

  it('should rotate the secret: a new URL with the same events, the old one 404 at once', async () => {
    const text = await read(feed.url);
    const rotated = (await t.http.post(`/api/calendar-feeds/${feed.id}/rotate`).set(teacher.auth).expect(201)).body.data;
    expect(rotated).toMatchObject({ id: feed.id, scope: 'teacher' });
    expect(rotated.url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
    expect(rotated.url).not.toBe(feed.url);
    await read(feed.url, 404);
    expect([...eventsOf(await read(rotated.url)).keys()].sort()).toEqual([...eventsOf(text).keys()].sort());
    feed = rotated;
  });

  it("should refuse to rotate another user's, another organization's or a revoked feed, and a bad id", async () => {
    const colleague = await createTeacher(t, org);
    await t.http.post(`/api/calendar-feeds/${feed.id}/rotate`).set(colleague.auth).expect(404);
    await t.http.post(`/api/calendar-feeds/${feed.id}/rotate`).set(other.auth).expect(404);
    await t.http.post('/api/calendar-feeds/not-a-uuid/rotate').set(teacher.auth).expect(404);
    await read(feed.url);
    await t.http.delete(`/api/calendar-feeds/${feed.id}`).set(teacher.auth).expect(200);
    await t.http.post(`/api/calendar-feeds/${feed.id}/rotate`).set(org.auth).expect(404);
    await read(feed.url, 404);
  });
});
