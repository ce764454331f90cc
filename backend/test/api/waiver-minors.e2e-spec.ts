import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { WaiverSignLinksService } from '../../src/modules/registration-forms/waiver-sign-links.service';
import { createClass, createOrg, registerBody, type OrgFixture } from '../fixtures/org.fixture';
import type { TestApp } from '../setup/test-app';
import { cardClass, cardOrg, intentBody, startCardWorld, type CardWorld } from './card-payments.helpers';
import { freeSeat, fullClass, join, tokensOf } from './waitlist.helpers';

/** A date of birth `years` years before today (UTC), same month and day. */
const bornYearsAgo = (years: number) => {
  const d = new Date();
  return `${d.getUTCFullYear() - years}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
};
const CHILD = bornYearsAgo(12);
const ADULT = '1985-04-02';
const minorMessage = (name: string, title: string) =>
  `${name} is under 18 on the first day of class: a parent or guardian must sign “${title}” for them. ` +
  'Enter the parent or guardian’s full name and have them type it to sign';

/**
 * Issue 37: a person under 18 on the class's first day cannot sign a waiver for themself. Every path that records a
 * signature (in person, card hold, household in person and by card, a waitlist offer claimed, the re-sign link)
 * refuses it with 400 and a field message, and takes a named parent or guardian's signature instead, stored with
 * their name and 'guardian' as the capacity. An adult signing for themself is unchanged.
 */
describe('waivers: a minor never signs; a parent or guardian does', () => {
  let w: CardWorld;
  let t: TestApp;
  let o: Awaited<ReturnType<typeof cardOrg>>;
  let cls: { id: string };
  let waiver: { id: string; title: string; currentVersion: { id: string } };

  beforeAll(async () => {
    w = await startCardWorld();
    w.liveWebhooks(false);
    t = w.a;
    o = await cardOrg(t);
    cls = await cardClass(t, o, { maxStudents: 50 });
    waiver = (await t.http.post('/api/waivers').set(o.auth).send({ title: 'Studio waiver', body: 'Be careful.' }).expect(201)).body.data;
  });
  afterAll(async () => {
    await w.close();
  });

  const register = (body: Record<string, unknown>) => t.http.post('/api/students/register').send(body);
  const intent = (body: Record<string, unknown>) => t.http.post('/api/payments/create-intent').send(body);
  const signed = (enrollmentId: string) =>
    t.db.query(`SELECT signed_name AS "signedName", signed_as AS "signedAs" FROM waiver_acceptances WHERE enrollment_id = $1`, [
      enrollmentId,
    ]);
  const sign = (name: string) => [{ waiverVersionId: waiver.currentVersion.id, signedName: name }];
  const countStudents = async (email: string) =>
    Number((await t.db.query(`SELECT count(*) AS n FROM students WHERE email = $1`, [email]))[0].n);

  describe('one person in person', () => {
    it('should refuse a 12-year-old signing for themself with 400 and the field message, and write nothing', async () => {
      const body = registerBody(o.orgId, cls.id, { firstName: 'Jo', lastName: 'Kim' });
      const res = await register({ ...body, dateOfBirth: CHILD, waiverAcceptances: sign('Jo Kim') }).expect(400);
      expect(res.body.errors).toEqual({ [`waivers.${waiver.id}`]: minorMessage('Jo Kim', 'Studio waiver') });
      expect(res.body.error).toBe(minorMessage('Jo Kim', 'Studio waiver'));
      expect(await countStudents(body.email)).toBe(0);
      // Naming themself as the guardian is the same minor signing.
      const self = await register({ ...body, dateOfBirth: CHILD, guardian: { name: 'jo kim' }, waiverAcceptances: sign('Jo Kim') }).expect(
        400,
      );
      expect(self.body.errors).toEqual({ 'guardian.name': 'The parent or guardian must be an adult other than Jo Kim' });
      // A guardian named but the minor still signing: refused the same way.
      const still = await register({
        ...body,
        dateOfBirth: CHILD,
        guardian: { name: 'Sam Kim' },
        waiverAcceptances: sign('Jo Kim'),
      }).expect(400);
      expect(still.body.errors).toEqual({ [`waivers.${waiver.id}`]: minorMessage('Jo Kim', 'Studio waiver') });
    });

    it('should take the named parent or guardian’s signature, stored with their name as guardian', async () => {
      const body = registerBody(o.orgId, cls.id, { firstName: 'Jo', lastName: 'Kim' });
      const res = await register({
        ...body,
        dateOfBirth: CHILD,
        guardian: { name: '  Sam Kim ' },
        waiverAcceptances: sign('Sam Kim'),
      }).expect(201);
      expect(await signed(res.body.data.classEnrollments[0].id)).toEqual([{ signedName: 'Sam Kim', signedAs: 'guardian' }]);
      // The admin's panel shows who signed and in what capacity.
      const [a] = (await t.http.get(`/api/enrollments/${res.body.data.classEnrollments[0].id}/waivers`).set(o.auth).expect(200)).body.data;
      expect(a).toMatchObject({ signedName: 'Sam Kim', signedAs: 'guardian' });
    });

    it('should leave an adult (or someone who gave no date of birth) signing for themself unchanged', async () => {
      for (const dateOfBirth of [ADULT, undefined]) {
        const res = await register({
          ...registerBody(o.orgId, cls.id, { firstName: 'Lee', lastName: 'Park' }),
          ...(dateOfBirth ? { dateOfBirth } : {}),
          waiverAcceptances: sign('Lee Park'),
        }).expect(201);
        expect(await signed(res.body.data.classEnrollments[0].id)).toEqual([{ signedName: 'Lee Park', signedAs: 'self' }]);
      }
    });

    it('should validate the guardian field with readable messages', async () => {
      const body = { ...registerBody(o.orgId, cls.id), dateOfBirth: CHILD, waiverAcceptances: sign('Sam Kim') };
      expect((await register({ ...body, guardian: { name: ' ' } }).expect(400)).body.errors['guardian.name']).toBe(
        'Enter the parent or guardian’s full name',
      );
      expect((await register({ ...body, guardian: 'Sam Kim' }).expect(400)).body.errors.guardian).toBe(
        'guardian must be an object { name }',
      );
      await register({ ...body, guardian: { name: 'Sam Kim', age: 40 } }).expect(400);
    });
  });

  describe('one person by card (the seat held for the PaymentIntent)', () => {
    it('should refuse a minor signing for themself before any seat is held', async () => {
      const body = intentBody(o.orgId, cls.id, 80, { firstName: 'Jo', lastName: 'Kim' });
      const res = await intent({ ...body, dateOfBirth: CHILD, waiverAcceptances: sign('Jo Kim') }).expect(400);
      expect(res.body.errors).toEqual({ [`waivers.${waiver.id}`]: minorMessage('Jo Kim', 'Studio waiver') });
      expect(await countStudents(body.studentData.email)).toBe(0);
    });

    it('should hold the seat with the guardian’s signature, and an adult’s own as before', async () => {
      const kid = await intent({
        ...intentBody(o.orgId, cls.id, 80, { firstName: 'Jo', lastName: 'Kim' }),
        dateOfBirth: CHILD,
        guardian: { name: 'Sam Kim' },
        waiverAcceptances: sign('Sam Kim'),
      }).expect(201);
      expect(await signed(kid.body.data.enrollmentId)).toEqual([{ signedName: 'Sam Kim', signedAs: 'guardian' }]);
      const adult = await intent({
        ...intentBody(o.orgId, cls.id, 80, { firstName: 'Lee', lastName: 'Park' }),
        dateOfBirth: ADULT,
        waiverAcceptances: sign('Lee Park'),
      }).expect(201);
      expect(await signed(adult.body.data.enrollmentId)).toEqual([{ signedName: 'Lee Park', signedAs: 'self' }]);
    });
  });

  describe('households', () => {
    const onlyMe = [{ firstName: 'Jo', lastName: 'Kim', dateOfBirth: CHILD }];

    it('should refuse a household whose only attendee is a 12-year-old contact signing, in person and by card', async () => {
      const body = registerBody(o.orgId, cls.id, { firstName: 'Jo', lastName: 'Kim' });
      const res = await register({ ...body, attendees: onlyMe, waiverAcceptances: sign('Jo Kim') }).expect(400);
      expect(res.body.errors).toEqual({ [`waivers.${waiver.id}`]: minorMessage('Jo Kim', 'Studio waiver') });
      const card = intentBody(o.orgId, cls.id, 80, { firstName: 'Jo', lastName: 'Kim' });
      const byCard = await intent({ ...card, attendees: onlyMe, waiverAcceptances: sign('Jo Kim') }).expect(400);
      expect(byCard.body.errors).toEqual({ [`waivers.${waiver.id}`]: minorMessage('Jo Kim', 'Studio waiver') });
      expect(await countStudents(body.email)).toBe(0);
      expect(await countStudents(card.studentData.email)).toBe(0);
    });

    it('should refuse a minor contact signing for a younger sibling (and the sibling signing for themself)', async () => {
      const attendees = [...onlyMe, { firstName: 'Mo', lastName: 'Kim', dateOfBirth: bornYearsAgo(8) }];
      const res = await register({
        ...registerBody(o.orgId, cls.id, { firstName: 'Jo', lastName: 'Kim' }),
        attendees,
        waiverAcceptances: [...sign('Jo Kim'), { waiverVersionId: waiver.currentVersion.id, signedName: 'Mo Kim', attendee: 1 }],
      }).expect(400);
      expect(res.body.errors).toEqual({
        [`waivers.${waiver.id}`]: minorMessage('Jo Kim', 'Studio waiver'),
        [`attendees.1.waivers.${waiver.id}`]: minorMessage('Mo Kim', 'Studio waiver'),
      });
    });

    it('should take the named guardian’s signature for the minor contact and their sibling, in person and by card', async () => {
      const attendees = [...onlyMe, { firstName: 'Mo', lastName: 'Kim', dateOfBirth: bornYearsAgo(8) }];
      const res = await register({
        ...registerBody(o.orgId, cls.id, { firstName: 'Jo', lastName: 'Kim' }),
        attendees,
        guardian: { name: 'Sam Kim' },
        waiverAcceptances: sign('Sam Kim'),
      }).expect(201);
      for (const e of res.body.data.enrollments as { enrollmentId: string }[])
        expect(await signed(e.enrollmentId)).toEqual([{ signedName: 'Sam Kim', signedAs: 'guardian' }]);
      const cardBody = intentBody(o.orgId, cls.id, 80, { firstName: 'Jo', lastName: 'Kim' });
      await intent({
        ...cardBody,
        attendees: onlyMe,
        guardian: { name: 'Sam Kim' },
        waiverAcceptances: sign('Sam Kim'),
      }).expect(201);
      const [held] = await t.db.query(
        `SELECT e.id FROM enrollments e JOIN students s ON s.id = e.student_id WHERE e.class_id = $1 AND s.email = $2`,
        [cls.id, cardBody.studentData.email],
      );
      expect(await signed(held.id)).toEqual([{ signedName: 'Sam Kim', signedAs: 'guardian' }]);
    });

    it('should leave an adult contact signing for themself and as guardian for a child unchanged (by card too)', async () => {
      const attendees = [
        { firstName: 'Ana', lastName: 'Kim', dateOfBirth: ADULT },
        { firstName: 'Pia', lastName: 'Kim', dateOfBirth: CHILD },
      ];
      const res = await register({
        ...registerBody(o.orgId, cls.id, { firstName: 'Ana', lastName: 'Kim' }),
        attendees,
        waiverAcceptances: sign('Ana Kim'),
      }).expect(201);
      const rows = [];
      for (const e of res.body.data.enrollments as { enrollmentId: string }[]) rows.push(...(await signed(e.enrollmentId)));
      expect(rows).toEqual([
        { signedName: 'Ana Kim', signedAs: 'self' },
        { signedName: 'Ana Kim', signedAs: 'guardian' },
      ]);
      await intent({
        ...intentBody(o.orgId, cls.id, 160, { firstName: 'Ana', lastName: 'Kim' }),
        attendees,
        waiverAcceptances: sign('Ana Kim'),
      }).expect(201);
    });
  });

  describe('the organization’s time zone and the first session day', () => {
    it('should count the age on the first session’s day where the organization is', async () => {
      // The first session starts at 02:00 UTC on someone's 18th birthday: in Chicago it is still the evening before.
      const tz = await cardOrg(t);
      const wv = (await t.http.post('/api/waivers').set(tz.auth).send({ title: 'Kiln waiver', body: 'Hot.' }).expect(201)).body.data;
      const start = new Date(Date.now() + 20 * 24 * 3600 * 1000);
      start.setUTCHours(2, 0, 0, 0);
      const c = await createClass(t, tz, { startDate: start.toISOString(), maxStudents: 10 });
      const dob = `${start.getUTCFullYear() - 18}-${String(start.getUTCMonth() + 1).padStart(2, '0')}-${String(start.getUTCDate()).padStart(2, '0')}`;
      const body = () => ({
        ...registerBody(tz.orgId, c.id, { firstName: 'Bo', lastName: 'Ng' }),
        dateOfBirth: dob,
        waiverAcceptances: [{ waiverVersionId: wv.currentVersion.id, signedName: 'Bo Ng' }],
      });
      await t.db.query(`UPDATE organizations SET settings = settings || '{"timeZone":"UTC"}'::jsonb WHERE id = $1`, [tz.orgId]);
      await register(body()).expect(201);
      await t.db.query(`UPDATE organizations SET settings = settings || '{"timeZone":"America/Chicago"}'::jsonb WHERE id = $1`, [tz.orgId]);
      const res = await register(body()).expect(400);
      expect(res.body.errors).toEqual({ [`waivers.${wv.id}`]: minorMessage('Bo Ng', 'Kiln waiver') });
    });
  });

  describe('a waitlist offer claimed', () => {
    let wo: OrgFixture;
    beforeAll(async () => {
      wo = await createOrg(t, { plan: 'professional' });
    });

    it('should refuse the offer’s minor signing for themself, and take the guardian’s signature', async () => {
      const { cls: full, students } = await fullClass(t, wo, 1);
      const wv = (await t.http.post('/api/waivers').set(wo.auth).send({ title: 'Clay waiver', body: 'Dusty.' }).expect(201)).body.data;
      const a = await join(t, wo.orgId, full.id, { firstName: 'Jo', lastName: 'Kim' });
      await freeSeat(t, wo, students[0].id, full.id);
      const { offer } = await tokensOf(t, a.entryId);
      const body = {
        ...registerBody(wo.orgId, full.id, { firstName: 'Jo', lastName: 'Kim', email: a.email }),
        waitlistOfferToken: offer,
        dateOfBirth: CHILD,
      };
      const bad = await register({ ...body, waiverAcceptances: [{ waiverVersionId: wv.currentVersion.id, signedName: 'Jo Kim' }] }).expect(
        400,
      );
      expect(bad.body.errors).toEqual({ [`waivers.${wv.id}`]: minorMessage('Jo Kim', 'Clay waiver') });
      const ok = await register({
        ...body,
        guardian: { name: 'Sam Kim' },
        waiverAcceptances: [{ waiverVersionId: wv.currentVersion.id, signedName: 'Sam Kim' }],
      }).expect(201);
      expect(await signed(ok.body.data.classEnrollments[0].id)).toEqual([{ signedName: 'Sam Kim', signedAs: 'guardian' }]);
    });
  });

  describe('the link to sign a new version', () => {
    let ro: OrgFixture;
    let rc: { id: string };
    let rw: { id: string; currentVersion: { id: string } };
    let kid: { email: string; enrollmentId: string };
    let adult: { email: string; enrollmentId: string };

    const settle = async () => {
      for (let i = 0; i < 100; i++) {
        await t.app.get(WaiverSignLinksService).queueDue();
        const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM waiver_resign_runs WHERE done_at IS NULL`);
        if (n === 0) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('re-sign runs still pending');
    };
    const tokenFor = async (email: string) => {
      const [row] = await t.db.query(
        `SELECT message FROM communications WHERE organization_id = $1 AND to_address = $2 AND dedupe_key LIKE 'waiver-resign:%'`,
        [ro.orgId, email],
      );
      return /\/waiver\/([A-Za-z0-9_-]{43})/.exec(row.message)![1];
    };

    beforeAll(async () => {
      ro = await createOrg(t, { plan: 'professional' });
      rc = await createClass(t, ro, { title: 'Wheel I', maxStudents: 10 });
      rw = (await t.http.post('/api/waivers').set(ro.auth).send({ title: 'Wheel waiver', body: 'One.' }).expect(201)).body.data;
      const k = await register({
        ...registerBody(ro.orgId, rc.id, { firstName: 'Jo', lastName: 'Kim' }),
        dateOfBirth: CHILD,
        guardian: { name: 'Sam Kim' },
        waiverAcceptances: [{ waiverVersionId: rw.currentVersion.id, signedName: 'Sam Kim' }],
      }).expect(201);
      kid = { email: k.body.data.email, enrollmentId: k.body.data.classEnrollments[0].id };
      const a = await register({
        ...registerBody(ro.orgId, rc.id, { firstName: 'Lee', lastName: 'Park' }),
        dateOfBirth: ADULT,
        waiverAcceptances: [{ waiverVersionId: rw.currentVersion.id, signedName: 'Lee Park' }],
      }).expect(201);
      adult = { email: a.body.data.email, enrollmentId: a.body.data.classEnrollments[0].id };
      await t.http.post(`/api/waivers/${rw.id}/versions`).set(ro.auth).send({ body: 'Two.' }).expect(201);
      await settle();
    });

    const newest = (enrollmentId: string) =>
      t.db.query(
        `SELECT signed_name AS "signedName", signed_as AS "signedAs" FROM waiver_acceptances WHERE enrollment_id = $1 AND version = 2`,
        [enrollmentId],
      );

    it('should tell the page a parent or guardian signs, refuse the minor’s own signature, and take the guardian’s', async () => {
      const token = await tokenFor(kid.email);
      const page = (await t.http.get(`/api/waiver-links/${token}`).expect(200)).body.data;
      expect(page).toMatchObject({ guardianRequired: true, people: [{ firstName: 'Jo', signedAs: 'guardian' }] });
      const own = await t.http.post(`/api/waiver-links/${token}/sign`).send({ signedName: 'Jo Kim' }).expect(400);
      expect(own.body.errors).toEqual({ signedName: minorMessage('Jo Kim', 'Wheel waiver') });
      const self = await t.http
        .post(`/api/waiver-links/${token}/sign`)
        .send({ signedName: 'Jo Kim', guardian: { name: 'Jo Kim' } })
        .expect(400);
      expect(self.body.errors).toEqual({ 'guardian.name': 'The parent or guardian must be an adult other than Jo Kim' });
      expect(await newest(kid.enrollmentId)).toEqual([]);
      const ok = await t.http
        .post(`/api/waiver-links/${token}/sign`)
        .send({ signedName: 'Sam Kim', guardian: { name: 'Sam Kim' } })
        .expect(200);
      expect(ok.body.data.people).toEqual([expect.objectContaining({ firstName: 'Jo', signedAs: 'guardian' })]);
      expect(await newest(kid.enrollmentId)).toEqual([{ signedName: 'Sam Kim', signedAs: 'guardian' }]);
    });

    it('should leave an adult signing their own link unchanged', async () => {
      const token = await tokenFor(adult.email);
      expect((await t.http.get(`/api/waiver-links/${token}`).expect(200)).body.data).toMatchObject({
        guardianRequired: false,
        people: [{ firstName: 'Lee', signedAs: 'self' }],
      });
      await t.http.post(`/api/waiver-links/${token}/sign`).send({ signedName: 'Lee Park' }).expect(200);
      expect(await newest(adult.enrollmentId)).toEqual([{ signedName: 'Lee Park', signedAs: 'self' }]);
    });
  });
});
