import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createStudent, drain, PUBLIC_URL, rowOf, startProviders, TWILIO } from '../fixtures/comms.fixture';
import { createOrg, type OrgFixture } from '../fixtures/org.fixture';
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
  beforeAll(async () => {
    providers = await startProviders();
    t = await createTestApp(providers.env);
    org = await createOrg(t, { plan: 'professional' });
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
});
