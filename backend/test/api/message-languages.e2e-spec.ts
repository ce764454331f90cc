import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RemindersService } from '../../src/modules/registration/reminders.service';
import { drain, startProviders } from '../fixtures/comms.fixture';
import { createClass, createOrg, registerBody, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';
import { freeSeat, fullClass, joinBody } from './waitlist.helpers';

type Mail = Awaited<ReturnType<typeof startProviders>>['sendgrid']['sent'][number];
const text = (m: Mail) => m.body.content.find((c) => c.type === 'text/plain')!.value;
const html = (m: Mail) => m.body.content.find((c) => c.type === 'text/html')!.value;

/**
 * Issue 42 §2: the product's messages to a student go out in the student's language (the page they registered or
 * joined the waitlist on), else the organization's default language; an organization's own template is sent as the
 * organization wrote it, the whole message then in the organization's default language (never a mix). Checked on
 * what reaches the SendGrid and Twilio stand-ins.
 */
describe('messages in the recipient language', () => {
  let t: TestApp;
  let providers: Awaited<ReturnType<typeof startProviders>>;
  let org: OrgFixture;
  beforeAll(async () => {
    providers = await startProviders();
    t = await createTestApp(providers.env);
    org = await createOrg(t, { plan: 'professional' });
  });
  afterAll(async () => {
    await t.close();
    await providers.close();
  });

  /** The sent email (or SMS) of the newest outbox row of this kind to this address. */
  async function sentTo(kind: string, to: string, channel: 'email' | 'sms' = 'email') {
    const [row] = await t.db.query(
      'SELECT id FROM communications WHERE kind = $1 AND to_address = $2 AND channel = $3 ORDER BY created_at DESC LIMIT 1',
      [kind, to, channel],
    );
    expect(row).toBeDefined();
    await drain(t, 1);
    if (channel === 'sms') {
      const [sms] = await t.db.query('SELECT provider_message_id FROM communications WHERE id = $1', [row.id]);
      return providers.twilio.sent.find((s) => s.sid === sms.provider_message_id)!;
    }
    return providers.sendgrid.sent.find((m) => m.body.custom_args?.communicationId === row.id)!;
  }

  it('should write a Spanish registration confirmation (regional code, dates, portal link) and keep the language', async () => {
    const start = new Date(Date.now() + 5 * 86400000);
    const c = await createClass(t, org, { title: 'Acuarela', days: 2, schedule: 'Weekly', startDate: start.toISOString() });
    const body = registerBody(org.orgId, c.id, { firstName: 'Lucía', language: 'es-MX' });
    const reg = await t.http.post('/api/students/register').send(body).expect(201);
    const [student] = await t.db.query('SELECT language FROM students WHERE id = $1', [reg.body.data.id]);
    expect(student.language).toBe('es');
    const mail = (await sentTo('confirmation', body.email)) as Mail;
    expect(mail.body.subject).toBe('Inscripción confirmada: Acuarela');
    const weekday = new Intl.DateTimeFormat('es-US', { weekday: 'long' }).format(start);
    expect(text(mail)).toMatch(/^Hola, Lucía:\n\nSu inscripción en Acuarela con .+ está confirmada\./);
    expect(text(mail)).toContain(`Primera sesión: ${weekday}, `);
    expect(text(mail)).toContain('Sesiones: 2');
    expect(text(mail)).toMatch(/Gestionar su inscripción: https:\/\/classes\.example\/my\?organizationId=[^&]+&email=[^&]+&lang=es$/);
    expect(html(mail)).toContain('<html lang="es">');
    expect(html(mail)).toContain('>Gestionar su inscripción</a>');
    // Nothing of the English template is left.
    expect(text(mail)).not.toMatch(/You are registered|First session|See you there/);
  });

  it('should write the French waitlist place by email and the offer by SMS, from the language of the join page', async () => {
    const { cls, students } = await fullClass(t, org, 1, { title: 'Poterie' });
    const person = { ...joinBody(org.orgId, { firstName: 'Chloé', phone: '5595550901' }), language: 'fr' };
    await t.http.post(`/api/classes/${cls.id}/waitlist`).send(person).expect(201);
    const joined = (await sentTo('waitlist_joined', person.email)) as Mail;
    expect(joined.body.subject).toBe('Vous êtes sur la liste d’attente : Poterie');
    expect(text(joined)).toMatch(/^Bonjour Chloé,\n\nVous êtes numéro 1 sur la liste d’attente de Poterie avec /);
    expect(html(joined)).toContain('>Quitter la liste d’attente</a>');
    await freeSeat(t, org, students[0].id, cls.id);
    const offer = (await sentTo('waitlist_offer', person.email)) as Mail;
    expect(offer.body.subject).toBe('Une place vous attend : Poterie');
    expect(html(offer)).toContain('>M’inscrire à ma place</a>');
    const sms = (await sentTo('waitlist_offer', '+15595550901', 'sms')) as { body: string };
    expect(sms.body).toMatch(
      /^.+ : une place dans Poterie vous est réservée jusqu’au .+\. Inscrivez-vous : https:\/\/classes\.example\/waitlist\/offer\//,
    );
  });

  it("should send a French reminder by SMS and fall back to the organization's default for an unknown language", async () => {
    const home = await createOrg(t, { plan: 'professional' });
    await t.db.query(
      `UPDATE organizations SET settings = jsonb_set(settings, '{notifications}', '{"reminderHours": 18, "emailEnabled": true, "smsEnabled": true}')
       WHERE id = $1`,
      [home.orgId],
    );
    const c = await createClass(t, home, { title: 'Yoga', startDate: new Date(Date.now() + 10 * 3600_000).toISOString() });
    const fr = registerBody(home.orgId, c.id, { firstName: 'Léa', phone: '5595550902', language: 'fr-CA' });
    const de = registerBody(home.orgId, c.id, { firstName: 'Jonas', phone: '5595550903', language: 'de' });
    await t.http.post('/api/students/register').send(fr).expect(201);
    // An unsupported language is not an error (issue 42 §4): the student's language stays unknown.
    const reg = await t.http.post('/api/students/register').send(de).expect(201);
    expect((await t.db.query('SELECT language FROM students WHERE id = $1', [reg.body.data.id]))[0].language).toBeNull();
    // The organization's default language is Spanish from now on: the student of no known language reads Spanish.
    const put = await t.http.put('/api/settings').set(home.auth).send({ defaultLanguage: 'es' }).expect(200);
    expect(put.body.data.defaultLanguage).toBe('es');
    expect((await t.http.get('/api/settings').set(home.auth).expect(200)).body.data.defaultLanguage).toBe('es');
    await t.app.get(RemindersService).queueDue();
    const sms = (await sentTo('reminder', '+15595550902', 'sms')) as { body: string };
    expect(sms.body).toMatch(
      /^.+ : rappel, Yoga le \S+ \d+ \S+ \d{4} à \d+ h \d\d, Studio A\. Répondez STOP pour ne plus recevoir de messages\.$/,
    );
    const frMail = (await sentTo('reminder', fr.email)) as Mail;
    expect(frMail.body.subject).toMatch(/^Rappel : Yoga le /);
    expect(text(frMail)).toContain('Gérer votre inscription : https://classes.example/my?');
    const deMail = (await sentTo('reminder', de.email)) as Mail;
    expect(deMail.body.subject).toMatch(/^Recordatorio: Yoga el /);
    expect(text(deMail)).toMatch(/^Hola, Jonas:/);
  });

  it("should send an organization's own template as written, the whole message in the organization's language", async () => {
    const own = await createOrg(t, { plan: 'professional' });
    await t.http
      .post('/api/communications/templates')
      .set(own.auth)
      .send({
        name: 'Our confirmation',
        type: 'email',
        kind: 'confirmation',
        subject_template: 'Welcome to {{className}}',
        message_template: 'Dear {{firstName}}, see you on {{startDate}}.',
      })
      .expect(201);
    const c = await createClass(t, own, { title: 'Ceramics' });
    const body = registerBody(own.orgId, c.id, { firstName: 'Mateo', language: 'es' });
    await t.http.post('/api/students/register').send(body).expect(201);
    const mail = (await sentTo('confirmation', body.email)) as Mail;
    expect(mail.body.subject).toBe('Welcome to Ceramics');
    // The template has no Spanish translation: English throughout, its date and the portal link included.
    expect(text(mail)).toMatch(/^Dear Mateo, see you on [A-Z][a-z]+day, [A-Z][a-z]+ \d+, \d{4}\.\n\nManage your registration: https:\/\//);
    expect(text(mail)).not.toContain('lang=');
  });

  it('should keep a known language, fill an unknown one, and let the admin change it (another organization: 404)', async () => {
    const c1 = await createClass(t, org, { title: 'Dibujo' });
    const c2 = await createClass(t, org, { title: 'Danza' });
    const c3 = await createClass(t, org, { title: 'Teatro' });
    const first = registerBody(org.orgId, c1.id, { firstName: 'Sofía' });
    const reg = await t.http.post('/api/students/register').send(first).expect(201);
    const id = reg.body.data.id as string;
    const lang = async () => (await t.db.query('SELECT language FROM students WHERE id = $1', [id]))[0].language;
    expect(await lang()).toBeNull();
    await t.http
      .post('/api/students/register')
      .send({ ...registerBody(org.orgId, c2.id), ...pick(first), language: 'es' })
      .expect(201);
    expect(await lang()).toBe('es');
    // A later registration on a French page does not overwrite the language the student has.
    await t.http
      .post('/api/students/register')
      .send({ ...registerBody(org.orgId, c3.id), ...pick(first), language: 'fr' })
      .expect(201);
    expect(await lang()).toBe('es');
    const other = await createOrg(t, { plan: 'professional' });
    const edit = { ...pick(first), language: 'fr' };
    await t.http.put(`/api/students/${id}`).set(other.auth).send(edit).expect(404);
    await t.http.put(`/api/students/${id}`).set(org.auth).send(edit).expect(200);
    expect(await lang()).toBe('fr');
    // An edit that does not send the language keeps it.
    await t.http.put(`/api/students/${id}`).set(org.auth).send(pick(first)).expect(200);
    expect(await lang()).toBe('fr');
  });

  it("should write a cancelled session's notice (email and SMS) and the portal's sign-in link in the student's language", async () => {
    const home = await createOrg(t, { plan: 'professional' });
    await t.db.query(
      `UPDATE organizations SET settings = jsonb_set(settings, '{notifications}', '{"reminderHours": 0, "emailEnabled": true, "smsEnabled": true}')
       WHERE id = $1`,
      [home.orgId],
    );
    const c = await createClass(t, home, { title: 'Natation', days: 3, schedule: 'Weekly', startDate: '2031-02-04T18:00:00.000Z' });
    const fr = registerBody(home.orgId, c.id, { firstName: 'Zoé', phone: '5595550904', language: 'fr' });
    const en = registerBody(home.orgId, c.id, { firstName: 'Ann' });
    await t.http.post('/api/students/register').send(fr).expect(201);
    await t.http.post('/api/students/register').send(en).expect(201);
    const sessions = (await t.http.get(`/api/classes/${c.id}/sessions`).set(home.auth).expect(200)).body.data;
    await t.http.post(`/api/class-sessions/${sessions[1].id}/cancel`).set(home.auth).send({ reason: 'Neige', notify: true }).expect(201);
    const frMail = (await sentTo('system', fr.email)) as Mail;
    expect(frMail.body.subject).toMatch(/^Annulée : Natation le \S+ \d+ février/);
    expect(text(frMail)).toMatch(
      /^Bonjour Zoé,\n\nLa séance de Natation du .+ est annulée\. Motif : Neige\n\nLes autres séances du cours ne changent pas\.$/,
    );
    const sms = (await sentTo('system', '+15595550904', 'sms')) as { body: string };
    expect(sms.body).toMatch(/^Natation : la séance du .+ est annulée\. Motif : Neige$/);
    // English word for word as before.
    const enMail = (await sentTo('system', en.email)) as Mail;
    expect(enMail.body.subject).toMatch(/^Cancelled: Natation on \w+day, February \d+/);
    expect(text(enMail)).toMatch(/^Hi Ann,\n\nThe Natation session on .+ is cancelled\. Reason: Neige/);
    // The portal's sign-in link, asked for from any page, goes out in the student's language.
    await t.http.post('/api/portal/link').send({ organizationId: home.orgId, email: fr.email }).expect(202);
    const link = (await sentTo('system', fr.email)) as Mail;
    expect(link.body.subject).toMatch(/^Votre lien de connexion : /);
    expect(html(link)).toContain('>Gérer mes inscriptions</a>');
  });
});

const pick = (b: ReturnType<typeof registerBody>) => ({ firstName: b.firstName, lastName: b.lastName, email: b.email, phone: b.phone });
