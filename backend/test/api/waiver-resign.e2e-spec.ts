import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { WaiverSignLinksService } from '../../src/modules/registration-forms/waiver-sign-links.service';
import { createClass, createOrg, createTeacher, registerBody, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/**
 * A new waiver version after people registered: each person enrolled in an upcoming class who signed an older version
 * is emailed once a link to sign the new one; opening the link changes nothing, the POST signs.
 */
describe('waivers: signing a new version through an emailed link', () => {
  let t: TestApp;
  let o: OrgFixture;
  let cls: { id: string };
  let past: { id: string };
  let waiver: { id: string; currentVersion: { id: string } };
  let ana: { studentId: string; enrollmentId: string };
  let household: string[];

  const register = (body: Record<string, unknown>) =>
    t.http.post('/api/students/register').set('User-Agent', 'jest-agent/1.0').send(body).expect(201);
  const resignEmails = () =>
    t.db.query(
      `SELECT to_address, subject, message, dedupe_key FROM communications
        WHERE organization_id = $1 AND dedupe_key LIKE 'waiver-resign:%' ORDER BY to_address`,
      [o.orgId],
    );
  const tokenIn = (message: string) => /\/waiver\/([A-Za-z0-9_-]{43})/.exec(message)![1];
  const acceptances = (versionId: string) =>
    t.db.query(
      `SELECT a.enrollment_id, a.signed_name, a.signed_as, a.sha256, a.client_ip, a.user_agent, a.version
         FROM waiver_acceptances a JOIN students s ON s.id = a.student_id
        WHERE a.waiver_version_id = $1 ORDER BY s.first_name`,
      [versionId],
    );

  /**
   * Every run taken: the publishing request starts one in the background (it may still hold its run's lock, which
   * other takers skip), so poll until none is left, taking runs as another instance would.
   */
  const settle = async () => {
    for (let i = 0; i < 100; i++) {
      await t.app.get(WaiverSignLinksService).queueDue();
      const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM waiver_resign_runs WHERE done_at IS NULL`);
      if (n === 0) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('re-sign runs still pending');
  };

  beforeAll(async () => {
    t = await createTestApp();
    o = await createOrg(t, { plan: 'professional' });
    cls = await createClass(t, o, { title: 'Pottery I', maxStudents: 20 });
    past = await createClass(t, o, { title: 'Old Pottery', maxStudents: 20 });
    waiver = (await t.http.post('/api/waivers').set(o.auth).send({ title: 'Studio waiver', body: 'Version one.' }).expect(201)).body.data;
    const v1 = waiver.currentVersion.id;

    const a = await register({
      ...registerBody(o.orgId, cls.id, { firstName: 'Ana', lastName: 'Lopez', email: 'ana@example.com' }),
      waiverAcceptances: [{ waiverVersionId: v1, signedName: 'Ana Lopez' }],
    });
    ana = { studentId: a.body.data.id, enrollmentId: a.body.data.classEnrollments[0].id };
    // A household: the contact signs for a child (as guardian) and an adult (as the registration's contact).
    const h = await register({
      ...registerBody(o.orgId, cls.id, { firstName: 'Dee', lastName: 'Okafor', email: 'dee@example.com' }),
      attendees: [
        { firstName: 'Pia', lastName: 'Okafor', dateOfBirth: `${new Date().getUTCFullYear() - 9}-03-01` },
        { firstName: 'Raul', lastName: 'Okafor', dateOfBirth: '1980-05-05' },
      ],
      waiverAcceptances: [{ waiverVersionId: v1, signedName: 'Dee Okafor' }],
    });
    household = h.body.data.enrollments.map((e: { enrollmentId: string }) => e.enrollmentId);
    // Someone whose class is over: not asked again.
    await register({
      ...registerBody(o.orgId, past.id, { firstName: 'Old', lastName: 'Timer', email: 'old@example.com' }),
      waiverAcceptances: [{ waiverVersionId: v1, signedName: 'Old Timer' }],
    });
    await t.db.query(`UPDATE classes SET start_date = now() - interval '30 days' WHERE id = $1`, [past.id]);
    // Someone who registered before the waiver existed signed no version of it: the new version is not "re-signing".
    await t.http
      .post(`/api/waivers`)
      .set(o.auth)
      .send({ title: 'Unrelated', body: 'x', classIds: [past.id] })
      .expect(201);
  });
  afterAll(async () => {
    await t.close();
  });

  it('should email each person who signed an older version exactly once, even with several runs at once', async () => {
    const v2 = (
      await t.http.post(`/api/waivers/${waiver.id}/versions`).set(o.auth).send({ body: '# New rules\n\nWear **shoes**.' }).expect(201)
    ).body.data.currentVersion;
    // The publishing instance runs it at once; more instances (and a retried run) find nothing left to send.
    const svc = t.app.get(WaiverSignLinksService);
    await Promise.all([svc.queueDue(), svc.queueDue(), svc.queueDue()]);
    await settle();
    expect(await svc.queueDue()).toBe(0);
    const emails = await resignEmails();
    expect(emails.map((e: { to_address: string; dedupe_key: string }) => e.to_address)).toEqual(['ana@example.com', 'dee@example.com']);
    expect(emails[0].dedupe_key).toBe(`waiver-resign:${v2.id}:${ana.studentId}`);
    expect(emails[0].subject).toMatch(/^Please sign the updated “Studio waiver”: /);
    expect(emails[0].message).toContain('has updated “Studio waiver” (version 2)');
    expect(await t.db.query(`SELECT count(*)::int AS n FROM waiver_sign_links`)).toEqual([{ n: 2 }]);
    // The token is kept only as its hash.
    const token = tokenIn(emails[0].message);
    expect(await t.db.query(`SELECT count(*)::int AS n FROM waiver_sign_links WHERE token_hash = $1`, [sha(token)])).toEqual([{ n: 1 }]);
  });

  it('should show the new text and change nothing on GET, then sign on POST with the name, time, address, browser and hash', async () => {
    const [anaMail, deeMail] = await resignEmails();
    const teacher = await createTeacher(t, o);
    const rollOf = async () => {
      const [day] = (await t.http.get(`/api/teacher/classes/${cls.id}/sessions`).set(teacher.auth).expect(200)).body.data;
      const roll = (await t.http.get(`/api/teacher/classes/${cls.id}/sessions/${day.date}`).set(teacher.auth).expect(200)).body.data.roll;
      return roll.find((r: { studentId: string }) => r.studentId === ana.studentId).unsignedWaivers;
    };
    expect(await rollOf()).toEqual(['Studio waiver']);

    const token = tokenIn(anaMail.message);
    const page = (await t.http.get(`/api/waiver-links/${token}`).expect(200)).body.data;
    expect(page).toMatchObject({
      waiverTitle: 'Studio waiver',
      version: 2,
      bodyHtml: '<h1>New rules</h1>\n<p>Wear <strong>shoes</strong>.</p>\n',
      sha256: sha('# New rules\n\nWear **shoes**.'),
      signerFirstName: 'Ana',
      signed: false,
      superseded: false,
      people: [{ firstName: 'Ana', lastName: 'Lopez', classTitle: 'Pottery I', signedAs: 'self' }],
    });
    await t.http.get(`/api/waiver-links/${token}`).expect(200);
    const v2 = page.sha256;
    const versionId = (await t.http.get(`/api/waivers/${waiver.id}`).set(o.auth).expect(200)).body.data.currentVersion.id;
    expect(await acceptances(versionId)).toEqual([]);

    const wrong = await t.http.post(`/api/waiver-links/${token}/sign`).send({ signedName: 'Someone Else' }).expect(400);
    expect(wrong.body.errors.signedName).toBe('Type your full name exactly as on your registration (Ana Lopez) to sign');
    const empty = await t.http.post(`/api/waiver-links/${token}/sign`).send({ signedName: ' ' }).expect(400);
    expect(empty.body.errors.signedName).toBe('Type your full name to sign');
    await t.http.post(`/api/waiver-links/${token}/sign`).send({ signedName: 'Ana Lopez', extra: 1 }).expect(400);
    expect(await acceptances(versionId)).toEqual([]);

    const signed = await t.http
      .post(`/api/waiver-links/${token}/sign`)
      .set('User-Agent', 'resign-agent/2.0')
      .send({ signedName: ' ana  LOPEZ ' })
      .expect(200);
    expect(signed.body.data).toMatchObject({ signed: true, version: 2, people: [{ firstName: 'Ana', signedAs: 'self' }] });
    const [row] = await acceptances(versionId);
    expect(row).toMatchObject({ enrollment_id: ana.enrollmentId, signed_name: 'ana LOPEZ', signed_as: 'self', sha256: v2, version: 2 });
    expect(row.client_ip).toBeTruthy();
    expect(row.user_agent).toBe('resign-agent/2.0');
    // Single use: a second POST is refused, and the page says it is signed.
    const again = await t.http.post(`/api/waiver-links/${token}/sign`).send({ signedName: 'Ana Lopez' }).expect(410);
    expect(again.body.error).toBe('This waiver was already signed with this link. Thank you.');
    expect((await t.http.get(`/api/waiver-links/${token}`).expect(200)).body.data).toMatchObject({ signed: true, people: [] });
    expect(await acceptances(versionId)).toHaveLength(1);
    // The teacher's roll no longer flags her; the admin sees her signature as current.
    expect(await rollOf()).toEqual([]);
    const panel = (await t.http.get(`/api/enrollments/${ana.enrollmentId}/waivers`).set(o.auth).expect(200)).body.data;
    expect(panel.map((a: { version: number; current: boolean }) => [a.version, a.current])).toEqual([
      [1, false],
      [2, true],
    ]);

    // The household contact signs for both members: the child as guardian, the adult as contact.
    const deeToken = tokenIn(deeMail.message);
    const deePage = (await t.http.get(`/api/waiver-links/${deeToken}`).expect(200)).body.data;
    expect(deePage.people.map((p: { firstName: string; signedAs: string }) => [p.firstName, p.signedAs])).toEqual([
      ['Pia', 'guardian'],
      ['Raul', 'contact'],
    ]);
    const childSigns = await t.http.post(`/api/waiver-links/${deeToken}/sign`).send({ signedName: 'Pia Okafor' }).expect(400);
    expect(childSigns.body.errors.signedName).toBe('Type your full name exactly as on your registration (Dee Okafor) to sign');
    await t.http.post(`/api/waiver-links/${deeToken}/sign`).send({ signedName: 'Dee Okafor' }).expect(200);
    const rows = await acceptances(versionId);
    expect(rows.map((r: { enrollment_id: string; signed_name: string; signed_as: string }) => [r.signed_name, r.signed_as])).toEqual([
      ['ana LOPEZ', 'self'],
      ['Dee Okafor', 'guardian'],
      ['Dee Okafor', 'contact'],
    ]);
    expect(
      rows
        .slice(1)
        .map((r: { enrollment_id: string }) => r.enrollment_id)
        .sort(),
    ).toEqual([...household].sort());
  });

  it('should refuse an unknown link, and an unsigned link once a newer version is out (that one is asked for instead)', async () => {
    await t.http.get(`/api/waiver-links/${'x'.repeat(43)}`).expect(404);
    await t.http
      .post(`/api/waiver-links/${'x'.repeat(43)}/sign`)
      .send({ signedName: 'Ana Lopez' })
      .expect(404);

    // Ana signs v2 through her link above; now v3 comes out and she is asked again. Before signing, a v4 appears.
    await t.http.post(`/api/waivers/${waiver.id}/versions`).set(o.auth).send({ body: 'Version three.' }).expect(201);
    await settle();
    const v3Mails = (await resignEmails()).filter((e: { message: string }) => e.message.includes('(version 3)'));
    expect(v3Mails.map((e: { to_address: string }) => e.to_address)).toEqual(['ana@example.com', 'dee@example.com']);
    await t.http.post(`/api/waivers/${waiver.id}/versions`).set(o.auth).send({ body: 'Version four.' }).expect(201);
    await settle();
    const old = tokenIn(v3Mails[0].message);
    expect((await t.http.get(`/api/waiver-links/${old}`).expect(200)).body.data.superseded).toBe(true);
    const gone = await t.http.post(`/api/waiver-links/${old}/sign`).send({ signedName: 'Ana Lopez' }).expect(410);
    expect(gone.body.error).toBe(
      'A newer version of this waiver has been published since this link was sent. Please use the link in the newest email.',
    );
    expect((await resignEmails()).filter((e: { message: string }) => e.message.includes('(version 4)'))).toHaveLength(2);
  });

  it('should leave an organization without older signatures alone, and render the admin preview as students see it', async () => {
    const other = await createOrg(t, { plan: 'professional' });
    const w = (await t.http.post('/api/waivers').set(other.auth).send({ title: 'Fresh', body: 'One.' }).expect(201)).body.data;
    await t.http.post(`/api/waivers/${w.id}/versions`).set(other.auth).send({ body: 'Two.' }).expect(201);
    await settle();
    expect(
      await t.db.query(`SELECT count(*)::int AS n FROM communications WHERE organization_id = $1 AND dedupe_key LIKE 'waiver-resign:%'`, [
        other.orgId,
      ]),
    ).toEqual([{ n: 0 }]);
    const preview = await t.http.post('/api/waivers/preview').set(other.auth).send({ body: 'Be *careful* <b>now</b>' }).expect(200);
    expect(preview.body.data).toEqual({ html: '<p>Be <em>careful</em> &lt;b&gt;now&lt;/b&gt;</p>\n' });
    await t.http.post('/api/waivers/preview').send({ body: 'x' }).expect(401);
  });

  it('should let the admin send one person a new link again: the old link stops working, and two presses send one email', async () => {
    const cls2 = await createClass(t, o, { title: 'Kiln Basics', maxStudents: 20 });
    const kiln = (
      await t.http
        .post('/api/waivers')
        .set(o.auth)
        .send({ title: 'Kiln rules', body: 'Hot.', classIds: [cls2.id] })
        .expect(201)
    ).body.data;
    const studio = (await t.http.get(`/api/waivers/${waiver.id}`).set(o.auth).expect(200)).body.data.currentVersion.id;
    const bo = await register({
      ...registerBody(o.orgId, cls2.id, { firstName: 'Bo', lastName: 'Reyes', email: 'bo@example.com' }),
      waiverAcceptances: [
        { waiverVersionId: kiln.currentVersion.id, signedName: 'Bo Reyes' },
        { waiverVersionId: studio, signedName: 'Bo Reyes' },
      ],
    });
    const boId = bo.body.data.id as string;
    const v2 = (await t.http.post(`/api/waivers/${kiln.id}/versions`).set(o.auth).send({ body: 'Very hot.' }).expect(201)).body.data
      .currentVersion.id as string;
    await settle();
    const mailsToBo = () =>
      t.db.query(
        `SELECT message, dedupe_key FROM communications WHERE to_address = 'bo@example.com' AND dedupe_key LIKE 'waiver-resign:%' ORDER BY created_at, id`,
      );
    const [first] = await mailsToBo();
    expect(first.dedupe_key).toBe(`waiver-resign:${v2}:${boId}`);
    const send = (auth = o.auth, body: Record<string, unknown> = { studentId: boId }) =>
      t.http.post(`/api/waivers/${kiln.id}/sign-links`).set(auth).send(body);

    // The link just went out with the new version: a press now would only send a second email.
    expect((await send().expect(409)).body.code).toBe('WAIVER_LINK_JUST_SENT');
    await t.db.query(`UPDATE waiver_sign_links SET created_at = now() - interval '10 minutes' WHERE student_id = $1`, [boId]);
    const sent = await send().expect(202);
    expect(sent.body.data).toEqual({ sentTo: { firstName: 'Bo', lastName: 'Reyes', email: 'bo@example.com' } });
    expect((await send().expect(409)).body.code).toBe('WAIVER_LINK_JUST_SENT');

    const mails = await mailsToBo();
    expect(mails).toHaveLength(2);
    expect(mails[1].dedupe_key).toMatch(new RegExp(`^waiver-resign:${v2}:${boId}:\\d+$`));
    // Only the newest email's link works.
    await t.http.get(`/api/waiver-links/${tokenIn(first.message)}`).expect(404);
    const fresh = tokenIn(mails[1].message);
    expect((await t.http.get(`/api/waiver-links/${fresh}`).expect(200)).body.data).toMatchObject({ version: 2, signed: false });
    await t.http.post(`/api/waiver-links/${fresh}/sign`).send({ signedName: 'Bo Reyes' }).expect(200);
    await t.db.query(`UPDATE waiver_sign_links SET created_at = now() - interval '10 minutes' WHERE student_id = $1`, [boId]);
    // Signed: nothing left to send. Ana's classes do not need this waiver at all.
    expect((await send().expect(409)).body.code).toBe('WAIVER_NOTHING_TO_SIGN');
    expect((await send(o.auth, { studentId: ana.studentId }).expect(409)).body.code).toBe('WAIVER_NOTHING_TO_SIGN');
    await send(o.auth, { studentId: 'bo' }).expect(400);
    await send(o.auth, { studentId: boId, extra: 1 }).expect(400);
    // Another organization's admin finds no such waiver.
    const other = await createOrg(t, { plan: 'professional' });
    await send(other.auth).expect(404);
    expect(await mailsToBo()).toHaveLength(2);
  });
});
