import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTeacher, registerBody } from '../fixtures/org.fixture';
import { cardClass, cardOrg, intentBody, payInBrowser, seatsTaken, startCardWorld, type CardWorld } from './card-payments.helpers';

const DAY = 24 * 3600 * 1000;
const POLICY = [
  { daysBeforeClass: 7, refundPercentage: 100 },
  { daysBeforeClass: 3, refundPercentage: 50 },
];
const LINK_GONE = 'This sign-in link has expired or was already used. Request a new link and we will email it to you.';

/** The student portal reached by an emailed single-use link. */
describe('student portal', () => {
  let w: CardWorld;
  let org: Awaited<ReturnType<typeof cardOrg>>;
  let other: Awaited<ReturnType<typeof cardOrg>>;

  beforeAll(async () => {
    w = await startCardWorld();
    w.liveWebhooks(false);
    org = await cardOrg(w.a);
    other = await cardOrg(w.a);
    for (const o of [org, other])
      await w.a.db.query(
        `UPDATE organizations SET settings = jsonb_set(settings, '{cancellationPolicies}', $2::jsonb),
                contact_info = '{"email": "hello@clay.example", "phone": "(559) 555-0100"}'::jsonb WHERE id = $1`,
        [o.orgId, JSON.stringify(POLICY)],
      );
  });
  afterAll(async () => {
    await w.close();
  });

  /** A paid card registration of a new student (or `student`) in a new class starting `startsIn` ms from now. */
  async function paid(startsIn: number, o = org, student: Record<string, unknown> = {}) {
    const cls = await cardClass(w.a, o, { title: 'Pottery I', startDate: new Date(Date.now() + startsIn).toISOString() });
    const body = intentBody(o.orgId, cls.id, 80, { firstName: 'Maya', lastName: 'Lin', ...student });
    const d = (await w.a.http.post('/api/payments/create-intent').send(body).expect(201)).body.data;
    await payInBrowser(w.stand, d.paymentIntentId, d.clientSecret);
    await w.a.http
      .post('/api/payments/confirm-enrollment')
      .send({ paymentIntentId: d.paymentIntentId, classId: cls.id, organizationId: o.orgId, studentData: body.studentData })
      .expect(200);
    return { id: d.enrollmentId as string, pi: d.paymentIntentId as string, classId: cls.id, email: body.studentData.email as string };
  }

  /** The newest sign-in link emailed to `email` (from the outbox), or null. */
  async function linkIn(email: string): Promise<string | null> {
    const rows = await w.a.db.query(
      "SELECT message FROM communications WHERE kind = 'system' AND to_address = $1 ORDER BY created_at DESC, id DESC LIMIT 1",
      [email],
    );
    return rows[0] ? (/\/my\/([A-Za-z0-9_-]+)/.exec(rows[0].message)?.[1] ?? null) : null;
  }

  /** Requests a link for `email` and signs in with it: the portal's Authorization header. */
  async function signIn(email: string, o = org) {
    await w.a.http.post('/api/portal/link').send({ organizationId: o.orgId, email }).expect(202);
    const token = await linkIn(email);
    const s = await w.a.http.post('/api/portal/session').send({ token }).expect(200);
    return { Authorization: `Bearer ${s.body.data.token}` };
  }

  it('should answer every link request alike and email a single-use link only to a known student', async () => {
    const e = await paid(10 * DAY);
    const timed = async (email: string) => {
      const started = Date.now();
      const res = await w.a.http.post('/api/portal/link').send({ organizationId: org.orgId, email });
      return { status: res.status, body: res.body, ms: Date.now() - started };
    };
    const known = await timed(e.email.toUpperCase());
    const unknown = await timed(`nobody-${Date.now()}@example.com`);
    const otherOrg = await w.a.http.post('/api/portal/link').send({ organizationId: other.orgId, email: e.email });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(otherOrg.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    expect(otherOrg.body).toEqual(known.body);
    expect(known.body.data.message).toContain('sign-in link');
    // The same timing class: both wait for the reply floor; a known email's work hides inside it.
    expect(known.ms).toBeGreaterThanOrEqual(295);
    expect(unknown.ms).toBeGreaterThanOrEqual(295);
    expect(Math.abs(known.ms - unknown.ms)).toBeLessThan(250);

    const mails = await w.a.db.query(
      "SELECT to_address, subject, message, html, organization_id FROM communications WHERE kind = 'system'",
    );
    expect(mails.filter((m: { to_address: string }) => m.to_address === e.email)).toHaveLength(1);
    const token = (await linkIn(e.email))!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(mails[0].html).toContain(`/my/${token}`);
    // Stored as a hash only.
    expect((await w.a.db.query('SELECT count(*)::int AS n FROM portal_links WHERE token_hash = $1', [token]))[0].n).toBe(0);

    const s = await w.a.http.post('/api/portal/session').send({ token }).expect(200);
    expect(s.body.data).toMatchObject({
      token: expect.any(String),
      expiresAt: expect.any(String),
      organizationId: org.orgId,
      student: { firstName: 'Maya', lastName: 'Lin', email: e.email },
    });
    const ttl = new Date(s.body.data.expiresAt).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(3500_000);
    expect(ttl).toBeLessThanOrEqual(3600_000);
    // Used once: the second exchange (and two at once) are refused.
    const again = await w.a.http.post('/api/portal/session').send({ token }).expect(410);
    expect(again.body.error).toBe(LINK_GONE);
    await w.a.http.post('/api/portal/session').send({ token: 'not-a-link-at-all' }).expect(410);
    await w.a.http.post('/api/portal/session').send({ token: 'bad token!' }).expect(400);
  });

  it("should end every confirmation and receipt email with 'Manage your registration' (the /my page, email filled in)", async () => {
    const e = await paid(10 * DAY);
    const mails = await w.a.db.query('SELECT kind, message, html FROM communications WHERE to_address = $1 ORDER BY kind', [e.email]);
    expect(mails.map((m: { kind: string }) => m.kind)).toEqual(['confirmation', 'receipt']);
    const url = `/my?organizationId=${org.orgId}&email=${encodeURIComponent(e.email)}`;
    for (const m of mails) {
      expect(m.message).toMatch(new RegExp(`Manage your registration: http[^\\s]+${url.replace(/[?.+]/g, '\\$&')}$`));
      expect(m.html).toContain(`${url.replace('&', '&#38;')}">Manage your registration</a>`);
    }
  });

  it('should refuse an expired link and sign in once when one link is used twice at once', async () => {
    const e = await paid(10 * DAY);
    await w.a.http.post('/api/portal/link').send({ organizationId: org.orgId, email: e.email }).expect(202);
    const old = (await linkIn(e.email))!;
    await w.a.db.query("UPDATE portal_links SET expires_at = now() - interval '1 second' WHERE used_at IS NULL");
    expect((await w.a.http.post('/api/portal/session').send({ token: old }).expect(410)).body.error).toBe(LINK_GONE);

    await w.a.http.post('/api/portal/link').send({ organizationId: org.orgId, email: e.email }).expect(202);
    const fresh = (await linkIn(e.email))!;
    const both = await Promise.all([1, 2].map(() => w.a.http.post('/api/portal/session').send({ token: fresh })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 410]);
  });

  it('should send at most 3 links per 15 minutes to one email', async () => {
    const e = await paid(10 * DAY);
    for (let i = 0; i < 5; i++) await w.a.http.post('/api/portal/link').send({ organizationId: org.orgId, email: e.email }).expect(202);
    const sent = await w.a.db.query("SELECT count(*)::int AS n FROM communications WHERE kind = 'system' AND to_address = $1", [e.email]);
    expect(sent[0].n).toBe(3);
  });

  it('should open the portal only with a portal token, and a portal token nothing else', async () => {
    const e = await paid(10 * DAY);
    const portal = await signIn(e.email);
    const teacher = await createTeacher(w.a, org);
    await w.a.http.get('/api/portal/registrations').expect(401);
    await w.a.http.get('/api/portal/registrations').set(org.auth).expect(401);
    await w.a.http.get('/api/portal/registrations').set(teacher.auth).expect(401);
    await w.a.http.post(`/api/portal/enrollments/${e.id}/cancel`).set(org.auth).expect(401);
    await w.a.http.get('/api/portal/registrations').set(portal).expect(200);
    // A portal token opens nothing else.
    await w.a.http.get('/api/students').set(portal).expect(401);
    await w.a.http.post(`/api/enrollments/${e.id}/cancel`).set(portal).send({}).expect(401);
    await w.a.http.get('/api/settings').set(portal).expect(401);
    await w.a.http.get('/api/admin/organizations').set(portal).expect(401);
    // Signing out ends the session.
    await w.a.http.post('/api/portal/signout').set(portal).expect(200);
    await w.a.http.get('/api/portal/registrations').set(portal).expect(401);
  });

  it("should list the student's registrations with the frozen policy's refund and refuse other people's", async () => {
    const e = await paid(5 * DAY); // 50 % under the policy
    const portal = await signIn(e.email);
    const r = (await w.a.http.get('/api/portal/registrations').set(portal).expect(200)).body.data;
    expect(r.rules).toEqual({
      selfService: true,
      selfServiceCancelHoursBefore: 24,
      selfServiceTransfers: true,
      selfServiceTransferDifferenceInPerson: false,
    });
    expect(r.organization).toMatchObject({ id: org.orgId, email: 'hello@clay.example', phone: '(559) 555-0100' });
    expect(r.student).toMatchObject({ firstName: 'Maya', lastName: 'Lin', email: e.email });
    expect(r.enrollments).toHaveLength(1);
    expect(r.enrollments[0]).toMatchObject({
      id: e.id,
      status: 'active',
      paymentMethod: 'card',
      amountPaid: 80,
      canCancel: true,
      class: { id: e.classId, title: 'Pottery I' },
      refundQuote: { refundAmount: 40, refundPercentage: 50, noPolicy: false, paidAmount: 80 },
    });
    expect(r.waitlist).toEqual([]);

    // Another student of the same organization, and a student of another organization with the same email.
    const mine = await paid(10 * DAY);
    const stranger = await signIn((await paid(10 * DAY)).email);
    const elsewhere = await paid(10 * DAY, other, { email: e.email });
    const elsewherePortal = await signIn(e.email, other);
    for (const [who, id] of [
      [stranger, mine.id],
      [stranger, e.id],
      [elsewherePortal, e.id],
      [portal, elsewhere.id],
    ] as const) {
      await w.a.http.post(`/api/portal/enrollments/${id}/cancel`).set(who).expect(404);
      await w.a.http.get(`/api/portal/enrollments/${id}/receipt`).set(who).expect(404);
      await w.a.http.get(`/api/portal/enrollments/${id}/calendar.ics`).set(who).expect(404);
    }
    const seen = (await w.a.http.get('/api/portal/registrations').set(elsewherePortal).expect(200)).body.data.enrollments;
    expect(seen.map((x: { id: string }) => x.id)).toEqual([elsewhere.id]);
    expect(await seatsTaken(w.a, mine.classId)).toBe(1);
  });

  it('should cancel with the policy refund once when sent twice at once: one Stripe refund, one notice', async () => {
    const e = await paid(5 * DAY);
    const portal = await signIn(e.email);
    const before = w.stand.requests.length;
    const replies = await Promise.all([1, 2].map(() => w.a.http.post(`/api/portal/enrollments/${e.id}/cancel`).set(portal)));
    expect(replies.map((r) => r.status)).toEqual([200, 200]);
    expect(replies.filter((r) => r.body.data.refund).map((r) => r.body.data.refund.amount)).toEqual([40]);
    expect(replies.every((r) => r.body.data.status === 'cancelled' && r.body.data.refundedAmount === 40)).toBe(true);
    expect(w.stand.requests.slice(before).filter((r) => r.path === '/v1/refunds')).toHaveLength(1);
    expect(await seatsTaken(w.a, e.classId)).toBe(0);
    const notices = await w.a.db.query("SELECT count(*)::int AS n FROM communications WHERE kind = 'refund' AND to_address = $1", [
      e.email,
    ]);
    expect(notices[0].n).toBe(1);
    const [refund] = await w.a.db.query('SELECT source FROM refunds WHERE enrollment_id = $1', [e.id]);
    expect(refund.source).toBe('self_service');
    const events = await w.a.db.query(
      "SELECT description FROM activity_events WHERE organization_id = $1 AND event_type = 'enrollment_cancelled' AND metadata->>'enrollmentId' = $2",
      [org.orgId, e.id],
    );
    expect(events).toEqual([{ description: 'Maya Lin cancelled Pottery I (refund $40.00)' }]);
    const after = (await w.a.http.get('/api/portal/registrations').set(portal).expect(200)).body.data.enrollments[0];
    expect(after).toMatchObject({ status: 'cancelled', canCancel: false, refundQuote: null, refunds: [{ amount: 40 }] });
  });

  it("should refuse a cancel after the cut-off with the organization's contact, and honour the setting", async () => {
    const e = await paid(20 * 3600_000); // 20 hours before: inside the default 24
    const portal = await signIn(e.email);
    const late = await w.a.http.post(`/api/portal/enrollments/${e.id}/cancel`).set(portal).expect(409);
    expect(late.body.error).toBe(
      'Registrations can be cancelled here until 24 hours before the first session. Please contact ' +
        `${late.body.contact.name} at hello@clay.example or (559) 555-0100.`,
    );
    expect(late.body.contact).toMatchObject({ email: 'hello@clay.example', phone: '(559) 555-0100' });
    expect((await w.a.http.get('/api/portal/registrations').set(portal)).body.data.enrollments[0].canCancel).toBe(false);
    // The organization allows it until 12 hours before.
    await w.a.http.put('/api/settings').set(org.auth).send({ selfServiceCancelHoursBefore: 12 }).expect(200);
    try {
      await w.a.http.post(`/api/portal/enrollments/${e.id}/cancel`).set(portal).expect(200);
    } finally {
      await w.a.http.put('/api/settings').set(org.auth).send({ selfServiceCancelHoursBefore: 24 }).expect(200);
    }
  });

  it('should refuse everything but reading when self-service is off', async () => {
    const e = await paid(10 * DAY);
    const portal = await signIn(e.email);
    const s = await w.a.http.put('/api/settings').set(org.auth).send({ selfService: false, selfServiceTransfers: false }).expect(200);
    expect(s.body.data).toMatchObject({ selfService: false, selfServiceCancelHoursBefore: 24, selfServiceTransfers: false });
    try {
      await w.a.http.post(`/api/portal/enrollments/${e.id}/cancel`).set(portal).expect(403);
      // No link is sent while it is off (the answer is the same 202).
      const before = (await w.a.db.query("SELECT count(*)::int AS n FROM communications WHERE kind = 'system'"))[0].n;
      await w.a.http.post('/api/portal/link').send({ organizationId: org.orgId, email: e.email }).expect(202);
      expect((await w.a.db.query("SELECT count(*)::int AS n FROM communications WHERE kind = 'system'"))[0].n).toBe(before);
    } finally {
      await w.a.http.put('/api/settings').set(org.auth).send({ selfService: true, selfServiceTransfers: true }).expect(200);
    }
    await w.a.http.put('/api/settings').set(org.auth).send({ selfServiceCancelHoursBefore: 721 }).expect(400);
  });

  it("should show the class's sessions from their records: a moved one at its new time, a cancelled one apart", async () => {
    const start = Date.now() + 10 * DAY;
    const cls = await cardClass(w.a, org, { title: 'Weekly Wheel', startDate: new Date(start).toISOString(), days: 3, schedule: 'Weekly' });
    const reg = await w.a.http
      .post('/api/students/register')
      .send(registerBody(org.orgId, cls.id, { firstName: 'Ivy', lastName: 'Moss' }))
      .expect(201);
    const id = reg.body.data.classEnrollments[0].id;
    const sessions = (await w.a.http.get(`/api/classes/${cls.id}/sessions`).set(org.auth).expect(200)).body.data;
    const moved = new Date(Date.parse(sessions[1].startsAt) + 3600_000).toISOString();
    await w.a.http.put(`/api/class-sessions/${sessions[1].id}`).set(org.auth).send({ startsAt: moved }).expect(200);
    await w.a.http.post(`/api/class-sessions/${sessions[2].id}/cancel`).set(org.auth).send({ reason: 'Snow', notify: false }).expect(201);
    const [{ email }] = await w.a.db.query('SELECT s.email FROM enrollments e JOIN students s ON s.id = e.student_id WHERE e.id = $1', [
      id,
    ]);
    const portal = await signIn(email);
    const r = (await w.a.http.get('/api/portal/registrations').set(portal).expect(200)).body.data.enrollments[0];
    expect(r.class.sessions).toEqual([sessions[0].startsAt, moved]);
    expect(r.class.cancelledSessions).toEqual([sessions[2].startsAt]);
    // The calendar file holds the sessions held: the moved one at its new time, the cancelled one not at all.
    const ics = (await w.a.http.get(`/api/portal/enrollments/${id}/calendar.ics`).set(portal).expect(200)).text;
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
  });

  it('should cancel an in-person registration (seat freed, nothing refunded)', async () => {
    const cls = await cardClass(w.a, org, { title: 'Glazing', startDate: new Date(Date.now() + 10 * DAY).toISOString() });
    const reg = await w.a.http
      .post('/api/students/register')
      .send(registerBody(org.orgId, cls.id, { firstName: 'Ana', lastName: 'Ruiz' }))
      .expect(201);
    const id = reg.body.data.classEnrollments[0].id;
    const [{ email }] = await w.a.db.query('SELECT s.email FROM enrollments e JOIN students s ON s.id = e.student_id WHERE e.id = $1', [
      id,
    ]);
    const portal = await signIn(email);
    const r = (await w.a.http.get('/api/portal/registrations').set(portal).expect(200)).body.data.enrollments[0];
    expect(r).toMatchObject({ id, paymentMethod: 'in-person', refundQuote: { refundAmount: 0 } });
    expect(await seatsTaken(w.a, cls.id)).toBe(1);
    const c = await w.a.http.post(`/api/portal/enrollments/${id}/cancel`).set(portal).expect(200);
    expect(c.body.data).toMatchObject({ status: 'cancelled', refund: null });
    expect(await seatsTaken(w.a, cls.id)).toBe(0);
    const [ev] = await w.a.db.query("SELECT description FROM activity_events WHERE metadata->>'enrollmentId' = $1", [id]);
    expect(ev.description).toBe('Ana Ruiz cancelled Glazing');
  });

  it('should update the phone and consent but never the email, export, ask for erasure, and give receipt and calendar', async () => {
    const e = await paid(10 * DAY);
    const portal = await signIn(e.email);
    const p = await w.a.http
      .put('/api/portal/profile')
      .set(portal)
      .send({ phone: '(559) 555-0199', communicationOptIn: false })
      .expect(200);
    expect(p.body.data).toMatchObject({ email: e.email, phone: '5595550199', communicationOptIn: false });
    await w.a.http.put('/api/portal/profile').set(portal).send({ email: 'new@example.com' }).expect(400);
    await w.a.http.put('/api/portal/profile').set(portal).send({ phone: '123' }).expect(400);
    const [s] = await w.a.db.query(
      'SELECT email, phone, communication_opt_in FROM students WHERE lower(email) = lower($1) AND organization_id = $2',
      [e.email, org.orgId],
    );
    expect(s).toEqual({ email: e.email, phone: '5595550199', communication_opt_in: false });

    const x = (await w.a.http.get('/api/portal/export').set(portal).expect(200)).body.data;
    expect(x.student).toMatchObject({ email: e.email });
    expect(x.enrollments.map((y: { id: string }) => y.id)).toContain(e.id);

    await w.a.http.post('/api/portal/erasure').set(portal).expect(200);
    const [asked] = await w.a.db.query(
      "SELECT description FROM activity_events WHERE organization_id = $1 AND event_type = 'erasure_requested'",
      [org.orgId],
    );
    expect(asked.description).toBe('Maya Lin asked for their personal data to be erased');
    const adminMail = await w.a.db.query("SELECT subject FROM communications WHERE to_address = $1 AND kind = 'system'", [org.email]);
    expect(adminMail).toEqual([{ subject: 'Erasure request: Maya Lin' }]);

    // The admin completes the erasure with the existing one: the session ends at once.
    const erased = await paid(10 * DAY);
    const erasedPortal = await signIn(erased.email);
    const [{ student_id: erasedId }] = await w.a.db.query('SELECT student_id FROM enrollments WHERE id = $1', [erased.id]);
    await w.a.http.delete(`/api/students/${erasedId}?erase=true`).set(org.auth).expect(200);
    await w.a.http.get('/api/portal/registrations').set(erasedPortal).expect(401);

    const pdf = await w.a.http.get(`/api/portal/enrollments/${e.id}/receipt`).set(portal).buffer(true).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(Buffer.from(pdf.body).subarray(0, 5).toString()).toBe('%PDF-');
    const ics = await w.a.http.get(`/api/portal/enrollments/${e.id}/calendar.ics`).set(portal).expect(200);
    expect(ics.text).toContain('BEGIN:VCALENDAR');
    expect(ics.text).toContain('Pottery I');
  });

  it('should refuse bad input readably', async () => {
    await w.a.http.post('/api/portal/link').send({ organizationId: org.orgId, email: 'not-an-email' }).expect(400);
    await w.a.http.post('/api/portal/link').send({ organizationId: 'x', email: 'a@b.co' }).expect(400);
    await w.a.http.post('/api/portal/link').send({ organizationId: org.orgId, email: 'a@b.co', extra: 1 }).expect(400);
    const unknownOrg = await w.a.http
      .post('/api/portal/link')
      .send({ organizationId: '00000000-0000-4000-8000-000000000000', email: 'a@b.co' });
    expect(unknownOrg.status).toBe(202);
    const e = await paid(10 * DAY);
    const portal = await signIn(e.email);
    // An id that is not one reads as not found, as everywhere in the API.
    await w.a.http.post('/api/portal/enrollments/not-an-id/cancel').set(portal).expect(404);
    await w.a.http.put('/api/portal/profile').set(portal).send({}).expect(400);
  });

  it("should show the student's own changes, switch and cancel in their history and count them in the reports", async () => {
    const e = await paid(10 * DAY, org, { firstName: 'Ines', lastName: 'Roy' });
    const [{ student_id: studentId }] = await w.a.db.query('SELECT student_id FROM enrollments WHERE id = $1', [e.id]);
    const portal = await signIn(e.email);
    await w.a.http.put('/api/portal/profile').set(portal).send({ phone: '5595550123' }).expect(200);
    // A class at the same price with seats: the switch moves the seat and no money.
    const same = await cardClass(w.a, org, {
      title: 'Pottery I (Friday)',
      price: 80,
      discountPrice: null,
      startDate: new Date(Date.now() + 12 * DAY).toISOString(),
    });
    const moved = await w.a.http.post(`/api/portal/enrollments/${e.id}/transfer`).set(portal).send({ toClassId: same.id }).expect(200);
    expect(moved.body.data).toMatchObject({ classId: same.id, refundedAmount: 0, refund: null });
    await w.a.http.post(`/api/portal/enrollments/${e.id}/cancel`).set(portal).expect(200);

    const history = (await w.a.http.get(`/api/students/${studentId}/activity`).set(org.auth).expect(200)).body.data;
    const own = history.filter((h: { metadata: { source?: string } }) => h.metadata.source === 'self_service');
    expect(own.map((h: { eventType: string; description: string }) => [h.eventType, h.description])).toEqual([
      ['enrollment_cancelled', 'Ines Roy cancelled Pottery I (Friday) (refund $80.00)'],
      ['enrollment_transferred', 'Ines Roy switched from Pottery I to Pottery I (Friday)'],
      ['student_details_changed', 'Ines Roy updated their phone'],
    ]);
    // Nobody else's history, and no other organization's admin.
    expect(history.every((h: { metadata: { studentId?: string } }) => h.metadata.studentId === studentId)).toBe(true);
    await w.a.http.get(`/api/students/${studentId}/activity`).set(other.auth).expect(404);
    await w.a.http.get(`/api/students/${studentId}/activity`).expect(401);
    await w.a.http.get(`/api/students/${studentId}/activity`).set(portal).expect(401);

    // The reports count the self-service cancellation and refund as any other, under the class switched to.
    const enrollment = (await w.a.http.get('/api/reports/enrollment?timeframe=7d').set(org.auth).expect(200)).body.data;
    expect(enrollment.rows.find((r: { classId: string }) => r.classId === same.id)).toMatchObject({ enrolled: 0, cancelled: 1 });
    expect(enrollment.rows.find((r: { classId: string }) => r.classId === e.classId)).toBeUndefined();
    const revenue = (await w.a.http.get('/api/reports/revenue?timeframe=7d').set(org.auth).expect(200)).body.data;
    expect(revenue.rows.find((r: { classId: string }) => r.classId === same.id)).toMatchObject({ refunds: 80 });
  });

  it('should switch to a cheaper class in one move, refunding the difference to the card once', async () => {
    const e = await paid(10 * DAY);
    const portal = await signIn(e.email);
    const cheaper = await cardClass(w.a, org, {
      title: 'Pottery I (Thursday)',
      price: 60,
      discountPrice: null,
      startDate: new Date(Date.now() + 11 * DAY).toISOString(),
    });
    const dearer = await cardClass(w.a, org, {
      title: 'Pottery Pro',
      price: 120,
      discountPrice: null,
      startDate: new Date(Date.now() + 11 * DAY).toISOString(),
    });
    const options = (await w.a.http.get(`/api/portal/enrollments/${e.id}/transfer-options`).set(portal).expect(200)).body.data;
    expect(options.find((o: { id: string }) => o.id === cheaper.id)).toMatchObject({
      price: 60,
      priceDifference: -20,
      available: true,
      seatsLeft: 20,
    });
    expect(options.find((o: { id: string }) => o.id === dearer.id)).toMatchObject({
      priceDifference: 40,
      available: true,
      needsPayment: true,
    });
    expect(options.find((o: { id: string }) => o.id === e.classId)).toBeUndefined();

    const refused = await w.a.http.post(`/api/portal/enrollments/${e.id}/transfer`).set(portal).send({ toClassId: dearer.id }).expect(409);
    expect(refused.body.error).toContain('costs $40.00 more');
    expect(await seatsTaken(w.a, e.classId)).toBe(1);

    const before = w.stand.requests.length;
    const moved = await w.a.http.post(`/api/portal/enrollments/${e.id}/transfer`).set(portal).send({ toClassId: cheaper.id }).expect(200);
    expect(moved.body.data).toMatchObject({ id: e.id, status: 'active', classId: cheaper.id, refundedAmount: 20, refund: { amount: 20 } });
    expect(w.stand.requests.slice(before).filter((r) => r.path === '/v1/refunds')).toHaveLength(1);
    expect([await seatsTaken(w.a, e.classId), await seatsTaken(w.a, cheaper.id)]).toEqual([0, 1]);
    const [ev] = await w.a.db.query(
      "SELECT description FROM activity_events WHERE event_type = 'enrollment_transferred' AND metadata->>'enrollmentId' = $1",
      [e.id],
    );
    expect(ev.description).toBe('Maya Lin switched from Pottery I to Pottery I (Thursday) (refund $20.00)');
    // The same move again is refused (it is already there) and refunds nothing more.
    await w.a.http.post(`/api/portal/enrollments/${e.id}/transfer`).set(portal).send({ toClassId: cheaper.id }).expect(409);
    const r = (await w.a.http.get('/api/portal/registrations').set(portal).expect(200)).body.data.enrollments[0];
    expect(r).toMatchObject({ class: { id: cheaper.id }, refundedAmount: 20 });
    // Someone else's registration, another organization's class, and transfers switched off.
    const stranger = await signIn((await paid(10 * DAY)).email);
    await w.a.http.post(`/api/portal/enrollments/${e.id}/transfer`).set(stranger).send({ toClassId: e.classId }).expect(404);
    const foreign = await cardClass(w.a, other);
    await w.a.http.post(`/api/portal/enrollments/${e.id}/transfer`).set(portal).send({ toClassId: foreign.id }).expect(404);
    await w.a.http.put('/api/settings').set(org.auth).send({ selfServiceTransfers: false }).expect(200);
    try {
      await w.a.http.post(`/api/portal/enrollments/${e.id}/transfer`).set(portal).send({ toClassId: e.classId }).expect(403);
    } finally {
      await w.a.http.put('/api/settings').set(org.auth).send({ selfServiceTransfers: true }).expect(200);
    }
  });

  it('should never oversell the last seat nor lose or keep both seats when a switch races a registration', async () => {
    for (let round = 0; round < 4; round++) {
      const e = await paid(10 * DAY);
      const portal = await signIn(e.email);
      const last = await cardClass(w.a, org, { title: `Last seat ${round}`, price: 80, discountPrice: null, maxStudents: 1 });
      const [move, reg] = await Promise.all([
        w.a.http.post(`/api/portal/enrollments/${e.id}/transfer`).set(portal).send({ toClassId: last.id }),
        w.a.http.post('/api/students/register').send(registerBody(org.orgId, last.id)),
      ]);
      // Exactly one of them gets the seat; the other is refused readably.
      expect([move.status === 200, reg.status === 201].filter(Boolean)).toHaveLength(1);
      expect(move.status === 200 ? reg.status : move.status).toBe(409);
      expect(await seatsTaken(w.a, last.id)).toBe(1);
      const [row] = await w.a.db.query('SELECT class_id, status FROM enrollments WHERE id = $1', [e.id]);
      expect(row.status).toBe('active');
      if (move.status === 200) {
        expect(row.class_id).toBe(last.id);
        expect(await seatsTaken(w.a, e.classId)).toBe(0);
      } else {
        expect(move.body.error).toBe('This class is full. No seats are left.');
        expect(row.class_id).toBe(e.classId);
        expect(await seatsTaken(w.a, e.classId)).toBe(1);
      }
    }
  });
});
