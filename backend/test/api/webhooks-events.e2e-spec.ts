import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { unsubscribeToken } from '../../src/modules/communications/unsubscribe';
import { WebhooksDispatcher } from '../../src/modules/webhooks/webhooks.dispatcher';
import { createClass, createOrg, createTeacher, registerBody, studentBody, type OrgFixture } from '../fixtures/org.fixture';
import { type Document, webhookMismatches } from '../setup/openapi-conformance';
import { createTestApp, type TestApp } from '../setup/test-app';

const JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';
const TIMEOUT_MS = 400;

interface Event {
  id: string;
  type: string;
  organizationId: string;
  data: Record<string, unknown>;
}

/**
 * A receiver on this machine recording every event it gets. `hang`: it reads the request and never answers (a
 * receiver stuck behind a dead upstream), for the send timeout.
 */
async function startReceiver(opts: { hang?: boolean } = {}) {
  const events: Event[] = [];
  /** Every event received and not yet checked against the document (the tests empty `events` as they go). */
  const unchecked: Event[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      events.push(JSON.parse(body) as Event);
      unchecked.push(JSON.parse(body) as Event);
      if (!opts.hang) res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    events,
    unchecked,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

/**
 * The webhook events every path announces: `payment.succeeded` for a payment taken in person (the mark-paid button,
 * a walk-in paid on the spot, the admin's student record), and `student.updated` from every change to a person
 * (the admin's edit, the student's own portal changes, unsubscribing, a household registration filling a date of
 * birth, erasure). Also the send timeout: a receiver that never answers fails the delivery, which is retried.
 */
describe('webhook events from every path', () => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let org: OrgFixture;
  let other: OrgFixture;
  let doc: Document;
  const run = () => t.app.get(WebhooksDispatcher).run();
  const delivered = async (type?: string) => {
    await run();
    return receiver.events.filter((e) => !type || e.type === type);
  };
  const register = async (classId: string, overrides: Record<string, unknown> = {}, o = org) =>
    (
      await t.http
        .post('/api/students/register')
        .send(registerBody(o.orgId, classId, overrides))
        .expect(201)
    ).body.data;

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await createTestApp({
      WEBHOOK_ALLOW_PRIVATE_HOSTS: 'true',
      WEBHOOK_RETRY_BASE_MS: '200',
      WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
      JOBS_INTERVAL_MS: '3600000',
    });
    org = await createOrg(t, { plan: 'professional' });
    other = await createOrg(t, { plan: 'professional' });
    for (const o of [org, other])
      await t.http
        .post('/api/webhook-endpoints')
        .set(o.auth)
        .send({ url: receiver.url, events: ['payment.succeeded', 'student.updated', 'enrollment.created'] })
        .expect(201);
    doc = (await t.http.get('/api/docs-json').expect(200)).body as Document;
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });
  beforeEach(async () => {
    await run();
    receiver.events.length = 0;
  });
  // Every event any test got is as the document's `webhooks` describe it.
  afterEach(() => {
    expect(receiver.unchecked.splice(0).flatMap((e) => webhookMismatches(doc, e))).toEqual([]);
  });

  it('should announce payment.succeeded when a teacher or admin marks an in-person payment paid, once', async () => {
    const cls = await createClass(t, org, { title: 'Wheel', price: 100, discountPrice: 80 });
    const student = await register(cls.id);
    const teacher = await createTeacher(t, org);
    const mark = { studentId: student.id, classId: cls.id };
    await t.http.post('/api/payments/mark-paid').set(teacher.auth).send(mark).expect(200);
    // A second click is refused and announces nothing more.
    await t.http.post('/api/payments/mark-paid').set(org.auth).send(mark).expect(409);
    const events = await delivered('payment.succeeded');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      organizationId: org.orgId,
      data: { studentId: student.id, classId: cls.id, className: 'Wheel', amount: 80, paymentMethod: 'in-person' },
    });
    expect(events[0].data.enrollmentId).toEqual(expect.any(String));
    // Undone and marked again: a new payment, a new event id.
    receiver.events.length = 0;
    await t.http.post('/api/payments/mark-unpaid').set(org.auth).send(mark).expect(200);
    await t.http.post('/api/payments/mark-paid').set(org.auth).send(mark).expect(200);
    const again = await delivered('payment.succeeded');
    expect(again).toHaveLength(1);
    expect(again[0].id).not.toBe(events[0].id);
    // Another organization's ids: 404, nothing announced.
    receiver.events.length = 0;
    await t.http.post('/api/payments/mark-paid').set(other.auth).send(mark).expect(404);
    expect(await delivered()).toEqual([]);
  });

  it('should announce payment.succeeded for a walk-in paid on the spot, and none for one who pays later', async () => {
    const cls = await createClass(t, org, { title: 'Glaze', price: 60, discountPrice: null });
    const teacher = await createTeacher(t, org);
    const walkIn = (email: string, paidNow: boolean) =>
      t.http
        .post(`/api/teacher/classes/${cls.id}/walk-ins`)
        .set(teacher.auth)
        .send({ firstName: 'Walk', lastName: 'In', email, phone: '5595550111', communicationOptIn: true, paidNow })
        .expect(201);
    const paid = (await walkIn('walk-paid@example.com', true)).body.data;
    await walkIn('walk-later@example.com', false);
    const events = await delivered('payment.succeeded');
    expect(events.map((e) => e.data)).toEqual([
      expect.objectContaining({ studentId: paid.studentId, enrollmentId: paid.enrollmentId, amount: 60, paymentMethod: 'in-person' }),
    ]);
  });

  it("should announce payment.succeeded when the admin marks a payment completed on the student's record", async () => {
    const a = await createClass(t, org, { title: 'Throwing', price: 50, discountPrice: null });
    const b = await createClass(t, org, { title: 'Trimming', price: 40, discountPrice: null });
    const student = await register(a.id);
    await delivered();
    receiver.events.length = 0;
    const body = {
      ...studentBody(),
      email: student.email,
      firstName: student.firstName,
      lastName: student.lastName,
      phone: student.phone,
      classEnrollments: [
        { classId: a.id, paymentStatus: 'completed', paymentMethod: 'in-person' },
        { classId: b.id, paymentStatus: 'completed', paymentMethod: 'in-person' },
      ],
    };
    await t.http.put(`/api/students/${student.id}`).set(org.auth).send(body).expect(200);
    const events = await delivered();
    const payments = events.filter((e) => e.type === 'payment.succeeded').map((e) => e.data);
    expect(payments).toHaveLength(2);
    expect(payments).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ classId: a.id, amount: 50, paymentMethod: 'in-person', studentId: student.id }),
        expect.objectContaining({ classId: b.id, amount: 40, paymentMethod: 'in-person', studentId: student.id }),
      ]),
    );
    // The class added from the record is an enrollment like any other.
    expect(events.filter((e) => e.type === 'enrollment.created').map((e) => e.data)).toEqual([
      expect.objectContaining({ classId: b.id, studentId: student.id, paymentStatus: 'completed', source: 'walk_in' }),
    ]);
    // Saving the same record again changes nothing and announces nothing.
    receiver.events.length = 0;
    await t.http.put(`/api/students/${student.id}`).set(org.auth).send(body).expect(200);
    expect(await delivered()).toEqual([]);
  });

  it('should announce student.updated from the portal, unsubscribing, a household date of birth and erasure', async () => {
    const cls = await createClass(t, org, { title: 'Studio time' });
    const student = await register(cls.id, { firstName: 'Pia', lastName: 'Portal', communicationOptIn: true });

    // The student's own change in the portal (by the emailed sign-in link).
    await t.http.post('/api/portal/link').send({ organizationId: org.orgId, email: student.email }).expect(202);
    const [mail] = await t.db.query(
      "SELECT message FROM communications WHERE kind = 'system' AND to_address = $1 ORDER BY created_at DESC LIMIT 1",
      [student.email],
    );
    const token = /\/my\/([A-Za-z0-9_-]+)/.exec(mail.message)![1];
    const session = (await t.http.post('/api/portal/session').send({ token }).expect(200)).body.data.token;
    await t.http
      .put('/api/portal/profile')
      .set({ Authorization: `Bearer ${session}` })
      .send({ phone: '5595550999' })
      .expect(200);
    let events = await delivered('student.updated');
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({ studentId: student.id, firstName: 'Pia', changed: ['phone'] });
    expect(events[0].data.phone).not.toBe(student.phone);

    // The unsubscribe link in a message.
    receiver.events.length = 0;
    await t.http.post(`/api/communications/unsubscribe?token=${unsubscribeToken(JWT_SECRET, org.orgId, student.id)}`).expect(200);
    events = await delivered('student.updated');
    expect(events.map((e) => e.data)).toEqual([
      expect.objectContaining({ studentId: student.id, communicationOptIn: false, changed: ['communicationOptIn'] }),
    ]);
    // Unsubscribing twice changes nothing the second time.
    receiver.events.length = 0;
    await t.http.post(`/api/communications/unsubscribe?token=${unsubscribeToken(JWT_SECRET, org.orgId, student.id)}`).expect(200);
    expect(await delivered('student.updated')).toEqual([]);

    // A household registration giving a known attendee's date of birth for the first time.
    const c2 = await createClass(t, org);
    const contact = registerBody(org.orgId, cls.id, { firstName: 'Hana', lastName: 'Host', email: 'hana.host@example.com' });
    const first = (
      await t.http
        .post('/api/students/register')
        .send({ ...contact, attendees: [{ firstName: 'Kai', lastName: 'Host' }] })
        .expect(201)
    ).body.data;
    receiver.events.length = 0;
    await t.http
      .post('/api/students/register')
      .send({
        ...contact,
        classEnrollments: [{ classId: c2.id }],
        attendees: [{ firstName: 'Kai', lastName: 'Host', dateOfBirth: '2016-05-04' }],
      })
      .expect(201);
    events = await delivered('student.updated');
    expect(events.map((e) => e.data)).toEqual([
      expect.objectContaining({ studentId: first.enrollments[0].studentId, dateOfBirth: '2016-05-04', changed: ['dateOfBirth'] }),
    ]);

    // Erasure: connected tools learn the person is gone from the record.
    receiver.events.length = 0;
    await t.http.delete(`/api/students/${student.id}?erase=true`).set(org.auth).expect(200);
    events = await delivered('student.updated');
    expect(events.map((e) => e.data)).toEqual([
      expect.objectContaining({ studentId: student.id, firstName: 'Erased', lastName: 'Student', erased: true, phone: '' }),
    ]);
    expect(JSON.stringify(events)).not.toContain(student.email);
  });

  it('should fail a delivery to a receiver that never answers after the send timeout, and retry it', async () => {
    const silent = await startReceiver({ hang: true });
    try {
      const o = await createOrg(t, { plan: 'professional' });
      const endpoint = (
        await t.http
          .post('/api/webhook-endpoints')
          .set(o.auth)
          .send({ url: silent.url, events: ['enrollment.created'] })
          .expect(201)
      ).body.data;
      const cls = await createClass(t, o);
      await register(cls.id, {}, o);
      const started = Date.now();
      await run();
      const took = Date.now() - started;
      // It waited for the timeout, not for ever (nor gave up at once).
      expect(took).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
      expect(took).toBeLessThan(TIMEOUT_MS + 5000);
      expect(silent.events).toHaveLength(1);
      const list = async () => (await t.http.get(`/api/webhook-endpoints/${endpoint.id}/deliveries`).set(o.auth).expect(200)).body.data;
      const [d] = await list();
      // Failed, waiting for its retry (it is 'failed' for good only once the 24 hours of retries are over).
      expect(d).toMatchObject({
        status: 'pending',
        attempts: 1,
        lastStatusCode: null,
        lastError: `No answer within ${TIMEOUT_MS / 1000} s`,
      });
      expect(d.deliveredAt).toBeNull();
      expect(new Date(d.nextAttemptAt).getTime()).toBeGreaterThan(started);
      // Retried once due (the first retry waits WEBHOOK_RETRY_BASE_MS), with the same event id.
      await new Promise((r) => setTimeout(r, 250));
      await run();
      expect(silent.events).toHaveLength(2);
      expect(silent.events[1].id).toBe(silent.events[0].id);
      const [again] = await list();
      expect(again).toMatchObject({ status: 'pending', attempts: 2, lastError: `No answer within ${TIMEOUT_MS / 1000} s` });
    } finally {
      await silent.close();
    }
  });
});
