import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { registerBody, studentBody, type OrgFixture } from '../fixtures/org.fixture';
import { WaitingRoomTickets } from '../../src/modules/waiting-room/waiting-room-tickets';
import { WaitingRoomJobs } from '../../src/modules/waiting-room/waiting-room.jobs';
import { LINE_KEPT_MS, WaitingRoomService } from '../../src/modules/waiting-room/waiting-room.service';
import { cardClass, cardOrg, intentBody, startCardWorld, type CardWorld } from './card-payments.helpers';
import { entry, freeSeat, fullClass, join, joinBody, tokensOf } from './waitlist.helpers';

const SEC = 1000;
const MIN = 60 * SEC;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The opening's waiting room: places in line from two instances sharing one database, the check every public seat
 * path makes with the ticket, its boundaries and the organization's settings. Openings are set relative to now (a
 * class's own opening time written straight in its row), so nothing depends on the hour the suite runs at; each test
 * has its own organization.
 */
describe('the opening waiting room', () => {
  let w: CardWorld;

  beforeAll(async () => {
    w = await startCardWorld({ instances: 2 });
  });
  afterAll(async () => {
    await w.close();
  });

  type Org = Awaited<ReturnType<typeof cardOrg>>;
  const roomOrg = async (settings: Record<string, unknown> = {}): Promise<Org> => {
    const org = await cardOrg(w.a);
    await w.a.http
      .put('/api/settings')
      .set(org.auth)
      .send({ waitingRoom: true, ...settings })
      .expect(200);
    return org;
  };
  /** A class of `org` whose own opening is `opensInMs` from now (negative: already open). */
  const openingClass = async (org: OrgFixture, opensInMs: number, overrides: Record<string, unknown> = {}) => {
    const cls = await cardClass(w.a, org, { maxStudents: 50, ...overrides });
    await setOpening(cls.id, opensInMs);
    return cls;
  };
  const setOpening = (classId: string, opensInMs: number) =>
    w.a.db.query('UPDATE classes SET registration_opens_at = $2 WHERE id = $1', [classId, new Date(Date.now() + opensInMs)]);
  const opensAtOf = async (classId: string) =>
    new Date((await w.a.db.query('SELECT registration_opens_at FROM classes WHERE id = $1', [classId]))[0].registration_opens_at);
  const take = (org: OrgFixture, classId: string, t = w.a) =>
    t.http.post(`/api/public/organizations/${org.orgId}/waiting-room/tickets`).send({ classId });
  const register = (org: OrgFixture, classId: string, extra: Record<string, unknown> = {}, t = w.a) =>
    t.http.post('/api/students/register').send({ ...registerBody(org.orgId, classId), ...extra });
  const signer = () => w.a.app.get(WaitingRoomTickets);

  describe('taking a place in line', () => {
    it('should give 40 concurrent requests on two instances the places 1..40, let in exactly 60000/rate ms apart from the opening', async () => {
      const org = await roomOrg({ waitingRoomAdmitPerMinute: 600 }); // one every 100 ms
      // As late before the opening as a place may be taken, so the 40 places are all given before it comes.
      const cls = await openingClass(org, 4.5 * SEC);
      const opensAt = await opensAtOf(cls.id);
      const replies = await Promise.all(Array.from({ length: 40 }, (_, i) => take(org, cls.id, i % 2 ? w.b : w.a)));
      for (const r of replies) expect(r.status).toBe(201);
      const places = replies.map((r) => r.body.data).sort((x, y) => x.position - y.position);
      expect(places.map((p) => p.position)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
      places.forEach((p, i) => {
        expect(p.opensAt).toBe(opensAt.toISOString());
        expect(new Date(p.admitAt).getTime()).toBe(opensAt.getTime() + i * 100);
        expect(new Date(p.expiresAt).getTime()).toBe(new Date(p.admitAt).getTime() + 30 * MIN);
        expect(p.ticket.length).toBeLessThanOrEqual(300);
        // The rate the turns were spaced by, so the page can count the people ahead.
        expect(p.admitPerMinute).toBe(600);
      });
      expect(new Set(places.map((p) => p.ticket)).size).toBe(40);
    });

    it('should let the first place in now when the opening has passed, and share one line between classes opening together', async () => {
      const org = await roomOrg({ waitingRoomAdmitPerMinute: 30 }); // one every 2 s
      const first = await openingClass(org, -10 * SEC);
      const second = await cardClass(w.a, org, { maxStudents: 5 });
      await w.a.db.query('UPDATE classes SET registration_opens_at = $2 WHERE id = $1', [second.id, await opensAtOf(first.id)]);
      const before = Date.now();
      const a = (await take(org, first.id).expect(201)).body.data;
      const b = (await take(org, second.id, w.b).expect(201)).body.data;
      expect(new Date(a.admitAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(new Date(a.admitAt).getTime()).toBeLessThanOrEqual(Date.now() + 1000);
      expect(b.position).toBe(a.position + 1);
      expect(new Date(b.admitAt).getTime() - new Date(a.admitAt).getTime()).toBe(2 * SEC);
      expect([a.admitPerMinute, b.admitPerMinute]).toEqual([30, 30]);
    });

    it('should answer REGISTRATION_NOT_OPEN more than 5 s before the opening, and a place from 5 s before', async () => {
      const org = await roomOrg();
      const cls = await openingClass(org, 6 * SEC + 500);
      const early = await take(org, cls.id).expect(409);
      expect(early.body).toMatchObject({ code: 'REGISTRATION_NOT_OPEN', opensAt: (await opensAtOf(cls.id)).toISOString() });
      expect(early.body.error).toMatch(/^Registration for Pottery 101 opens \w+day, \w+ \d{1,2} at \d{1,2}:\d{2} (AM|PM)\.$/);
      await setOpening(cls.id, 4 * SEC);
      const place = (await take(org, cls.id).expect(201)).body.data;
      expect(place.admitAt).toBe((await opensAtOf(cls.id)).toISOString());
      // The organization's default rate.
      expect(place.admitPerMinute).toBe(1800);
    });

    it('should answer NO_WAITING_ROOM when the organization has it off, the class has no opening, or the room is over', async () => {
      const off = await cardOrg(w.a);
      const offClass = await openingClass(off, -MIN);
      const res = await take(off, offClass.id).expect(409);
      expect(res.body).toMatchObject({
        code: 'NO_WAITING_ROOM',
        error: 'Registration for Pottery 101 does not go through a waiting room now.',
      });
      const org = await roomOrg({ waitingRoomMinutes: 5 });
      const noOpening = await cardClass(w.a, org);
      expect((await take(org, noOpening.id).expect(409)).body.code).toBe('NO_WAITING_ROOM');
      const over = await openingClass(org, -5 * MIN);
      expect((await take(org, over.id).expect(409)).body.code).toBe('NO_WAITING_ROOM');
      // At its end and after it, registration goes on without a ticket.
      await register(org, over.id).expect(201);
      // Just before its end, the room still stands.
      const ending = await openingClass(org, -5 * MIN + 10 * SEC);
      expect((await register(org, ending.id).expect(409)).body.code).toBe('WAITING_ROOM');
      await take(org, ending.id).expect(201);
    });

    it("should not find another organization's class (or an unknown organization) and refuse bad input", async () => {
      const org = await roomOrg();
      const other = await roomOrg();
      const theirs = await openingClass(other, -MIN);
      await take(org, theirs.id).expect(404);
      await w.a.http
        .post('/api/public/organizations/7d3c2a4e-1b2f-4c3d-9e8f-0a1b2c3d4e5f/waiting-room/tickets')
        .send({ classId: theirs.id })
        .expect(404);
      await w.a.http.post(`/api/public/organizations/${org.orgId}/waiting-room/tickets`).send({ classId: 'nope' }).expect(400);
      await w.a.http.post(`/api/public/organizations/${org.orgId}/waiting-room/tickets`).send({}).expect(400);
      await w.a.http
        .post(`/api/public/organizations/${org.orgId}/waiting-room/tickets`)
        .send({ classId: theirs.id, position: 1 })
        .expect(400);
      // A malformed organization id is an unknown one (the route parameters' convention).
      await w.a.http.post('/api/public/organizations/not-an-id/waiting-room/tickets').send({ classId: theirs.id }).expect(404);
      const rows = await w.a.db.query('SELECT 1 FROM waiting_room_lines WHERE organization_id = $1', [org.orgId]);
      expect(rows).toHaveLength(0);
    });
    it("should answer from the instance's list copy as from the database, within the copy's bounds, and not find another organization's class through it", async () => {
      const org = await roomOrg({ waitingRoomAdmitPerMinute: 600 });
      const other = await roomOrg();
      const theirs = await openingClass(other, -MIN);
      const cls = await openingClass(org, -MIN);
      const late = await openingClass(org, 10 * MIN);
      // Instance a holds the organization's public list (as it does once the people arriving have loaded it); b does not.
      await w.a.http.get(`/api/classes?organizationId=${org.orgId}`).expect(200);
      const fromCopy = (await take(org, cls.id).expect(201)).body.data;
      const fromDb = (await take(org, cls.id, w.b).expect(201)).body.data;
      expect(fromCopy.opensAt).toBe((await opensAtOf(cls.id)).toISOString());
      expect(fromDb.position).toBe(fromCopy.position + 1);
      expect(new Date(fromDb.admitAt).getTime() - new Date(fromCopy.admitAt).getTime()).toBeGreaterThanOrEqual(100);
      const early = [await take(org, late.id).expect(409), await take(org, late.id, w.b).expect(409)];
      expect(early[0].body).toEqual(early[1].body);
      expect(early[0].body.code).toBe('REGISTRATION_NOT_OPEN');
      await take(org, theirs.id).expect(404);
      // An opening moved elsewhere (a write on another instance, here straight in the row) reaches a's copy within its
      // bounds: b, reading, sees it at once; a sees it once its copy is read again (at most 3 s).
      await setOpening(late.id, -MIN);
      await take(org, late.id, w.b).expect(201);
      expect((await take(org, late.id).expect(409)).body.code).toBe('REGISTRATION_NOT_OPEN');
      await sleep(3.1 * SEC);
      await w.a.http.get(`/api/classes?organizationId=${org.orgId}`).expect(200);
      await take(org, late.id).expect(201);
      // Settings written on a drop its copy at once: the room off is seen by the very next place.
      await w.a.http.put('/api/settings').set(org.auth).send({ waitingRoom: false }).expect(200);
      await w.a.http.get(`/api/classes?organizationId=${org.orgId}`).expect(200);
      expect((await take(org, cls.id).expect(409)).body.code).toBe('NO_WAITING_ROOM');
    });

    it('should give a burst on one instance consecutive places sent together, each let in one step after the other', async () => {
      const org = await roomOrg({ waitingRoomAdmitPerMinute: 1200 }); // one every 50 ms
      const cls = await openingClass(org, -MIN);
      await w.a.http.get(`/api/classes?organizationId=${org.orgId}`).expect(200);
      const replies = await Promise.all(Array.from({ length: 60 }, () => take(org, cls.id)));
      const places = replies.map((r) => r.body.data).sort((x, y) => x.position - y.position);
      expect(places.map((p) => p.position)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
      for (let i = 1; i < places.length; i++)
        expect(new Date(places[i].admitAt).getTime() - new Date(places[i - 1].admitAt).getTime()).toBe(50);
      const [line] = await w.a.db.query('SELECT issued, last_admit_at FROM waiting_room_lines WHERE organization_id = $1', [org.orgId]);
      expect(line.issued).toBe(60);
      expect(new Date(line.last_admit_at).toISOString()).toBe(places[59].admitAt);
    });
  });

  describe('registering during the waiting room', () => {
    it('should refuse a registration without a ticket, with a forged one, another organization’s or another opening’s', async () => {
      const org = await roomOrg();
      const cls = await openingClass(org, -MIN);
      const opensAt = await opensAtOf(cls.id);
      const none = await register(org, cls.id).expect(409);
      expect(none.body).toMatchObject({
        code: 'WAITING_ROOM',
        error: 'Registration for Pottery 101 is through the waiting room: take your place in line first.',
        waitingRoomUntil: new Date(opensAt.getTime() + 60 * MIN).toISOString(),
      });
      const mine: string = (await take(org, cls.id).expect(201)).body.data.ticket;
      const sig = mine.slice(-22);
      const forged = mine.slice(0, -22) + (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
      expect((await register(org, cls.id, { waitingRoomTicket: forged }).expect(409)).body.code).toBe('WAITING_ROOM');
      const other = await roomOrg();
      const theirs = await openingClass(other, -MIN);
      const theirTicket: string = (await take(other, theirs.id).expect(201)).body.data.ticket;
      expect((await register(org, cls.id, { waitingRoomTicket: theirTicket }).expect(409)).body.code).toBe('WAITING_ROOM');
      const otherOpening = signer().issue({
        organizationId: org.orgId,
        opensAt: new Date(opensAt.getTime() - MIN),
        admitAt: new Date(Date.now() - MIN),
        position: 1,
      });
      expect((await register(org, cls.id, { waitingRoomTicket: otherOpening }).expect(409)).body.code).toBe('WAITING_ROOM');
      expect((await register(org, cls.id, { waitingRoomTicket: 'x'.repeat(301) }).expect(400)).body.errors).toHaveProperty(
        'waitingRoomTicket',
      );
      // Nothing was taken.
      expect((await w.a.http.get(`/api/classes/${cls.id}`).set(org.auth).expect(200)).body.data.enrolledStudents).toBe(0);
      await register(org, cls.id, { waitingRoomTicket: mine }).expect(201);
    });

    it('should answer WAITING_ROOM_NOT_YET before the turn, take the registration from it, twice on one ticket, and refuse it expired', async () => {
      const org = await roomOrg({ waitingRoomAdmitPerMinute: 30 }); // one every 2 s
      const cls = await openingClass(org, -MIN);
      await take(org, cls.id).expect(201);
      await take(org, cls.id, w.b).expect(201);
      // The third place is let in 4 s after the first: time enough to be refused first, on a slow machine too.
      const third = (await take(org, cls.id, w.b).expect(201)).body.data;
      const early = await register(org, cls.id, { waitingRoomTicket: third.ticket }).expect(409);
      expect(early.body).toMatchObject({ code: 'WAITING_ROOM_NOT_YET', admitAt: third.admitAt });
      expect(early.body.error).toMatch(/^It is not your turn yet: you are let in at \w+day, \w+ \d{1,2} at \d{1,2}:\d{2} (AM|PM)\.$/);
      await sleep(new Date(third.admitAt).getTime() - Date.now() + 50);
      // A parent registering two children with one place in line.
      await register(org, cls.id, { waitingRoomTicket: third.ticket }).expect(201);
      await register(org, cls.id, { waitingRoomTicket: third.ticket }, w.b).expect(201);
      const opensAt = await opensAtOf(cls.id);
      const expired = signer().issue({ organizationId: org.orgId, opensAt, admitAt: new Date(Date.now() - 30 * MIN - SEC), position: 4 });
      const late = await register(org, cls.id, { waitingRoomTicket: expired }).expect(409);
      expect(late.body).toMatchObject({
        code: 'WAITING_ROOM',
        error: 'Your place in line for Pottery 101 has expired: take a new place in line.',
      });
      const stillValid = signer().issue({ organizationId: org.orgId, opensAt, admitAt: new Date(Date.now() - 29 * MIN), position: 5 });
      await register(org, cls.id, { waitingRoomTicket: stillValid }).expect(201);
      // A page whose clock is off by up to a second (it reads the server's to the second) is let in at its count's end.
      const justEarly = signer().issue({ organizationId: org.orgId, opensAt, admitAt: new Date(Date.now() + 600), position: 6 });
      await register(org, cls.id, { waitingRoomTicket: justEarly }).expect(201);
      const tooEarly = signer().issue({ organizationId: org.orgId, opensAt, admitAt: new Date(Date.now() + 2.5 * SEC), position: 7 });
      expect((await register(org, cls.id, { waitingRoomTicket: tooEarly }).expect(409)).body.code).toBe('WAITING_ROOM_NOT_YET');
    });

    it('should make the household registration, the card hold and the waitlist join wait their turn the same way', async () => {
      const org = await roomOrg();
      const cls = await openingClass(org, -MIN);
      const household = await register(org, cls.id, {
        attendees: [
          { firstName: 'Ann', lastName: 'Lee' },
          { firstName: 'Bo', lastName: 'Lee' },
        ],
      }).expect(409);
      expect(household.body.code).toBe('WAITING_ROOM');
      const card = await w.a.http
        .post('/api/payments/create-intent')
        .send(intentBody(org.orgId, cls.id, 80))
        .expect(409);
      expect(card.body.code).toBe('WAITING_ROOM');
      const joined = await w.a.http.post(`/api/classes/${cls.id}/waitlist`).send(joinBody(org.orgId)).expect(409);
      expect(joined.body.code).toBe('WAITING_ROOM');
      const ticket: string = (await take(org, cls.id).expect(201)).body.data.ticket;
      await w.a.http
        .post('/api/payments/create-intent')
        .send({ ...intentBody(org.orgId, cls.id, 80), waitingRoomTicket: ticket })
        .expect(201);
      await register(org, cls.id, {
        waitingRoomTicket: ticket,
        attendees: [
          { firstName: 'Ann', lastName: 'Lee' },
          { firstName: 'Bo', lastName: 'Lee' },
        ],
      }).expect(201);
      // With its turn come, the join gets past the waiting room to the waitlist's own answer (a seat is free).
      const past = await w.a.http
        .post(`/api/classes/${cls.id}/waitlist`)
        .send({ ...joinBody(org.orgId), waitingRoomTicket: ticket })
        .expect(409);
      expect(past.body.code).not.toBe('WAITING_ROOM');
    });

    it('should let a waitlist offer take its held seat without a place in line, and refuse a bogus offer link', async () => {
      const org = await roomOrg();
      // Filled and joined before its opening is set: then the opening is a minute ago and its room is on.
      const { cls, students } = await fullClass(w.a, org, 1, { price: 100, discountPrice: 80 });
      const waiting = await join(w.a, org.orgId, cls.id);
      await setOpening(cls.id, -MIN);
      await freeSeat(w.a, org, students[0].id, cls.id);
      const { offer } = await tokensOf(w.a, waiting.entryId);
      expect(offer).not.toBe('');
      const bogus = await register(org, cls.id, { waitlistOfferToken: `${offer.split('.')[0]}.${'A'.repeat(22)}` });
      expect(bogus.status).toBeGreaterThanOrEqual(400);
      expect(bogus.status).toBeLessThan(500);
      expect(bogus.body.code).not.toBe('WAITING_ROOM');
      await w.a.http
        .post('/api/students/register')
        .send({ ...registerBody(org.orgId, cls.id, { email: waiting.email }), waitlistOfferToken: offer })
        .expect(201);
      expect((await entry(w.a, waiting.entryId)).status).toBe('accepted');
    });

    it("should not make the admin's own enrollment wait in line", async () => {
      const org = await roomOrg();
      const cls = await openingClass(org, -MIN);
      await w.a.http
        .post('/api/students')
        .set(org.auth)
        .send({ ...studentBody(), classEnrollments: [{ classId: cls.id, paymentStatus: 'pending', paymentMethod: 'in-person' }] })
        .expect(201);
      expect((await register(org, cls.id).expect(409)).body.code).toBe('WAITING_ROOM');
    });

    it('should leave an organization without a waiting room as it was: no ticket asked, waitingRoomUntil null', async () => {
      const off = await cardOrg(w.a);
      const cls = await openingClass(off, -MIN);
      await register(off, cls.id).expect(201);
      const reply = (await w.a.http.get(`/api/classes/${cls.id}?organizationId=${off.orgId}`).expect(200)).body.data;
      expect(reply.registrationWindow.waitingRoomUntil).toBeNull();
    });
  });

  describe('settings and the class payload', () => {
    it('should show waitingRoomUntil in the admin, public and list replies, and change it at once with the settings', async () => {
      const org = await cardOrg(w.a);
      const cls = await openingClass(org, 2 * MIN);
      const noOpening = await cardClass(w.a, org);
      const opensAt = await opensAtOf(cls.id);
      const until = (o: { id: string }[]) =>
        (o.find((c) => c.id === cls.id) as unknown as { registrationWindow: { waitingRoomUntil: string | null } }).registrationWindow
          .waitingRoomUntil;
      const publicList = async () => (await w.a.http.get(`/api/classes?organizationId=${org.orgId}`).expect(200)).body.data;
      expect(until(await publicList())).toBeNull();
      await w.a.http.put('/api/settings').set(org.auth).send({ waitingRoom: true, waitingRoomMinutes: 90 }).expect(200);
      const expected = new Date(opensAt.getTime() + 90 * MIN).toISOString();
      // The instance's list copy was dropped by the settings write: no wait for its refresh.
      expect(until(await publicList())).toBe(expected);
      const page = (await w.a.http.get(`/api/classes/${cls.id}?organizationId=${org.orgId}`).expect(200)).body.data;
      expect(page.registrationWindow.waitingRoomUntil).toBe(expected);
      const admin = (await w.a.http.get(`/api/classes/${cls.id}`).set(org.auth).expect(200)).body.data;
      expect(admin.registrationWindow.waitingRoomUntil).toBe(expected);
      expect(until((await w.a.http.get('/api/classes').set(org.auth).expect(200)).body.data)).toBe(expected);
      const plain = (await w.a.http.get(`/api/classes/${noOpening.id}`).set(org.auth).expect(200)).body.data;
      expect(plain.registrationWindow.waitingRoomUntil).toBeNull();
      const settings = (await w.a.http.get('/api/settings').set(org.auth).expect(200)).body.data;
      expect(settings).toMatchObject({ waitingRoom: true, waitingRoomAdmitPerMinute: 1800, waitingRoomMinutes: 90 });
    });

    it('should refuse out-of-range settings with a readable 400, writing nothing', async () => {
      const org = await cardOrg(w.a);
      const cases: [Record<string, unknown>, string][] = [
        [{ waitingRoom: 'yes' }, 'waitingRoom must be true or false'],
        [{ waitingRoomAdmitPerMinute: 29 }, 'waitingRoomAdmitPerMinute must be a whole number from 30 to 60000'],
        [{ waitingRoomAdmitPerMinute: 60001 }, 'waitingRoomAdmitPerMinute must be a whole number from 30 to 60000'],
        [{ waitingRoomAdmitPerMinute: 100.5 }, 'waitingRoomAdmitPerMinute must be a whole number from 30 to 60000'],
        [{ waitingRoomAdmitPerMinute: '600' }, 'waitingRoomAdmitPerMinute must be a whole number from 30 to 60000'],
        [{ waitingRoomMinutes: 4 }, 'waitingRoomMinutes must be a whole number from 5 to 480'],
        [{ waitingRoomMinutes: 481 }, 'waitingRoomMinutes must be a whole number from 5 to 480'],
        [{ waitingRoomMinutes: null }, 'waitingRoomMinutes'],
      ];
      for (const [body, message] of cases) {
        const res = await w.a.http.put('/api/settings').set(org.auth).send(body).expect(400);
        expect(JSON.stringify(res.body)).toContain(message);
      }
      const settings = (await w.a.http.get('/api/settings').set(org.auth).expect(200)).body.data;
      expect(settings).toMatchObject({ waitingRoom: false, waitingRoomAdmitPerMinute: 1800, waitingRoomMinutes: 60 });
    });

    it("should apply a settings change made on instance b to instance a's next registration", async () => {
      const org = await cardOrg(w.a);
      const cls = await openingClass(org, -MIN);
      await register(org, cls.id).expect(201);
      await w.b.http.put('/api/settings').set(org.auth).send({ waitingRoom: true }).expect(200);
      expect((await register(org, cls.id).expect(409)).body.code).toBe('WAITING_ROOM');
      const ticket: string = (await take(org, cls.id).expect(201)).body.data.ticket;
      await register(org, cls.id, { waitingRoomTicket: ticket }).expect(201);
      await w.b.http.put('/api/settings').set(org.auth).send({ waitingRoom: false }).expect(200);
      await register(org, cls.id).expect(201);
      expect((await take(org, cls.id).expect(409)).body.code).toBe('NO_WAITING_ROOM');
    });
  });

  describe('the lines of past openings', () => {
    it('should delete the lines whose room cannot be on any more, keep the others, and sweep on two instances at once', async () => {
      // The cut-off: the longest room (480 minutes) plus a ticket's 30 minutes as a margin.
      expect(LINE_KEPT_MS).toBe(510 * MIN);
      const org = await roomOrg({ waitingRoomMinutes: 480 });
      const other = await roomOrg();
      const line = (o: OrgFixture, agoMs: number) =>
        w.a.db.query(
          `INSERT INTO waiting_room_lines (organization_id, opens_at, issued, last_admit_at)
           VALUES ($1, now() - make_interval(secs => $2::double precision / 1000), 3, now())`,
          [o.orgId, agoMs],
        );
      // 120 lines past the cut-off (two organizations), so the two sweeps below meet on the same rows.
      for (let i = 1; i <= 60; i++) {
        await line(org, LINE_KEPT_MS + i * MIN);
        await line(other, LINE_KEPT_MS + i * MIN);
      }
      // Within the cut-off (a 480-minute room and the margin after it): kept.
      await line(org, LINE_KEPT_MS - MIN);
      // A room on now: its line must keep its places.
      const cls = await openingClass(org, -MIN);
      expect((await take(org, cls.id).expect(201)).body.data.position).toBe(1);
      const linesOf = async (o: OrgFixture) =>
        (await w.a.db.query('SELECT count(*)::int AS n FROM waiting_room_lines WHERE organization_id = $1', [o.orgId]))[0].n as number;
      expect(await linesOf(org)).toBe(62);

      const deleted = await Promise.all([w.a.app.get(WaitingRoomService).sweepLines(), w.b.app.get(WaitingRoomService).sweepLines()]);
      // Each old line deleted once, by one of the two (neither failed, neither counted a row twice).
      expect(deleted[0] + deleted[1]).toBe(120);
      expect(await linesOf(org)).toBe(2);
      expect(await linesOf(other)).toBe(0);
      const [{ n: old }] = await w.a.db.query(
        `SELECT count(*)::int AS n FROM waiting_room_lines WHERE opens_at < now() - make_interval(secs => $1::double precision / 1000)`,
        [LINE_KEPT_MS],
      );
      expect(old).toBe(0);
      // The current line goes on where it was, and the job's run finds nothing more to delete.
      expect((await take(org, cls.id).expect(201)).body.data.position).toBe(2);
      expect(await w.a.app.get(WaitingRoomJobs).tick()).toBe(0);
      expect(await linesOf(org)).toBe(2);
    });

    it('should find the old lines on the opening index, not by reading every organization of the primary key', async () => {
      // With the table this small the planner may choose a sequential scan anyway; without one, the plan shows which
      // index fits the statement (the primary key would also do, read whole).
      const runner = w.a.db.createQueryRunner();
      try {
        await runner.query('SET enable_seqscan = off');
        const [forced] = await runner.query(
          `EXPLAIN (FORMAT JSON) DELETE FROM waiting_room_lines WHERE opens_at < now() - make_interval(secs => 1) RETURNING 1`,
        );
        expect(JSON.stringify(forced)).toContain('waiting_room_lines_opens_at_idx');
      } finally {
        await runner.query('RESET enable_seqscan');
        await runner.release();
      }
    });
  });
});
