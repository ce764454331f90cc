import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClass, createOrg, createTeacher, registerBody, type OrgFixture } from '../fixtures/org.fixture';
import type { TestApp } from '../setup/test-app';
import { cardClass, cardOrg, intentBody, startCardWorld, type CardWorld } from './card-payments.helpers';

const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const binary = (res: NodeJS.ReadableStream, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

/** The organization's own questions and signed, versioned waivers on every registration route. */
describe('registration questions and waivers', () => {
  let w: CardWorld;
  let t: TestApp;
  let org: Awaited<ReturnType<typeof cardOrg>>;
  let other: OrgFixture;

  beforeAll(async () => {
    w = await startCardWorld();
    w.liveWebhooks(false);
    t = w.a;
    org = await cardOrg(t);
    other = await createOrg(t, { plan: 'professional' });
  });
  afterAll(async () => {
    await w.close();
  });

  const question = (o: OrgFixture, body: Record<string, unknown>) => t.http.post('/api/registration-questions').set(o.auth).send(body);
  const register = (body: Record<string, unknown>, ua = 'jest-agent/1.0') =>
    t.http.post('/api/students/register').set('User-Agent', ua).send(body);
  const countOf = async (sql: string, params: unknown[]) => Number((await t.db.query(sql, params))[0].n);

  describe('questions', () => {
    it('should create, list in order, update and validate questions, each rule with its own message', async () => {
      const a = (
        await question(org, { label: 'Allergies', type: 'long_text', required: true, showToTeacher: true, position: 2 }).expect(201)
      ).body.data;
      expect(a).toMatchObject({
        label: 'Allergies',
        type: 'long_text',
        options: [],
        required: true,
        classIds: null,
        perAttendee: false,
        showToTeacher: true,
        active: true,
        archived: false,
        answerCount: 0,
      });
      const b = (
        await question(org, { label: 'Level', type: 'single_choice', options: ['Beginner', 'Some', 'Lots'], position: 1 }).expect(201)
      ).body.data;
      const list = (await t.http.get('/api/registration-questions').set(org.auth).expect(200)).body.data;
      expect(list.map((q: { id: string }) => q.id).slice(0, 2)).toEqual([b.id, a.id]);

      const bad = async (body: Record<string, unknown>, field: string, message: string) => {
        const res = await question(org, body).expect(400);
        expect(res.body.errors?.[field] ?? res.body.error).toBe(message);
      };
      await bad({ label: '', type: 'short_text' }, 'label', 'Label is required');
      await bad(
        { label: 'X', type: 'essay' },
        'type',
        'type must be one of short_text, long_text, single_choice, multi_choice, checkbox, date, number, phone',
      );
      await bad({ label: 'X', type: 'single_choice', options: ['Only'] }, 'options', 'A choice question needs at least two options');
      await bad({ label: 'X', type: 'short_text', options: ['a', 'b'] }, 'options', 'Only choice questions have options');
      await bad({ label: 'X', type: 'multi_choice', options: ['a', 'a'] }, 'options', 'Each option can be listed once');
      await bad({ label: 'X', type: 'short_text', classIds: ['nope'] }, 'classIds', 'classIds must be a list of class ids');
      await bad({ label: 'X', type: 'short_text', surprise: 1 }, 'surprise', 'property surprise should not exist');
      // Another organization's class is an unknown class here.
      const theirs = await createClass(t, other);
      await bad({ label: 'X', type: 'short_text', classIds: [theirs.id] }, 'classIds', `Class ${theirs.id} not found`);

      const upd = await t.http
        .put(`/api/registration-questions/${b.id}`)
        .set(org.auth)
        .send({ ...b, label: 'Experience', required: true })
        .expect(200);
      expect(upd.body.data).toMatchObject({ label: 'Experience', required: true, options: ['Beginner', 'Some', 'Lots'] });
      await t.http
        .delete(`/api/registration-questions/${a.id}`)
        .set(org.auth)
        .expect(200, { success: true, data: { id: a.id, archived: false }, error: null });
      await t.http.delete(`/api/registration-questions/${b.id}`).set(org.auth).expect(200);
    });

    it("should keep each organization's questions to itself", async () => {
      const q = (await question(org, { label: 'Secret', type: 'short_text' }).expect(201)).body.data;
      expect((await t.http.get('/api/registration-questions').set(other.auth).expect(200)).body.data).toEqual([]);
      await t.http.get(`/api/registration-questions/${q.id}`).set(other.auth).expect(404);
      await t.http.put(`/api/registration-questions/${q.id}`).set(other.auth).send({ label: 'Mine' }).expect(404);
      await t.http.delete(`/api/registration-questions/${q.id}`).set(other.auth).expect(404);
      await t.http.get('/api/registration-questions').expect(401);
      expect((await t.http.get(`/api/registration-questions/${q.id}`).set(org.auth).expect(200)).body.data.label).toBe('Secret');
      await t.http.delete(`/api/registration-questions/${q.id}`).set(org.auth).expect(200);
    });
  });

  describe('answers on registration', () => {
    let o: OrgFixture;
    let cls: { id: string };
    let q: Record<string, { id: string }>;
    let glazing: { id: string };
    beforeAll(async () => {
      o = await createOrg(t, { plan: 'professional' });
      cls = await createClass(t, o, { maxStudents: 20 });
      const otherClass = await createClass(t, o, { title: 'Glazing' });
      const add = async (key: string, body: Record<string, unknown>) => {
        q[key] = (await question(o, body).expect(201)).body.data;
      };
      q = {};
      glazing = otherClass;
      await add('allergies', { label: 'Allergies', type: 'long_text', required: true, showToTeacher: true });
      await add('name', { label: 'Nickname', type: 'short_text' });
      await add('level', { label: 'Level', type: 'single_choice', options: ['Beginner', 'Advanced'], required: true });
      await add('days', { label: 'Days', type: 'multi_choice', options: ['Mon', 'Wed', 'Fri'] });
      await add('photo', { label: 'Photo consent', type: 'checkbox', required: true });
      await add('dob', { label: 'Birthday', type: 'date' });
      await add('age', { label: 'Age', type: 'number' });
      await add('phone', { label: 'Emergency phone', type: 'phone', required: true });
      await add('glaze', { label: 'Glaze colour', type: 'short_text', required: true, classIds: [otherClass.id] });
      await add('off', { label: 'Inactive', type: 'short_text', required: true, active: false });
    });

    const good = () => [
      { questionId: q.allergies.id, value: 'Peanuts' },
      { questionId: q.name.id, value: '  Liv ' },
      { questionId: q.level.id, value: 'Beginner' },
      { questionId: q.days.id, value: ['Fri', 'Mon'] },
      { questionId: q.photo.id, value: true },
      { questionId: q.dob.id, value: '2010-02-28' },
      { questionId: q.age.id, value: 16 },
      { questionId: q.phone.id, value: '(555) 123-4567' },
    ];

    it('should carry the active questions of the class, in order, on the public class reply', async () => {
      const pub = (await t.http.get(`/api/classes/${cls.id}?organizationId=${o.orgId}`).expect(200)).body.data;
      expect(pub.questions.map((x: { label: string }) => x.label)).toEqual([
        'Allergies',
        'Nickname',
        'Level',
        'Days',
        'Photo consent',
        'Birthday',
        'Age',
        'Emergency phone',
      ]);
      expect(pub.questions[2]).toEqual({
        id: q.level.id,
        label: 'Level',
        hint: null,
        type: 'single_choice',
        options: ['Beginner', 'Advanced'],
        required: true,
        perAttendee: false,
      });
      expect(pub.waivers).toEqual([]);
    });

    it("should ask each class its own questions: another class's question is neither required nor taken, its own is", async () => {
      // The organization's form is read once and each class's picked from it: Glazing's question is Glazing's alone.
      const withGlaze = [...good(), { questionId: q.glaze.id, value: 'Celadon' }];
      const elsewhere = await t.http
        .post('/api/students/register')
        .send({ ...registerBody(o.orgId, cls.id), answers: withGlaze })
        .expect(400);
      expect(elsewhere.body.errors[`answers.${q.glaze.id}`]).toBe(
        'This question is not part of this class’s registration form (reload the page)',
      );
      const missing = await t.http
        .post('/api/students/register')
        .send({ ...registerBody(o.orgId, glazing.id), answers: good() })
        .expect(400);
      expect(missing.body.errors).toEqual({ [`answers.${q.glaze.id}`]: 'Glaze colour is required' });
    });

    it('should refuse each bad answer with a readable message on its field, and write nothing', async () => {
      const body = registerBody(o.orgId, cls.id);
      const cases: [unknown, string, string][] = [
        [null, 'allergies', 'Allergies is required'],
        ['x'.repeat(2001), 'allergies', 'Allergies must be at most 2000 characters'],
        [42, 'allergies', 'Allergies must be text'],
        ['Expert', 'level', 'Level: choose one of Beginner, Advanced'],
        [['Sun'], 'days', 'Days: choose from Mon, Wed, Fri'],
        [false, 'photo', 'Photo consent: please tick the box to continue'],
        ['yes', 'photo', 'Photo consent must be ticked or left empty'],
        ['2010-02-30', 'dob', 'Birthday must be a date (YYYY-MM-DD)'],
        ['28/02/2010', 'dob', 'Birthday must be a date (YYYY-MM-DD)'],
        ['sixteen', 'age', 'Age must be a number'],
        ['12', 'phone', 'Emergency phone must be a phone number, such as (555) 123-4567'],
        ['x'.repeat(201), 'name', 'Nickname must be at most 200 characters'],
      ];
      for (const [value, key, message] of cases) {
        const answers = good().map((a) => (a.questionId === q[key].id ? { ...a, value } : a));
        const res = await register({ ...body, answers }).expect(400);
        expect([key, res.body.errors[`answers.${q[key].id}`]]).toEqual([key, message]);
        expect(res.body.error).toBe(message);
      }
      // Every problem at once.
      const res = await register({ ...body, answers: [] }).expect(400);
      expect(res.body.errors).toEqual({
        [`answers.${q.allergies.id}`]: 'Allergies is required',
        [`answers.${q.level.id}`]: 'Level is required',
        [`answers.${q.photo.id}`]: 'Photo consent: please tick the box to continue',
        [`answers.${q.phone.id}`]: 'Emergency phone is required',
      });
      // Unknown ids, another class's question, an inactive one, another organization's: refused.
      const foreign = (await question(other, { label: 'Theirs', type: 'short_text' }).expect(201)).body.data;
      for (const id of [foreign.id, q.glaze.id, q.off.id, '00000000-0000-4000-8000-000000000000']) {
        const r = await register({ ...body, answers: [...good(), { questionId: id, value: 'x' }] }).expect(400);
        expect(r.body.errors[`answers.${id}`]).toBe('This question is not part of this class’s registration form (reload the page)');
      }
      const twice = await register({ ...body, answers: [...good(), { questionId: q.age.id, value: 3 }] }).expect(400);
      expect(twice.body.errors[`answers.${q.age.id}`]).toBe('Age is answered twice');
      await register({ ...body, answers: [{ questionId: 'nope', value: 1 }] }).expect(400);
      await register({ ...body, answers: [{ questionId: q.age.id, value: 1, extra: true }] }).expect(400);
      // No half-written record: no student, no seat, no answer.
      expect(await countOf('SELECT count(*) AS n FROM students WHERE email = $1', [body.email])).toBe(0);
      expect(await countOf('SELECT enrolled_students AS n FROM classes WHERE id = $1', [cls.id])).toBe(0);
      expect(await countOf('SELECT count(*) AS n FROM registration_answers WHERE organization_id = $1', [o.orgId])).toBe(0);
    });

    it('should store the checked answers on the enrollment, and archive a question with answers on delete', async () => {
      const body = registerBody(o.orgId, cls.id);
      const res = await register({ ...body, answers: good() }).expect(201);
      const enrollmentId = res.body.data.classEnrollments[0].id;
      const rows = await t.db.query(
        `SELECT question_id, value, student_id FROM registration_answers WHERE enrollment_id = $1 ORDER BY created_at`,
        [enrollmentId],
      );
      const byQ = Object.fromEntries(rows.map((r: { question_id: string; value: unknown }) => [r.question_id, r.value]));
      expect(byQ).toEqual({
        [q.allergies.id]: 'Peanuts',
        [q.name.id]: 'Liv',
        [q.level.id]: 'Beginner',
        [q.days.id]: ['Mon', 'Fri'],
        [q.photo.id]: true,
        [q.dob.id]: '2010-02-28',
        [q.age.id]: 16,
        [q.phone.id]: '(555) 123-4567',
      });
      expect(rows[0].student_id).toBe(res.body.data.id);
      // The type of an answered question does not change; deleting it archives it and its answers stay.
      await t.http.put(`/api/registration-questions/${q.age.id}`).set(o.auth).send({ type: 'short_text' }).expect(409);
      const del = await t.http.delete(`/api/registration-questions/${q.age.id}`).set(o.auth).expect(200);
      expect(del.body.data).toEqual({ id: q.age.id, archived: true });
      const list = (await t.http.get('/api/registration-questions').set(o.auth).expect(200)).body.data;
      expect(list.map((x: { id: string }) => x.id)).not.toContain(q.age.id);
      expect(await countOf('SELECT count(*) AS n FROM registration_answers WHERE question_id = $1', [q.age.id])).toBe(1);
      const pub = (await t.http.get(`/api/classes/${cls.id}?organizationId=${o.orgId}`).expect(200)).body.data;
      expect(pub.questions.map((x: { id: string }) => x.id)).not.toContain(q.age.id);
      // ...and an answer to it is now refused as unknown.
      await register({ ...registerBody(o.orgId, cls.id), answers: good() }).expect(400);
    });
  });

  describe('households and card registrations', () => {
    let o: Awaited<ReturnType<typeof cardOrg>>;
    let cls: { id: string };
    let allergy: { id: string };
    let pickup: { id: string };
    beforeAll(async () => {
      o = await cardOrg(t);
      cls = await cardClass(t, o);
      allergy = (
        await question(o, { label: 'Allergies', type: 'short_text', required: true, perAttendee: true, showToTeacher: true }).expect(201)
      ).body.data;
      pickup = (await question(o, { label: 'Who picks up?', type: 'short_text', required: true }).expect(201)).body.data;
    });

    it("should take each attendee's own answers for per-person questions and the contact's for the rest", async () => {
      const body = registerBody(o.orgId, cls.id, { firstName: 'Ana', lastName: 'Ruiz' });
      const attendees = [
        { firstName: 'Emma', lastName: 'Ruiz', answers: [{ questionId: allergy.id, value: 'Nuts' }] },
        { firstName: 'Liam', lastName: 'Ruiz', answers: [] },
      ];
      const bad = await register({ ...body, attendees, answers: [{ questionId: pickup.id, value: 'Dad' }] }).expect(400);
      expect(bad.body.errors).toEqual({ [`attendees.1.answers.${allergy.id}`]: 'Allergies is required' });
      const misplaced = await register({
        ...body,
        attendees: [attendees[0]],
        answers: [
          { questionId: pickup.id, value: 'Dad' },
          { questionId: allergy.id, value: 'x' },
        ],
      }).expect(400);
      expect(misplaced.body.errors[`answers.${allergy.id}`]).toBe('Allergies is asked for each person: answer it under their name');
      attendees[1].answers = [{ questionId: allergy.id, value: 'None' }];
      const res = await register({ ...body, attendees, answers: [{ questionId: pickup.id, value: 'Dad' }] }).expect(201);
      const ids = res.body.data.enrollments.map((e: { enrollmentId: string }) => e.enrollmentId);
      const rows = await t.db.query(
        `SELECT enrollment_id, question_id, value FROM registration_answers WHERE enrollment_id = ANY ($1::uuid[])`,
        [ids],
      );
      const of = (i: number) =>
        Object.fromEntries(
          rows
            .filter((r: { enrollment_id: string }) => r.enrollment_id === ids[i])
            .map((r: { question_id: string; value: unknown }) => [r.question_id, r.value]),
        );
      expect(of(0)).toEqual({ [allergy.id]: 'Nuts', [pickup.id]: 'Dad' });
      expect(of(1)).toEqual({ [allergy.id]: 'None', [pickup.id]: 'Dad' });
    });

    it('should check and store answers on create-intent, on the held enrollment (single and household)', async () => {
      const body = intentBody(o.orgId, cls.id, 80);
      const bad = await t.http
        .post('/api/payments/create-intent')
        .send({ ...body, answers: [{ questionId: allergy.id, value: 'Nuts' }] })
        .expect(400);
      expect(bad.body.errors).toEqual({ [`answers.${pickup.id}`]: 'Who picks up?' + ' is required' });
      expect(await countOf('SELECT count(*) AS n FROM students WHERE email = $1', [body.studentData.email])).toBe(0);
      const ok = await t.http
        .post('/api/payments/create-intent')
        .send({
          ...body,
          answers: [
            { questionId: allergy.id, value: 'Nuts' },
            { questionId: pickup.id, value: 'Mum' },
          ],
        })
        .expect(201);
      const rows = await t.db.query(`SELECT value FROM registration_answers WHERE enrollment_id = $1 ORDER BY value::text`, [
        ok.body.data.enrollmentId,
      ]);
      expect(rows.map((r: { value: unknown }) => r.value)).toEqual(['Mum', 'Nuts']);
      // Asked again while the hold is open: the same hold, the answers given now.
      const again = await t.http
        .post('/api/payments/create-intent')
        .send({
          ...body,
          answers: [
            { questionId: allergy.id, value: 'None' },
            { questionId: pickup.id, value: 'Mum' },
          ],
        })
        .expect(201);
      expect(again.body.data.enrollmentId).toBe(ok.body.data.enrollmentId);
      const after = await t.db.query(`SELECT value FROM registration_answers WHERE enrollment_id = $1 ORDER BY value::text`, [
        ok.body.data.enrollmentId,
      ]);
      expect(after.map((r: { value: unknown }) => r.value)).toEqual(['Mum', 'None']);

      const family = intentBody(o.orgId, cls.id, 160, { firstName: 'Rosa', lastName: 'Diaz' });
      const res = await t.http
        .post('/api/payments/create-intent')
        .send({
          ...family,
          attendees: [
            { firstName: 'Rosa', lastName: 'Diaz', answers: [{ questionId: allergy.id, value: 'Latex' }] },
            { firstName: 'Tom', lastName: 'Diaz', answers: [{ questionId: allergy.id, value: 'Eggs' }] },
          ],
          answers: [{ questionId: pickup.id, value: 'Rosa' }],
        })
        .expect(201);
      const group = await t.db.query(
        `SELECT a.value FROM registration_answers a JOIN enrollments e ON e.id = a.enrollment_id
          WHERE e.household_group_id = $1 AND a.question_id = $2 ORDER BY a.value::text`,
        [res.body.data.enrollmentId, allergy.id],
      );
      expect(group.map((r: { value: unknown }) => r.value)).toEqual(['Eggs', 'Latex']);
    });
  });

  describe('waivers', () => {
    let o: OrgFixture;
    let cls: { id: string };
    let waiver: { id: string; currentVersion: { id: string; sha256: string; version: number } };
    const TEXT = '# Kiln safety\n\nI understand that kilns reach 1,200 °C and that I follow the studio’s rules.';
    beforeAll(async () => {
      o = await createOrg(t, { plan: 'professional' });
      cls = await createClass(t, o, { maxStudents: 20 });
    });

    it('should create a waiver with its first version and SHA-256, and give each new version the next number', async () => {
      const res = await t.http.post('/api/waivers').set(o.auth).send({ title: 'Kiln safety waiver', body: TEXT }).expect(201);
      waiver = res.body.data;
      expect(res.body.data).toMatchObject({ title: 'Kiln safety waiver', classIds: null, active: true });
      expect(res.body.data.currentVersion).toMatchObject({ version: 1, body: TEXT, sha256: sha(TEXT), signatures: 0 });
      await t.http.post('/api/waivers').set(o.auth).send({ title: '' }).expect(400);
      await t.http.post(`/api/waivers/${waiver.id}/versions`).set(o.auth).send({ body: '' }).expect(400);
      const pub = (await t.http.get(`/api/classes/${cls.id}?organizationId=${o.orgId}`).expect(200)).body.data;
      expect(pub.waivers).toEqual([
        {
          id: waiver.id,
          title: 'Kiln safety waiver',
          versionId: waiver.currentVersion.id,
          version: 1,
          body: TEXT,
          bodyHtml: expect.stringContaining('<p>'),
          sha256: sha(TEXT),
        },
      ]);
    });

    it('should require every waiver signed on its newest version with the contact’s name, and keep who, when, where', async () => {
      const body = registerBody(o.orgId, cls.id, { firstName: 'Olivia', lastName: 'Martinez' });
      const v = waiver.currentVersion.id;
      const missing = await register(body).expect(400);
      expect(missing.body.errors).toEqual({ [`waivers.${waiver.id}`]: 'Please read and accept “Kiln safety waiver”' });
      const wrongName = await register({ ...body, waiverAcceptances: [{ waiverVersionId: v, signedName: 'Someone Else' }] }).expect(400);
      expect(wrongName.body.errors[`waivers.${waiver.id}`]).toBe(
        'Type your full name exactly as given above (Olivia Martinez) to sign “Kiln safety waiver”',
      );
      const empty = await register({ ...body, waiverAcceptances: [{ waiverVersionId: v, signedName: '  ' }] }).expect(400);
      expect(empty.body.errors['waiverAcceptances.0.signedName']).toBe('Type your full name to sign');
      const attendeeIndex = await register({
        ...body,
        waiverAcceptances: [{ waiverVersionId: v, signedName: 'Olivia Martinez', attendee: 0 }],
      }).expect(400);
      expect(attendeeIndex.body.errors[`waivers.${waiver.id}`]).toBe('attendee must be the index of a person in attendees');
      expect(await countOf('SELECT count(*) AS n FROM students WHERE email = $1', [body.email])).toBe(0);

      const res = await register(
        { ...body, waiverAcceptances: [{ waiverVersionId: v, signedName: ' olivia  MARTINEZ ' }] },
        'Mozilla/5.0 (Test)',
      ).expect(201);
      const enrollmentId = res.body.data.classEnrollments[0].id;
      const list = (await t.http.get(`/api/enrollments/${enrollmentId}/waivers`).set(o.auth).expect(200)).body.data;
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({
        enrollmentId,
        studentId: res.body.data.id,
        waiverId: waiver.id,
        waiverTitle: 'Kiln safety waiver',
        waiverVersionId: v,
        version: 1,
        sha256: sha(TEXT),
        signedName: 'olivia  MARTINEZ',
        signedAs: 'self',
        userAgent: 'Mozilla/5.0 (Test)',
        current: true,
      });
      expect(list[0].clientIp).toMatch(/127\.0\.0\.1|::1/);
      expect(Date.now() - new Date(list[0].acceptedAt).getTime()).toBeLessThan(60_000);

      // The PDF: the text of the version signed, the name, the time and the hash.
      const pdf = await t.http
        .get(`/api/waiver-acceptances/${list[0].id}/pdf`)
        .set(o.auth)
        .buffer(true)
        .parse(binary as never)
        .expect(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const bytes = pdf.body as Buffer;
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(bytes.length).toBeGreaterThan(1000);

      // Another organization sees none of it: not even that the enrollment exists.
      await t.http.get(`/api/enrollments/${enrollmentId}/waivers`).set(other.auth).expect(404);
      await t.http.get(`/api/waiver-acceptances/${list[0].id}/pdf`).set(other.auth).expect(404);
      await t.http.get(`/api/waivers/${waiver.id}`).set(other.auth).expect(404);
      await t.http.put(`/api/waivers/${waiver.id}`).set(other.auth).send({ title: 'Mine' }).expect(404);
      await t.http.post(`/api/waivers/${waiver.id}/versions`).set(other.auth).send({ body: 'Mine' }).expect(404);
      await t.http.get(`/api/waivers/${waiver.id}/acceptances`).set(other.auth).expect(404);
      expect((await t.http.get('/api/waivers').set(other.auth).expect(200)).body.data).toEqual([]);
      await t.http.get(`/api/waiver-acceptances/${list[0].id}/pdf`).expect(401);
    });

    it('should keep a version immutable: a new version is signed from then on, older signatures stay on theirs', async () => {
      const v1 = waiver.currentVersion;
      const res = await t.http
        .post(`/api/waivers/${waiver.id}/versions`)
        .set(o.auth)
        .send({ body: `${TEXT}\n\nAlso: closed shoes.` })
        .expect(201);
      const v2 = res.body.data.currentVersion;
      expect(v2.version).toBe(2);
      expect(res.body.data.versions.map((x: { version: number; signatures: number }) => [x.version, x.signatures])).toEqual([
        [2, 0],
        [1, 1],
      ]);
      // The database refuses any change to a version's text or hash.
      await expect(t.db.query(`UPDATE waiver_versions SET body = 'changed' WHERE id = $1`, [v1.id])).rejects.toThrow(/immutable/);
      expect((await t.db.query(`SELECT body, sha256 FROM waiver_versions WHERE id = $1`, [v1.id]))[0]).toEqual({
        body: TEXT,
        sha256: sha(TEXT),
      });
      // The old version is no longer what a registration signs.
      const body = registerBody(o.orgId, cls.id, { firstName: 'Noah', lastName: 'Lee' });
      const old = await register({ ...body, waiverAcceptances: [{ waiverVersionId: v1.id, signedName: 'Noah Lee' }] }).expect(400);
      expect(old.body.errors[`waivers.${v1.id}`]).toBe(
        'This waiver is not the current version for this class (it was updated or removed): reload the page and read it again',
      );
      await register({ ...body, waiverAcceptances: [{ waiverVersionId: v2.id, signedName: 'Noah Lee' }] }).expect(201);
      const signed = (await t.http.get(`/api/waivers/${waiver.id}/acceptances`).set(o.auth).expect(200)).body.data;
      expect(signed.map((s: { version: number; current: boolean }) => [s.version, s.current])).toEqual([
        [2, true],
        [1, false],
      ]);
      // The title and classes change; the versions do not.
      const upd = await t.http.put(`/api/waivers/${waiver.id}`).set(o.auth).send({ title: 'Kiln waiver', body: 'ignored' }).expect(200);
      expect(upd.body.data.currentVersion.body).toBe(`${TEXT}\n\nAlso: closed shoes.`);
      waiver = upd.body.data;
    });

    it('should apply the guardian rule: a child under 18 is signed for by the contact, an adult may sign for themself', async () => {
      const v = waiver.currentVersion.id;
      const body = registerBody(o.orgId, cls.id, { firstName: 'Ana', lastName: 'Moreno' });
      const childDob = `${new Date().getUTCFullYear() - 10}-01-15`;
      const attendees = [
        { firstName: 'Ana', lastName: 'Moreno' },
        { firstName: 'Pia', lastName: 'Moreno', dateOfBirth: childDob },
        { firstName: 'Raul', lastName: 'Moreno', dateOfBirth: '1980-05-05' },
      ];
      const childSigns = await register({
        ...body,
        attendees,
        waiverAcceptances: [
          { waiverVersionId: v, signedName: 'Ana Moreno', attendee: 0 },
          { waiverVersionId: v, signedName: 'Pia Moreno', attendee: 1 },
          { waiverVersionId: v, signedName: 'Raul Moreno', attendee: 2 },
        ],
      }).expect(400);
      expect(childSigns.body.errors).toEqual({
        [`attendees.1.waivers.${waiver.id}`]:
          'Pia Moreno is under 18: a parent or guardian signs “Kiln waiver” for them, with the contact’s full name (Ana Moreno)',
      });
      const res = await register({
        ...body,
        attendees,
        waiverAcceptances: [
          { waiverVersionId: v, signedName: 'Ana Moreno' },
          { waiverVersionId: v, signedName: 'Raul Moreno', attendee: 2 },
        ],
      }).expect(201);
      const ids: string[] = res.body.data.enrollments.map((e: { enrollmentId: string }) => e.enrollmentId);
      const as = [];
      for (const id of ids) {
        const [a] = (await t.http.get(`/api/enrollments/${id}/waivers`).set(o.auth).expect(200)).body.data;
        as.push([a.signedName, a.signedAs]);
      }
      expect(as).toEqual([
        ['Ana Moreno', 'self'],
        ['Ana Moreno', 'guardian'],
        ['Raul Moreno', 'self'],
      ]);
    });

    it('should apply a waiver only to its classes, and not at all when inactive', async () => {
      const only = await createClass(t, o, { title: 'Throwing' });
      const w2 = (
        await t.http
          .post('/api/waivers')
          .set(o.auth)
          .send({ title: 'Wheel waiver', body: 'Spin safely.', classIds: [only.id] })
          .expect(201)
      ).body.data;
      const pubOther = (await t.http.get(`/api/classes/${cls.id}?organizationId=${o.orgId}`).expect(200)).body.data;
      expect(pubOther.waivers.map((x: { id: string }) => x.id)).toEqual([waiver.id]);
      const pubOnly = (await t.http.get(`/api/classes/${only.id}?organizationId=${o.orgId}`).expect(200)).body.data;
      expect(pubOnly.waivers.map((x: { id: string }) => x.id)).toEqual([waiver.id, w2.id]);
      await t.http.put(`/api/waivers/${waiver.id}`).set(o.auth).send({ active: false }).expect(200);
      const after = (await t.http.get(`/api/classes/${only.id}?organizationId=${o.orgId}`).expect(200)).body.data;
      expect(after.waivers.map((x: { id: string }) => x.id)).toEqual([w2.id]);
      await t.http.put(`/api/waivers/${waiver.id}`).set(o.auth).send({ active: true }).expect(200);
    });

    it('should check and store signatures on create-intent too', async () => {
      const co = await cardOrg(t);
      const c = await cardClass(t, co);
      const wv = (await t.http.post('/api/waivers').set(co.auth).send({ title: 'Studio waiver', body: 'Be careful.' }).expect(201)).body
        .data;
      const body = intentBody(co.orgId, c.id, 80, { firstName: 'Mia', lastName: 'Chen' });
      const bad = await t.http.post('/api/payments/create-intent').send(body).expect(400);
      expect(bad.body.errors).toEqual({ [`waivers.${wv.id}`]: 'Please read and accept “Studio waiver”' });
      const ok = await t.http
        .post('/api/payments/create-intent')
        .set('User-Agent', 'card-agent')
        .send({ ...body, waiverAcceptances: [{ waiverVersionId: wv.currentVersion.id, signedName: 'Mia Chen' }] })
        .expect(201);
      const [a] = (await t.http.get(`/api/enrollments/${ok.body.data.enrollmentId}/waivers`).set(co.auth).expect(200)).body.data;
      expect(a).toMatchObject({ signedName: 'Mia Chen', version: 1, sha256: sha('Be careful.'), userAgent: 'card-agent' });
    });
  });

  describe('roster, student panel and teacher roll', () => {
    it('should show every answer to the admin, only showToTeacher ones to the teacher, and flag a waiver not signed in its newest version', async () => {
      const o = await createOrg(t, { plan: 'professional' });
      const teacher = await createTeacher(t, o);
      const cls = await createClass(t, o);
      const allergy = (await question(o, { label: 'Allergies', type: 'short_text', showToTeacher: true }).expect(201)).body.data;
      const shirt = (await question(o, { label: 'T-shirt size', type: 'single_choice', options: ['S', 'M', 'L'] }).expect(201)).body.data;
      const wv = (await t.http.post('/api/waivers').set(o.auth).send({ title: 'Studio waiver', body: 'v1' }).expect(201)).body.data;
      const reg = await register({
        ...registerBody(o.orgId, cls.id, { firstName: 'Zoe', lastName: 'Park' }),
        answers: [
          { questionId: allergy.id, value: 'Peanuts' },
          { questionId: shirt.id, value: 'M' },
        ],
        waiverAcceptances: [{ waiverVersionId: wv.currentVersion.id, signedName: 'Zoe Park' }],
      }).expect(201);
      const studentId = reg.body.data.id;

      const panel = (await t.http.get(`/api/students/${studentId}`).set(o.auth).expect(200)).body.data;
      expect(panel.classEnrollments[0].answers.map((a: { label: string; value: unknown }) => [a.label, a.value])).toEqual([
        ['Allergies', 'Peanuts'],
        ['T-shirt size', 'M'],
      ]);
      expect(panel.classEnrollments[0].waivers).toEqual([
        expect.objectContaining({ waiverTitle: 'Studio waiver', version: 1, current: true, signedName: 'Zoe Park' }),
      ]);
      // The admin form sends the record back as it read it: accepted.
      await t.http.put(`/api/students/${studentId}`).set(o.auth).send(panel).expect(200);

      const roster = (await t.http.get(`/api/students/class/${cls.id}`).set(o.auth).expect(200)).body.data;
      expect(roster[0].classEnrollments[0]).toMatchObject({ unsignedWaivers: [] });
      expect(roster[0].classEnrollments[0].answers).toHaveLength(2);
      const teacherRoster = (await t.http.get(`/api/students/class/${cls.id}`).set(teacher.auth).expect(200)).body.data;
      expect(teacherRoster[0].classEnrollments[0].answers.map((a: { label: string }) => a.label)).toEqual(['Allergies']);

      // A new version: the signature is now of an older one, and the roll flags it.
      await t.http.post(`/api/waivers/${wv.id}/versions`).set(o.auth).send({ body: 'v2' }).expect(201);
      const [day] = (await t.http.get(`/api/teacher/classes/${cls.id}/sessions`).set(teacher.auth).expect(200)).body.data;
      const roll = (await t.http.get(`/api/teacher/classes/${cls.id}/sessions/${day.date}`).set(teacher.auth).expect(200)).body.data.roll;
      expect(roll[0]).toMatchObject({
        studentId,
        answers: [expect.objectContaining({ label: 'Allergies', value: 'Peanuts', showToTeacher: true })],
        unsignedWaivers: ['Studio waiver'],
      });
      expect(roll[0].answers).toHaveLength(1);
    });
  });

  describe('exports and erasure', () => {
    it("should put answers and signatures in the student's export, and erase the answers and the signer's details", async () => {
      const o = await createOrg(t, { plan: 'professional' });
      const cls = await createClass(t, o);
      const q = (await question(o, { label: 'Allergies', type: 'short_text' }).expect(201)).body.data;
      const wv = (await t.http.post('/api/waivers').set(o.auth).send({ title: 'W', body: 'Text' }).expect(201)).body.data;
      const body = registerBody(o.orgId, cls.id, { firstName: 'Eve', lastName: 'Stone' });
      const res = await register({
        ...body,
        answers: [{ questionId: q.id, value: 'Bees' }],
        waiverAcceptances: [{ waiverVersionId: wv.currentVersion.id, signedName: 'Eve Stone' }],
      }).expect(201);
      const studentId = res.body.data.id;
      const exp = (await t.http.get(`/api/students/${studentId}/export`).set(o.auth).expect(200)).body.data;
      expect(exp.registrationAnswers).toEqual([
        expect.objectContaining({ enrollmentId: res.body.data.classEnrollments[0].id, label: 'Allergies', value: 'Bees' }),
      ]);
      expect(exp.waiverAcceptances).toEqual([expect.objectContaining({ signedName: 'Eve Stone', sha256: sha('Text') })]);

      await t.http.delete(`/api/students/${studentId}?erase=true`).set(o.auth).expect(200);
      expect(await countOf('SELECT count(*) AS n FROM registration_answers WHERE student_id = $1', [studentId])).toBe(0);
      const [acc] = await t.db.query(
        `SELECT signed_name, client_ip, user_agent, sha256, version FROM waiver_acceptances WHERE student_id = $1`,
        [studentId],
      );
      expect(acc).toEqual({ signed_name: 'Erased Student', client_ip: null, user_agent: null, sha256: sha('Text'), version: 1 });
    });
  });
});
