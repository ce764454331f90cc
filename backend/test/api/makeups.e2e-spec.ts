import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { CreditsLedger } from '../../src/modules/credits/credits-ledger';
import { MakeupExpiryJobs } from '../../src/modules/makeups/makeup-expiry.jobs';
import { createClass, createOrg, createTeacher, studentBody, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Make-ups by policy (issue 41 §3) through the API: the admin's policy, "I can't make it" in the portal (the absence,
 * the teacher's email and the token in one transaction), caps, the booking window, make-up seats beyond the class
 * maximum, expiry judged by the organization's local day, and isolation between organizations and students. After
 * every test the ledger's balances are recomputed from their movements.
 */
describe('make-ups', () => {
  let t: TestApp;
  let ledger: CreditsLedger;
  let org: OrgFixture;
  let other: OrgFixture;

  const api = () => t.http;
  const policy = (body: Record<string, unknown>, o = org, classId?: string) =>
    api()
      .put(classId ? `/api/makeup-policies/classes/${classId}` : '/api/makeup-policies')
      .set(o.auth)
      .send(body);

  /** A class of `o` starting `startsIn` ms from now with `days` sessions 7 days apart (Tess Teacher teaches it). */
  const klass = (o: OrgFixture, startsIn: number, extra: Record<string, unknown> = {}) =>
    createClass(t, o, { instructor: 'Tess Teacher', startDate: new Date(Date.now() + startsIn).toISOString(), days: 4, ...extra });
  const sessionsOf = async (classId: string): Promise<{ id: string; taken: number }[]> =>
    t.db.query('SELECT id, drop_ins_taken AS taken FROM class_sessions WHERE class_id = $1 ORDER BY session_index', [classId]);

  /** A student enrolled (by the admin) in `classIds`, signed in to their portal: their id and the portal header. */
  async function student(o: OrgFixture, classIds: string[]) {
    const s = await api()
      .post('/api/students')
      .set(o.auth)
      .send({ ...studentBody(), classEnrollments: classIds.map((classId) => ({ classId })) })
      .expect(201);
    const id = s.body.data.id as string;
    await api().post('/api/portal/link').send({ organizationId: o.orgId, email: s.body.data.email }).expect(202);
    const [mail] = await t.db.query(
      "SELECT message FROM communications WHERE kind = 'system' AND recipient_id = $1 ORDER BY created_at DESC LIMIT 1",
      [id],
    );
    const link = /\/my\/([A-Za-z0-9_-]+)/.exec(mail.message)![1];
    const token = (await api().post('/api/portal/session').send({ token: link }).expect(200)).body.data.token as string;
    return { id, portal: { Authorization: `Bearer ${token}` } };
  }
  const absent = (who: { portal: Record<string, string> }, classSessionId: string) =>
    api().post('/api/portal/makeups/absences').set(who.portal).send({ classSessionId });
  const book = (who: { portal: Record<string, string> }, entitlementId: string, classSessionId: string) =>
    api().post('/api/portal/makeups/bookings').set(who.portal).send({ entitlementId, classSessionId });
  const setZone = (o: OrgFixture, zone: string) =>
    t.db.query(`UPDATE organizations SET settings = jsonb_set(settings, '{timeZone}', to_jsonb($2::text)) WHERE id = $1`, [o.orgId, zone]);
  const todayIn = (zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());

  beforeAll(async () => {
    t = await createTestApp({ JOBS_ENABLED: 'false' });
    ledger = t.app.get(CreditsLedger);
    org = await createOrg(t, { plan: 'professional' });
    other = await createOrg(t, { plan: 'professional' });
    await createTeacher(t, org);
    await t.db.query("UPDATE users SET first_name = 'Tess', last_name = 'Teacher' WHERE organization_id = $1 AND role = 'teacher'", [
      org.orgId,
    ]);
  });
  afterEach(async () => {
    expect(await ledger.invariantBreaks(t.db.manager)).toEqual([]);
  });
  afterAll(() => t.close());

  it("should keep the defaults until saved, and refuse an invalid policy or another organization's class", async () => {
    const fresh = (await api().get('/api/makeup-policies').set(other.auth).expect(200)).body.data;
    expect(fresh).toMatchObject({ organization: { classId: null, announceHoursBefore: null, extraSeats: 0 }, classes: [] });
    expect((await policy({ eligible: 'classes' }).expect(400)).body.code).toBe('MAKEUP_POLICY_INVALID');
    const theirs = await klass(other, 3 * DAY);
    expect((await policy({ eligible: 'classes', eligibleClassIds: [theirs.id] }).expect(400)).body.code).toBe('MAKEUP_POLICY_INVALID');
    await policy({ announceHoursBefore: 24 }, org, theirs.id).expect(404);
    await policy({ capPerMonth: -1 }).expect(400);
    await policy({ announceHoursBefore: null, bookAheadDays: null }).expect(400);
    await policy({ extraSeats: 101 }).expect(400);
    await policy({ unknownField: 1 }).expect(400);
    await api().delete(`/api/makeup-policies/classes/${theirs.id}`).set(org.auth).expect(404);
  });

  it('should record "I can\'t make it", tell the teacher and grant a token valid N local days after the missed session', async () => {
    await policy({ announceHoursBefore: 24, expiryDays: 30, eligible: 'any' }).expect(200);
    const cls = await klass(org, 3 * DAY);
    const s = await student(org, [cls.id]);
    const [first] = await sessionsOf(cls.id);
    const r = (await absent(s, first.id).expect(201)).body.data;
    const [{ d }] = await t.db.query(
      `SELECT to_char((starts_at AT TIME ZONE coalesce(nullif(o.settings->>'timeZone', ''), current_setting('TimeZone')))::date + 30, 'YYYY-MM-DD') AS d
         FROM class_sessions s JOIN organizations o ON o.id = s.organization_id WHERE s.id = $1`,
      [first.id],
    );
    expect(r).toMatchObject({ noTokenReason: null, token: { remaining: 1, validUntil: d, state: 'usable' } });
    expect(r.absence).toMatchObject({ studentId: s.id, classSessionId: first.id, entitlementId: r.token.id });
    const mails = await t.db.query('SELECT recipient_type, subject FROM communications WHERE organization_id = $1 AND dedupe_key LIKE $2', [
      org.orgId,
      `makeup_absence:${r.absence.id}:%`,
    ]);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain(`will miss ${cls.title}`);
    expect((await absent(s, first.id).expect(409)).body.code).toBe('MAKEUP_ALREADY_REPORTED');
    const overview = (await api().get('/api/portal/makeups').set(s.portal).expect(200)).body.data;
    expect(overview.tokens).toEqual([expect.objectContaining({ id: r.token.id, state: 'usable', validUntil: d })]);
    expect(overview.upcoming.find((u: { id: string }) => u.id === first.id)).toMatchObject({ absenceId: r.absence.id });
    // A session of a class the student is not enrolled in, or of another organization: not found.
    const notMine = await klass(org, 3 * DAY);
    expect((await absent(s, (await sessionsOf(notMine.id))[0].id).expect(404)).body.code).toBe('MAKEUP_SESSION_NOT_FOUND');
    const theirs = await klass(other, 3 * DAY);
    expect((await absent(s, (await sessionsOf(theirs.id))[0].id).expect(404)).body.code).toBe('MAKEUP_SESSION_NOT_FOUND');
  });

  it('should give no token for a late notice or past a cap, and a token again in the next month', async () => {
    await policy({ announceHoursBefore: 24, capPerMonth: 1, eligible: 'any' }).expect(200);
    const soon = await klass(org, 12 * HOUR);
    const cls = await klass(org, 3 * DAY);
    const s = await student(org, [soon.id, cls.id]);
    const late = (await absent(s, (await sessionsOf(soon.id))[0].id).expect(201)).body.data;
    expect(late).toMatchObject({ token: null, noTokenReason: 'too_late' });
    // Two sessions in one month (the 10th and 11th two months ahead, noon UTC), and one in the month after.
    const base = new Date();
    const at = (monthAhead: number, day: number) => new Date(Date.UTC(base.getUTCFullYear(), base.getUTCMonth() + monthAhead, day, 12));
    const [a, b, c] = await sessionsOf(cls.id);
    for (const [row, when] of [
      [a, at(2, 10)],
      [b, at(2, 11)],
      [c, at(3, 10)],
    ] as const)
      await t.db.query("UPDATE class_sessions SET starts_at = $2, ends_at = $2::timestamptz + interval '1 hour' WHERE id = $1", [
        row.id,
        when,
      ]);
    expect((await absent(s, a.id).expect(201)).body.data.noTokenReason).toBeNull();
    expect((await absent(s, b.id).expect(201)).body.data).toMatchObject({ token: null, noTokenReason: 'cap_month' });
    expect((await absent(s, c.id).expect(201)).body.data.noTokenReason).toBeNull();
    // Two reports at once under a class's cap of one per year: the student's lock lets exactly one earn a token.
    const twin = await klass(org, 3 * DAY);
    await policy({ announceHoursBefore: 0, capPerYear: 1, eligible: 'any' }, org, twin.id).expect(200);
    const s2 = await student(org, [twin.id]);
    const [x, y] = await sessionsOf(twin.id);
    await t.db.query('UPDATE class_sessions SET starts_at = $2 WHERE id = $1', [y.id, new Date(Date.now() + 3 * DAY + HOUR)]);
    const both = await Promise.all([absent(s2, x.id), absent(s2, y.id)]);
    expect(both.map((r) => r.status)).toEqual([201, 201]);
    expect(both.map((r) => r.body.data.noTokenReason).sort()).toEqual(['cap_year', null].sort());
    await api().delete(`/api/makeup-policies/classes/${twin.id}`).set(org.auth).expect(200);
    await api().delete(`/api/makeup-policies/classes/${twin.id}`).set(org.auth).expect(404);
  });

  it("should book a make-up with the token in the seat's transaction, shown on the roll, and refuse a second use", async () => {
    await policy({ announceHoursBefore: 0, eligible: 'any', bookAheadDays: 60, bookUntilHoursBefore: 2 }).expect(200);
    const missed = await klass(org, 3 * DAY);
    const target = await klass(org, 4 * DAY, { maxStudents: 3 });
    const s = await student(org, [missed.id]);
    const token = (await absent(s, (await sessionsOf(missed.id))[0].id).expect(201)).body.data.token;
    const offered = (await api().get(`/api/portal/makeups/tokens/${token.id}/sessions`).set(s.portal).expect(200)).body.data;
    const into = (await sessionsOf(target.id))[1];
    expect(offered.find((o: { id: string }) => o.id === into.id)).toMatchObject({ classId: target.id, seatsLeft: 3 });
    // The student's own class is not offered: they hold every session of it.
    expect(offered.some((o: { classId: string }) => o.classId === missed.id)).toBe(false);
    const booked = (await book(s, token.id, into.id).expect(201)).body.data;
    expect(booked).toMatchObject({ entitlementId: token.id, classId: target.id, classSessionId: into.id, studentId: s.id });
    const [row] = await t.db.query('SELECT makeup, class_session_id, status FROM enrollments WHERE id = $1', [booked.enrollmentId]);
    expect(row).toEqual({ makeup: true, class_session_id: into.id, status: 'active' });
    expect((await sessionsOf(target.id)).map((x) => x.taken)).toEqual([0, 1, 0, 0]);
    const roll = (await api().get(`/api/attendance/class/${target.id}`).set(org.auth).expect(200)).body.data;
    expect(roll.sessions.map((x: { makeUps: string[] }) => x.makeUps)).toEqual([[], [s.id], [], []]);
    expect((await ledger.useOf(t.db.manager, org.orgId, booked.enrollmentId))?.entitlementId).toBe(token.id);
    // The token is spent: a second booking is refused and takes no seat.
    expect((await book(s, token.id, (await sessionsOf(target.id))[2].id).expect(409)).body.code).toBe('CREDIT_EXHAUSTED');
    expect((await sessionsOf(target.id)).map((x) => x.taken)).toEqual([0, 1, 0, 0]);
  });

  it("should take free seats only, or the policy's make-up seats beyond the class maximum", async () => {
    await policy({ announceHoursBefore: 0, eligible: 'any', extraSeats: 0 }).expect(200);
    const missed = await klass(org, 3 * DAY);
    const full = await klass(org, 4 * DAY, { maxStudents: 1 });
    await student(org, [full.id]);
    const s = await student(org, [missed.id]);
    const token = (await absent(s, (await sessionsOf(missed.id))[0].id).expect(201)).body.data.token;
    const into = (await sessionsOf(full.id))[0];
    const listed = (await api().get(`/api/portal/makeups/tokens/${token.id}/sessions`).set(s.portal).expect(200)).body.data;
    expect(listed.some((o: { classId: string }) => o.classId === full.id)).toBe(false);
    expect((await book(s, token.id, into.id).expect(409)).body.code).toBe('MAKEUP_SESSION_FULL');
    await policy({ announceHoursBefore: 0, eligible: 'any', extraSeats: 1 }, org, full.id).expect(200);
    await book(s, token.id, into.id).expect(201);
    const [c] = await t.db.query('SELECT enrolled_students AS e, max_students AS m, drop_in_peak AS p FROM classes WHERE id = $1', [
      full.id,
    ]);
    expect(c).toEqual({ e: 1, m: 1, p: 0 });
    expect((await sessionsOf(full.id))[0].taken).toBe(1);
  });

  it("should refuse sessions outside the window or the token's classes, and an expired token (409 CREDIT_EXPIRED) without a seat", async () => {
    const missed = await klass(org, 3 * DAY);
    const soon = await klass(org, 20 * HOUR);
    const far = await klass(org, 20 * DAY);
    const listedOnly = await klass(org, 4 * DAY);
    await policy({
      announceHoursBefore: 0,
      eligible: 'classes',
      eligibleClassIds: [soon.id, far.id, listedOnly.id],
      bookAheadDays: 10,
      bookUntilHoursBefore: 24,
    }).expect(200);
    const s = await student(org, [missed.id]);
    const token = (await absent(s, (await sessionsOf(missed.id))[0].id).expect(201)).body.data.token;
    const tooSoon = await book(s, token.id, (await sessionsOf(soon.id))[0].id).expect(409);
    expect(tooSoon.body).toMatchObject({ code: 'MAKEUP_OUTSIDE_WINDOW', window: 'too_soon' });
    expect((await book(s, token.id, (await sessionsOf(far.id))[0].id).expect(409)).body.window).toBe('too_far');
    const notListed = await klass(org, 4 * DAY);
    expect((await book(s, token.id, (await sessionsOf(notListed.id))[0].id).expect(409)).body.code).toBe('MAKEUP_SESSION_NOT_ELIGIBLE');
    const offered = (await api().get(`/api/portal/makeups/tokens/${token.id}/sessions`).set(s.portal).expect(200)).body.data;
    // Inside 24 hours to 10 days: the listed class's first session (4 days) and the soon class's second (7 days 20 hours).
    const soonSessions = await sessionsOf(soon.id);
    expect(offered.map((o: { id: string }) => o.id)).toEqual([(await sessionsOf(listedOnly.id))[0].id, soonSessions[1].id]);
    // Expired yesterday (in the organization's zone): refused, and the seat it would take is not taken.
    const today = todayIn('UTC');
    await setZone(org, 'UTC');
    const shift = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
    await t.db.transaction((m) =>
      ledger.changeValidity(m, { organizationId: org.orgId, entitlementId: token.id, validFrom: shift(-5), validUntil: shift(-1) }),
    );
    const into = (await sessionsOf(listedOnly.id))[0];
    expect((await book(s, token.id, into.id).expect(409)).body.code).toBe('CREDIT_EXPIRED');
    expect((await sessionsOf(listedOnly.id))[0].taken).toBe(0);
    expect((await t.db.query('SELECT count(*)::int AS n FROM enrollments WHERE class_session_id = $1', [into.id]))[0].n).toBe(0);
    const view = (await api().get('/api/portal/makeups').set(s.portal).expect(200)).body.data.tokens;
    expect(view.find((x: { id: string }) => x.id === token.id).state).toBe('expired');
  });

  it("should end a token's last day at local midnight in the organization's zone", async () => {
    await policy({ announceHoursBefore: 0, eligible: 'any' }).expect(200);
    await setZone(org, 'UTC');
    const missed = await klass(org, 3 * DAY);
    const target = await klass(org, 4 * DAY);
    const s = await student(org, [missed.id]);
    const token = (await absent(s, (await sessionsOf(missed.id))[0].id).expect(201)).body.data.token;
    // Pago Pago (UTC-11) is always a calendar day or two behind Kiritimati (UTC+14): a token whose last day is today in
    // Pago Pago has ended in Kiritimati, whatever the server's clock and zone.
    const last = todayIn('Pacific/Pago_Pago');
    await t.db.transaction((m) =>
      ledger.changeValidity(m, { organizationId: org.orgId, entitlementId: token.id, validFrom: last, validUntil: last }),
    );
    const into = (await sessionsOf(target.id))[0];
    await setZone(org, 'Pacific/Kiritimati');
    expect((await book(s, token.id, into.id).expect(409)).body.code).toBe('CREDIT_EXPIRED');
    await setZone(org, 'Pacific/Pago_Pago');
    await book(s, token.id, into.id).expect(201);
    await setZone(org, 'UTC');
  });

  it("should refuse another student's token and another organization's sessions", async () => {
    await policy({ announceHoursBefore: 0, eligible: 'any' }).expect(200);
    await policy({ announceHoursBefore: 0, eligible: 'any' }, other).expect(200);
    const missed = await klass(org, 3 * DAY);
    const owner = await student(org, [missed.id]);
    const nosy = await student(org, [missed.id]);
    const token = (await absent(owner, (await sessionsOf(missed.id))[0].id).expect(201)).body.data.token;
    expect((await api().get(`/api/portal/makeups/tokens/${token.id}/sessions`).set(nosy.portal).expect(404)).body.code).toBe(
      'CREDIT_NOT_FOUND',
    );
    const target = await klass(org, 4 * DAY);
    expect((await book(nosy, token.id, (await sessionsOf(target.id))[0].id).expect(404)).body.code).toBe('CREDIT_NOT_FOUND');
    const theirClass = await klass(other, 3 * DAY);
    const stranger = await student(other, [theirClass.id]);
    await api().get(`/api/portal/makeups/tokens/${token.id}/sessions`).set(stranger.portal).expect(404);
    const theirs = (await absent(stranger, (await sessionsOf(theirClass.id))[0].id).expect(201)).body.data.token;
    expect((await book(owner, theirs.id, (await sessionsOf(target.id))[0].id).expect(404)).body.code).toBe('CREDIT_NOT_FOUND');
    expect((await book(owner, token.id, (await sessionsOf(theirClass.id))[0].id).expect(404)).body.code).toBe('MAKEUP_SESSION_NOT_FOUND');
    const mine = (await api().get('/api/portal/makeups').set(nosy.portal).expect(200)).body.data;
    expect(mine.tokens).toEqual([]);
    // Admin and public tokens do not open the portal's routes; a portal token does not open the admin's.
    await api().get('/api/portal/makeups').set(org.auth).expect(401);
    await api().get('/api/makeup-policies').set(owner.portal).expect(401);
  });

  it('should remind the holder once, 7 days before the last day, of an unused token only', async () => {
    await policy({ announceHoursBefore: 0, eligible: 'any', expiryDays: 1 }).expect(200);
    await setZone(org, 'UTC');
    const soon = await klass(org, 3 * DAY);
    const s = await student(org, [soon.id]);
    const [first, second] = await sessionsOf(soon.id);
    const due = (await absent(s, first.id).expect(201)).body.data.token;
    await policy({ announceHoursBefore: 0, eligible: 'any', expiryDays: 60 }).expect(200);
    const later = (await absent(s, second.id).expect(201)).body.data.token;
    const job = t.app.get(MakeupExpiryJobs);
    await Promise.all([job.tick(), job.tick()]);
    await job.tick();
    const sent = async (id: string) =>
      t.db.query('SELECT to_address, subject, message FROM communications WHERE organization_id = $1 AND dedupe_key = $2', [
        org.orgId,
        `makeup_expiry:${id}`,
      ]);
    const [mail, ...more] = await sent(due.id);
    expect(more).toEqual([]);
    expect(mail.subject).toMatch(/^Your make-up expires on /);
    expect(await sent(later.id)).toEqual([]);
  });

  it('should give each student of a session the organization cancels a token when the policy says so, outside the caps', async () => {
    const cls = await klass(org, 3 * DAY);
    await policy({ cancelledSessionToken: true, capPerMonth: 0, eligible: 'any', expiryDays: 30 }, org, cls.id).expect(200);
    const a = await student(org, [cls.id]);
    const b = await student(org, [cls.id]);
    const [first, second] = await sessionsOf(cls.id);
    await api().post(`/api/class-sessions/${first.id}/cancel`).set(org.auth).send({ reason: 'Pool closed', notify: false }).expect(201);
    for (const who of [a, b]) {
      const view = (await api().get('/api/portal/makeups').set(who.portal).expect(200)).body.data;
      expect(view.tokens).toEqual([expect.objectContaining({ state: 'usable', label: `Make-up for ${cls.title}` })]);
      expect(view.absences).toEqual([expect.objectContaining({ classSessionId: first.id, noTokenReason: null })]);
    }
    const [{ source }] = await t.db.query("SELECT source FROM entitlements WHERE holder_student_id = $1 AND kind = 'makeup_token'", [a.id]);
    expect(source).toBe('cancelled_session');
    // Without the setting, a cancelled session gives nothing.
    await policy({ cancelledSessionToken: false, eligible: 'any' }, org, cls.id).expect(200);
    await api().post(`/api/class-sessions/${second.id}/cancel`).set(org.auth).send({ reason: 'Pool closed', notify: false }).expect(201);
    expect((await api().get('/api/portal/makeups').set(a.portal).expect(200)).body.data.tokens).toHaveLength(1);
  });
});
