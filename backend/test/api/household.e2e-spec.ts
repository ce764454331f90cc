import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import { CardPaymentsService } from '../../src/modules/payments/card-payments.service';
import { createClass, createOrg, registerBody, type OrgFixture } from '../fixtures/org.fixture';
import {
  cardClass,
  cardOrg,
  deliver,
  enrollmentRow,
  intentBody,
  payInBrowser,
  seatsTaken,
  startCardWorld,
  waitFor,
  type CardWorld,
} from './card-payments.helpers';
import { dashboardRefund } from '../stand-ins/stripe.stand-in';

const DAY = 24 * 3600 * 1000;
const KIDS = [
  { firstName: 'Emma', lastName: 'Martinez', dateOfBirth: '2016-04-12' },
  { firstName: 'Liam', lastName: 'Martinez' },
];

/** A household registers several people under one contact, every seat or none. */
describe('household registration', () => {
  let w: CardWorld;
  let org: Awaited<ReturnType<typeof cardOrg>>;
  let other: OrgFixture;
  beforeAll(async () => {
    w = await startCardWorld();
    w.liveWebhooks(false);
    org = await cardOrg(w.a);
    other = await createOrg(w.a, { plan: 'professional' });
    await w.a.db.query(`UPDATE organizations SET settings = jsonb_set(settings, '{cancellationPolicies}', $2::jsonb) WHERE id = $1`, [
      org.orgId,
      JSON.stringify([{ daysBeforeClass: 7, refundPercentage: 100 }]),
    ]);
  });
  afterAll(async () => {
    await w.close();
  });

  const register = (body: Record<string, unknown>) => w.a.http.post('/api/students/register').send(body);
  const studentsOf = (email: string) =>
    w.a.db.query(
      `SELECT id, first_name, last_name, household_contact_id, date_of_birth::text AS dob FROM students WHERE lower(email) = lower($1) ORDER BY created_at, first_name`,
      [email],
    );

  it('should register a household of three in person: the contact attends too, one student and one enrollment each, one email', async () => {
    const cls = await createClass(w.a, org, { price: 100, discountPrice: 80, maxStudents: 5 });
    const body = registerBody(org.orgId, cls.id, { firstName: 'Ana', lastName: 'Martinez' });
    const res = await register({ ...body, attendees: [{ firstName: 'Ana', lastName: 'Martinez' }, ...KIDS] }).expect(201);
    const d = res.body.data;
    expect(d).toMatchObject({ firstName: 'Ana', lastName: 'Martinez', email: body.email });
    expect(d.enrollments.map((e: { firstName: string }) => e.firstName)).toEqual(['Ana', 'Emma', 'Liam']);
    expect(d.classEnrollments).toHaveLength(3);
    expect(d.enrollments[0].studentId).toBe(d.id); // the contact's own record
    expect(await seatsTaken(w.a, cls.id)).toBe(3);
    const rows = await studentsOf(body.email);
    expect(
      rows.map((r: { first_name: string; household_contact_id: string | null; dob: string | null }) => [
        r.first_name,
        r.household_contact_id,
        r.dob,
      ]),
    ).toEqual([
      ['Ana', null, null],
      ['Emma', d.id, '2016-04-12'],
      ['Liam', d.id, null],
    ]);
    // One confirmation to the contact, listing everyone.
    const mails = await w.a.db.query(
      `SELECT to_address, message FROM communications WHERE kind = 'confirmation' AND organization_id = $1 AND to_address = $2`,
      [org.orgId, body.email],
    );
    expect(mails).toHaveLength(1);
    expect(mails[0].message).toContain('Registered (3 people):\n- Ana Martinez\n- Emma Martinez\n- Liam Martinez');
    // The admin roster lists each attendee as an enrollment with the household contact.
    const roster = (await w.a.http.get(`/api/students/class/${cls.id}`).set(org.auth).expect(200)).body.data;
    expect(roster).toHaveLength(3);
    const emma = roster.find((s: { firstName: string }) => s.firstName === 'Emma');
    expect(emma).toMatchObject({
      dateOfBirth: '2016-04-12',
      householdContactId: d.id,
      householdContact: { id: d.id, firstName: 'Ana', lastName: 'Martinez', email: body.email, phone: body.phone },
    });
    const contact = (await w.a.http.get(`/api/students/${d.id}`).set(org.auth).expect(200)).body.data;
    expect(contact.householdMembers.map((m: { firstName: string }) => m.firstName)).toEqual(['Emma', 'Liam']);
    // The email still finds the contact (not an attendee): the enrollment check answers for the contact.
    await w.a.http
      .post('/api/students/check-enrollment')
      .send({ email: body.email, classId: cls.id, organizationId: org.orgId })
      .expect(409);
  });

  it('should take no seat and leave no student when one seat is short, naming the class', async () => {
    const cls = await createClass(w.a, org, { title: 'Pottery Wheel', maxStudents: 3 });
    await register(registerBody(org.orgId, cls.id)).expect(201);
    const body = registerBody(org.orgId, cls.id, { firstName: 'Bo', lastName: 'Chen' });
    const before = (await w.a.db.query('SELECT count(*)::int AS n FROM students WHERE organization_id = $1', [org.orgId]))[0].n;
    const res = await register({ ...body, attendees: [{ firstName: 'Bo', lastName: 'Chen' }, ...KIDS] }).expect(409);
    expect(res.body.error).toBe('Only 2 seats are left in Pottery Wheel');
    expect(res.body).toMatchObject({ code: 'CLASS_FULL', seatsLeft: 2, classTitle: 'Pottery Wheel' });
    expect(await seatsTaken(w.a, cls.id)).toBe(1);
    expect(await studentsOf(body.email)).toEqual([]);
    expect((await w.a.db.query('SELECT count(*)::int AS n FROM students WHERE organization_id = $1', [org.orgId]))[0].n).toBe(before);
    // By card too: no hold, no intent.
    const intents = w.stand.requests.filter((r) => r.path === '/v1/payment_intents').length;
    const card = await w.a.http
      .post('/api/payments/create-intent')
      .send({ ...intentBody(org.orgId, cls.id, 0), amount: 3 * 80, attendees: [{ firstName: 'Bo', lastName: 'Chen' }, ...KIDS] });
    expect([card.status, card.body.error]).toEqual([409, 'Only 2 seats are left in Pottery Wheel']);
    expect(w.stand.requests.filter((r) => r.path === '/v1/payment_intents').length).toBe(intents);
    expect(await seatsTaken(w.a, cls.id)).toBe(1);
  });

  it('should reuse the same child registered twice by the same contact, and refuse them twice in one class', async () => {
    const c1 = await createClass(w.a, org);
    const c2 = await createClass(w.a, org);
    const body = registerBody(org.orgId, c1.id, { firstName: 'Cara', lastName: 'Diaz' });
    const first = (await register({ ...body, attendees: [{ firstName: 'Milo', lastName: 'Diaz' }] }).expect(201)).body.data;
    const second = (
      await register({
        ...body,
        classEnrollments: [{ classId: c2.id }],
        attendees: [{ firstName: ' milo ', lastName: 'DIAZ', dateOfBirth: '2017-01-02' }],
      }).expect(201)
    ).body.data;
    expect(second.enrollments[0].studentId).toBe(first.enrollments[0].studentId);
    const rows = await studentsOf(body.email);
    expect(rows.map((r: { first_name: string; dob: string | null }) => [r.first_name, r.dob])).toEqual([
      ['Cara', null],
      ['Milo', '2017-01-02'], // a date of birth given later fills the gap
    ]);
    const again = await register({ ...body, attendees: [{ firstName: 'Milo', lastName: 'Diaz' }] }).expect(409);
    expect(again.body).toMatchObject({ error: `Milo Diaz is already enrolled in ${c1.title}.`, isAlreadyEnrolled: true });
    expect(await seatsTaken(w.a, c1.id)).toBe(1);
    // The same person twice in one request.
    const twice = await register({ ...body, classEnrollments: [{ classId: c2.id }], attendees: [KIDS[0], KIDS[0]] }).expect(400);
    expect(twice.body.error).toContain('Each person can be listed once');
  });

  /** A card class in 10 days and a household of three (the contact attending, two children) asking for one intent. */
  async function householdIntent(firstName: string, lastName: string) {
    const cls = await cardClass(w.a, org, { startDate: new Date(Date.now() + 10 * DAY).toISOString() });
    const base = intentBody(org.orgId, cls.id, 240, { firstName, lastName });
    const attendees = [{ firstName, lastName }, ...KIDS.map((k) => ({ ...k, lastName }))];
    const createIntent = (changes: Record<string, unknown> = {}) =>
      w.a.http.post('/api/payments/create-intent').send({ ...base, attendees, ...changes });
    return { cls, base, createIntent };
  }

  it("should spread a Stripe-dashboard refund of a household's payment over its people, once per refund id", async () => {
    const { cls, base, createIntent } = await householdIntent('Kai', 'Ito');
    const d = (await createIntent().expect(201)).body.data;
    const ids: string[] = d.enrollments.map((e: { enrollmentId: string }) => e.enrollmentId);
    await payInBrowser(w.stand, d.paymentIntentId, d.clientSecret);
    await w.a.http
      .post('/api/payments/confirm-enrollment')
      .send({ paymentIntentId: d.paymentIntentId, classId: cls.id, organizationId: org.orgId, studentData: base.studentData })
      .expect(200);

    // $200 of the $240 refunded in the dashboard: the contact's $80 first, then the others up to their $80 each.
    await dashboardRefund(w.stand.state, d.paymentIntentId, 20000);
    const event = w.stand.events.filter((x) => x.type === 'charge.refunded' && x.data.object.payment_intent === d.paymentIntentId).at(-1)!;
    await Promise.all([deliver(w.a, event), deliver(w.a, event), deliver(w.a, { ...event, id: `${event.id}_again` })]);
    const rows = await Promise.all(ids.map((id) => enrollmentRow(w.a, id)));
    expect(rows[0].refunded_cents).toBe(8000);
    expect(rows.map((r) => r.refunded_cents).reduce((a, b) => a + b, 0)).toBe(20000);
    expect(rows.map((r) => r.refunded_cents).sort()).toEqual([4000, 8000, 8000]);
    expect(rows.every((r) => r.status === 'active')).toBe(true);
    const refunds = await w.a.db.query(
      'SELECT enrollment_id, amount_cents, stripe_refund_id, source FROM refunds WHERE enrollment_id = ANY($1) ORDER BY amount_cents',
      [ids],
    );
    expect(refunds).toHaveLength(3);
    expect(new Set(refunds.map((r: { stripe_refund_id: string }) => r.stripe_refund_id)).size).toBe(1);
    expect(refunds.every((r: { source: string }) => r.source === 'stripe_dashboard')).toBe(true);
    // One notice to the contact for the whole refund.
    const notices = await w.a.db.query(
      "SELECT to_address, message FROM communications WHERE organization_id = $1 AND kind = 'refund' AND dedupe_key LIKE $2",
      [org.orgId, `refund:${refunds[0].stripe_refund_id}:%`],
    );
    expect(notices).toHaveLength(1);
    expect(notices[0].to_address).toBe(base.studentData.email);
    expect(notices[0].message).toContain('200.00');

    // The remaining $40 refunded in the dashboard too: the one person with something left gets it; nothing is ever
    // recorded beyond what was paid.
    await dashboardRefund(w.stand.state, d.paymentIntentId, 4000);
    const last = w.stand.events.filter((x) => x.type === 'charge.refunded' && x.data.object.payment_intent === d.paymentIntentId).at(-1)!;
    await deliver(w.a, last).expect(200);
    const after = await Promise.all(ids.map((id) => enrollmentRow(w.a, id)));
    expect(after.map((r) => r.refunded_cents)).toEqual([8000, 8000, 8000]);
  });

  it('should pay for a household of three with one intent, complete all together, and refund one attendee by their share only', async () => {
    const { cls, base, createIntent } = await householdIntent('Dee', 'Okafor');
    const wrong = await createIntent({ amount: 80 }).expect(409);
    expect(wrong.body).toMatchObject({ code: 'PRICE_CHANGED', amount: 240 });
    const d = (await createIntent().expect(201)).body.data;
    expect(d).toMatchObject({ amount: 240, enrollmentId: d.enrollments[0].enrollmentId });
    expect(d.enrollments).toHaveLength(3);
    expect(await seatsTaken(w.a, cls.id)).toBe(3);
    const ids: string[] = d.enrollments.map((e: { enrollmentId: string }) => e.enrollmentId);
    for (const id of ids)
      expect(await enrollmentRow(w.a, id)).toMatchObject({
        status: 'held',
        amount_due_cents: 8000,
        stripe_payment_intent_id: d.paymentIntentId,
      });
    expect(w.stand.state.objects.get(d.paymentIntentId)).toMatchObject({ amount: 24000 });

    await payInBrowser(w.stand, d.paymentIntentId, d.clientSecret);
    const confirmed = await w.a.http
      .post('/api/payments/confirm-enrollment')
      .send({ paymentIntentId: d.paymentIntentId, classId: cls.id, organizationId: org.orgId, studentData: base.studentData })
      .expect(200);
    expect(confirmed.body.data).toMatchObject({ enrollmentId: ids[0], transactionId: d.paymentIntentId });
    const rows = await Promise.all(ids.map((id) => enrollmentRow(w.a, id)));
    expect(rows.map((r) => [r.status, r.payment_status, r.amount_paid_cents])).toEqual([
      ['active', 'completed', 8000],
      ['active', 'completed', 8000],
      ['active', 'completed', 8000],
    ]);
    expect(rows.reduce((n, r) => n + r.platform_fee_cents, 0)).toBe(720); // 3 % of $240, split by share
    // The webhook after the browser changes nothing; one confirmation and one receipt for the total.
    const succeeded = w.stand.events.find(
      (e) => e.type === 'payment_intent.succeeded' && (e.data.object as { id: string }).id === d.paymentIntentId,
    )!;
    expect((await deliver(w.a, succeeded).expect(200)).body.data.status).toBe('processed');
    const mails = await w.a.db.query(
      `SELECT kind, message FROM communications WHERE organization_id = $1 AND to_address = $2 AND kind IN ('confirmation', 'receipt') ORDER BY kind`,
      [org.orgId, base.studentData.email],
    );
    expect(mails.map((m: { kind: string }) => m.kind)).toEqual(['confirmation', 'receipt']);
    expect(mails[0].message).toMatch(/^Hi Dee,/);
    expect(mails[0].message).toContain('Registered (3 people):\n- Dee Okafor\n- Emma Okafor\n- Liam Okafor');
    expect(mails[1].message).toContain('240');

    // Cancel one attendee: one seat freed, that attendee's share refunded (100 % policy), never more than the share.
    const tooMuch = await w.a.http.post(`/api/enrollments/${ids[1]}/cancel`).set(org.auth).send({ amount: 100 }).expect(409);
    expect(tooMuch.body.error).toContain('At most $80.00 can be refunded');
    expect(await seatsTaken(w.a, cls.id)).toBe(3);
    const cancelled = (await w.a.http.post(`/api/enrollments/${ids[1]}/cancel`).set(org.auth).send({}).expect(200)).body.data;
    expect(cancelled).toMatchObject({ status: 'cancelled', refundedAmount: 80, refund: { amount: 80 } });
    expect(await seatsTaken(w.a, cls.id)).toBe(2);
    const refunds = w.stand.requests.filter((r) => r.path === '/v1/refunds');
    expect([refunds.at(-1)!.body.payment_intent, Number(refunds.at(-1)!.body.amount)]).toEqual([d.paymentIntentId, 8000]);
    // A further refund of that attendee is bounded by what is left of their share (nothing).
    const more = await w.a.http.post(`/api/enrollments/${ids[1]}/refund`).set(org.auth).send({ amount: 1 }).expect(409);
    expect(more.body.error).toContain('At most $0.00');
    // The others stay paid and seated.
    expect((await enrollmentRow(w.a, ids[0])).status).toBe('active');
    expect((await enrollmentRow(w.a, ids[2])).refunded_cents).toBe(0);
  });

  it('should release every hold of a household when the hold lapses', async () => {
    const cls = await cardClass(w.a, org);
    const base = intentBody(org.orgId, cls.id, 160, { firstName: 'Eli', lastName: 'Stone' });
    const d = (
      await w.a.http
        .post('/api/payments/create-intent')
        .send({ ...base, attendees: KIDS.map((k) => ({ ...k, lastName: 'Stone' })) })
        .expect(201)
    ).body.data;
    expect(await seatsTaken(w.a, cls.id)).toBe(2);
    await w.a.db.query(`UPDATE enrollments SET hold_expires_at = now() - interval '1 minute' WHERE household_group_id = $1`, [
      d.enrollmentId,
    ]);
    expect(await w.a.app.get(CardPaymentsService).expireHolds()).toBe(2);
    expect(await seatsTaken(w.a, cls.id)).toBe(0);
    const cancels = w.stand.requests.filter((r) => r.path === `/v1/payment_intents/${d.paymentIntentId}/cancel`);
    expect(cancels).toHaveLength(1);
  });

  it('should complete the whole household from the webhook alone, and release every seat when the payment fails', async () => {
    const cls = await cardClass(w.a, org);
    const people = KIDS.map((k) => ({ ...k, lastName: 'Webb' }));
    const body = intentBody(org.orgId, cls.id, 160, { firstName: 'Fay', lastName: 'Webb' });
    const paid = (
      await w.a.http
        .post('/api/payments/create-intent')
        .send({ ...body, attendees: people })
        .expect(201)
    ).body.data;
    await payInBrowser(w.stand, paid.paymentIntentId, paid.clientSecret);
    const succeeded = w.stand.events.find(
      (e) => e.type === 'payment_intent.succeeded' && (e.data.object as { id: string }).id === paid.paymentIntentId,
    )!;
    await deliver(w.a, succeeded).expect(200); // the browser never came back
    for (const e of paid.enrollments as { enrollmentId: string }[])
      expect(await enrollmentRow(w.a, e.enrollmentId)).toMatchObject({
        status: 'active',
        payment_status: 'completed',
        amount_paid_cents: 8000,
      });
    expect(await seatsTaken(w.a, cls.id)).toBe(2);

    const other = await cardClass(w.a, org);
    const d = (
      await w.a.http
        .post('/api/payments/create-intent')
        .send({
          ...intentBody(org.orgId, other.id, 160, { firstName: 'Fay', lastName: 'Webb', email: body.studentData.email }),
          attendees: people,
        })
        .expect(201)
    ).body.data;
    expect(await seatsTaken(w.a, other.id)).toBe(2);
    // The same children as before: their records are reused.
    expect(d.enrollments.map((e: { studentId: string }) => e.studentId)).toEqual(
      paid.enrollments.map((e: { studentId: string }) => e.studentId),
    );
    expect((await payInBrowser(w.stand, d.paymentIntentId, d.clientSecret, 'pm_card_chargeDeclined')).status).toBe(402);
    const failed = w.stand.events.find(
      (e) => e.type === 'payment_intent.payment_failed' && (e.data.object as { id: string }).id === d.paymentIntentId,
    )!;
    await deliver(w.a, failed).expect(200);
    await deliver(w.a, { ...failed, id: `${failed.id}_again` }).expect(200);
    for (const e of d.enrollments as { enrollmentId: string }[])
      expect(await enrollmentRow(w.a, e.enrollmentId)).toMatchObject({ status: 'expired', payment_status: 'failed' });
    expect(await seatsTaken(w.a, other.id)).toBe(0);
  });

  it('should replace an open household hold when the same people ask again (no second seat, the old intent cancelled)', async () => {
    const cls = await cardClass(w.a, org);
    const body = {
      ...intentBody(org.orgId, cls.id, 160, { firstName: 'Gus', lastName: 'Hale' }),
      attendees: KIDS.map((k) => ({ ...k, lastName: 'Hale' })),
    };
    const first = (await w.a.http.post('/api/payments/create-intent').send(body).expect(201)).body.data;
    const second = (await w.a.http.post('/api/payments/create-intent').send(body).expect(201)).body.data;
    expect(second.paymentIntentId).not.toBe(first.paymentIntentId);
    expect(await seatsTaken(w.a, cls.id)).toBe(2);
    for (const e of first.enrollments as { enrollmentId: string }[])
      expect((await enrollmentRow(w.a, e.enrollmentId)).status).toBe('expired');
    await waitFor(
      async () => w.stand.requests.filter((r) => r.path === `/v1/payment_intents/${first.paymentIntentId}/cancel`).length,
      (n) => n === 1,
    );
    expect(w.stand.requests.filter((r) => r.path === `/v1/payment_intents/${first.paymentIntentId}/cancel`)).toHaveLength(1);
  });

  it('should keep households apart between organizations', async () => {
    const cls = await createClass(w.a, org);
    const theirs = await createClass(w.a, other);
    // Another organization's class id with this organization's id: not found, nothing taken.
    await register({ ...registerBody(org.orgId, theirs.id), attendees: KIDS }).expect(404);
    expect(await seatsTaken(w.a, theirs.id)).toBe(0);
    // The same email in two organizations: two contacts, two households.
    const email = `shared-${Date.now()}@example.com`;
    const a = (await register({ ...registerBody(org.orgId, cls.id, { email }), attendees: KIDS }).expect(201)).body.data;
    const b = (await register({ ...registerBody(other.orgId, theirs.id, { email }), attendees: KIDS }).expect(201)).body.data;
    expect(a.id).not.toBe(b.id);
    expect(a.enrollments[0].studentId).not.toBe(b.enrollments[0].studentId);
    // Another organization's admin cannot read the attendee, nor cancel their enrollment.
    await w.a.http.get(`/api/students/${a.enrollments[0].studentId}`).set(other.auth).expect(404);
    await w.a.http.post(`/api/enrollments/${a.enrollments[0].enrollmentId}/cancel`).set(other.auth).send({}).expect(404);
    const list = (await w.a.http.get(`/api/students/class/${theirs.id}`).set(other.auth).expect(200)).body.data;
    expect(list.every((s: { householdContact: { id: string } | null }) => s.householdContact?.id === b.id)).toBe(true);
  });

  it("should count every new record against the plan's student limit, all or nothing", async () => {
    const free = await createOrg(w.a); // Free: 10 students
    const cls = await createClass(w.a, free, { maxStudents: 20 });
    for (let i = 0; i < 8; i++) await register(registerBody(free.orgId, cls.id)).expect(201);
    const body = registerBody(free.orgId, cls.id, { firstName: 'Gia', lastName: 'Lopez' });
    // Contact + 2 children = 3 new records, 2 places left: refused with the student-facing text, nothing written.
    const res = await register({ ...body, attendees: [{ firstName: 'Gia', lastName: 'Lopez' }, ...KIDS] }).expect(403);
    expect(res.body).toMatchObject({ registrationClosed: true, code: 'REGISTRATION_CLOSED' });
    expect(res.body.error).toContain('is not accepting new online registrations right now');
    expect(await seatsTaken(w.a, cls.id)).toBe(8);
    expect(await studentsOf(body.email)).toEqual([]);
    // Two records fit: the contact registers one child only, not attending.
    await register({ ...body, attendees: [KIDS[0]] }).expect(201);
    expect(await seatsTaken(w.a, cls.id)).toBe(9);
    expect((await studentsOf(body.email)).length).toBe(2);
  });

  it('should refuse bad attendees with readable messages and write nothing', async () => {
    const cls = await createClass(w.a, org);
    const body = registerBody(org.orgId, cls.id);
    const cases: [unknown, string][] = [
      [[], 'Add at least one person to register'],
      [
        Array.from({ length: 11 }, (_, i) => ({ firstName: 'Kid', lastName: `Number${'x'.repeat(i)}` })),
        'Register at most 10 people at a time',
      ],
      [[{ firstName: 'E', lastName: 'Martinez' }], 'First name must be at least 2 characters long'],
      [[{ firstName: 'Emma', lastName: 'M4rtinez' }], 'Last name can only contain letters, spaces, hyphens, and apostrophes'],
      [[{ firstName: 'Emma', lastName: 'Martinez', dateOfBirth: '2016-13-40' }], 'Date of birth must be a date (YYYY-MM-DD)'],
      [[{ firstName: 'Emma', lastName: 'Martinez', age: 9 }], 'property age should not exist'],
      ['Emma', 'attendees must be a list of people'],
    ];
    for (const [attendees, message] of cases) {
      const res = await register({ ...body, attendees }).expect(400);
      expect([attendees, JSON.stringify(res.body)]).toEqual([attendees, expect.stringContaining(message)]);
    }
    expect(await seatsTaken(w.a, cls.id)).toBe(0);
    expect(await studentsOf(body.email)).toEqual([]);
  });

  describe('a household and a single registration of the same new contact email at once', () => {
    // The two transactions are made to overlap where they race: the first one to write the person is held, its row
    // written but not committed, until the second has reached the same email (a lock on the activity table, which
    // both write only after the person). Each in its own class, so the class locks do not line them up.
    const cases = [
      { plan: 'professional', first: 'single' },
      { plan: 'professional', first: 'household' },
      { plan: 'essential', first: 'single' },
      { plan: 'essential', first: 'household' },
    ] as const;
    it.each(cases)('should make one person and register both ($plan plan, the $first registration first)', async ({ plan, first }) => {
      const o = await createOrg(w.a, { plan });
      const a = await createClass(w.a, o, { title: 'Family Swim', maxStudents: 10 });
      const b = await createClass(w.a, o, { title: 'Lap Swim', maxStudents: 10 });
      const single = registerBody(o.orgId, b.id, { firstName: 'Rosa', lastName: 'Diaz' });
      const household = { ...registerBody(o.orgId, a.id, { firstName: 'Rosa', lastName: 'Diaz', email: single.email }), attendees: KIDS };
      const holder = new Client({ connectionString: w.a.url });
      await holder.connect();
      // Read outside the holder's transaction: a transaction sees pg_stat_activity as it was at its first look.
      const waiting = async (n: number) => {
        const end = Date.now() + 10_000;
        for (;;) {
          const [{ k }] = await w.a.db.query(
            `SELECT count(*)::int AS k FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
          );
          if (k >= n) return;
          if (Date.now() > end) throw new Error(`${n} registration(s) not waiting in time`);
          await new Promise((r) => setTimeout(r, 25));
        }
      };
      try {
        await holder.query('BEGIN');
        await holder.query('LOCK TABLE activity_events IN EXCLUSIVE MODE');
        const [one, two] = first === 'single' ? [single, household] : [household, single];
        const firstReply = register(one).then((r) => r);
        await waiting(1); // the first has written the person and waits to write its activity
        const secondReply = register(two).then((r) => r);
        await waiting(2); // the second has reached the same email
        await holder.query('COMMIT');
        const replies = await Promise.all([firstReply, secondReply]);
        expect(replies.map((r) => [r.status, r.body.error ?? null])).toEqual([
          [201, null],
          [201, null],
        ]);
      } finally {
        await holder.query('ROLLBACK').catch(() => undefined);
        await holder.end();
      }
      const people = await studentsOf(single.email);
      const contacts = people.filter((p: { household_contact_id: string | null }) => !p.household_contact_id);
      expect(contacts).toHaveLength(1);
      expect(people.map((p: { first_name: string }) => p.first_name).sort()).toEqual(['Emma', 'Liam', 'Rosa']);
      const contactId = contacts[0].id as string;
      for (const p of people.filter((x: { household_contact_id: string | null }) => x.household_contact_id))
        expect(p.household_contact_id).toBe(contactId);
      // The single registration's seat is the contact's; the household's are the children's.
      const seats = await w.a.db.query(
        `SELECT e.class_id, s.first_name FROM enrollments e JOIN students s ON s.id = e.student_id
          WHERE e.organization_id = $1 AND e.status = 'active' ORDER BY s.first_name`,
        [o.orgId],
      );
      expect(seats).toEqual([
        { class_id: a.id, first_name: 'Emma' },
        { class_id: a.id, first_name: 'Liam' },
        { class_id: b.id, first_name: 'Rosa' },
      ]);
      expect(await seatsTaken(w.a, a.id)).toBe(2);
      expect(await seatsTaken(w.a, b.id)).toBe(1);
      // The limited plan (Essential) keeps a count: the three people, not four. The unlimited one keeps none.
      const [usage] = await w.a.db.query('SELECT students FROM organization_usage WHERE organization_id = $1', [o.orgId]);
      expect(usage?.students ?? null).toBe(plan === 'essential' ? 3 : null);
    });
  });
});
