import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebhooksDispatcher } from '../../src/modules/webhooks/webhooks.dispatcher';
import { classBody, createClass, createOrg, registerBody, studentBody, type OrgFixture } from '../fixtures/org.fixture';
import { type Document, webhookMismatches } from '../setup/openapi-conformance';
import { createTestApp, type TestApp } from '../setup/test-app';
import { startSendGridStandIn } from '../stand-ins/sendgrid.stand-in';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver on this machine: records every POST and answers with the next scripted status (200 when none). */
async function startReceiver() {
  const received: Received[] = [];
  /** Every body received and not yet checked against the document (the tests empty `received` as they go). */
  const unchecked: string[] = [];
  const statuses: number[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      unchecked.push(body);
      res.writeHead(statuses.shift() ?? 200).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}/hook`,
    received,
    unchecked,
    statuses,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

/**
 * Outbound webhooks. Endpoints per organization, deliveries queued with the event's transaction and
 * sent by the dispatcher signed (`Classlane-Signature: t=…,v1=…`), with an event id that stays the same on every
 * retry, retried with a growing delay for 24 hours, endpoints failing three days disabled with an email to the
 * admins, redelivery, tenant isolation and no delivery to private addresses unless allowed.
 */
describe('outbound webhooks', () => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let sendgrid: Awaited<ReturnType<typeof startSendGridStandIn>>;
  let org: OrgFixture;
  let other: OrgFixture;
  let classId: string;
  let endpoint: { id: string; secret: string };
  let doc: Document;
  const run = () => t.app.get(WebhooksDispatcher).run();
  const register = async (o = org, cls = classId) =>
    (await t.http.post('/api/students/register').send(registerBody(o.orgId, cls)).expect(201)).body.data;
  const deliveries = async (id = endpoint.id, auth = org.auth) =>
    (await t.http.get(`/api/webhook-endpoints/${id}/deliveries`).set(auth).expect(200)).body.data;

  beforeAll(async () => {
    receiver = await startReceiver();
    sendgrid = await startSendGridStandIn();
    t = await createTestApp({
      WEBHOOK_ALLOW_PRIVATE_HOSTS: 'true',
      WEBHOOK_RETRY_BASE_MS: '300',
      JOBS_INTERVAL_MS: '3600000',
      SENDGRID_API_KEY: 'SG.stand-in-key',
      SENDGRID_API_URL: sendgrid.url,
      SENDGRID_FROM: 'hello@classlane.test',
    });
    org = await createOrg(t, { plan: 'professional' });
    other = await createOrg(t, { plan: 'professional' });
    classId = (await createClass(t, org)).id;
    const res = await t.http
      .post('/api/webhook-endpoints')
      .set(org.auth)
      .send({ url: receiver.url, events: ['enrollment.created', 'class.cancelled'] })
      .expect(201);
    endpoint = res.body.data;
    doc = (await t.http.get('/api/docs-json').expect(200)).body as Document;
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
    await sendgrid.close();
  });
  beforeEach(async () => {
    await run();
    receiver.received.length = 0;
    receiver.statuses.length = 0;
  });
  // Every body any test got is as the document's `webhooks` describe its event.
  afterEach(() => {
    expect(receiver.unchecked.splice(0).flatMap((b) => webhookMismatches(doc, JSON.parse(b)))).toEqual([]);
  });

  it('should show the signing secret once and refuse bad input without writing', async () => {
    expect(endpoint.secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    const listed = (await t.http.get('/api/webhook-endpoints').set(org.auth).expect(200)).body.data;
    expect(listed).toEqual([
      expect.objectContaining({ id: endpoint.id, url: receiver.url, active: true, events: ['enrollment.created', 'class.cancelled'] }),
    ]);
    expect(listed[0].secret).toBeUndefined();
    for (const body of [
      { url: 'ftp://example.com/x', events: ['enrollment.created'] },
      { url: 'https://example.com/x', events: ['enrollment.exploded'] },
      { url: 'https://example.com/x', events: [] },
      { url: 'https://example.com/x', events: ['enrollment.created'], extra: true },
      { url: 'not a url', events: ['enrollment.created'] },
    ])
      await t.http.post('/api/webhook-endpoints').set(org.auth).send(body).expect(400);
    expect((await t.db.query('SELECT count(*) FROM webhook_endpoints'))[0].count).toBe('1');
  });

  it('should deliver an event signed with the secret, with its event id, once', async () => {
    const student = await register();
    const [queued] = await t.db.query('SELECT status FROM webhook_deliveries WHERE endpoint_id = $1', [endpoint.id]);
    expect(queued.status).toBe('pending');
    expect(await run()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    const sig = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(got.headers['classlane-signature']));
    expect(sig).not.toBeNull();
    expect(Math.abs(Number(sig![1]) - Date.now() / 1000)).toBeLessThan(60);
    expect(sig![2]).toBe(createHmac('sha256', endpoint.secret).update(`${sig![1]}.${got.body}`).digest('hex'));
    const event = JSON.parse(got.body);
    expect(event).toMatchObject({
      type: 'enrollment.created',
      organizationId: org.orgId,
      data: { classId, studentId: student.id, paymentMethod: 'in-person' },
    });
    expect(got.headers['classlane-event-id']).toBe(event.id);
    expect(got.headers['classlane-event-type']).toBe('enrollment.created');
    expect(got.headers['content-type']).toBe('application/json');
    expect(await run()).toBe(0);
    expect(receiver.received).toHaveLength(1);
    const [d] = await deliveries();
    expect(d).toMatchObject({ eventId: event.id, status: 'delivered', attempts: 1, lastStatusCode: 200, lastError: null });
  });

  it("should deliver a body as the document's webhooks describe it, and the check should notice one that is not", async () => {
    const student = await register();
    await run();
    const event = JSON.parse(receiver.received[0].body);
    expect(webhookMismatches(doc, event)).toEqual([]);
    expect(doc.webhooks!['enrollment.created'].post.requestBody.content['application/json'].schema.properties!.type.enum).toEqual([
      'enrollment.created',
    ]);
    const { studentId, ...rest } = event.data;
    expect(studentId).toBe(student.id);
    expect(webhookMismatches(doc, { ...event, data: { ...rest, paymentMethod: 'cheque', coupon: 'X' } })).toEqual([
      'webhook enrollment.created.data.studentId: required but missing',
      'webhook enrollment.created.data.paymentMethod: "cheque" is not one of ["in-person","card"]',
      'webhook enrollment.created.data.coupon: not documented',
    ]);
    expect(webhookMismatches(doc, { ...event, type: 'enrollment.exploded' })).toEqual([
      "webhook enrollment.exploded: not in the document's webhooks",
    ]);
  });

  it('should retry a failed delivery after a growing delay with the same event id', async () => {
    receiver.statuses.push(500, 503);
    await register();
    // Each delay counts from its failed attempt, which ran between `before` and `after` (bounds that hold however slow
    // the machine is, unlike a reading of the clock after the fact).
    let before = Date.now();
    await run();
    let after = Date.now();
    let [d] = await deliveries();
    expect(d).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500 });
    let next = new Date(d.nextAttemptAt).getTime();
    expect(next - before).toBeGreaterThanOrEqual(300); // WEBHOOK_RETRY_BASE_MS
    expect(next - after).toBeLessThanOrEqual(300);
    // Not due yet: nothing is sent (asked while the delay runs; a machine slower than the delay skips the question).
    if (Date.now() < next - 50) expect(await run()).toBe(0);
    await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now()) + 50));
    before = Date.now();
    await run();
    after = Date.now();
    [d] = await deliveries();
    expect(d).toMatchObject({ status: 'pending', attempts: 2, lastStatusCode: 503 });
    // The second delay is twice the first.
    next = new Date(d.nextAttemptAt).getTime();
    expect(next - before).toBeGreaterThanOrEqual(600);
    expect(next - after).toBeLessThanOrEqual(600);
    await t.db.query('UPDATE webhook_deliveries SET next_attempt_at = now() WHERE id = $1', [d.id]);
    await run();
    [d] = await deliveries();
    expect(d).toMatchObject({ status: 'delivered', attempts: 3, lastStatusCode: 200 });
    expect(receiver.received).toHaveLength(3);
    const ids = receiver.received.map((r) => r.headers['classlane-event-id']);
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).toBe(d.eventId);
  });

  it('should give up after the 24 hours and send it again on request with the same event id', async () => {
    receiver.statuses.push(500);
    await register();
    await t.db.query("UPDATE webhook_deliveries SET retry_until = now() + interval '100 milliseconds' WHERE status = 'pending'");
    await run();
    let [d] = await deliveries();
    expect(d).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await run()).toBe(0);
    const again = await t.http.post(`/api/webhook-deliveries/${d.id}/redeliver`).set(org.auth).expect(200);
    expect(again.body.data.status).toBe('pending');
    await run();
    [d] = await deliveries();
    expect(d).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(receiver.received.map((r) => r.headers['classlane-event-id'])).toEqual([d.eventId, d.eventId]);
  });

  it('should send only the events an active endpoint subscribed to', async () => {
    const narrow = (
      await t.http
        .post('/api/webhook-endpoints')
        .set(org.auth)
        .send({ url: receiver.url, events: ['payment.refunded'] })
        .expect(201)
    ).body.data;
    const off = (
      await t.http
        .post('/api/webhook-endpoints')
        .set(org.auth)
        .send({ url: receiver.url, events: ['enrollment.created'], active: false })
        .expect(201)
    ).body.data;
    await register();
    await run();
    expect(receiver.received).toHaveLength(1);
    expect(await deliveries(narrow.id)).toEqual([]);
    expect(await deliveries(off.id)).toEqual([]);
    await t.http.delete(`/api/webhook-endpoints/${narrow.id}`).set(org.auth).expect(200);
    await t.http.delete(`/api/webhook-endpoints/${off.id}`).set(org.auth).expect(200);
  });

  it('should announce a student edited, an enrollment cancelled and a class cancelled, each in its own transaction', async () => {
    const all = (
      await t.http
        .post('/api/webhook-endpoints')
        .set(org.auth)
        .send({ url: receiver.url, events: ['student.updated', 'enrollment.cancelled', 'class.cancelled'] })
        .expect(201)
    ).body.data;
    const cls = await createClass(t, org, { title: 'Doomed' });
    const student = await register(org, cls.id);
    await run();
    receiver.received.length = 0;
    const body = { ...studentBody(), email: student.email, firstName: 'Renamed' };
    await t.http.put(`/api/students/${student.id}`).set(org.auth).send(body).expect(200);
    await t.http.delete(`/api/students/${student.id}/enrollments/${cls.id}`).set(org.auth).expect(200);
    await t.http
      .put(`/api/classes/${cls.id}`)
      .set(org.auth)
      .send(classBody({ title: 'Doomed', status: 'Cancelled' }))
      .expect(200);
    // A refused edit (bad input) announces nothing.
    await t.http
      .put(`/api/students/${student.id}`)
      .set(org.auth)
      .send({ ...body, email: 'nope' })
      .expect(400);
    await run();
    const events = receiver.received.map((r) => JSON.parse(r.body));
    // class.cancelled twice: the first endpoint of this file subscribed to it too.
    const ofAll = events.filter((e) => ['student.updated', 'enrollment.cancelled', 'class.cancelled'].includes(e.type));
    expect(ofAll.map((e) => e.type).sort()).toEqual(['class.cancelled', 'class.cancelled', 'enrollment.cancelled', 'student.updated']);
    expect(ofAll.find((e) => e.type === 'student.updated').data).toMatchObject({ studentId: student.id, firstName: 'Renamed' });
    expect(ofAll.find((e) => e.type === 'enrollment.cancelled').data).toMatchObject({ studentId: student.id, classId: cls.id });
    expect(ofAll.find((e) => e.type === 'class.cancelled').data).toEqual({ classId: cls.id, className: 'Doomed' });
    await t.http.delete(`/api/webhook-endpoints/${all.id}`).set(org.auth).expect(200);
  });

  it("should keep organizations apart: no access to another's endpoints or deliveries, and no events of theirs", async () => {
    await register();
    await run();
    const [d] = await deliveries();
    for (const [method, path] of [
      ['get', `/api/webhook-endpoints/${endpoint.id}/deliveries`],
      ['put', `/api/webhook-endpoints/${endpoint.id}`],
      ['delete', `/api/webhook-endpoints/${endpoint.id}`],
      ['post', `/api/webhook-deliveries/${d.id}/redeliver`],
    ] as const)
      await t.http[method](path)
        .set(other.auth)
        .send({ url: 'https://evil.example/x', events: ['enrollment.created'] })
        .expect(404);
    expect((await t.http.get('/api/webhook-endpoints').set(other.auth).expect(200)).body.data).toEqual([]);
    const otherClass = await createClass(t, other);
    receiver.received.length = 0;
    await register(other, otherClass.id);
    expect(await run()).toBe(0);
    expect(receiver.received).toEqual([]);
    const [row] = await t.db.query('SELECT url, active FROM webhook_endpoints WHERE id = $1', [endpoint.id]);
    expect(row).toEqual({ url: receiver.url, active: true });
  });

  it('should disable an endpoint failing for three days, email the admins once, and take it back when turned on', async () => {
    const sentBefore = sendgrid.sent.length;
    receiver.statuses.push(500, 500);
    await register();
    await register();
    await t.db.query("UPDATE webhook_endpoints SET failing_since = now() - interval '3 days 1 minute' WHERE id = $1", [endpoint.id]);
    await run();
    const [ep] = (await t.http.get('/api/webhook-endpoints').set(org.auth).expect(200)).body.data;
    expect(ep).toMatchObject({ active: false, disabledAt: expect.any(String) });
    const mails = sendgrid.sent.slice(sentBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0].body.personalizations[0].to[0].email).toBe(org.email);
    expect(mails[0].body.subject).toBe('A webhook endpoint was disabled');
    expect(mails[0].body.content[0].value).toContain(receiver.url);
    // Nothing goes to a disabled endpoint, and new events are not queued for it.
    await t.db.query("UPDATE webhook_deliveries SET next_attempt_at = now() WHERE status = 'pending'");
    expect(await run()).toBe(0);
    await register();
    const pending = await t.db.query("SELECT count(*) FROM webhook_deliveries WHERE status = 'pending'");
    expect(pending[0].count).toBe('2');
    const on = await t.http
      .put(`/api/webhook-endpoints/${endpoint.id}`)
      .set(org.auth)
      .send({ url: receiver.url, events: ['enrollment.created', 'class.cancelled'], active: true })
      .expect(200);
    expect(on.body.data).toMatchObject({ active: true, disabledAt: null, failingSince: null });
    expect(await run()).toBe(2);
    expect((await t.db.query('SELECT failing_since FROM webhook_endpoints WHERE id = $1', [endpoint.id]))[0].failing_since).toBeNull();
  });
});

describe('outbound webhooks: private addresses (SSRF)', () => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let org: OrgFixture;

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await createTestApp({ WEBHOOK_RETRY_BASE_MS: '1', JOBS_INTERVAL_MS: '3600000' });
    org = await createOrg(t, { plan: 'professional' });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('should refuse plain http, and never connect to a loopback or private address, by IP or by name', async () => {
    const http = await t.http
      .post('/api/webhook-endpoints')
      .set(org.auth)
      .send({ url: receiver.url, events: ['enrollment.created'] })
      .expect(400);
    expect(http.body.error).toBe('url must be an https:// address');
    const literal = [`https://127.0.0.1:${receiver.port}/hook`, 'https://169.254.169.254/latest', 'https://[::1]/x', 'https://10.1.2.3/x'];
    // An address is refused when the endpoint is saved (webhooks-private-hosts.e2e-spec.ts has every form)...
    for (const url of literal)
      await t.http
        .post('/api/webhook-endpoints')
        .set(org.auth)
        .send({ url, events: ['enrollment.created'] })
        .expect(400);
    // ...a name only when the connection is made, and so is an address saved before that check or where it was off.
    await t.http
      .post('/api/webhook-endpoints')
      .set(org.auth)
      .send({ url: `https://localhost:${receiver.port}/hook`, events: ['enrollment.created'] })
      .expect(201);
    for (const url of literal)
      await t.db.query(
        `INSERT INTO webhook_endpoints (organization_id, url, events, active, secret) VALUES ($1, $2, $3, true, 'whsec_x')`,
        [org.orgId, url, ['enrollment.created']],
      );
    const classId = (await createClass(t, org)).id;
    await t.http.post('/api/students/register').send(registerBody(org.orgId, classId)).expect(201);
    expect(await t.app.get(WebhooksDispatcher).run()).toBe(5);
    const rows: { url: string; status: string; last_error: string }[] = await t.db.query(
      'SELECT e.url, d.status, d.last_error FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id ORDER BY e.url',
    );
    expect(rows).toHaveLength(5);
    for (const r of rows) {
      expect(r.status).toBe('pending');
      expect(r.last_error).toMatch(/^Refused: .* private or loopback address$/);
    }
    expect(rows.find((r) => r.url.includes('localhost'))!.last_error).toContain('localhost resolves to');
    expect(receiver.received).toEqual([]);
  });
});
