import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { classBody, createClass, createOrg, registerBody, type OrgFixture } from '../fixtures/org.fixture';
import { EarlyAccessService } from '../../src/modules/registration/early-access.service';
import { cardClass, cardOrg, intentBody, startCardWorld, type CardWorld } from './card-payments.helpers';
import { joinBody } from './waitlist.helpers';

const SEC = 1000;
const DAY = 24 * 3600 * SEC;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();
const TERM = {
  name: 'Summer',
  startDate: '2027-06-14',
  endDate: '2027-08-20',
  registrationOpensAt: '2027-03-01T11:00:00.000Z',
};

/** Terms, registration opening and closing on every public seat path, early access and late registration. */
describe('terms and registration opening', () => {
  let w: CardWorld;
  let org: Awaited<ReturnType<typeof cardOrg>>;
  let other: OrgFixture;
  beforeAll(async () => {
    w = await startCardWorld();
    w.liveWebhooks(false);
    org = await cardOrg(w.a);
    other = await createOrg(w.a, { plan: 'professional' });
  });
  afterAll(async () => {
    await w.close();
  });

  const http = () => w.a.http;
  const createTerm = (body: Record<string, unknown>, o: OrgFixture = org) =>
    http()
      .post('/api/terms')
      .set(o.auth)
      .send({ ...TERM, ...body });
  const register = (classId: string, overrides: Record<string, unknown> = {}) =>
    http()
      .post('/api/students/register')
      .send({ ...registerBody(org.orgId, classId), ...overrides });
  const setTimes = (classId: string, opens: string | null, closes: string | null = null) =>
    w.a.db.query('UPDATE classes SET registration_opens_at = $2, registration_closes_at = $3 WHERE id = $1', [classId, opens, closes]);

  describe('the terms routes', () => {
    it('should create, list, read, update and delete a term of the caller organization', async () => {
      const created = await createTerm({ name: 'Fall 2027', registrationClosesAt: '2027-09-01T04:00:00.000Z' }).expect(201);
      const t = created.body.data;
      expect(t).toMatchObject({
        name: 'Fall 2027',
        startDate: '2027-06-14',
        endDate: '2027-08-20',
        registrationOpensAt: '2027-03-01T11:00:00.000Z',
        registrationClosesAt: '2027-09-01T04:00:00.000Z',
        earlyAccessOpensAt: null,
        classCount: 0,
      });
      expect((await http().get('/api/terms').set(org.auth).expect(200)).body.data.map((x: { id: string }) => x.id)).toContain(t.id);
      const put = await http()
        .put(`/api/terms/${t.id}`)
        .set(org.auth)
        .send({ ...t, name: 'Fall 27', earlyAccessOpensAt: '2027-02-25T11:00:00.000Z' })
        .expect(200);
      expect(put.body.data).toMatchObject({ name: 'Fall 27', earlyAccessOpensAt: '2027-02-25T11:00:00.000Z' });
      expect((await http().get(`/api/terms/${t.id}`).set(org.auth).expect(200)).body.data.name).toBe('Fall 27');
      await http().delete(`/api/terms/${t.id}`).set(org.auth).expect(200);
      await http().get(`/api/terms/${t.id}`).set(org.auth).expect(404);
    });

    it('should refuse dates out of order and bad input with a 400 naming the field, writing nothing', async () => {
      const before = (await http().get('/api/terms').set(org.auth)).body.data.length;
      const cases: [Record<string, unknown>, string, string][] = [
        [{ endDate: '2027-06-13' }, 'endDate', 'The end date cannot be before the start date'],
        [{ registrationClosesAt: '2027-03-01T11:00:00.000Z' }, 'registrationClosesAt', 'Registration must close after it opens'],
        [{ earlyAccessOpensAt: '2027-03-01T12:00:00.000Z' }, 'earlyAccessOpensAt', 'Early access must open before registration opens'],
        [{ startDate: '2027-02-30' }, 'startDate', 'startDate must be a date (YYYY-MM-DD)'],
        [{ startDate: 'soon' }, 'startDate', 'startDate must be a date (YYYY-MM-DD)'],
        [{ name: '  ' }, 'name', 'Name is required'],
        [{ registrationOpensAt: 'tomorrow' }, 'registrationOpensAt', 'registrationOpensAt must be an ISO date and time'],
      ];
      for (const [body, field, message] of cases) {
        const res = await createTerm(body).expect(400);
        expect(res.body.errors[field]).toBe(message);
      }
      await createTerm({ color: 'red' }).expect(400);
      await http().post('/api/terms').set(org.auth).send({}).expect(400);
      expect((await http().get('/api/terms').set(org.auth)).body.data.length).toBe(before);
    });

    it("should not let another organization read, change or delete a term, nor use it as a class's term", async () => {
      const mine = (await createTerm({ name: 'Mine' }).expect(201)).body.data;
      await http().get(`/api/terms/${mine.id}`).set(other.auth).expect(404);
      await http()
        .put(`/api/terms/${mine.id}`)
        .set(other.auth)
        .send({ ...TERM, name: 'Stolen' })
        .expect(404);
      await http().delete(`/api/terms/${mine.id}`).set(other.auth).expect(404);
      expect((await http().get('/api/terms').set(other.auth).expect(200)).body.data.map((x: { id: string }) => x.id)).not.toContain(
        mine.id,
      );
      expect((await http().get(`/api/terms/${mine.id}`).set(org.auth).expect(200)).body.data.name).toBe('Mine');
      const res = await http()
        .post('/api/classes')
        .set(other.auth)
        .send({ ...classBody({ termId: mine.id }) })
        .expect(400);
      expect(res.body.errors.termId).toBe('This term does not exist in your organization');
      const theirs = await createClass(w.a, other);
      const put = await http().get(`/api/classes/${theirs.id}`).set(other.auth).expect(200);
      await http()
        .put(`/api/classes/${theirs.id}`)
        .set(other.auth)
        .send({ ...put.body.data, termId: mine.id })
        .expect(400);
      await http().get('/api/terms').expect(401);
      await http().get('/api/terms/not-an-id').set(org.auth).expect(404);
    });

    it('should refuse to delete a term that still has classes (409), and delete it once they moved', async () => {
      const term = (await createTerm({ name: 'Busy' }).expect(201)).body.data;
      const cls = await createClass(w.a, org, { termId: term.id });
      const res = await http().delete(`/api/terms/${term.id}`).set(org.auth).expect(409);
      expect(res.body.error).toBe('This term still has classes. Move them to another term (or to no term) before deleting it.');
      expect((await http().get(`/api/terms/${term.id}`).set(org.auth)).body.data.classCount).toBe(1);
      const c = (await http().get(`/api/classes/${cls.id}`).set(org.auth)).body.data;
      await http()
        .put(`/api/classes/${cls.id}`)
        .set(org.auth)
        .send({ ...c, termId: null })
        .expect(200);
      await http().delete(`/api/terms/${term.id}`).set(org.auth).expect(200);
    });

    it("should show a class's term and effective window in its replies, and filter the admin list by term", async () => {
      const term = (await createTerm({ name: 'Spring 2027', registrationOpensAt: at(DAY), registrationClosesAt: at(10 * DAY) }).expect(201))
        .body.data;
      const inTerm = await createClass(w.a, org, { termId: term.id });
      const own = await createClass(w.a, org, { termId: term.id, registrationOpensAt: at(2 * DAY) });
      const publicReply = (await http().get(`/api/classes/${inTerm.id}?organizationId=${org.orgId}`).expect(200)).body.data;
      expect(publicReply).toMatchObject({
        termId: term.id,
        termName: 'Spring 2027',
        registrationOpensAt: null,
        registrationClosesAt: null,
        registrationWindow: {
          opensAt: term.registrationOpensAt,
          closesAt: term.registrationClosesAt,
          earlyAccessOpensAt: null,
          timeZone: expect.any(String),
        },
      });
      const list = (await http().get(`/api/classes?organizationId=${org.orgId}`).expect(200)).body.data;
      const ownPublic = list.find((c: { id: string }) => c.id === own.id);
      expect(new Date(ownPublic.registrationWindow.opensAt).getTime()).toBeGreaterThan(new Date(term.registrationOpensAt).getTime());
      expect(ownPublic.termName).toBe('Spring 2027');
      const filtered = await http()
        .get(`/api/classes?filter=${encodeURIComponent(JSON.stringify({ termId: term.id }))}`)
        .set(org.auth)
        .expect(200);
      expect(filtered.body.data.map((c: { id: string }) => c.id).sort()).toEqual([inTerm.id, own.id].sort());
      // A class's own closing before its (term's) opening is refused.
      const bad = await http()
        .post('/api/classes')
        .set(org.auth)
        .send(classBody({ termId: term.id, registrationClosesAt: at(DAY / 2) }))
        .expect(400);
      expect(bad.body.errors.registrationClosesAt).toBe('Registration must close after it opens');
    });
  });

  describe('opening and closing on every path', () => {
    it('should refuse in-person registration 1 s before the opening with 409 REGISTRATION_NOT_OPEN, and take it 1 s after', async () => {
      const cls = await cardClass(w.a, org);
      await setTimes(cls.id, at(SEC));
      const before = await register(cls.id).expect(409);
      expect(before.body).toMatchObject({ success: false, code: 'REGISTRATION_NOT_OPEN', opensAt: expect.any(String) });
      expect(before.body.error).toMatch(/^Registration for Pottery 101 opens \w+day, \w+ \d{1,2} at \d{1,2}:\d{2} (AM|PM)\.$/);
      await setTimes(cls.id, at(-SEC));
      await register(cls.id).expect(201);
    });

    it('should take in-person registration 1 s before the closing and refuse it 1 s after with 409 REGISTRATION_CLOSED and closedAt', async () => {
      const cls = await cardClass(w.a, org);
      await setTimes(cls.id, at(-DAY), at(SEC));
      await register(cls.id).expect(201);
      const closedAt = at(-SEC);
      await setTimes(cls.id, at(-DAY), closedAt);
      const after = await register(cls.id).expect(409);
      expect(after.body).toMatchObject({ code: 'REGISTRATION_CLOSED', closedAt });
      expect(after.body.error).toMatch(/^Registration for Pottery 101 closed /);
      expect(after.body.registrationClosed).toBeUndefined();
    });

    it("should follow the term's times when the class has none, and the class's own when it has them", async () => {
      const term = (await createTerm({ name: 'Opening soon', registrationOpensAt: at(DAY) }).expect(201)).body.data;
      const cls = await cardClass(w.a, org, { termId: term.id });
      expect((await register(cls.id).expect(409)).body.opensAt).toBe(term.registrationOpensAt);
      await setTimes(cls.id, at(-SEC));
      await register(cls.id).expect(201);
    });

    it('should refuse card intents (single and household), household registration and waitlist joins before the opening and after the closing', async () => {
      const cls = await cardClass(w.a, org, { maxStudents: 2 });
      await setTimes(cls.id, at(DAY));
      const single = await http()
        .post('/api/payments/create-intent')
        .send(intentBody(org.orgId, cls.id, 80))
        .expect(409);
      expect(single.body.code).toBe('REGISTRATION_NOT_OPEN');
      const household = await http()
        .post('/api/payments/create-intent')
        .send({
          ...intentBody(org.orgId, cls.id, 160),
          attendees: [
            { firstName: 'Ann', lastName: 'Lee' },
            { firstName: 'Bo', lastName: 'Lee' },
          ],
        })
        .expect(409);
      expect(household.body.code).toBe('REGISTRATION_NOT_OPEN');
      const inPerson = await register(cls.id, { attendees: [{ firstName: 'Ann', lastName: 'Lee' }] }).expect(409);
      expect(inPerson.body.code).toBe('REGISTRATION_NOT_OPEN');
      const joinEarly = await http().post(`/api/classes/${cls.id}/waitlist`).send(joinBody(org.orgId)).expect(409);
      expect(joinEarly.body.code).toBe('REGISTRATION_NOT_OPEN');
      // Open: a card hold takes a seat.
      await setTimes(cls.id, at(-DAY));
      await http()
        .post('/api/payments/create-intent')
        .send(intentBody(org.orgId, cls.id, 80))
        .expect(201);
      // Closed: no waitlist, no card hold, though a seat is free.
      await setTimes(cls.id, at(-DAY), at(-SEC));
      const joinLate = await http().post(`/api/classes/${cls.id}/waitlist`).send(joinBody(org.orgId)).expect(409);
      expect(joinLate.body.code).toBe('REGISTRATION_CLOSED');
      const cardLate = await http()
        .post('/api/payments/create-intent')
        .send(intentBody(org.orgId, cls.id, 80))
        .expect(409);
      expect(cardLate.body).toMatchObject({ code: 'REGISTRATION_CLOSED', closedAt: expect.any(String) });
    });
  });

  describe('early access', () => {
    it('should email each earlier-term student once, and let the link in early for that email only', async () => {
      const spring = (
        await createTerm({ name: 'Spring', startDate: '2026-03-01', endDate: '2026-05-31', registrationOpensAt: at(-100 * DAY) }).expect(
          201,
        )
      ).body.data;
      const springClass = await cardClass(w.a, org, { termId: spring.id });
      const returning = (await register(springClass.id).expect(201)).body.data.email as string;
      // Someone who said no to messages is not invited: an invitation is not a message about their registration.
      const quiet = (await register(springClass.id, { communicationOptIn: false }).expect(201)).body.data.email as string;
      const summer = (
        await createTerm({
          name: 'Summer early',
          startDate: '2026-06-01',
          endDate: '2026-08-31',
          registrationOpensAt: at(DAY),
          earlyAccessOpensAt: at(-SEC),
        }).expect(201)
      ).body.data;
      const summerClass = await cardClass(w.a, org, { termId: summer.id });
      // Two runs at once (as on two instances) and a third later: one email.
      const job = w.a.app.get(EarlyAccessService);
      const [x, y] = await Promise.all([job.sendDue(), job.sendDue()]);
      await job.sendDue();
      expect(x + y).toBeGreaterThanOrEqual(1);
      const mails = await w.a.db.query(
        "SELECT subject, message FROM communications WHERE to_address = $1 AND subject LIKE 'Early registration%'",
        [returning],
      );
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toBe('Early registration for Summer early');
      expect(
        await w.a.db.query("SELECT count(*)::int AS n FROM communications WHERE to_address = $1 AND subject LIKE 'Early registration%'", [
          quiet,
        ]),
      ).toEqual([{ n: 0 }]);
      const token = /earlyAccess=([0-9a-f]{32}\.[A-Za-z0-9_-]{22})/.exec(mails[0].message)?.[1];
      expect(token).toBeDefined();
      // Without the token, and with it for another email: not open yet.
      expect((await register(summerClass.id, { email: returning }).expect(409)).body.code).toBe('REGISTRATION_NOT_OPEN');
      expect((await register(summerClass.id, { earlyAccessToken: token }).expect(409)).body.code).toBe('REGISTRATION_NOT_OPEN');
      const forged = `${token!.slice(0, 33)}${'A'.repeat(22)}`;
      expect((await register(summerClass.id, { email: returning, earlyAccessToken: forged }).expect(409)).body.code).toBe(
        'REGISTRATION_NOT_OPEN',
      );
      await register(summerClass.id, { earlyAccessToken: 'nope' }).expect(400);
      // The link's own email: in, before everyone else (a card intent too).
      await register(summerClass.id, { email: returning, earlyAccessToken: token }).expect(201);
      const second = await cardClass(w.a, org, { termId: summer.id });
      await http()
        .post('/api/payments/create-intent')
        .send({ ...intentBody(org.orgId, second.id, 80, { email: returning }), earlyAccessToken: token })
        .expect(201);
      // Before the early-access time itself, the link does not help either.
      await w.a.db.query('UPDATE terms SET early_access_opens_at = $2 WHERE id = $1', [summer.id, at(DAY / 2)]);
      const third = await cardClass(w.a, org, { termId: summer.id });
      expect((await register(third.id, { email: returning, earlyAccessToken: token }).expect(409)).body.code).toBe('REGISTRATION_NOT_OPEN');
      // Someone with no earlier-term registration got no email.
      const fresh = await w.a.db.query(
        "SELECT count(*)::int AS n FROM communications WHERE organization_id = $1 AND subject LIKE 'Early registration%'",
        [org.orgId],
      );
      expect(fresh[0].n).toBe(1);
    });
  });

  describe('late registration', () => {
    const started = () => ({ startDate: at(-DAY), days: 3, schedule: 'Weekly', price: 90, discountPrice: null });

    it('should quote a started class prorated by the sessions left, as a line, and charge exactly that', async () => {
      const cls = await cardClass(w.a, org, started());
      const q = (await http().post('/api/public/price-quote').send({ organizationId: org.orgId, classId: cls.id }).expect(200)).body.data;
      expect(q).toMatchObject({
        lines: [
          { label: 'Class price', amount: 90 },
          { label: 'Late registration (2 of 3 sessions left)', amount: -30 },
        ],
        total: 60,
      });
      const reg = (await register(cls.id).expect(201)).body.data;
      const row = await w.a.db.query('SELECT amount_due_cents, price_breakdown FROM enrollments WHERE id = $1', [
        reg.classEnrollments[0].id,
      ]);
      expect(row[0].amount_due_cents).toBe(6000);
      expect(row[0].price_breakdown).toContainEqual({ label: 'Late registration (2 of 3 sessions left)', amount: -30 });
      await http()
        .post('/api/payments/create-intent')
        .send(intentBody(org.orgId, cls.id, 90))
        .expect(409);
      const intent = await http()
        .post('/api/payments/create-intent')
        .send(intentBody(org.orgId, cls.id, 60))
        .expect(201);
      const pi = await w.a.db.query('SELECT amount_due_cents FROM enrollments WHERE stripe_payment_intent_id = $1', [
        intent.body.data.paymentIntentId,
      ]);
      expect(pi[0].amount_due_cents).toBe(6000);
      expect((w.stand.state.objects.get(intent.body.data.paymentIntentId) as { amount?: number } | undefined)?.amount).toBe(6000);
    });

    it('should close a started class at its start when the organization turns late registration off', async () => {
      const cls = await cardClass(w.a, org, started());
      await http().put('/api/settings').set(org.auth).send({ lateRegistration: false }).expect(200);
      try {
        expect((await http().get('/api/settings').set(org.auth)).body.data.lateRegistration).toBe(false);
        const res = await register(cls.id).expect(409);
        expect(res.body).toMatchObject({ code: 'REGISTRATION_CLOSED' });
        expect(new Date(res.body.closedAt).getTime()).toBe(
          new Date((await http().get(`/api/classes/${cls.id}`).set(org.auth)).body.data.startDate).getTime(),
        );
        await http().put('/api/settings').set(org.auth).send({ lateRegistration: 'yes' }).expect(400);
      } finally {
        await http().put('/api/settings').set(org.auth).send({ lateRegistration: true }).expect(200);
      }
      await register(cls.id).expect(201);
      // Once its last session is over, a class takes nobody.
      const over = await cardClass(w.a, org, { startDate: at(-20 * DAY), days: 2, schedule: 'Weekly' });
      expect((await register(over.id).expect(409)).body.code).toBe('REGISTRATION_CLOSED');
    });
  });
});
