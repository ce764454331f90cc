import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClass, createOrg, createTeacher, type OrgFixture } from '../fixtures/org.fixture';
import { enrollStudent } from '../fixtures/roster.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

type Session = { id: string; sessionIndex: number; startsAt: string; endsAt: string; status: string };

/** Moving and cancelling one session (issue 39 §1): notices once, the feeds, bad input and other organizations. */
describe('class session cancel and move', () => {
  let t: TestApp;
  let org: OrgFixture;
  let other: OrgFixture;
  let cls: { id: string };
  let sessions: Session[];
  beforeAll(async () => {
    t = await createTestApp({ JOBS_ENABLED: 'false' });
    org = await createOrg(t, { plan: 'professional', name: 'Snow Studio' });
    other = await createOrg(t, { plan: 'professional' });
    await createTeacher(t, org); // Tess Teacher
    cls = await createClass(t, org, {
      title: 'Clay',
      days: 3,
      schedule: 'Weekly',
      instructor: 'Tess Teacher',
      startDate: '2031-02-04T18:00:00.000Z',
    });
    await enrollStudent(t, org, cls.id, { firstName: 'Ann', lastName: 'Adams' });
    await enrollStudent(t, org, cls.id, { firstName: 'Bob', lastName: 'Young' });
    sessions = (await t.http.get(`/api/classes/${cls.id}/sessions`).set(org.auth).expect(200)).body.data;
  });
  afterAll(async () => {
    await t.close();
  });

  const noticesOf = async (sessionId: string) =>
    t.db.query(
      `SELECT recipient_type, channel, to_address, subject FROM communications WHERE organization_id = $1 AND dedupe_key LIKE $2 ORDER BY recipient_type, to_address`,
      [org.orgId, `session_cancelled:${sessionId}%`],
    );

  it('should cancel a session and tell each student and the teacher once, however often it is asked', async () => {
    const res = await t.http
      .post(`/api/class-sessions/${sessions[1].id}/cancel`)
      .set(org.auth)
      .send({ reason: 'Snow', notify: true })
      .expect(201);
    expect(res.body.data).toMatchObject({ id: sessions[1].id, status: 'cancelled', cancelReason: 'Snow', notified: 3 });
    const again = await t.http
      .post(`/api/class-sessions/${sessions[1].id}/cancel`)
      .set(org.auth)
      .send({ reason: 'Snow', notify: true })
      .expect(409);
    expect(again.body.code).toBe('SESSION_CANCELLED');
    // Two instances cancelling the same session at once: one wins, the other is refused; still one notice each.
    const [a, b] = await Promise.all(
      [0, 1].map(() => t.http.post(`/api/class-sessions/${sessions[2].id}/cancel`).set(org.auth).send({ reason: 'Ice', notify: true })),
    );
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    for (const s of [sessions[1], sessions[2]]) {
      const notices = await noticesOf(s.id);
      expect(notices.map((n: { recipient_type: string; channel: string }) => `${n.recipient_type}:${n.channel}`)).toEqual([
        'student:email',
        'student:email',
        'user:email',
      ]);
    }
    expect((await noticesOf(sessions[1].id))[0].subject).toMatch(/^Cancelled: Clay on Tuesday, February 11/);
    // The class's other sessions are untouched.
    const now = (await t.http.get(`/api/classes/${cls.id}/sessions`).set(org.auth).expect(200)).body.data;
    expect(now.map((s: Session) => s.status)).toEqual(['scheduled', 'cancelled', 'cancelled']);
  });

  it('should mark the cancelled session STATUS:CANCELLED in the calendar feed, the others confirmed', async () => {
    const feed = (await t.http.post('/api/calendar-feeds').set(org.auth).send({ scope: 'class', classId: cls.id }).expect(201)).body.data;
    const ics = (await t.http.get(new URL(feed.url).pathname).expect(200)).text;
    const events = ics.split('BEGIN:VEVENT').slice(1);
    expect(events).toHaveLength(3);
    const statusOf = (i: number) => events.find((e) => e.includes(`UID:${cls.id}-${i}@classlane`))!.match(/STATUS:(\w+)/)![1];
    expect([statusOf(0), statusOf(1), statusOf(2)]).toEqual(['CONFIRMED', 'CANCELLED', 'CANCELLED']);
  });

  it('should show the cancelled session on the class pages, teacher mode and attendance, which skips it', async () => {
    const cancelled = [sessions[1].startsAt, sessions[2].startsAt];
    const admin = (await t.http.get(`/api/classes/${cls.id}`).set(org.auth).expect(200)).body.data;
    expect(admin.cancelledSessions).toEqual(cancelled);
    const page = (await t.http.get(`/api/classes/${cls.id}?organizationId=${org.orgId}`).expect(200)).body.data;
    expect(page.cancelledSessions).toEqual(cancelled);
    const list = (await t.http.get(`/api/classes?organizationId=${org.orgId}`).expect(200)).body.data;
    expect(list.find((c: { id: string }) => c.id === cls.id).cancelledSessions).toEqual(cancelled);
    const teacher = await t.http
      .post('/api/auth/signin')
      .send({
        email: (await t.db.query("SELECT email FROM users WHERE organization_id = $1 AND role = 'teacher'", [org.orgId]))[0].email,
        password: 'teach-pass-1',
      })
      .expect(200);
    const days = (
      await t.http
        .get(`/api/teacher/classes/${cls.id}/sessions`)
        .set({ Authorization: `Bearer ${teacher.body.data.token}` })
        .expect(200)
    ).body.data;
    expect(days.map((d: { cancelled: boolean }) => d.cancelled)).toEqual([false, true, true]);
    const roll = (await t.http.get(`/api/attendance/class/${cls.id}`).set(org.auth).expect(200)).body.data;
    expect(roll.sessions.map((s: { sessionIndex: number }) => s.sessionIndex)).toEqual([0]);
    const student = roll.students[0].id;
    const mark = await t.http
      .post('/api/attendance/mark')
      .set(org.auth)
      .send({ classId: cls.id, sessionIndex: 1, sessionDate: sessions[1].startsAt, studentId: student, attended: true })
      .expect(409);
    expect(mark.body.code).toBe('SESSION_CANCELLED');
  });

  it('should move a session, keep its length, and refuse bad moves with nothing written', async () => {
    const moved = await t.http
      .put(`/api/class-sessions/${sessions[0].id}`)
      .set(org.auth)
      .send({ startsAt: '2031-02-05T19:00:00.000Z', note: 'Room 2 this week' })
      .expect(200);
    expect(moved.body.data).toMatchObject({
      startsAt: '2031-02-05T19:00:00.000Z',
      endsAt: '2031-02-05T20:00:00.000Z',
      note: 'Room 2 this week',
    });
    const bad = await t.http
      .put(`/api/class-sessions/${sessions[0].id}`)
      .set(org.auth)
      .send({ startsAt: '2031-02-05T19:00:00.000Z', endsAt: '2031-02-05T18:00:00.000Z' })
      .expect(400);
    expect(bad.body.code).toBe('SESSION_END_BEFORE_START');
    const cancelledMove = await t.http
      .put(`/api/class-sessions/${sessions[1].id}`)
      .set(org.auth)
      .send({ startsAt: '2031-02-12T19:00:00.000Z' })
      .expect(409);
    expect(cancelledMove.body.code).toBe('SESSION_CANCELLED');
    await t.http.put(`/api/class-sessions/${sessions[0].id}`).set(org.auth).send({ roomId: 'not-a-uuid' }).expect(400);
    // A room id that is no room of the organization is refused (it was once stored as sent).
    const unknown = await t.http
      .put(`/api/class-sessions/${sessions[0].id}`)
      .set(org.auth)
      .send({ roomId: '0b6f4a52-5f3e-4a8e-9f55-0a4c1d2b3c4d' })
      .expect(400);
    expect(unknown.body.code).toBe('UNKNOWN_ROOM');
    const location = (await t.http.post('/api/locations').set(org.auth).send({ name: 'Snow Hall' }).expect(201)).body.data;
    const room2 = (await t.http.post('/api/rooms').set(org.auth).send({ locationId: location.id, name: 'Room 2' }).expect(201)).body.data;
    const room = await t.http
      .put(`/api/class-sessions/${sessions[0].id}`)
      .set(org.auth)
      .send({ roomId: room2.id, instructorId: null })
      .expect(200);
    expect(room.body.data).toMatchObject({ roomId: room2.id, instructorId: null });
    const row = (await t.db.query('SELECT starts_at, ends_at, note FROM class_sessions WHERE id = $1', [sessions[0].id]))[0];
    expect([new Date(row.starts_at).toISOString(), new Date(row.ends_at).toISOString(), row.note]).toEqual([
      '2031-02-05T19:00:00.000Z',
      '2031-02-05T20:00:00.000Z',
      'Room 2 this week',
    ]);
  });

  it("should refuse a move outside the class's term", async () => {
    const term = await t.http
      .post('/api/terms')
      .set(org.auth)
      .send({ name: 'Spring 2032', startDate: '2032-03-01', endDate: '2032-05-31', registrationOpensAt: '2031-12-01T12:00:00.000Z' })
      .expect(201);
    const inTerm = await createClass(t, org, {
      title: 'Term class',
      termId: term.body.data.id,
      startDate: '2032-03-02T18:00:00.000Z',
      days: 2,
    });
    const [first] = (await t.http.get(`/api/classes/${inTerm.id}/sessions`).set(org.auth).expect(200)).body.data;
    const res = await t.http
      .put(`/api/class-sessions/${first.id}`)
      .set(org.auth)
      .send({ startsAt: '2032-06-15T18:00:00.000Z' })
      .expect(400);
    expect(res.body.code).toBe('SESSION_OUTSIDE_TERM');
    expect(res.body.error).toBe('This session must fall within the class\'s term "Spring 2032" (2032-03-01 to 2032-05-31)');
    await t.http.put(`/api/class-sessions/${first.id}`).set(org.auth).send({ startsAt: '2032-05-20T18:00:00.000Z' }).expect(200);
  });

  it("should answer 404 for another organization's session, and write nothing", async () => {
    await t.http.post(`/api/class-sessions/${sessions[0].id}/cancel`).set(other.auth).send({ reason: 'x', notify: true }).expect(404);
    await t.http.put(`/api/class-sessions/${sessions[0].id}`).set(other.auth).send({ note: 'theirs' }).expect(404);
    expect((await t.db.query('SELECT status, note FROM class_sessions WHERE id = $1', [sessions[0].id]))[0]).toEqual({
      status: 'scheduled',
      note: 'Room 2 this week',
    });
    await t.http.post(`/api/class-sessions/${sessions[0].id}/cancel`).set(org.auth).send({ reason: 'x' }).expect(400);
  });
});
