import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Response } from 'supertest';
import { createClass, createOrg, createTeacher, type OrgFixture } from '../fixtures/org.fixture';
import { mismatches, type Document } from '../setup/openapi-conformance';
import { createTestApp, type TestApp } from '../setup/test-app';
import { WaitingRoomService } from '../../src/modules/waiting-room/waiting-room.service';

const SEC = 1000;
const MIN = 60 * SEC;
const HOUR = 60 * MIN;

interface Line {
  opensAt: string;
  waitingRoomUntil: string | null;
  placesGiven: number;
  inLineNow: number;
  letInSoFar: number;
  lineClearsAt: string | null;
  admitPerMinute: number;
}

/**
 * The admin's live view of the opening lines (GET /api/waiting-room/lines): the numbers against the turns of the
 * places taken through the public route, which lines are listed, the admin role, tenant isolation, and the reply
 * against the OpenAPI document.
 */
describe('the waiting-room lines, live, for the admin', () => {
  let t: TestApp;
  let doc: Document;
  const problems: string[] = [];

  const check = (res: Response, method: string, template: string) => {
    const schema = doc.paths[template]?.[method]?.responses?.[String(res.status)]?.content?.['application/json']?.schema;
    if (!schema) return problems.push(`${method} ${template}: status ${res.status} is not documented`);
    problems.push(...mismatches(doc, schema, res.body, `${method} ${template} ${res.status}`));
  };

  beforeAll(async () => {
    t = await createTestApp({ JOBS_ENABLED: 'false' });
    doc = (await t.http.get('/api/docs-json').expect(200)).body as Document;
  });
  afterAll(async () => {
    await t.close();
  });

  const roomOrg = async (settings: Record<string, unknown> = {}) => {
    const org = await createOrg(t, { plan: 'professional' });
    await t.http
      .put('/api/settings')
      .set(org.auth)
      .send({ waitingRoom: true, ...settings })
      .expect(200);
    return org;
  };
  /** A class of `org` whose own opening is `opensInMs` from now (negative: already open). */
  const openingClass = async (org: OrgFixture, opensInMs: number) => {
    const cls = await createClass(t, org, { maxStudents: 50 });
    await t.db.query('UPDATE classes SET registration_opens_at = $2 WHERE id = $1', [cls.id, new Date(Date.now() + opensInMs)]);
    return cls;
  };
  const take = async (org: OrgFixture, classId: string) =>
    (await t.http.post(`/api/public/organizations/${org.orgId}/waiting-room/tickets`).send({ classId }).expect(201)).body.data as {
      position: number;
      opensAt: string;
      admitAt: string;
    };
  const lines = async (org: OrgFixture): Promise<Line[]> => {
    const res = await t.http.get('/api/waiting-room/lines').set(org.auth).expect(200);
    check(res, 'get', '/api/waiting-room/lines');
    return res.body.data;
  };
  /** A line written straight in the table (an opening long past cannot take places any more). */
  const insertLine = (org: OrgFixture, opensAt: Date, issued: number, lastAdmitAt: Date) =>
    t.db.query('INSERT INTO waiting_room_lines (organization_id, opens_at, issued, last_admit_at) VALUES ($1, $2, $3, $4)', [
      org.orgId,
      opensAt,
      issued,
      lastAdmitAt,
    ]);

  it("should count the places whose turn is still to come, from the turns of the places taken, at the organization's rate", async () => {
    const org = await roomOrg({ waitingRoomAdmitPerMinute: 30, waitingRoomMinutes: 20 }); // one every 2 s
    const cls = await openingClass(org, -MIN);
    const places = [];
    for (let i = 0; i < 5; i++) places.push(await take(org, cls.id));
    const turns = places.map((p) => new Date(p.admitAt).getTime());
    const opensAt = places[0].opensAt;

    const before = Date.now();
    const [line] = await lines(org);
    const after = Date.now();
    expect(line).toMatchObject({
      opensAt,
      waitingRoomUntil: new Date(new Date(opensAt).getTime() + 20 * MIN).toISOString(),
      placesGiven: 5,
      lineClearsAt: new Date(turns[4]).toISOString(),
      admitPerMinute: 30,
    });
    // The places whose turn had not come when the server counted: between the count at the reply and at the request.
    const aheadAt = (now: number) => turns.filter((at) => at > now).length;
    expect(line.inLineNow).toBeGreaterThanOrEqual(aheadAt(after));
    expect(line.inLineNow).toBeLessThanOrEqual(aheadAt(before));
    expect(line.inLineNow).toBeGreaterThanOrEqual(3);
    expect(line.letInSoFar).toBe(5 - line.inLineNow);

    // At chosen instants, exactly the turns still to come.
    const room = t.app.get(WaitingRoomService);
    for (const now of [turns[0] - 10 * SEC, turns[0], turns[1] + 1, turns[2] - 1, turns[3], turns[4] - 1]) {
      const [at] = await room.lines(org.orgId, new Date(now));
      expect({ now, inLineNow: at.inLineNow, letInSoFar: at.letInSoFar }).toEqual({
        now,
        inLineNow: aheadAt(now),
        letInSoFar: 5 - aheadAt(now),
      });
      expect(at.lineClearsAt?.getTime()).toBe(turns[4]);
    }
    // Once the last turn has come, nobody is in line and the line has no clearing time.
    for (const now of [turns[4], turns[4] + MIN]) {
      const [at] = await room.lines(org.orgId, new Date(now));
      expect(at).toMatchObject({ inLineNow: 0, letInSoFar: 5, lineClearsAt: null });
    }
    // The room's end: nobody waits any more, whatever the turns say.
    const [over] = await room.lines(org.orgId, new Date(new Date(opensAt).getTime() + 20 * MIN));
    expect(over).toMatchObject({ inLineNow: 0, letInSoFar: 5, lineClearsAt: null });
  });

  it('should count with the current rate, and never more than the places given', async () => {
    const org = await roomOrg({ waitingRoomAdmitPerMinute: 600 }); // one every 100 ms
    const opensAt = new Date(Date.now() - MIN);
    const now = new Date();
    // 10 places, the last let in 1 s from now: all 10 still to come at 600 a minute.
    await insertLine(org, opensAt, 10, new Date(now.getTime() + SEC));
    expect((await t.app.get(WaitingRoomService).lines(org.orgId, now))[0]).toMatchObject({ inLineNow: 10, letInSoFar: 0 });
    // At 60 000 a minute (1 ms apart) the same last turn is 1,000 steps away: capped at the 10 places given.
    await t.http.put('/api/settings').set(org.auth).send({ waitingRoomAdmitPerMinute: 60000 }).expect(200);
    expect((await t.app.get(WaitingRoomService).lines(org.orgId, now))[0]).toMatchObject({
      inLineNow: 10,
      admitPerMinute: 60000,
    });
    // At 30 a minute (2 s apart): one step away.
    await t.http.put('/api/settings').set(org.auth).send({ waitingRoomAdmitPerMinute: 30 }).expect(200);
    expect((await t.app.get(WaitingRoomService).lines(org.orgId, now))[0]).toMatchObject({ inLineNow: 1, letInSoFar: 9 });
  });

  it('should list the lines whose room is on or ended in the last 2 hours, newest first, and not older ones', async () => {
    const org = await roomOrg({ waitingRoomMinutes: 30 });
    const now = Date.now();
    const ago = (ms: number) => new Date(now - ms);
    await insertLine(org, ago(30 * MIN + 2 * HOUR + MIN), 7, ago(30 * MIN + 2 * HOUR)); // ended 2 h 1 min ago
    await insertLine(org, ago(30 * MIN + 2 * HOUR - MIN), 4, ago(2 * HOUR + 20 * MIN)); // ended 1 h 59 min ago
    await insertLine(org, ago(5 * MIN), 3, ago(4 * MIN)); // on, its line cleared
    const listed = await lines(org);
    expect(listed.map((l) => l.opensAt)).toEqual([ago(5 * MIN).toISOString(), ago(30 * MIN + 2 * HOUR - MIN).toISOString()]);
    expect(listed[0]).toMatchObject({ placesGiven: 3, inLineNow: 0, letInSoFar: 3, lineClearsAt: null, admitPerMinute: 1800 });
    expect(listed[0].waitingRoomUntil).toBe(new Date(now - 5 * MIN + 30 * MIN).toISOString());
    expect(listed[1]).toMatchObject({ placesGiven: 4, inLineNow: 0, letInSoFar: 4, lineClearsAt: null });
    expect(new Date(listed[1].waitingRoomUntil!).getTime()).toBeLessThan(Date.now());
    // The room turned off: nobody waits, and the lines say so (no end of room).
    await t.http.put('/api/settings').set(org.auth).send({ waitingRoom: false }).expect(200);
    const off = await lines(org);
    expect(off).toHaveLength(2);
    for (const l of off) expect(l).toMatchObject({ waitingRoomUntil: null, inLineNow: 0, lineClearsAt: null });
  });

  it('should answer an empty list to an organization without lines', async () => {
    const org = await createOrg(t);
    expect(await lines(org)).toEqual([]);
  });

  it('should refuse teachers (403) and anonymous callers (401)', async () => {
    const org = await roomOrg();
    const teacher = await createTeacher(t, org);
    const res = await t.http.get('/api/waiting-room/lines').set(teacher.auth).expect(403);
    expect(res.body.success).toBe(false);
    check(res, 'get', '/api/waiting-room/lines');
    await t.http.get('/api/waiting-room/lines').expect(401);
  });

  it("should never show another organization's lines, whatever the request names", async () => {
    const org = await roomOrg();
    const other = await roomOrg();
    const cls = await openingClass(org, -MIN);
    await take(org, cls.id);
    expect(await lines(org)).toHaveLength(1);
    expect(await lines(other)).toEqual([]);
    // The organization comes from the token: naming another one in the query is refused, as on every admin route.
    const named = await t.http.get('/api/waiting-room/lines').query({ organizationId: org.orgId }).set(other.auth).expect(403);
    expect(named.body).toMatchObject({ success: false, data: null });
  });

  it('should have replied as the OpenAPI document says', () => {
    expect(problems).toEqual([]);
  });
});
