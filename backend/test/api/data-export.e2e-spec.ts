import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import yauzl from 'yauzl';
import { createClass, createOrg, createTeacher, type OrgFixture } from '../fixtures/org.fixture';
import { enrollStudent, type EnrolledStudent } from '../fixtures/roster.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

const binary = (res: NodeJS.ReadableStream, done: (err: Error | null, body: Buffer) => void): void => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

/** Every entry of a ZIP, read with yauzl: name -> text. */
function unzip(buffer: Buffer): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const out: Record<string, string> = {};
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out[entry.fileName] = Buffer.concat(chunks)
              .toString('utf8')
              .replace(/^\uFEFF/, '');
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe('data export and erasure', () => {
  let t: TestApp;
  let org: OrgFixture;
  let other: OrgFixture;
  let cls: { id: string };
  let ann: EnrolledStudent;
  let bob: EnrolledStudent;
  let otherClass: { id: string };
  let stranger: EnrolledStudent;

  beforeAll(async () => {
    t = await createTestApp({ JOBS_ENABLED: 'false' });
    org = await createOrg(t, { plan: 'essential', name: 'Export Studio' });
    other = await createOrg(t, { name: 'Other Studio' });
    cls = await createClass(t, org, { title: 'Glazing', price: 60, discountPrice: null });
    ann = await enrollStudent(t, org, cls.id, { firstName: 'Annabel', lastName: 'Quill' });
    bob = await enrollStudent(t, org, cls.id, { firstName: 'Bob', lastName: 'Stone' });
    otherClass = await createClass(t, other, { title: 'Secret Class' });
    stranger = await enrollStudent(t, other, otherClass.id, { firstName: 'Sally', lastName: 'Secret' });
    await t.http.post('/api/payments/mark-paid').set(org.auth).send({ studentId: ann.id, classId: cls.id }).expect(200);
    const [e] = await t.db.query('SELECT id FROM enrollments WHERE student_id = $1', [ann.id]);
    await t.db.query(
      `INSERT INTO refunds (organization_id, enrollment_id, amount_cents, status, source) VALUES ($1, $2, 1000, 'succeeded', 'admin')`,
      [org.orgId, e.id],
    );
    await t.db.query(
      `INSERT INTO attendance (organization_id, class_id, student_id, session_index, session_date, attended) VALUES ($1, $2, $3, 0, now(), true)`,
      [org.orgId, cls.id, bob.id],
    );
    // The later tables: a session's notes, and a waitlist entry under Ann's email (a class she is not in); the other
    // organization's of each must stay out.
    await t.db.query(`INSERT INTO session_notes (organization_id, class_id, session_index, notes) VALUES ($1, $2, 0, 'Bring aprons')`, [
      org.orgId,
      cls.id,
    ]);
    await t.db.query(`INSERT INTO session_notes (organization_id, class_id, session_index, notes) VALUES ($1, $2, 0, 'Hush notes')`, [
      other.orgId,
      otherClass.id,
    ]);
    await t.db.query(
      `INSERT INTO waitlist_entries (organization_id, class_id, first_name, last_name, email, phone, sort_key, status)
       VALUES ($1, $2, 'Annabel', 'Waits', $3, '5595550111', 1, 'waiting')`,
      [org.orgId, cls.id, ann.email.toUpperCase()],
    );
    const news = { communicationType: 'email', subject: 'Studio news', message: 'The kiln is fixed.' };
    await t.http
      .post('/api/communications/send')
      .set(org.auth)
      .send({ ...news, recipientId: bob.id })
      .expect(201);
    await t.http
      .post('/api/communications/send')
      .set(other.auth)
      .send({ ...news, subject: 'Hush news', recipientId: stranger.id })
      .expect(201);
  });
  afterAll(async () => {
    await t.close();
  });

  it("should download the organization's data as one ZIP: a CSV per table and a JSON, nothing of another organization", async () => {
    const res = await t.http
      .get('/api/export')
      .set(org.auth)
      .buffer(true)
      .parse(binary as never)
      .expect(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="classlane-export_\d{4}-\d\d-\d\d\.zip"$/);
    const files = await unzip(res.body as Buffer);
    expect(Object.keys(files).sort()).toEqual(
      [
        'activity.csv',
        'attendance.csv',
        'classes.csv',
        'communications.csv',
        'enrollments.csv',
        'organization.json',
        'payments.csv',
        'ratings.csv',
        'refunds.csv',
        'registration-answers.csv',
        'sessions.csv',
        'session-notes.csv',
        'students.csv',
        'waitlist.csv',
        'waiver-acceptances.csv',
      ].sort(),
    );
    expect(files['session-notes.csv']).toContain('Bring aprons');
    expect(files['session-notes.csv']).not.toContain('Hush notes');
    expect(files['waitlist.csv'].split('\r\n')[0]).toMatch(/^id,class_id,first_name,last_name,email,phone/);
    expect(files['waitlist.csv']).toContain('Waits');
    expect(files['classes.csv'].split('\r\n')[0]).toMatch(/^id,title,description,instructor/);
    // The later fields: go/no-go on classes, households on students and enrollments.
    expect(files['classes.csv'].split('\r\n')[0]).toMatch(
      /,min_enrollment,decision_hours_before,auto_cancel_below_minimum,go_no_go,decided_at$/,
    );
    expect(files['students.csv'].split('\r\n')[0]).toMatch(/,household_contact_id,date_of_birth$/);
    expect(files['enrollments.csv'].split('\r\n')[0]).toMatch(/,household_group_id$/);
    expect(files['classes.csv']).toContain('Glazing');
    expect(files['sessions.csv'].split('\r\n').filter(Boolean)).toHaveLength(1 + 3); // header + 3 weekly sessions
    expect(files['students.csv']).toContain('Annabel');
    expect(files['students.csv']).toContain('Bob');
    expect(files['payments.csv']).toContain('60.00');
    expect(files['refunds.csv']).toContain('10.00');
    expect(files['attendance.csv']).toContain(bob.id);
    expect(files['activity.csv']).toContain('class_enrollment');
    // The communications log, from the communications module: the queued message, none of the other organization's.
    const log = files['communications.csv'].split('\r\n');
    expect(log[0]).toBe(
      'id,recipient_type,recipient_id,channel,to,subject,kind,status,status_reason,scheduled_at,sent_at,attempts,created_at',
    );
    const news = log.filter((l) => l.includes('Studio news'));
    expect(news).toHaveLength(1);
    expect(news[0]).toMatch(
      new RegExp(`^[0-9a-f-]{36},student,${bob.id},email,${bob.email},Studio news,manual,pending,,\\d{4}-.+,,0,\\d{4}-`),
    );
    expect(files['communications.csv']).not.toContain('Hush news');
    expect(files['communications.csv']).toContain(`,confirmation,`); // the registrations' confirmations too
    expect(files['communications.csv']).toContain(ann.email);
    expect(JSON.parse(files['organization.json']).communications).toEqual(
      expect.arrayContaining([expect.objectContaining({ subject: 'Studio news', kind: 'manual', to: bob.email })]),
    );
    const all = Object.values(files).join('\n');
    for (const secret of ['Secret Class', 'Sally', stranger.id, other.orgId]) expect(all).not.toContain(secret);
    const json = JSON.parse(files['organization.json']);
    expect(json.organization).toMatchObject({ id: org.orgId, name: 'Export Studio' });
    // Each table is read once for both files: the JSON holds exactly the CSV's rows, table by table.
    for (const [file, text] of Object.entries(files).filter(([f]) => f.endsWith('.csv'))) {
      const csvRows = text.split('\r\n').filter(Boolean).length - 1;
      expect([file, json[file.replace(/\.csv$/, '')].length]).toEqual([file, csvRows === 1 && text.includes('(no rows)') ? 0 : csvRows]);
    }
    expect(json.students).toHaveLength(2);
    expect(json.enrollments).toHaveLength(2);
    expect(json.refunds).toEqual([expect.objectContaining({ amount: '10.00', source: 'admin' })]);
    const [audit] = await t.db.query(`SELECT metadata FROM activity_events WHERE organization_id = $1 AND event_type = 'data_export'`, [
      org.orgId,
    ]);
    expect(audit.metadata.userId).toBe(org.userId);
  });

  it('should leave no temporary file behind when a download stops halfway', async () => {
    // Enough students that the ZIP is still being written when the client goes away.
    await t.db.query(
      `INSERT INTO students (organization_id, first_name, last_name, email, phone)
       SELECT $1, 'Bulk', 'Student ' || i, 'bulk-' || i || '@example.com', '5595550000' FROM generate_series(1, 20000) AS i`,
      [org.orgId],
    );
    const spools = () => fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith('classlane-export-')).length;
    const before = spools();
    const server = t.app.getHttpServer() as http.Server;
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    // The client reads the first bytes, then stops reading while organization.json is being spooled, and goes away.
    const req = http.get({ host: '127.0.0.1', port, path: '/api/export', headers: org.auth });
    req.on('error', () => undefined);
    const res = await new Promise<http.IncomingMessage>((resolve) => req.once('response', resolve));
    expect(res.statusCode).toBe(200);
    await new Promise((resolve) => res.once('data', resolve));
    res.pause();
    for (let i = 0; i < 200 && spools() === before; i++) await new Promise((r) => setTimeout(r, 25));
    expect(spools()).toBe(before + 1);
    req.destroy();
    for (let i = 0; i < 100 && spools() > before; i++) await new Promise((r) => setTimeout(r, 50));
    expect(spools()).toBe(before);
    await t.db.query(`DELETE FROM students WHERE organization_id = $1 AND first_name = 'Bulk'`, [org.orgId]);
  });

  it('should keep the export for admins', async () => {
    const teacher = await createTeacher(t, org);
    await t.http.get('/api/export').set(teacher.auth).expect(403);
    await t.http.get(`/api/students/${ann.id}/export`).set(teacher.auth).expect(403);
  });

  it("should export one student's own data as JSON, and never another organization's student", async () => {
    const res = await t.http.get(`/api/students/${ann.id}/export`).set(org.auth).expect(200);
    expect(res.body.data.student).toMatchObject({ id: ann.id, firstName: 'Annabel', email: ann.email });
    expect(res.body.data.enrollments).toEqual([
      expect.objectContaining({ classId: cls.id, className: 'Glazing', paymentStatus: 'completed' }),
    ]);
    expect(res.body.data.refunds).toHaveLength(1);
    expect(res.body.data.activity.length).toBeGreaterThan(0);
    await t.http.get(`/api/students/${stranger.id}/export`).set(org.auth).expect(404);
    // Messages come from the communications log, every kind: Bob's manual news and a rating request, none of Ann's.
    await t.db.query(
      `INSERT INTO communications (organization_id, recipient_type, recipient_id, channel, to_address, subject, message, kind, status)
       VALUES ($1, 'student', $2, 'email', $3, 'How was Glazing?', 'Rate it: 1 2 3 4 5', 'rating', 'pending')`,
      [org.orgId, bob.id, bob.email],
    );
    const bobs = (await t.http.get(`/api/students/${bob.id}/export`).set(org.auth).expect(200)).body.data.messages;
    expect(bobs.map((m: Record<string, unknown>) => [m.kind, m.channel, m.to, m.subject, m.message])).toEqual(
      expect.arrayContaining([
        ['manual', 'email', bob.email, 'Studio news', 'The kiln is fixed.'],
        ['rating', 'email', bob.email, 'How was Glazing?', 'Rate it: 1 2 3 4 5'],
      ]),
    );
    expect(bobs.every((m: Record<string, unknown>) => m.to === bob.email)).toBe(true);
    expect(res.body.data.messages.every((m: Record<string, unknown>) => m.to === ann.email)).toBe(true);
    expect(JSON.stringify(res.body.data.messages)).not.toContain('Studio news');
    const [audit] = await t.db.query(
      `SELECT count(*)::int AS n FROM activity_events WHERE organization_id = $1 AND event_type = 'student_export'`,
      [org.orgId],
    );
    expect(audit.n).toBe(2);
  });

  it('should erase a student: the person anonymised, the money trail kept, an audit event recorded', async () => {
    await t.http.delete(`/api/students/${stranger.id}?erase=true`).set(org.auth).expect(404);
    await t.http.delete(`/api/students/${ann.id}?erase=maybe`).set(org.auth).expect(400);
    await t.http.delete(`/api/students/${ann.id}?erase=true`).set(org.auth).expect(200);
    const [s] = await t.db.query('SELECT first_name, last_name, email, phone, status FROM students WHERE id = $1', [ann.id]);
    expect(s).toEqual({
      first_name: 'Erased',
      last_name: 'Student',
      email: `erased-${ann.id}@erased.invalid`,
      phone: '',
      status: 'erased',
    });
    const [e] = await t.db.query('SELECT amount_paid_cents, payment_status, registered_first_name FROM enrollments WHERE student_id = $1', [
      ann.id,
    ]);
    expect(e).toEqual({ amount_paid_cents: 6000, payment_status: 'completed', registered_first_name: null });
    expect((await t.db.query('SELECT count(*)::int AS n FROM refunds WHERE organization_id = $1', [org.orgId]))[0].n).toBe(1);
    const leaks = await t.db.query(
      `SELECT description FROM activity_events WHERE organization_id = $1 AND (description LIKE '%Annabel%' OR metadata::text LIKE '%Annabel%')`,
      [org.orgId],
    );
    expect(leaks).toEqual([]);
    const [audit] = await t.db.query(`SELECT metadata FROM activity_events WHERE organization_id = $1 AND event_type = 'student_erased'`, [
      org.orgId,
    ]);
    expect(audit.metadata).toEqual({ studentId: ann.id, userId: org.userId });
    const zip = await unzip(
      (
        await t.http
          .get('/api/export')
          .set(org.auth)
          .buffer(true)
          .parse(binary as never)
          .expect(200)
      ).body as Buffer,
    );
    expect(Object.values(zip).join('\n')).not.toContain('Annabel');
    // Her waitlist entry (found by email, any case) is anonymised and off the list.
    const [w] = await t.db.query(`SELECT first_name, email, status FROM waitlist_entries WHERE organization_id = $1`, [org.orgId]);
    expect(w.first_name).toBe('Erased');
    expect(w.email).toMatch(/@erased\.invalid$/);
    expect(w.status).toBe('left');
    // Messages to the erased student are gone with their address.
    expect(zip['communications.csv']).not.toContain(ann.email);
    expect(zip['communications.csv']).toContain('Studio news');
    // The other organization's student is untouched.
    const [x] = await t.db.query('SELECT first_name FROM students WHERE id = $1', [stranger.id]);
    expect(x.first_name).toBe('Sally');
  });
});
