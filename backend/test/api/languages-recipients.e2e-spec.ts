import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createStudent, drain, PUBLIC_URL, rowOf, startProviders, TWILIO } from '../fixtures/comms.fixture';
import { createClass, createOrg, registerBody, studentBody, type OrgFixture } from '../fixtures/org.fixture';
import { WaiverSignLinksService } from '../../src/modules/registration-forms/waiver-sign-links.service';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signTwilio } from '../stand-ins/twilio.stand-in';

/**
 * Issue 42 §2, what a student reads besides the built-in messages: the texted STOP/START/HELP keywords in English,
 * Spanish and French, each answered in the keyword's language. Checked through the Twilio stand-in.
 */
describe('languages: what the recipient reads', () => {
  let t: TestApp;
  let providers: Awaited<ReturnType<typeof startProviders>>;
  let org: OrgFixture;
  let other: OrgFixture;
  beforeAll(async () => {
    providers = await startProviders();
    t = await createTestApp(providers.env);
    org = await createOrg(t, { plan: 'professional' });
    other = await createOrg(t, { plan: 'professional' });
  });
  afterAll(async () => {
    await t.close();
    await providers.close();
  });

  const inbound = (From: string, Body: string) => {
    const path = '/api/webhooks/twilio/inbound';
    const params = { From, Body };
    return t.http
      .post(path)
      .set('X-Twilio-Signature', signTwilio(TWILIO.authToken, `${PUBLIC_URL}${path}`, params))
      .type('form')
      .send(params);
  };
  /** The text of the TwiML answer, its XML character references read back. */
  const answer = (xml: string) =>
    /<Message>([^<]*)<\/Message>/.exec(xml)?.[1].replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c))) ?? null;
  const optOut = async (phone: string) =>
    (await t.db.query('SELECT opted_out, source FROM sms_opt_outs WHERE phone = $1', [phone]))[0] ?? null;
  /** Sends one SMS to the student through the dispatcher; its status tells whether the opt-out held it back. */
  async function smsStatus(studentId: string) {
    const res = await t.http
      .post('/api/communications/send')
      .set(org.auth)
      .send({ recipientId: studentId, communicationType: 'sms', message: 'Class moved to room 2' })
      .expect(201);
    await drain(t, 1);
    return (await rowOf(t, res.body.data.id)).status;
  }

  it('should opt out by each Spanish and French word, in any case and with or without the accent, and answer in that language', async () => {
    const cases: [string, RegExp][] = [
      ['PARAR', /^Classlane: ya no recibirá mensajes de texto de sus clases\. Responda INICIAR/],
      [' alto ', /^Classlane: ya no recibirá/],
      ['Detener', /^Classlane: ya no recibirá/],
      ['CANCELAR', /^Classlane: ya no recibirá/],
      ['ARRET', /^Classlane : vous ne recevrez plus de textos de vos cours\. Répondez COMMENCER/],
      ['Arrêt', /^Classlane : vous ne recevrez plus/],
      ['ARRÊT', /^Classlane : vous ne recevrez plus/],
    ];
    let n = 0;
    for (const [word, reply] of cases) {
      const phone = `+1559555070${n++}`;
      const s = await createStudent(t, org, { phone: phone.slice(2) });
      const res = await inbound(phone, word).expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/xml/);
      expect({ word, reply: answer(res.text) }).toEqual({ word, reply: expect.stringMatching(reply) });
      expect(await optOut(phone)).toEqual({ opted_out: true, source: 'stop' });
      // The opt-out holds: the next SMS to the student is skipped, nothing reaches Twilio.
      expect(await smsStatus(s.id)).toBe('skipped');
      expect(providers.twilio.sent.filter((m) => m.to === phone)).toHaveLength(0);
    }
  });

  it('should opt back in by INICIAR and COMMENCER (answered in Spanish and French) and send again', async () => {
    for (const [phone, stop, start, reply] of [
      ['+15595550711', 'PARAR', 'iniciar', /^Classlane: volverá a recibir mensajes de texto de sus clases\. Responda PARAR .*AYUDA/],
      ['+15595550712', 'ARRÊT', 'Commencer', /^Classlane : vous recevrez à nouveau les textos de vos cours\. Répondez ARRET .*AIDE/],
    ] as const) {
      const s = await createStudent(t, org, { phone: phone.slice(2) });
      await inbound(phone, stop).expect(200);
      const res = await inbound(phone, start).expect(200);
      expect(answer(res.text)).toMatch(reply);
      expect(await optOut(phone)).toEqual({ opted_out: false, source: 'start' });
      expect(await smsStatus(s.id)).toBe('sent');
      expect(providers.twilio.sent.filter((m) => m.to === phone)).toHaveLength(1);
    }
  });

  it('should answer AYUDA in Spanish, AIDE in French, HELP word for word as before, changing no opt-out', async () => {
    const phone = '+15595550720';
    const es = answer((await inbound(phone, 'ayuda').expect(200)).text);
    expect(es).toMatch(/^Mensajes de clases de Classlane: .*hasta 5 al mes\. Responda PARAR .* INICIAR /);
    const fr = answer((await inbound(phone, 'AIDE').expect(200)).text);
    expect(fr).toMatch(/^Messages de cours Classlane : .*jusqu’à 5 par mois\. Répondez ARRET .* COMMENCER /);
    const en = answer((await inbound(phone, 'HELP').expect(200)).text);
    expect(en).toBe(
      'Classlane class messages: confirmations, schedule changes, payments and reminders, up to 5 a month. Reply STOP to opt out, START to opt back in. Msg&data rates may apply.',
    );
    expect(await optOut(phone)).toBeNull();
  });

  it('should keep the English STOP and START as before (no answer of ours: Twilio answers them) and ignore other words', async () => {
    const phone = '+15595550730';
    const stop = await inbound(phone, 'stop').expect(200);
    expect(stop.text).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    expect(await optOut(phone)).toEqual({ opted_out: true, source: 'stop' });
    // A sentence that contains a keyword is not the keyword; Spanish "para" (for) is not PARAR.
    for (const body of ['para', 'quiero parar', 'ARRETE', 'AYUDAME', 'Commencer demain']) {
      const res = await inbound(phone, body).expect(200);
      expect({ body, text: res.text }).toEqual({ body, text: '<?xml version="1.0" encoding="UTF-8"?><Response></Response>' });
    }
    expect(await optOut(phone)).toEqual({ opted_out: true, source: 'stop' });
    const start = await inbound(phone, 'START').expect(200);
    expect(answer(start.text)).toBeNull();
    expect(await optOut(phone)).toEqual({ opted_out: false, source: 'start' });
  });

  // --- The language a person chose: the admin's student form, the student's portal profile (issue 42 §2) ---

  const LANGUAGE_MESSAGE = 'language must be one of: en, es, fr';
  const languageOf = async (id: string) => (await t.db.query('SELECT language FROM students WHERE id = $1', [id]))[0].language;

  it('should keep the language the admin chooses on the student form, keep it when the form leaves it out, and clear it with null', async () => {
    const created = await t.http
      .post('/api/students')
      .set(org.auth)
      .send(studentBody({ language: 'es' }))
      .expect(201);
    const id = created.body.data.id as string;
    expect(created.body.data.language).toBe('es');
    const { classEnrollments: _, ...record } = (await t.http.get(`/api/students/${id}`).set(org.auth).expect(200)).body.data;
    expect(record.language).toBe('es');
    const edited = await t.http
      .put(`/api/students/${id}`)
      .set(org.auth)
      .send({ ...record, language: 'fr' })
      .expect(200);
    expect(edited.body.data.language).toBe('fr');
    // A client that does not know the field (an older admin app) changes the rest and keeps the language.
    const { language: __, ...withoutLanguage } = record;
    await t.http
      .put(`/api/students/${id}`)
      .set(org.auth)
      .send({ ...withoutLanguage, firstName: 'Olive' })
      .expect(200);
    expect(await languageOf(id)).toBe('fr');
    await t.http
      .put(`/api/students/${id}`)
      .set(org.auth)
      .send({ ...record, language: null })
      .expect(200);
    expect(await languageOf(id)).toBeNull();
  });

  it('should refuse a language the form does not offer with a readable 400 and change nothing; another organization gets 404', async () => {
    const created = await t.http
      .post('/api/students')
      .set(org.auth)
      .send(studentBody({ language: 'fr' }))
      .expect(201);
    const id = created.body.data.id as string;
    for (const language of ['de', 'ES', 'es-MX', '', 7, ['es']]) {
      const put = await t.http.put(`/api/students/${id}`).set(org.auth).send(studentBody({ language })).expect(400);
      expect({ language, error: put.body.errors?.language }).toEqual({ language, error: LANGUAGE_MESSAGE });
      const post = await t.http.post('/api/students').set(org.auth).send(studentBody({ language })).expect(400);
      expect(post.body.errors?.language).toBe(LANGUAGE_MESSAGE);
    }
    expect(await languageOf(id)).toBe('fr');
    await t.http
      .put(`/api/students/${id}`)
      .set(other.auth)
      .send(studentBody({ language: 'es' }))
      .expect(404);
    expect(await languageOf(id)).toBe('fr');
    // The public registration still reads a page's regional or unknown language leniently (never an error page).
    const c = await createClass(t, org, { title: 'Clay' });
    const reg = await t.http
      .post('/api/students/register')
      .send(registerBody(org.orgId, c.id, { language: 'de' }))
      .expect(201);
    expect(await languageOf(reg.body.data.id)).toBeNull();
  });

  /** Registers a new student in person and signs them in to the portal: the portal's Authorization header. */
  async function portalOf(language?: string) {
    const c = await createClass(t, org, { title: 'Weaving', startDate: new Date(Date.now() + 9 * 86400000).toISOString() });
    const body = registerBody(org.orgId, c.id, language ? { language } : {});
    const reg = await t.http.post('/api/students/register').send(body).expect(201);
    await t.http.post('/api/portal/link').send({ organizationId: org.orgId, email: body.email }).expect(202);
    const [row] = await t.db.query(
      "SELECT subject, message FROM communications WHERE kind = 'system' AND to_address = $1 ORDER BY created_at DESC, id DESC LIMIT 1",
      [body.email],
    );
    const token = /\/my\/([A-Za-z0-9_-]+)/.exec(row.message)![1];
    const s = await t.http.post('/api/portal/session').send({ token }).expect(200);
    return { id: reg.body.data.id as string, email: body.email, auth: { Authorization: `Bearer ${s.body.data.token}` } };
  }

  it("should let the student choose their messages' language in the portal profile, and write the next email in it", async () => {
    const me = await portalOf();
    const before = (await t.http.get('/api/portal/registrations').set(me.auth).expect(200)).body.data.student;
    expect(before.language).toBeNull();
    const saved = await t.http.put('/api/portal/profile').set(me.auth).send({ language: 'fr' }).expect(200);
    expect(saved.body.data).toMatchObject({ email: me.email, language: 'fr' });
    expect((await t.http.get('/api/portal/registrations').set(me.auth).expect(200)).body.data.student.language).toBe('fr');
    // The change is in the student's history, named.
    const [ev] = await t.db.query(
      "SELECT description FROM activity_events WHERE event_type = 'student_details_changed' AND metadata->>'studentId' = $1",
      [me.id],
    );
    expect(ev.description).toBe('Olivia Martinez updated their message language');
    // The next message the student gets (a new sign-in link) is in French.
    await t.http.post('/api/portal/link').send({ organizationId: org.orgId, email: me.email }).expect(202);
    const [mail] = await t.db.query(
      "SELECT subject, message, html FROM communications WHERE kind = 'system' AND to_address = $1 ORDER BY created_at DESC, id DESC LIMIT 1",
      [me.email],
    );
    expect(mail.subject).toMatch(/^Votre lien de connexion : /);
    // Its link opens the sign-in page in French too (the public site reads ?lang=).
    expect(mail.message).toMatch(/\/my\/[A-Za-z0-9_-]{43}\?lang=fr\n/);
    expect(mail.html).toMatch(/href="https:\/\/classes\.example\/my\/[A-Za-z0-9_-]{43}\?lang=fr"/);
    // Null forgets the choice; the phone and consent are kept.
    const cleared = await t.http.put('/api/portal/profile').set(me.auth).send({ language: null }).expect(200);
    expect(cleared.body.data).toMatchObject({ language: null, communicationOptIn: true });
  });

  it('should refuse an unsupported language in the portal profile with a readable 400, changing nothing', async () => {
    const me = await portalOf('es');
    for (const language of ['de', 'fr-CA', 'FR', 3]) {
      const res = await t.http.put('/api/portal/profile').set(me.auth).send({ language }).expect(400);
      expect(res.body.errors?.language).toBe(LANGUAGE_MESSAGE);
    }
    expect(await languageOf(me.id)).toBe('es');
  });

  it('should write the waiver signing email in the person’s language, its link opening the page in it; English as before', async () => {
    const c = await createClass(t, org, { title: 'Cerámica', startDate: new Date(Date.now() + 9 * 86400000).toISOString() });
    const waiver = (
      await t.http
        .post('/api/waivers')
        .set(org.auth)
        .send({ title: 'Reglas', body: 'Uno.', classIds: [c.id] })
        .expect(201)
    ).body.data;
    const people = [
      { firstName: 'Lucía', email: 'lucia.waiver@example.com', language: 'es' },
      { firstName: 'Chloé', email: 'chloe.waiver@example.com', language: 'fr' },
      { firstName: 'Ann', email: 'ann.waiver@example.com', language: 'en' },
    ];
    for (const p of people)
      await t.http
        .post('/api/students/register')
        .send({
          ...registerBody(org.orgId, c.id, p),
          waiverAcceptances: [{ waiverVersionId: waiver.currentVersion.id, signedName: `${p.firstName} Martinez` }],
        })
        .expect(201);
    await t.http.post(`/api/waivers/${waiver.id}/versions`).set(org.auth).send({ body: 'Dos.' }).expect(201);
    const service = t.app.get(WaiverSignLinksService);
    for (let i = 0; i < 50 && (await t.db.query('SELECT 1 FROM waiver_resign_runs WHERE done_at IS NULL')).length; i++) {
      await service.queueDue();
      await new Promise((r) => setTimeout(r, 100));
    }
    const mail = async (to: string) =>
      (
        await t.db.query("SELECT subject, message, html FROM communications WHERE to_address = $1 AND dedupe_key LIKE 'waiver-resign:%'", [
          to,
        ])
      )[0] as { subject: string; message: string; html: string };
    const es = await mail('lucia.waiver@example.com');
    expect(es.subject).toMatch(/^Firme la nueva versión de «Reglas»: /);
    expect(es.message).toMatch(/^Hola, Lucía:\n\n.+ actualizó «Reglas» \(versión 2\)\. Lea el nuevo texto/);
    expect(es.message).toMatch(/\/waiver\/[A-Za-z0-9_-]{43}\?lang=es\n/);
    expect(es.html).toContain('>Leer y firmar la exención</a>');
    const fr = await mail('chloe.waiver@example.com');
    expect(fr.subject).toMatch(/^Veuillez signer la nouvelle version de « Reglas » : /);
    expect(fr.message).toMatch(/\/waiver\/[A-Za-z0-9_-]{43}\?lang=fr\n/);
    expect(fr.html).toContain('>Lire et signer la décharge</a>');
    const en = await mail('ann.waiver@example.com');
    expect(en.subject).toMatch(/^Please sign the updated “Reglas”: /);
    expect(en.message).toMatch(
      /^Hi Ann,\n\n.+ has updated “Reglas” \(version 2\)\. Please read the new text and sign it before your next class:\n\nhttps:\/\/classes\.example\/waiver\/[A-Za-z0-9_-]{43}\n\nOpening the link only shows the text: nothing is signed until you type your name and press Sign\.$/,
    );
  });

  it('should write the calendar file in the reader’s language: attached to a Spanish confirmation, downloaded from a French portal', async () => {
    const start = new Date(Date.now() + 6 * 86400000).toISOString();
    const c = await createClass(t, org, { title: 'Yoga', days: 2, schedule: 'Weekly', startDate: start });
    const body = registerBody(org.orgId, c.id, { language: 'es' });
    await t.http.post('/api/students/register').send(body).expect(201);
    const [row] = await t.db.query("SELECT attachments FROM communications WHERE kind = 'confirmation' AND to_address = $1", [body.email]);
    const ics = Buffer.from((row.attachments as { content: string }[])[0].content, 'base64').toString('utf8');
    expect(ics).toContain('SUMMARY:Yoga (sesión 1 de 2)');
    expect(ics).toContain('SUMMARY:Yoga (sesión 2 de 2)');
    expect(ics).toMatch(/DESCRIPTION:.*Instructor: /);
    expect(ics.replace(/\r\n[ \t]/g, '')).toContain(`/class/${c.id}?organizationId=${org.orgId}&lang=es`);

    // The portal's download, in the signed-in student's chosen language.
    const me = await portalOf('fr');
    const [{ id: enrollmentId }] = await t.db.query('SELECT id FROM enrollments WHERE student_id = $1', [me.id]);
    const fr = (await t.http.get(`/api/portal/enrollments/${enrollmentId}/calendar.ics`).set(me.auth).expect(200)).text;
    expect(fr).toContain('Instructeur : ');
    expect(fr.replace(/\r\n[ \t]/g, '')).toContain('&lang=fr');
    // English as before.
    await t.http.put('/api/portal/profile').set(me.auth).send({ language: 'en' }).expect(200);
    const en = (await t.http.get(`/api/portal/enrollments/${enrollmentId}/calendar.ics`).set(me.auth).expect(200)).text;
    expect(en).toMatch(/DESCRIPTION:.*Instructor: /);
    expect(en).not.toContain('lang=');
  });
});
