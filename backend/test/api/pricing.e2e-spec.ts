import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PDFParse } from 'pdf-parse';
import { createClass, createOrg, registerBody, type OrgFixture } from '../fixtures/org.fixture';
import {
  cardClass,
  cardOrg,
  enrollmentRow,
  intentBody,
  payInBrowser,
  seatsTaken,
  startCardWorld,
  type CardWorld,
} from './card-payments.helpers';
import { freeSeat, fullClass, join, tokensOf } from './waitlist.helpers';

const DAY = 24 * 3600 * 1000;
const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString();
const NO_RULES = { earlyBird: null, returning: null, senior: null, siblings: null, combine: 'best' };

/** One price quote (class price, automatic discounts, promo code) that every charging path charges. */
describe('pricing: price quote, promo codes, automatic discounts', () => {
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
  const quote = (body: Record<string, unknown>) => http().post('/api/public/price-quote').send(body);
  const createCode = (body: Record<string, unknown>, o: OrgFixture = org) => http().post('/api/promo-codes').set(o.auth).send(body);
  const rules = (discountRules: Record<string, unknown>, o: OrgFixture = org) =>
    http()
      .put('/api/settings')
      .set(o.auth)
      .send({ discountRules: { ...NO_RULES, ...discountRules } })
      .expect(200);
  const register = (body: Record<string, unknown>) => http().post('/api/students/register').send(body);

  describe('the quote', () => {
    it('should answer the discount price when 0 < discount < price, else the list price, with one line each', async () => {
      await rules({});
      const discounted = await cardClass(w.a, org, { price: 100, discountPrice: 80 });
      const list = await cardClass(w.a, org, { price: 100, discountPrice: 120 });
      expect((await quote({ organizationId: org.orgId, classId: discounted.id }).expect(200)).body.data).toEqual({
        currency: 'usd',
        lines: [{ label: 'Class price', amount: 80 }],
        total: 80,
        tax: 0,
        promo: null,
        asksDateOfBirth: false,
      });
      expect((await quote({ organizationId: org.orgId, classId: list.id }).expect(200)).body.data.total).toBe(100);
      const three = (await quote({ organizationId: org.orgId, classId: list.id, attendees: [{}, {}, {}] }).expect(200)).body.data;
      expect(three).toMatchObject({ lines: [{ label: 'Class price × 3', amount: 300 }], total: 300 });
    });

    it("should not quote another organization's class, and refuse bad input with a 400", async () => {
      const cls = await cardClass(w.a, org);
      await quote({ organizationId: other.orgId, classId: cls.id }).expect(404);
      await quote({ organizationId: org.orgId, classId: 'nope' }).expect(400);
      await quote({ organizationId: org.orgId, classId: cls.id, attendees: [{ dateOfBirth: '1950-13-01' }] }).expect(400);
      await quote({ organizationId: org.orgId, classId: cls.id, price: 1 }).expect(400);
    });
  });

  describe('promo codes', () => {
    it('should create, list, edit and delete codes of the organization only; codes are unique whatever their case', async () => {
      const made = (await createCode({ code: 'Spring10', kind: 'percent', value: 10 }).expect(201)).body.data;
      expect(made).toMatchObject({
        code: 'Spring10',
        kind: 'percent',
        value: 10,
        classIds: [],
        maxRedemptions: null,
        maxPerEmail: 1,
        active: true,
        usage: { redemptions: 0, discountGiven: 0, revenue: 0 },
      });
      const taken = await createCode({ code: 'SPRING10', kind: 'amount', value: 5 }).expect(409);
      expect(taken.body).toMatchObject({ code: 'PROMO_CODE_TAKEN', error: 'A promo code with this code already exists' });
      // Another organization may use the same code; it neither sees nor changes this one.
      await createCode({ code: 'spring10', kind: 'amount', value: 5 }, other).expect(201);
      expect((await http().get('/api/promo-codes').set(other.auth).expect(200)).body.data.map((c: { id: string }) => c.id)).not.toContain(
        made.id,
      );
      await http().put(`/api/promo-codes/${made.id}`).set(other.auth).send({ code: 'X1', kind: 'percent', value: 5 }).expect(404);
      await http().delete(`/api/promo-codes/${made.id}`).set(other.auth).expect(404);
      const edited = await http()
        .put(`/api/promo-codes/${made.id}`)
        .set(org.auth)
        .send({ code: 'SPRING15', kind: 'amount', value: 15.5, maxRedemptions: 5 })
        .expect(200);
      expect(edited.body.data).toMatchObject({ code: 'SPRING15', kind: 'amount', value: 15.5, maxRedemptions: 5 });
      await createCode({ code: 'bad code!', kind: 'percent', value: 10 }).expect(400);
      await createCode({ code: 'HALF', kind: 'percent', value: 150 }).expect(400);
      await createCode({ code: 'HALF', kind: 'percent', value: 10, extra: 1 }).expect(400);
      await http().get('/api/promo-codes').expect(401);
      expect((await http().delete(`/api/promo-codes/${made.id}`).set(org.auth).expect(200)).body.data).toEqual({
        id: made.id,
        status: 'deleted',
      });
    });

    it('should say why a code does not apply, and apply it (any case) after the automatic discounts', async () => {
      await rules({});
      const cls = await cardClass(w.a, org, { price: 100, discountPrice: null });
      const elsewhere = await cardClass(w.a, org);
      await createCode({ code: 'OLD', kind: 'percent', value: 10, validUntil: inDays(-1) }).expect(201);
      await createCode({ code: 'LATER', kind: 'percent', value: 10, validFrom: inDays(2) }).expect(201);
      await createCode({ code: 'ONLYTHERE', kind: 'percent', value: 10, classIds: [elsewhere.id] }).expect(201);
      await createCode({ code: 'OFF', kind: 'percent', value: 10, active: false }).expect(201);
      await createCode({ code: 'TENOFF', kind: 'amount', value: 10 }).expect(201);
      const promo = async (promoCode: string) =>
        (await quote({ organizationId: org.orgId, classId: cls.id, promoCode }).expect(200)).body.data;
      expect((await promo('old')).promo).toEqual({ code: 'old', applied: false, message: 'This code has expired' });
      expect((await promo('LATER')).promo.message).toBe('This code is not valid yet');
      expect((await promo('ONLYTHERE')).promo.message).toBe('This code is not valid for this class');
      expect((await promo('OFF')).promo.message).toBe('This code is not valid');
      expect((await promo('NOSUCH')).promo.message).toBe('This code is not valid');
      expect((await promo('OLD')).total).toBe(100); // a refused code leaves the total as it was
      expect(await promo('tenoff')).toEqual({
        currency: 'usd',
        lines: [
          { label: 'Class price', amount: 100 },
          { label: 'Promo code TENOFF', amount: -10 },
        ],
        total: 90,
        tax: 0,
        promo: { code: 'TENOFF', applied: true, message: 'Code TENOFF applied: $10.00 off' },
        asksDateOfBirth: false,
      });
      // A registration sending a code that does not apply is refused with the reason, and takes no seat.
      const refused = await register({ ...registerBody(org.orgId, cls.id), promoCode: 'OLD' }).expect(409);
      expect(refused.body).toMatchObject({ code: 'PROMO_CODE_REFUSED', error: 'This code has expired' });
      expect(await seatsTaken(w.a, cls.id)).toBe(0);
    });

    it('should register in person with a code: the enrollment keeps the quote, the code its use, once per email', async () => {
      await rules({});
      const cls = await cardClass(w.a, org, { price: 100, discountPrice: 80 });
      const code = (await createCode({ code: 'FRIENDS25', kind: 'percent', value: 25, maxRedemptions: 10 }).expect(201)).body.data;
      const body = { ...registerBody(org.orgId, cls.id), promoCode: 'friends25' };
      const res = await register(body).expect(201);
      const id = res.body.data.classEnrollments[0].id;
      const [row] = await w.a.db.query('SELECT amount_due_cents, price_breakdown FROM enrollments WHERE id = $1', [id]);
      expect(row).toEqual({
        amount_due_cents: 6000,
        price_breakdown: [
          { label: 'Class price', amount: 80 },
          { label: 'Promo code FRIENDS25', amount: -20 },
        ],
      });
      // The same email again (another class): its one use is spent.
      const second = await cardClass(w.a, org);
      const again = await register({ ...registerBody(org.orgId, second.id, { email: body.email }), promoCode: 'FRIENDS25' }).expect(409);
      expect(again.body.error).toBe('This code has already been used with this email');
      // Marking it paid records the quoted amount, not the class price.
      await http().post('/api/payments/mark-paid').set(org.auth).send({ studentId: res.body.data.id, classId: cls.id }).expect(200);
      expect((await w.a.db.query('SELECT amount_paid_cents FROM enrollments WHERE id = $1', [id]))[0].amount_paid_cents).toBe(6000);
      const listed = (await http().get('/api/promo-codes').set(org.auth).expect(200)).body.data.find(
        (c: { id: string }) => c.id === code.id,
      );
      expect(listed.usage).toEqual({ redemptions: 1, discountGiven: 20, revenue: 60 });
    });

    it('should give the last 3 uses to exactly 3 of 50 people registering at once', async () => {
      const cls = await cardClass(w.a, org, { maxStudents: 100 });
      const code = (await createCode({ code: 'LAST3', kind: 'percent', value: 50, maxRedemptions: 5 }).expect(201)).body.data;
      for (let i = 0; i < 2; i++) await register({ ...registerBody(org.orgId, cls.id), promoCode: 'LAST3' }).expect(201);
      const replies = await Promise.all(
        Array.from({ length: 50 }, () => register({ ...registerBody(org.orgId, cls.id), promoCode: 'LAST3' })),
      );
      const statuses = replies.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(3);
      expect(statuses.filter((s) => s === 409)).toHaveLength(47);
      for (const r of replies.filter((x) => x.status === 409)) expect(r.body.error).toBe('This code has been used up');
      // The refused registrations took no seat: 2 + 3.
      expect(await seatsTaken(w.a, cls.id)).toBe(5);
      expect((await w.a.db.query('SELECT count(*)::int AS n FROM promo_redemptions WHERE promo_code_id = $1', [code.id]))[0].n).toBe(5);
      // A refused one's enrollment, activity event and confirmation went to the database in one statement before the
      // code's redemption refused it: all rolled back with the seat, so 5 of each, one confirmation per enrollment.
      const [{ n: events }] = await w.a.db.query(
        `SELECT count(*)::int AS n FROM activity_events WHERE event_type = 'class_enrollment' AND metadata->>'classId' = $1`,
        [cls.id],
      );
      expect(events).toBe(5);
      const [{ n: confirmations }] = await w.a.db.query(
        `SELECT count(*)::int AS n FROM communications c JOIN enrollments e ON c.dedupe_key = 'confirmation:' || e.id || ':email'
          WHERE e.class_id = $1`,
        [cls.id],
      );
      expect(confirmations).toBe(5);
      const q = await quote({ organizationId: org.orgId, classId: cls.id, promoCode: 'LAST3' }).expect(200);
      expect(q.body.data.promo.message).toBe('This code has been used up');
    });
  });

  describe('automatic discounts', () => {
    const body = (classId: string, extra: Record<string, unknown> = {}) => ({ organizationId: org.orgId, classId, ...extra });
    const lines = async (b: Record<string, unknown>) => (await quote(b).expect(200)).body.data;

    it('should save the rules in settings (validated whole) and answer them', async () => {
      const saved = await rules({ earlyBird: { kind: 'percent', value: 10, daysBefore: 14 }, combine: 'stack' });
      expect(saved.body.data.discountRules).toEqual({
        ...NO_RULES,
        earlyBird: { kind: 'percent', value: 10, daysBefore: 14 },
        combine: 'stack',
      });
      await http()
        .put('/api/settings')
        .set(org.auth)
        .send({ discountRules: { ...NO_RULES, senior: { kind: 'percent', value: 10 } } })
        .expect(400); // minAge missing
      await http()
        .put('/api/settings')
        .set(org.auth)
        .send({ discountRules: { ...NO_RULES, combine: 'all' } })
        .expect(400);
      await http()
        .put('/api/settings')
        .set(org.auth)
        .send({ discountRules: { earlyBird: null } })
        .expect(400); // every key is sent
    });

    it('early bird: until N days before the first session', async () => {
      await rules({ earlyBird: { kind: 'percent', value: 10, daysBefore: 14 } });
      const far = await cardClass(w.a, org, { price: 100, discountPrice: null, startDate: inDays(20) });
      const near = await cardClass(w.a, org, { price: 100, discountPrice: null, startDate: inDays(10) });
      expect(await lines(body(far.id))).toMatchObject({
        lines: [
          { label: 'Class price', amount: 100 },
          { label: 'Early bird discount', amount: -10 },
        ],
        total: 90,
      });
      expect((await lines(body(near.id))).total).toBe(100);
    });

    it('returning: an earlier completed enrollment in the organization, by email', async () => {
      await rules({ returning: { kind: 'amount', value: 15 } });
      const first = await cardClass(w.a, org, { price: 100, discountPrice: null });
      const next = await cardClass(w.a, org, { price: 100, discountPrice: null });
      const reg = registerBody(org.orgId, first.id);
      const res = await register(reg).expect(201);
      // Registered but not paid: not yet a returning student.
      expect((await lines(body(next.id, { email: reg.email }))).total).toBe(100);
      await http().post('/api/payments/mark-paid').set(org.auth).send({ studentId: res.body.data.id, classId: first.id }).expect(200);
      expect(await lines(body(next.id, { email: reg.email.toUpperCase() }))).toMatchObject({
        lines: [
          { label: 'Class price', amount: 100 },
          { label: 'Returning student discount', amount: -15 },
        ],
        total: 85,
      });
      // The same email at another organization is a newcomer there.
      await rules({ returning: { kind: 'amount', value: 15 } }, other);
      const elsewhere = await createClass(w.a, other, { price: 100, discountPrice: null });
      expect((await lines({ organizationId: other.orgId, classId: elsewhere.id, email: reg.email })).total).toBe(100);
    });

    it('seniors (age on the first session) and siblings (2nd and later attendees), best single or stacked', async () => {
      const start = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 5, 15, 17)).toISOString();
      const cls = await cardClass(w.a, org, { price: 100, discountPrice: null, startDate: start });
      const year = new Date(start).getUTCFullYear();
      const senior = { dateOfBirth: `${year - 65}-06-15` }; // 65 on the day
      const almost = { dateOfBirth: `${year - 65}-06-16` }; // 64 on the day
      await rules({ senior: { kind: 'percent', value: 20, minAge: 65 }, siblings: { kind: 'amount', value: 30 }, combine: 'best' });
      expect(await lines(body(cls.id, { attendees: [almost] }))).toMatchObject({ total: 100 });
      expect(await lines(body(cls.id, { attendees: [senior] }))).toMatchObject({ total: 80 });
      // Best: the senior sibling gets the larger one ($30 sibling), not both.
      expect(await lines(body(cls.id, { attendees: [{}, senior, {}] }))).toMatchObject({
        lines: [
          { label: 'Class price × 3', amount: 300 },
          { label: 'Sibling discount', amount: -60 },
        ],
        total: 240,
      });
      // Stack: in order (senior 20 % of 100, then $30 off the 80 left).
      await rules({ senior: { kind: 'percent', value: 20, minAge: 65 }, siblings: { kind: 'amount', value: 30 }, combine: 'stack' });
      expect(await lines(body(cls.id, { attendees: [{}, senior] }))).toMatchObject({
        lines: [
          { label: 'Class price × 2', amount: 200 },
          { label: 'Senior discount', amount: -20 },
          { label: 'Sibling discount', amount: -30 },
        ],
        total: 150,
      });
    });

    it('stacks early bird, returning, senior and sibling and a promo code, never below 0', async () => {
      await rules({
        earlyBird: { kind: 'percent', value: 50, daysBefore: 1 },
        returning: { kind: 'amount', value: 10 },
        senior: { kind: 'amount', value: 30, minAge: 60 },
        siblings: { kind: 'amount', value: 40 },
        combine: 'stack',
      });
      const cls = await cardClass(w.a, org, { price: 100, discountPrice: null, startDate: inDays(30) });
      await createCode({ code: 'BIG', kind: 'amount', value: 25, maxPerEmail: 5 }).expect(201);
      const q = await lines(body(cls.id, { attendees: [{}, { dateOfBirth: '1940-01-01' }], promoCode: 'BIG' }));
      // 1st: 100 - 50 = 50, promo 25 -> 25. 2nd: 100 - 50 - 30 = 20, sibling 20 (not 40) -> 0, promo 0.
      expect(q).toMatchObject({
        lines: [
          { label: 'Class price × 2', amount: 200 },
          { label: 'Early bird discount', amount: -100 },
          { label: 'Senior discount', amount: -30 },
          { label: 'Sibling discount', amount: -20 },
          { label: 'Promo code BIG', amount: -25 },
        ],
        total: 25,
      });
      await rules({});
    });

    it('one person may give their date of birth: the senior discount applies, the student keeps it', async () => {
      await rules({ senior: { kind: 'percent', value: 20, minAge: 65 } });
      const start = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 5, 15, 17)).toISOString();
      const cls = await cardClass(w.a, org, { price: 100, discountPrice: null, startDate: start });
      const dateOfBirth = `${new Date(start).getUTCFullYear() - 70}-01-01`;
      expect((await quote({ organizationId: org.orgId, classId: cls.id }).expect(200)).body.data).toMatchObject({
        total: 100,
        asksDateOfBirth: true,
      });
      expect((await quote({ organizationId: org.orgId, classId: cls.id, attendees: [{ dateOfBirth }] }).expect(200)).body.data.total).toBe(
        80,
      );
      // In person: the enrollment keeps the senior line; the new student keeps the date of birth.
      const res = await register({ ...registerBody(org.orgId, cls.id), dateOfBirth }).expect(201);
      const [row] = await w.a.db.query(
        'SELECT e.amount_due_cents, e.price_breakdown, s.date_of_birth::text AS dob FROM enrollments e JOIN students s ON s.id = e.student_id WHERE e.id = $1',
        [res.body.data.classEnrollments[0].id],
      );
      expect(row).toEqual({
        amount_due_cents: 8000,
        price_breakdown: [
          { label: 'Class price', amount: 100 },
          { label: 'Senior discount', amount: -20 },
        ],
        dob: dateOfBirth,
      });
      // By card: the amount is the senior price; the class price is refused as a changed price.
      const card = intentBody(org.orgId, cls.id, 100);
      const wrong = await http()
        .post('/api/payments/create-intent')
        .send({ ...card, dateOfBirth })
        .expect(409);
      expect(wrong.body).toMatchObject({ code: 'PRICE_CHANGED', amount: 80 });
      const d = (
        await http()
          .post('/api/payments/create-intent')
          .send({ ...card, amount: 80, dateOfBirth })
          .expect(201)
      ).body.data;
      expect(d.amount).toBe(80);
      // A date that is not one is refused readably.
      await register({ ...registerBody(org.orgId, cls.id), dateOfBirth: '1950-02-30' }).expect(400);
      await register({ ...registerBody(org.orgId, cls.id), dateOfBirth: 'old' }).expect(400);
      await rules({});
      expect((await quote({ organizationId: org.orgId, classId: cls.id }).expect(200)).body.data.asksDateOfBirth).toBe(false);
    });

    it('a household registration keeps each person their share of the quote', async () => {
      await rules({ siblings: { kind: 'percent', value: 50 } });
      const cls = await cardClass(w.a, org, { price: 100, discountPrice: null });
      const reg = registerBody(org.orgId, cls.id, { firstName: 'Ana', lastName: 'Martinez' });
      const res = await register({
        ...reg,
        attendees: [
          { firstName: 'Ana', lastName: 'Martinez' },
          { firstName: 'Emma', lastName: 'Martinez' },
        ],
      }).expect(201);
      const ids = res.body.data.enrollments.map((e: { enrollmentId: string }) => e.enrollmentId);
      const rows = await w.a.db.query('SELECT id, amount_due_cents, price_breakdown FROM enrollments WHERE id = ANY($1::uuid[])', [ids]);
      const byId = new Map(rows.map((r: { id: string }) => [r.id, r]));
      expect(byId.get(ids[0])).toMatchObject({ amount_due_cents: 10000, price_breakdown: [{ label: 'Class price', amount: 100 }] });
      expect(byId.get(ids[1])).toMatchObject({
        amount_due_cents: 5000,
        price_breakdown: [
          { label: 'Class price', amount: 100 },
          { label: 'Sibling discount', amount: -50 },
        ],
      });
      // The one confirmation to the contact says what everyone's registration came to.
      const [mail] = await w.a.db.query("SELECT message FROM communications WHERE to_address = $1 AND kind = 'confirmation'", [reg.email]);
      expect(mail.message).toContain('Price:\n- Class price × 2: $200.00\n- Sibling discount: -$50.00\nTotal: $150.00');
      await rules({});
    });
  });

  describe('admin, teacher and in-person paths', () => {
    it("should price an admin's new enrollment with the quote, and show the roll's 'due' as each seat's quote", async () => {
      await rules({ earlyBird: { kind: 'amount', value: 25, daysBefore: 7 } });
      const cls = await cardClass(w.a, org, { price: 100, discountPrice: null, startDate: inDays(30) });
      await createCode({ code: 'ROLL10', kind: 'amount', value: 10, maxPerEmail: 5 }).expect(201);
      // An admin adds a student already paid, and another not yet paid: both priced by the quote (early bird).
      const paidNow = (
        await http()
          .post('/api/students')
          .set(org.auth)
          .send({ ...registerBody(org.orgId, cls.id), classEnrollments: [{ classId: cls.id, paymentStatus: 'completed' }] })
          .expect(201)
      ).body.data;
      expect(paidNow.classEnrollments[0]).toMatchObject({
        amountPaid: 75,
        amountDue: 75,
        priceBreakdown: [
          { label: 'Class price', amount: 100 },
          { label: 'Early bird discount', amount: -25 },
        ],
      });
      const later = (
        await http()
          .post('/api/students')
          .set(org.auth)
          .send({ ...registerBody(org.orgId, cls.id), classEnrollments: [{ classId: cls.id }] })
          .expect(201)
      ).body.data;
      expect(later.classEnrollments[0]).toMatchObject({ amountPaid: 0, amountDue: 75 });
      // A public registration with a code: its seat owes 100 - 25 - 10.
      const coded = (await register({ ...registerBody(org.orgId, cls.id), promoCode: 'ROLL10' }).expect(201)).body.data;
      // The teacher's roll: what each open seat owes is its own quote, and 'to collect' adds them up.
      const [session] = (await http().get(`/api/teacher/classes/${cls.id}/sessions`).set(org.auth).expect(200)).body.data;
      const roll = (await http().get(`/api/teacher/classes/${cls.id}/sessions/${session.date}`).set(org.auth).expect(200)).body.data;
      const due = Object.fromEntries(roll.roll.map((r: { studentId: string; amountDue: number }) => [r.studentId, r.amountDue]));
      expect(due).toEqual({ [paidNow.id]: 75, [later.id]: 75, [coded.id]: 65 });
      expect(roll.totals.toCollect).toBe(140);
      // Marked paid from the roll: the quoted amount.
      await http().post('/api/payments/mark-paid').set(org.auth).send({ studentId: coded.id, classId: cls.id }).expect(200);
      const [row] = await w.a.db.query('SELECT amount_paid_cents FROM enrollments WHERE student_id = $1 AND class_id = $2', [
        coded.id,
        cls.id,
      ]);
      expect(row.amount_paid_cents).toBe(6500);
      // A walk-in paid at the door: the same quote.
      const walkIn = (
        await http()
          .post(`/api/teacher/classes/${cls.id}/walk-ins`)
          .set(org.auth)
          .send({ firstName: 'Walk', lastName: 'In', email: `walk-${Date.now()}@example.com`, phone: '5595550123', paidNow: true })
          .expect(201)
      ).body.data;
      expect(walkIn.data ?? walkIn).toMatchObject({ amountPaid: 75 });
      await rules({});
    });
  });

  describe('transfers', () => {
    it("should price a switch with the quote, keeping the person's discounts as at the original registration", async () => {
      await rules({
        earlyBird: { kind: 'amount', value: 10, daysBefore: 20 },
        senior: { kind: 'amount', value: 5, minAge: 65 },
        combine: 'stack',
      });
      const from = await cardClass(w.a, org, { price: 100, discountPrice: null, startDate: inDays(40) });
      const to = await cardClass(w.a, org, { price: 120, discountPrice: null, startDate: inDays(30) });
      const other = await cardClass(w.a, org, { price: 120, discountPrice: null, startDate: inDays(31) });
      await createCode({ code: 'ONLYFROM', kind: 'amount', value: 7, classIds: [from.id], maxPerEmail: 5 }).expect(201);
      const reg = registerBody(org.orgId, from.id);
      const res = await register({ ...reg, dateOfBirth: '1940-05-05', promoCode: 'ONLYFROM' }).expect(201);
      const id = res.body.data.classEnrollments[0].id;
      // 100 - 10 early bird - 5 senior - 7 code.
      expect((await w.a.db.query('SELECT amount_due_cents FROM enrollments WHERE id = $1', [id]))[0].amount_due_cents).toBe(7800);
      // The early bird now ends 35 days before the first session: a newcomer today pays 115 for the target class (30 days
      // out). The switch evaluates it at the original registration's time (made 20 days ago: 50 days before), so it keeps it.
      await rules({
        earlyBird: { kind: 'amount', value: 10, daysBefore: 35 },
        senior: { kind: 'amount', value: 5, minAge: 65 },
        combine: 'stack',
      });
      expect(
        (await quote({ organizationId: org.orgId, classId: to.id, attendees: [{ dateOfBirth: '1940-05-05' }] }).expect(200)).body.data
          .total,
      ).toBe(115);
      await w.a.db.query("UPDATE enrollments SET enrollment_date = now() - interval '20 days' WHERE id = $1", [id]);
      await http().post('/api/portal/link').send({ organizationId: org.orgId, email: reg.email }).expect(202);
      const [link] = await w.a.db.query(
        "SELECT message FROM communications WHERE kind = 'system' AND to_address = $1 ORDER BY created_at DESC LIMIT 1",
        [reg.email],
      );
      const token = /\/my\/([A-Za-z0-9_-]+)/.exec(link.message)![1];
      const portal = { Authorization: `Bearer ${(await http().post('/api/portal/session').send({ token }).expect(200)).body.data.token}` };
      const options = (await http().get(`/api/portal/enrollments/${id}/transfer-options`).set(portal).expect(200)).body.data;
      const target = options.find((o: { id: string }) => o.id === to.id);
      expect(target).toMatchObject({ price: 105, priceDifference: 105 - 78 });
      expect(options.find((o: { id: string }) => o.id === other.id)).toMatchObject({ price: 105 });
      await http().post(`/api/portal/enrollments/${id}/transfer`).set(portal).send({ toClassId: to.id }).expect(200);
      const [moved] = await w.a.db.query('SELECT class_id, amount_due_cents, price_breakdown FROM enrollments WHERE id = $1', [id]);
      // Early bird and senior kept, the code not carried (it is valid only for the first class).
      expect(moved).toEqual({
        class_id: to.id,
        amount_due_cents: 10500,
        price_breakdown: [
          { label: 'Class price', amount: 120 },
          { label: 'Early bird discount', amount: -10 },
          { label: 'Senior discount', amount: -5 },
        ],
      });
      await rules({});
    });
    it('should quote a waitlist offer with the one price quote and register into its held seat at exactly that price', async () => {
      await rules({ earlyBird: { kind: 'percent', value: 10, daysBefore: 7 } });
      const { cls, students } = await fullClass(w.a, org, 1, { price: 80, discountPrice: null, startDate: inDays(30) });
      const waiting = await join(w.a, org.orgId, cls.id);
      await freeSeat(w.a, org, students[0].id, cls.id);
      const { offer } = await tokensOf(w.a, waiting.entryId);
      // The offer page says what the quote says (80 - 10 % early bird), not the class price.
      expect((await http().get(`/api/waitlist/offers/${offer}`).expect(200)).body.data).toMatchObject({ price: 80, amount: 72 });
      expect((await quote({ organizationId: org.orgId, classId: cls.id, email: waiting.email }).expect(200)).body.data.total).toBe(72);
      const res = await register({ ...registerBody(org.orgId, cls.id, { email: waiting.email }), waitlistOfferToken: offer }).expect(201);
      const id = res.body.data.classEnrollments.find((e: { classId: string }) => e.classId === cls.id).id;
      expect((await w.a.db.query('SELECT amount_due_cents, price_breakdown FROM enrollments WHERE id = $1', [id]))[0]).toEqual({
        amount_due_cents: 7200,
        price_breakdown: [
          { label: 'Class price', amount: 80 },
          { label: 'Early bird discount', amount: -8 },
        ],
      });
      await rules({});
    });

    it('should price a switch keeping the returning-student and sibling discounts as they were at the original registration', async () => {
      await rules({ returning: { kind: 'amount', value: 15 }, siblings: { kind: 'percent', value: 50 }, combine: 'stack' });
      const price = { price: 100, discountPrice: null, startDate: inDays(30) };
      const earlier = await cardClass(w.a, org, price);
      const from = await cardClass(w.a, org, price);
      const to = await cardClass(w.a, org, { ...price, price: 120 });
      const portalFor = async (email: string) => {
        await http().post('/api/portal/link').send({ organizationId: org.orgId, email }).expect(202);
        const [link] = await w.a.db.query(
          "SELECT message FROM communications WHERE kind = 'system' AND to_address = $1 ORDER BY created_at DESC LIMIT 1",
          [email],
        );
        const token = /\/my\/([A-Za-z0-9_-]+)/.exec(link.message)![1];
        return { Authorization: `Bearer ${(await http().post('/api/portal/session').send({ token }).expect(200)).body.data.token}` };
      };
      const moved = async (id: string) =>
        (await w.a.db.query('SELECT class_id, amount_due_cents, price_breakdown FROM enrollments WHERE id = $1', [id]))[0];
      const markPaid = (studentId: string, classId: string) =>
        http().post('/api/payments/mark-paid').set(org.auth).send({ studentId, classId }).expect(200);

      // A returning student (a paid registration before) keeps the returning discount in the class switched to.
      const back = registerBody(org.orgId, earlier.id);
      await markPaid((await register(back).expect(201)).body.data.id, earlier.id);
      const backId = (await register(registerBody(org.orgId, from.id, { email: back.email })).expect(201)).body.data.classEnrollments.find(
        (e: { classId: string }) => e.classId === from.id,
      ).id;
      expect((await moved(backId)).amount_due_cents).toBe(8500);
      await http()
        .post(`/api/portal/enrollments/${backId}/transfer`)
        .set(await portalFor(back.email))
        .send({ toClassId: to.id })
        .expect(200);
      expect(await moved(backId)).toEqual({
        class_id: to.id,
        amount_due_cents: 10500,
        price_breakdown: [
          { label: 'Class price', amount: 120 },
          { label: 'Returning student discount', amount: -15 },
        ],
      });

      // Someone new when they registered stays new for the switch, even after a paid registration since (today's quote
      // for them would take the returning discount off).
      const fresh = registerBody(org.orgId, from.id);
      const freshStudent = (await register(fresh).expect(201)).body.data;
      const freshId = freshStudent.classEnrollments.find((e: { classId: string }) => e.classId === from.id).id;
      await w.a.db.query("UPDATE enrollments SET enrollment_date = now() - interval '2 days' WHERE id = $1", [freshId]);
      await register(registerBody(org.orgId, earlier.id, { email: fresh.email })).expect(201);
      await markPaid(freshStudent.id, earlier.id);
      expect((await quote({ organizationId: org.orgId, classId: to.id, email: fresh.email }).expect(200)).body.data.total).toBe(105);
      await http()
        .post(`/api/portal/enrollments/${freshId}/transfer`)
        .set(await portalFor(fresh.email))
        .send({ toClassId: to.id })
        .expect(200);
      expect(await moved(freshId)).toEqual({
        class_id: to.id,
        amount_due_cents: 12000,
        price_breakdown: [{ label: 'Class price', amount: 120 }],
      });

      // A household: the second person keeps the sibling discount in the new class; the first never had it.
      const contact = registerBody(org.orgId, from.id, { firstName: 'Ana', lastName: 'Reyes' });
      const household = await register({
        ...contact,
        attendees: [
          { firstName: 'Ana', lastName: 'Reyes' },
          { firstName: 'Leo', lastName: 'Reyes' },
        ],
      }).expect(201);
      const [anaId, leoId] = household.body.data.enrollments.map((e: { enrollmentId: string }) => e.enrollmentId);
      expect((await moved(leoId)).amount_due_cents).toBe(5000);
      const portal = await portalFor(contact.email);
      await http().post(`/api/portal/enrollments/${leoId}/transfer`).set(portal).send({ toClassId: to.id }).expect(200);
      expect(await moved(leoId)).toEqual({
        class_id: to.id,
        amount_due_cents: 6000,
        price_breakdown: [
          { label: 'Class price', amount: 120 },
          { label: 'Sibling discount', amount: -60 },
        ],
      });
      await http().post(`/api/portal/enrollments/${anaId}/transfer`).set(portal).send({ toClassId: to.id }).expect(200);
      expect(await moved(anaId)).toEqual({
        class_id: to.id,
        amount_due_cents: 12000,
        price_breakdown: [{ label: 'Class price', amount: 120 }],
      });
      await rules({});
    });
  });

  describe('card payments', () => {
    it('should charge the quote: a tampered amount is refused, the intent is the discounted total, refunds stop at what was paid', async () => {
      await rules({ earlyBird: { kind: 'amount', value: 20, daysBefore: 7 } });
      const cls = await cardClass(w.a, org, { price: 100, discountPrice: null, startDate: inDays(30) });
      await createCode({ code: 'CARD10', kind: 'percent', value: 10 }).expect(201);
      const base = intentBody(org.orgId, cls.id, 100);
      // The list price (or anything but the quote) is refused, and no seat is held.
      const tampered = await http()
        .post('/api/payments/create-intent')
        .send({ ...base, promoCode: 'card10' })
        .expect(409);
      expect(tampered.body).toMatchObject({ code: 'PRICE_CHANGED', amount: 72 });
      expect(await seatsTaken(w.a, cls.id)).toBe(0);
      const bad = await http()
        .post('/api/payments/create-intent')
        .send({ ...base, amount: 72, promoCode: 'NOPE' })
        .expect(409);
      expect(bad.body.error).toBe('This code is not valid');
      const d = (
        await http()
          .post('/api/payments/create-intent')
          .send({ ...base, amount: 72, promoCode: 'card10' })
          .expect(201)
      ).body.data;
      expect(d.amount).toBe(72);
      const created = w.stand.requests.filter((r) => r.path === '/v1/payment_intents' && r.method === 'POST').at(-1)!;
      expect(created.body).toMatchObject({ amount: '7200', application_fee_amount: '216' });
      const [held] = await w.a.db.query('SELECT price_breakdown FROM enrollments WHERE id = $1', [d.enrollmentId]);
      expect(held.price_breakdown).toEqual([
        { label: 'Class price', amount: 100 },
        { label: 'Early bird discount', amount: -20 },
        { label: 'Promo code CARD10', amount: -8 },
      ]);
      await payInBrowser(w.stand, d.paymentIntentId, d.clientSecret);
      await http()
        .post('/api/payments/confirm-enrollment')
        .send({ paymentIntentId: d.paymentIntentId, classId: cls.id, organizationId: org.orgId, studentData: base.studentData })
        .expect(200);
      expect(await enrollmentRow(w.a, d.enrollmentId)).toMatchObject({ payment_status: 'completed', amount_paid_cents: 7200 });

      // Every place that says what was charged reads the enrollment's quote: the confirmation and receipt emails…
      const PRICE = 'Price:\n- Class price: $100.00\n- Early bird discount: -$20.00\n- Promo code CARD10: -$8.00\nTotal: $72.00';
      const mails = await w.a.db.query(
        "SELECT kind, message, html FROM communications WHERE to_address = $1 AND kind IN ('confirmation', 'receipt') ORDER BY kind",
        [base.studentData.email],
      );
      expect(mails.map((m: { kind: string }) => m.kind)).toEqual(['confirmation', 'receipt']);
      for (const m of mails) {
        expect(m.message).toContain(PRICE);
        expect(m.html).toContain('Promo code CARD10: -$8.00');
      }
      expect(mails[1].message).toContain('We received your payment of $72.00');
      // …the receipt PDF of the student portal…
      await http().post('/api/portal/link').send({ organizationId: org.orgId, email: base.studentData.email }).expect(202);
      const [link] = await w.a.db.query(
        "SELECT message FROM communications WHERE kind = 'system' AND to_address = $1 ORDER BY created_at DESC LIMIT 1",
        [base.studentData.email],
      );
      const token = /\/my\/([A-Za-z0-9_-]+)/.exec(link.message)![1];
      const session = (await http().post('/api/portal/session').send({ token }).expect(200)).body.data.token;
      const pdf = await http()
        .get(`/api/portal/enrollments/${d.enrollmentId}/receipt`)
        .set({ Authorization: `Bearer ${session}` })
        .buffer(true)
        .expect(200);
      const { text } = await new PDFParse({ data: new Uint8Array(pdf.body as Buffer) }).getText();
      const flat = text.replace(/\s+/g, ' ');
      for (const l of [
        'Class price: $100.00',
        'Early bird discount: -$20.00',
        'Promo code CARD10: -$8.00',
        'Total: $72.00',
        'Amount paid: $72.00',
      ])
        expect(flat).toContain(l);
      // …the student panel…
      const [{ student_id: studentId }] = await w.a.db.query('SELECT student_id FROM enrollments WHERE id = $1', [d.enrollmentId]);
      const panel = (await http().get(`/api/students/${studentId}`).set(org.auth).expect(200)).body.data;
      expect(panel.classEnrollments.find((e: { id: string }) => e.id === d.enrollmentId)).toMatchObject({
        amountPaid: 72,
        priceBreakdown: held.price_breakdown,
      });
      // …and the revenue report: the discounts given in all, per rule and per code.
      const day = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);
      const range = `startDate=${day(-1)}&endDate=${day(1)}&classId=${cls.id}`;
      const report = (await http().get(`/api/reports/revenue?${range}`).set(org.auth).expect(200)).body.data;
      expect(report.totals).toMatchObject({ payments: 1, gross: 72, discounts: 28 });
      expect(report.rows).toEqual([expect.objectContaining({ classId: cls.id, gross: 72, discounts: 28 })]);
      expect(report.discountsGiven).toEqual({
        rules: [{ label: 'Early bird discount', enrollments: 1, amount: 20 }],
        codes: [{ code: 'CARD10', redemptions: 1, amount: 8, revenue: 72 }],
      });
      // A refund is on what was paid ($72), never the class price.
      const over = await http().post(`/api/enrollments/${d.enrollmentId}/refund`).set(org.auth).send({ amount: 80 }).expect(409);
      expect(over.body.error).toContain('At most $72.00 can be refunded');
      const full = await http().post(`/api/enrollments/${d.enrollmentId}/refund`).set(org.auth).send({}).expect(200);
      expect(full.body.data).toMatchObject({ amountPaid: 72, refundedAmount: 72 });
      await rules({});
    });

    it("should count a code's uses, discount and revenue the same on the usage screen and in the revenue report, through a cancel and a refund", async () => {
      await rules({});
      const cls = await cardClass(w.a, org, { price: 50, discountPrice: null });
      const made = (await createCode({ code: 'AGREE20', kind: 'percent', value: 20, maxRedemptions: 10 }).expect(201)).body.data;
      const day = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);
      /** The code's usage as Settings › Discounts shows it, and its row of the revenue report (all classes, and this class). */
      const both = async () => {
        const listed = (await http().get('/api/promo-codes').set(org.auth).expect(200)).body.data.find(
          (c: { id: string }) => c.id === made.id,
        );
        const report = async (q: string) =>
          (
            await http()
              .get(`/api/reports/revenue?startDate=${day(-1)}&endDate=${day(1)}${q}`)
              .set(org.auth)
              .expect(200)
          ).body.data.discountsGiven.codes as { code: string }[];
        const row = (await report('')).find((c) => c.code === 'AGREE20');
        expect((await report(`&classId=${cls.id}`)).find((c) => c.code === 'AGREE20')).toEqual(row);
        const usage = listed.usage as { redemptions: number; discountGiven: number; revenue: number };
        // The two screens say the same thing.
        expect(row).toEqual({ code: 'AGREE20', redemptions: usage.redemptions, amount: usage.discountGiven, revenue: usage.revenue });
        return usage;
      };

      // In person, to pay at class: a use, $10 off, its $40 counted while it stands.
      const inPerson = (await register({ ...registerBody(org.orgId, cls.id), promoCode: 'agree20' }).expect(201)).body.data;
      const inPersonId = inPerson.classEnrollments.find((e: { classId: string }) => e.classId === cls.id).id as string;
      expect(await both()).toEqual({ redemptions: 1, discountGiven: 10, revenue: 40 });

      // By card, paid: a second use.
      const base = intentBody(org.orgId, cls.id, 40);
      const d = (
        await http()
          .post('/api/payments/create-intent')
          .send({ ...base, promoCode: 'AGREE20' })
          .expect(201)
      ).body.data;
      await payInBrowser(w.stand, d.paymentIntentId, d.clientSecret);
      await http()
        .post('/api/payments/confirm-enrollment')
        .send({ paymentIntentId: d.paymentIntentId, classId: cls.id, organizationId: org.orgId, studentData: base.studentData })
        .expect(200);
      expect(await both()).toEqual({ redemptions: 2, discountGiven: 20, revenue: 80 });

      // A card hold never paid that lapses gives its use back, on both screens.
      const lapsingBody = intentBody(org.orgId, cls.id, 40);
      const lapsing = (
        await http()
          .post('/api/payments/create-intent')
          .send({ ...lapsingBody, promoCode: 'AGREE20' })
          .expect(201)
      ).body.data;
      expect((await both()).redemptions).toBe(3);
      await w.a.db.query("UPDATE enrollments SET hold_expires_at = now() - interval '1 minute' WHERE id = $1", [lapsing.enrollmentId]);
      // The same person asks again without the code: the lapsed hold is released first.
      await http()
        .post('/api/payments/create-intent')
        .send({ ...lapsingBody, amount: 50 })
        .expect(201);
      expect((await enrollmentRow(w.a, lapsing.enrollmentId)).status).toBe('expired');
      expect(await both()).toEqual({ redemptions: 2, discountGiven: 20, revenue: 80 });

      // The in-person registration is cancelled unpaid: the use stays spent (as a sold ticket), its revenue is gone.
      await http().post(`/api/enrollments/${inPersonId}/cancel`).set(org.auth).send({}).expect(200);
      expect(await both()).toEqual({ redemptions: 2, discountGiven: 20, revenue: 40 });

      // The card payment is refunded in part: revenue is what was paid net of the refund; the use stays.
      await http().post(`/api/enrollments/${d.enrollmentId}/refund`).set(org.auth).send({ amount: 15 }).expect(200);
      expect(await both()).toEqual({ redemptions: 2, discountGiven: 20, revenue: 25 });
      // Three redemptions are stored; the lapsed one no longer counts, on either screen or against the code's cap.
      const [{ n }] = await w.a.db.query('SELECT count(*)::int AS n FROM promo_redemptions WHERE promo_code_id = $1', [made.id]);
      expect(n).toBe(3);
    });
  });
});
