import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { RegistrationError } from '../../src/modules/registration/registration.exception';
import { WebhooksDispatcher } from '../../src/modules/webhooks/webhooks.dispatcher';
import { createClass, createOrg, registerBody, type OrgFixture } from '../fixtures/org.fixture';
import { type Document, webhookMismatches } from '../setup/openapi-conformance';
import { createTestApp, type TestApp } from '../setup/test-app';

interface Event {
  type: string;
  organizationId: string;
  data: Record<string, unknown>;
}

/**
 * The admin takes a class off a student's record (`DELETE /api/students/{id}/enrollments/{classId}`): the one cancel
 * every other path uses. The row is kept as cancelled (never deleted), the seat freed once, the activity and the one
 * `enrollment.cancelled` payload (with enrollmentId and refund 0) as the admin's cancel sends them.
 */
describe('the admin removing a class from a student record', () => {
  let t: TestApp;
  let org: OrgFixture;
  let other: OrgFixture;
  let doc: Document;
  const events: Event[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      events.push(JSON.parse(body) as Event);
      res.writeHead(200).end('ok');
    });
  });
  const cancelledEvents = async () => {
    await t.app.get(WebhooksDispatcher).run();
    return events.filter((e) => e.type === 'enrollment.cancelled');
  };
  const register = async (classId: string) =>
    (await t.http.post('/api/students/register').send(registerBody(org.orgId, classId)).expect(201)).body.data;
  const remove = (studentId: string, classId: string, o = org) =>
    t.http.delete(`/api/students/${studentId}/enrollments/${classId}`).set(o.auth);

  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_HOSTS: 'true', JOBS_INTERVAL_MS: '3600000' });
    org = await createOrg(t, { plan: 'professional' });
    other = await createOrg(t, { plan: 'professional' });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    await t.http
      .post('/api/webhook-endpoints')
      .set(org.auth)
      .send({ url, events: ['enrollment.cancelled'] })
      .expect(201);
    doc = (await t.http.get('/api/docs-json').expect(200)).body as Document;
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r())));
  });
  beforeEach(async () => {
    await t.app.get(WebhooksDispatcher).run();
    events.length = 0;
  });

  it('should keep the row as cancelled, free the seat and send the one enrollment.cancelled payload', async () => {
    const cls = await createClass(t, org, { title: 'Glaze', maxStudents: 1 });
    const s = await register(cls.id);
    const [{ id: enrollmentId }] = await t.db.query('SELECT id FROM enrollments WHERE student_id = $1', [s.id]);
    const res = await remove(s.id, cls.id).expect(200);
    expect(res.body.data.classEnrollments).toEqual([]);
    expect(res.body.data.pastEnrollments).toEqual([expect.objectContaining({ id: enrollmentId, classId: cls.id, status: 'cancelled' })]);
    const rows = await t.db.query('SELECT status, cancelled_at FROM enrollments WHERE student_id = $1', [s.id]);
    expect(rows).toEqual([{ status: 'cancelled', cancelled_at: expect.any(Date) }]);
    expect((await t.http.get(`/api/classes/${cls.id}`).set(org.auth)).body.data).toMatchObject({ enrolledStudents: 0, status: 'Open' });
    // The roster no longer lists the student; the student's record shows the class as past, not current.
    expect((await t.http.get(`/api/students/class/${cls.id}`).set(org.auth).expect(200)).body.data).toEqual([]);
    const record = (await t.http.get(`/api/students/${s.id}`).set(org.auth).expect(200)).body.data;
    expect(record.classEnrollments).toEqual([]);
    // The activity of the admin's cancel, with the enrollment it names.
    const [activity] = await t.db.query(
      "SELECT description, metadata FROM activity_events WHERE organization_id = $1 AND event_type = 'enrollment_cancelled'",
      [org.orgId],
    );
    expect(activity.metadata).toMatchObject({ enrollmentId, studentId: s.id, classId: cls.id, className: 'Glaze', refund: 0 });
    expect(activity.description).toBe(`${s.firstName} ${s.lastName}'s enrollment in Glaze was cancelled`);
    const sent = await cancelledEvents();
    expect(sent).toHaveLength(1);
    expect(sent[0].data).toEqual({
      enrollmentId,
      studentId: s.id,
      studentName: `${s.firstName} ${s.lastName}`,
      classId: cls.id,
      className: 'Glaze',
      refund: 0,
    });
    expect(sent.flatMap((e) => webhookMismatches(doc, e))).toEqual([]);
  });

  it('should answer a second removal NOT_ENROLLED (404) and announce nothing more, and let the student register again', async () => {
    const cls = await createClass(t, org, { maxStudents: 1 });
    const s = await register(cls.id);
    await remove(s.id, cls.id).expect(200);
    const again = await remove(s.id, cls.id).expect(404);
    expect(again.body).toMatchObject({ code: RegistrationError.NotEnrolled, error: 'This student is not enrolled in this class' });
    expect(await cancelledEvents()).toHaveLength(1);
    // The same student registers again: a new enrollment beside the cancelled one (the unique index skips cancelled rows).
    await t.http
      .post('/api/students/register')
      .send(registerBody(org.orgId, cls.id, { email: s.email }))
      .expect(201);
    const rows = await t.db.query('SELECT status FROM enrollments WHERE class_id = $1 ORDER BY enrollment_date', [cls.id]);
    expect(rows.map((r: { status: string }) => r.status)).toEqual(['cancelled', 'active']);
    expect((await t.http.get(`/api/classes/${cls.id}`).set(org.auth)).body.data).toMatchObject({ enrolledStudents: 1 });
    const record = (await t.http.get(`/api/students/${s.id}`).set(org.auth).expect(200)).body.data;
    expect(record.classEnrollments).toEqual([expect.objectContaining({ classId: cls.id, status: 'active' })]);
  });

  it('should count the removal as a cancellation in the enrollment report', async () => {
    const cls = await createClass(t, org, { title: 'Counted' });
    await register(cls.id);
    const gone = await register(cls.id);
    await remove(gone.id, cls.id).expect(200);
    const next = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const prev = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const report = (await t.http.get(`/api/reports/enrollment?startDate=${prev}&endDate=${next}`).set(org.auth).expect(200)).body.data;
    expect(report.rows.find((r: { classId: string }) => r.classId === cls.id)).toMatchObject({ enrolled: 1, cancelled: 1 });
  });

  it("should answer another organization's student or class with 404 and change nothing", async () => {
    const cls = await createClass(t, org);
    const s = await register(cls.id);
    const res = await remove(s.id, cls.id, other).expect(404);
    expect(res.body.error).toBe(`Student ${s.id} not found`);
    const [{ status }] = await t.db.query('SELECT status FROM enrollments WHERE student_id = $1', [s.id]);
    expect(status).toBe('active');
    // Their own student with this organization's class: not enrolled there.
    const theirs = await createClass(t, other);
    const o = (await t.http.post('/api/students/register').send(registerBody(other.orgId, theirs.id)).expect(201)).body.data;
    await remove(o.id, cls.id, other).expect(404);
    expect(await cancelledEvents()).toEqual([]);
  });
});
