import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { classBody, createClass, createOrg, createTeacher, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

/** RFC 5545's rules a calendar app relies on: CRLF lines of at most 75 octets, balanced blocks, required fields. */
function parseIcs(text: string) {
  expect(text.endsWith('\r\n')).toBe(true);
  const raw = text.split('\r\n').slice(0, -1);
  for (const line of raw) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  // Unfold continuation lines (a leading space).
  const lines: string[] = [];
  for (const line of raw)
    if (line.startsWith(' ')) lines[lines.length - 1] += line.slice(1);
    else lines.push(line);
  expect(lines[0]).toBe('BEGIN:VCALENDAR');
  expect(lines[lines.length - 1]).toBe('END:VCALENDAR');
  expect(lines).toContain('VERSION:2.0');
  expect(lines.some((l) => l.startsWith('PRODID:'))).toBe(true);
  const events: Record<string, string>[] = [];
  let current: Record<string, string> | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT') {
      events.push(current!);
      current = null;
    } else if (current) {
      const i = line.indexOf(':');
      current[line.slice(0, i).split(';')[0]] = line.slice(i + 1);
    }
  }
  for (const e of events) for (const field of ['UID', 'DTSTAMP', 'DTSTART']) expect(e[field]).toBeDefined();
  return { lines, events };
}

