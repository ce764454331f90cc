import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { statementRecorder } from '../fixtures/statement-recorder.fixture';
import { createClass, createOrg, registerBody, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

/**
 * How an instance keeps its copy of the public class list during an opening: thousands of loads while a seat is taken
 * every few milliseconds. Concurrent misses share one read; a seat taken refreshes the copy from the seat columns
 * alone (not the whole rows), and only once a second; nothing shown is older than a few seconds, whoever wrote it.
 * Statements are counted by wrapping the pg client every connection of this process uses (the jobs are off).
 */
describe('public class list refresh under an opening', () => {
  let t: TestApp;
  let org: OrgFixture;
  const statements = statementRecorder();

  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t, { plan: 'essential' });
    statements.install();
  });
  afterAll(async () => {
    statements.restore();
    await t.close();
  });

  const list = () => t.http.get('/api/classes').query({ organizationId: org.orgId });
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  /** Everything the fake timers could replace but `Date`. */
  const REAL_TIME_APIS = [
    'hrtime',
    'nextTick',
    'performance',
    'queueMicrotask',
    'requestAnimationFrame',
    'cancelAnimationFrame',
    'requestIdleCallback',
    'cancelIdleCallback',
    'setImmediate',
    'clearImmediate',
    'setInterval',
    'clearInterval',
    'setTimeout',
    'clearTimeout',
  ] as const;
  /** The whole list read (TypeORM's select of every column), as opposed to the seat columns' read. */
  const wholeReads = (seen: string[]) => seen.filter((s) => /FROM "classes" "c"/.test(s)).length;
  const seatReads = (seen: string[]) => seen.filter((s) => /SELECT id, enrolled_students AS "enrolledStudents", status/.test(s)).length;
  const seatsOf = (body: { data: { id: string; enrolledStudents: number }[] }, id: string) =>
    body.data.find((c) => c.id === id)?.enrolledStudents;

  it('should read the list once for many concurrent misses', async () => {
    await createClass(t, org, { title: 'Crowd' }); // a class write drops the copy: the next loads all miss
    // The table held by another transaction keeps the first read waiting, as a busy database would, while the other
    // loads arrive.
    const blocker = t.db.createQueryRunner();
    await blocker.startTransaction();
    await blocker.query('LOCK TABLE classes IN ACCESS EXCLUSIVE MODE');
    statements.start();
    const pending = Promise.all(Array.from({ length: 25 }, () => list()));
    await sleep(500);
    await blocker.commitTransaction();
    await blocker.release();
    const replies = await pending;
    const seen = statements.take();
    expect(replies.map((r) => r.status)).toEqual(Array(25).fill(200));
    expect(new Set(replies.map((r) => r.headers.etag)).size).toBe(1);
    expect(wholeReads(seen)).toBe(1);
  });

  it('should refresh the seats of its copy from the seat columns alone, to the same bytes as a whole read', async () => {
    const c = await createClass(t, org, { title: 'Seats', maxStudents: 1 });
    // The copy's ages are read from the clock: only `Date` is frozen and moved by hand (timers, sockets and the database
    // run on real time), so a slow registration on a loaded machine cannot age the copy past its lifetime meanwhile.
    jest.useFakeTimers({ doNotFake: [...REAL_TIME_APIS], now: Date.now() });
    try {
      const first = await list().expect(200);
      const readAt = Date.now();
      expect(seatsOf(first.body, c.id)).toBe(0);
      statements.start();
      await t.http.post('/api/students/register').send(registerBody(org.orgId, c.id)).expect(201);
      // Within a second of the read the copy is served as it is (an opening takes a seat every few milliseconds).
      const early = await list().set('If-None-Match', first.headers.etag);
      expect(early.status).toBe(304);
      // A second after the read (and well before the copy's two-second lifetime ends), its seats are due.
      jest.setSystemTime(readAt + 1150);
      // The load that finds the seats due starts the refresh; the refresh is one query and ends in milliseconds.
      await list();
      let after = await list();
      for (let i = 0; i < 40 && seatsOf(after.body, c.id) !== 1; i++) after = await sleep(50).then(() => list());
      const seen = statements.take();
      expect(seatsOf(after.body, c.id)).toBe(1);
      // Full: the class closed itself, and the list says so (status and waitlist come with the seats).
      expect(after.body.data.find((x: { id: string }) => x.id === c.id)).toMatchObject({ status: 'Closed', waitlistOpen: true });
      expect(seatReads(seen)).toBeGreaterThanOrEqual(1);
      expect(wholeReads(seen)).toBe(0);

      // The whole list, read again once the copy is past its lifetime, gives exactly the patched bytes.
      jest.setSystemTime(readAt + 1150 + 2100);
      await list();
      let whole = await list();
      for (let i = 0; i < 40 && Number(whole.headers.age) > 1; i++) whole = await sleep(50).then(() => list());
      expect(whole.text).toBe(after.text);
      expect(whole.headers.etag).toBe(after.headers.etag);
    } finally {
      jest.useRealTimers();
    }
  });

  it('should show a change written by another instance within three seconds, and never serve an older copy', async () => {
    const c = await createClass(t, org, { title: 'Before' });
    await list().expect(200);
    // Another instance shares the database but not this process's copy: an edit there, and a seat taken there.
    await t.db.query(`UPDATE classes SET title = 'After', updated_at = now() WHERE id = $1`, [c.id]);
    await t.db.query(`UPDATE classes SET enrolled_students = 1, updated_at = now() WHERE id = $1`, [c.id]);
    const changed = Date.now();
    let seen = await list();
    while (seen.body.data.find((x: { id: string }) => x.id === c.id)?.title !== 'After' && Date.now() - changed < 5000) {
      expect(Number(seen.headers.age)).toBeLessThanOrEqual(3);
      await sleep(100);
      seen = await list();
    }
    expect(Date.now() - changed).toBeLessThan(3500);
    expect(seen.body.data.find((x: { id: string }) => x.id === c.id)).toMatchObject({ title: 'After', enrolledStudents: 1 });
  });

  it('should refresh by a whole read when a class was edited elsewhere while a seat moved here', async () => {
    const a = await createClass(t, org, { title: 'Edited elsewhere' });
    const b = await createClass(t, org, { title: 'Busy', maxStudents: 5 });
    await list().expect(200);
    const readAt = Date.now();
    // Another instance's edit that changed no seat: the seat columns alone cannot show it.
    await t.db.query(`UPDATE classes SET description = 'New words', updated_at = now() WHERE id = $1`, [a.id]);
    await t.http.post('/api/students/register').send(registerBody(org.orgId, b.id)).expect(201);
    await sleep(Math.max(0, readAt + 1150 - Date.now()));
    await list();
    let after = await list();
    for (let i = 0; i < 20 && seatsOf(after.body, b.id) !== 1; i++) after = await sleep(50).then(() => list());
    expect(seatsOf(after.body, b.id)).toBe(1);
    expect(after.body.data.find((x: { id: string }) => x.id === a.id).description).toBe('New words');
  });

  it('should answer a class page from the list copy without a statement, byte for byte what the database read gives', async () => {
    const plain = await createClass(t, org, { title: 'Plain page', maxStudents: 3 });
    // A class with an opening carries the organization's time zone on its page; one without carries none.
    const opening = await createClass(t, org, {
      title: 'Opening page',
      registrationOpensAt: new Date(Date.now() - 3600_000).toISOString(),
    });
    const page = (id: string) => t.http.get(`/api/classes/${id}`).query({ organizationId: org.orgId });
    // No list copy since the classes were written: the pages are read from the database (and their forms kept).
    const fromDb = [await page(plain.id).expect(200), await page(opening.id).expect(200)];
    expect(fromDb[1].body.data.registrationWindow.timeZone).toBeTruthy();
    expect(fromDb[0].body.data.registrationWindow.timeZone).toBeNull();
    await list().expect(200);
    statements.start();
    const fromCopy = [await page(plain.id).expect(200), await page(opening.id).expect(200)];
    const seen = statements.take();
    expect(seen).toEqual([]);
    for (const i of [0, 1]) {
      expect(fromCopy[i].text).toBe(fromDb[i].text);
      expect(fromCopy[i].headers.etag).toBe(fromDb[i].headers.etag);
      expect(fromCopy[i].headers['cache-control']).toBe(fromDb[i].headers['cache-control']);
      expect(Number(fromCopy[i].headers.age)).toBeLessThanOrEqual(3);
    }
    await page(plain.id).set('If-None-Match', fromDb[0].headers.etag).expect(304);

    // A seat taken shows on the page as on the list: about a second later.
    const readAt = Date.now();
    await t.http.post('/api/students/register').send(registerBody(org.orgId, plain.id)).expect(201);
    await sleep(Math.max(0, readAt + 1150 - Date.now()));
    let after = await page(plain.id);
    for (let i = 0; i < 20 && after.body.data.enrolledStudents !== 1; i++) after = await sleep(50).then(() => page(plain.id));
    expect(after.body.data.enrolledStudents).toBe(1);
    expect(after.headers.etag).not.toBe(fromDb[0].headers.etag);
    // Another organization's id in the link finds nothing, from the copy or not.
    const other = await createOrg(t);
    await t.http.get(`/api/classes/${plain.id}`).query({ organizationId: other.orgId }).expect(404);
  });

  it('should keep serving a class page from memory past the lifetime of its form copy while the form is read again', async () => {
    // An organization of its own: the earlier tests' organization has a form copy read at some real moment before the
    // clock is frozen, which could lapse by the time the clock is moved (the page then read from the database).
    const own = await createOrg(t, { plan: 'essential' });
    const c = await createClass(t, own, { title: 'Often opened' });
    const page = () => t.http.get(`/api/classes/${c.id}`).query({ organizationId: own.orgId }).expect(200);
    const ownList = () => t.http.get('/api/classes').query({ organizationId: own.orgId });
    // The copies' ages are read from the clock: only `Date` is frozen and moved by hand (timers, sockets and the
    // database run on real time), so a slow machine cannot age a copy past its bounds between two requests.
    jest.useFakeTimers({ doNotFake: [...REAL_TIME_APIS], now: Date.now() });
    try {
      const fromDb = await page();
      expect(fromDb.headers.age).toBeUndefined(); // read from the database: no Age
      await ownList().expect(200);
      expect((await page()).headers.age).toBeDefined(); // from the list copy
      // The form copy is 2.2 s old (past its 2 s): the page still comes from memory (the form is read again in the
      // background), as the list copy, also past its 2 s, starts its own refresh.
      jest.setSystemTime(Date.now() + 2200);
      await ownList().expect(200);
      const later = await page();
      expect(later.headers.age).toBeDefined();
      expect(later.text).toBe(fromDb.text);
    } finally {
      jest.useRealTimers();
    }
  });
});