/** Calendar feeds by secret token, for the organization, one class, or a teacher's own classes. */
describe('calendar feeds', () => {
  let t: TestApp;
  let org: OrgFixture;
  let other: OrgFixture;
  let weekly: { id: string };
  let teacher: Awaited<ReturnType<typeof createTeacher>>;
  const make = async (auth: { Authorization: string }, body: object, status = 201) =>
    (await t.http.post('/api/calendar-feeds').set(auth).send(body).expect(status)).body;
  const fetchFeed = (url: string) => t.http.get(new URL(url).pathname);

  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t, { name: 'Clay Studio' });
    other = await createOrg(t);
    teacher = await createTeacher(t, org);
    weekly = await createClass(t, org, { title: 'Pottery, weekly', days: 3, schedule: 'Weekly', instructor: 'Tess Teacher' });
    await createClass(t, org, { title: 'Glazing', days: 1, instructor: 'Luis' });
  });
  afterAll(async () => {
    await t.close();
  });

  it("should serve every session of the organization's classes with stable UIDs, cancellations marked, and an ETag", async () => {
    const feed = (await make(org.auth, { scope: 'organization' })).data;
    expect(feed.url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
    const res = await fetchFeed(feed.url).expect(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const { lines, events } = parseIcs(res.text);
    expect(lines).toContain('X-WR-CALNAME:Clay Studio');
    expect(events).toHaveLength(4);
    const uids = events.map((e) => e.UID);
    expect(uids.filter((u) => u.startsWith(weekly.id)).sort()).toEqual([0, 1, 2].map((n) => `${weekly.id}-${n}@classlane`));
    expect(uids.filter((u) => !u.startsWith(weekly.id))).toEqual([expect.stringMatching(/^[0-9a-f-]{36}-0@classlane$/)]);
    const weeklyStarts = events.filter((e) => e.UID.startsWith(weekly.id)).map((e) => e.DTSTART);
    expect(new Set(weeklyStarts).size).toBe(3);
    expect(events.every((e) => e.STATUS === 'CONFIRMED')).toBe(true);

    // The same content answers the same ETag, and a conditional request gets 304 with no body.
    const etag = res.headers.etag;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    // A second later (DTSTAMP must not follow the clock), the same content answers the same ETag.
    await new Promise((r) => setTimeout(r, 1100));
    const again = await fetchFeed(feed.url).set('If-None-Match', etag).expect(304);
    expect(again.text ?? '').toBe('');

    await t.http
      .put(`/api/classes/${weekly.id}`)
      .set(org.auth)
      .send(classBody({ title: 'Pottery, weekly', days: 3, schedule: 'Weekly', instructor: 'Tess Teacher', status: 'Cancelled' }))
      .expect(200);
    const changed = await fetchFeed(feed.url).set('If-None-Match', etag).expect(200);
    expect(changed.headers.etag).not.toBe(etag);
    const after = parseIcs(changed.text).events;
    // The same UIDs, now cancelled: calendars update the events they have rather than add new ones.
    expect(after.filter((e) => e.UID.startsWith(weekly.id)).map((e) => e.STATUS)).toEqual(['CANCELLED', 'CANCELLED', 'CANCELLED']);
    expect(after.map((e) => e.UID).sort()).toEqual(events.map((e) => e.UID).sort());
    await t.http
      .put(`/api/classes/${weekly.id}`)
      .set(org.auth)
      .send(classBody({ title: 'Pottery, weekly', days: 3, schedule: 'Weekly', instructor: 'Tess Teacher', status: 'Open' }))
      .expect(200);
  });

  it("should serve one class, or a teacher's own classes (those whose instructor is the teacher)", async () => {
    const one = (await make(org.auth, { scope: 'class', classId: weekly.id })).data;
    expect(parseIcs((await fetchFeed(one.url).expect(200)).text).events.map((e) => e.UID)).toEqual(
      [0, 1, 2].map((i) => `${weekly.id}-${i}@classlane`),
    );
    const mine = (await make(teacher.auth, { scope: 'teacher' })).data;
    const events = parseIcs((await fetchFeed(mine.url).expect(200)).text).events;
    expect(events).toHaveLength(3);
    expect(events.every((e) => e.UID.startsWith(weekly.id))).toBe(true);
  });

  it('should stop answering the moment a feed is revoked, and let a teacher revoke only their own', async () => {
    const adminFeed = (await make(org.auth, { scope: 'organization' })).data;
    const teacherFeed = (await make(teacher.auth, { scope: 'teacher' })).data;
    // A teacher lists and revokes their own feeds only.
    const listed = (await t.http.get('/api/calendar-feeds').set(teacher.auth).expect(200)).body.data;
    expect(listed.every((f: { userId: string }) => f.userId === teacherFeed.userId)).toBe(true);
    await t.http.delete(`/api/calendar-feeds/${adminFeed.id}`).set(teacher.auth).expect(404);
    await fetchFeed(adminFeed.url).expect(200);
    await t.http.delete(`/api/calendar-feeds/${teacherFeed.id}`).set(teacher.auth).expect(200);
    await fetchFeed(teacherFeed.url).expect(404);
    const revoked = (await t.http.delete(`/api/calendar-feeds/${adminFeed.id}`).set(org.auth).expect(200)).body.data;
    expect(revoked.revokedAt).toEqual(expect.any(String));
    await fetchFeed(adminFeed.url).expect(404);
    await t.http.get('/api/calendar/not-a-token.ics').expect(404);
    await t.http.get(`/api/calendar/${'A'.repeat(32)}.ics`).expect(404);
  });

  it("should refuse bad input, a teacher's organization feed, and another organization's class or feed", async () => {
    const n = Number((await t.db.query('SELECT count(*) FROM calendar_feeds'))[0].count);
    await make(org.auth, { scope: 'everything' }, 400);
    await make(org.auth, { scope: 'class' }, 400);
    await make(org.auth, { scope: 'organization', classId: weekly.id }, 400);
    await make(org.auth, { scope: 'organization', extra: 1 }, 400);
    await make(teacher.auth, { scope: 'organization' }, 403);
    await make(other.auth, { scope: 'class', classId: weekly.id }, 404);
    expect(Number((await t.db.query('SELECT count(*) FROM calendar_feeds'))[0].count)).toBe(n);
    const feed = (await make(org.auth, { scope: 'organization' })).data;
    await t.http.delete(`/api/calendar-feeds/${feed.id}`).set(other.auth).expect(404);
    expect((await t.http.get('/api/calendar-feeds').set(other.auth).expect(200)).body.data).toEqual([]);
    await fetchFeed(feed.url).expect(200);
  });
});
