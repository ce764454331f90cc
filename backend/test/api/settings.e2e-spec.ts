import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { refundForCancellation } from '../../src/common/cancellation-policy';
import { RemindersService } from '../../src/modules/registration/reminders.service';
import { createClass, createOrg, createTeacher, registerBody } from '../fixtures/org.fixture';
import { cardClass, cardOrg, intentBody, payInBrowser, startCardWorld, type CardWorld } from './card-payments.helpers';
import { entry, freeSeat, fullClass, join } from './waitlist.helpers';

const DAY = 24 * 3600 * 1000;

/**
 * The settings the server applies (cancellation tiers, discounts, reminders, time zone, waitlist offer
 * hours, the 'Your class is on' switch) through PUT /api/settings: each field validated with a readable message,
 * unknown fields refused, nothing written when anything is refused, and each setting taking effect.
 */
describe('organization settings', () => {
  let w: CardWorld;
  let org: Awaited<ReturnType<typeof cardOrg>>;
  const settingsRow = async (orgId = org.orgId) =>
    (await w.a.db.query('SELECT settings FROM organizations WHERE id = $1', [orgId]))[0].settings;
  const put = (body: unknown, auth = org.auth) =>
    w.a.http
      .put('/api/settings')
      .set(auth)
      .send(body as object);

  beforeAll(async () => {
    w = await startCardWorld();
    w.liveWebhooks(false);
    org = await cardOrg(w.a);
  });
  afterAll(async () => {
    await w.close();
  });

  it('should read the defaults with the derived view and the other settings the server applies', async () => {
    const fresh = await createOrg(w.a);
    const s = (await w.a.http.get('/api/settings').set(fresh.auth).expect(200)).body.data;
    expect(s).toMatchObject({
      discounts: [],
      cancellationPolicies: [],
      notifications: { reminderHours: 18, emailEnabled: true, smsEnabled: false },
      timeZone: null,
      defaultTimeZone: expect.any(String),
      waitlistOfferHours: 24,
      classConfirmedMessages: false,
      derived: {
        discounts: { earlyBird: null, senior: null, returning: null },
        cancellation: { deadlineDays: null, refundPercentage: null },
        reminderTime: '18:00',
      },
    });
  });

  it('should save every group, store the tiers most days first, keep other discounts and answer the derived view', async () => {
    const own = (await w.a.http.get(`/api/organizations/${org.orgId}`).set(org.auth).expect(200)).body.data;
    // A discount the settings screen does not edit, and an old early-bird one it replaces.
    await w.a.http
      .put(`/api/organizations/${org.orgId}`)
      .set(org.auth)
      .send({
        name: own.name,
        settings: {
          discounts: [
            { name: 'Staff', value: 30 },
            { name: 'EARLY BIRD special', value: 5 },
          ],
        },
      })
      .expect(200);
    const res = await put({
      cancellationPolicies: [
        { daysBeforeClass: 2, refundPercentage: 25 },
        { daysBeforeClass: 14, refundPercentage: 100 },
        { daysBeforeClass: 7, refundPercentage: 50 },
      ],
      discounts: { earlyBird: 10, senior: 15, returning: null },
      notifications: { reminderHours: 48, emailEnabled: true, smsEnabled: true },
      timeZone: 'America/Chicago',
      waitlistOfferHours: 12,
      classConfirmedMessages: true,
      organizationId: org.orgId,
    }).expect(200);
    expect(res.body.data).toMatchObject({
      cancellationPolicies: [
        { daysBeforeClass: 14, refundPercentage: 100 },
        { daysBeforeClass: 7, refundPercentage: 50 },
        { daysBeforeClass: 2, refundPercentage: 25 },
      ],
      discounts: [
        { name: 'Early bird', value: 10 },
        { name: 'Senior', value: 15 },
        { name: 'Staff', value: 30 },
      ],
      notifications: { reminderHours: 48, emailEnabled: true, smsEnabled: true },
      timeZone: 'America/Chicago',
      waitlistOfferHours: 12,
      classConfirmedMessages: true,
      derived: {
        discounts: { earlyBird: 10, senior: 15, returning: null },
        cancellation: { deadlineDays: 14, refundPercentage: 100 },
        reminderTime: '48:00',
      },
    });
    expect((await w.a.http.get('/api/settings').set(org.auth).expect(200)).body.data).toEqual(res.body.data);

    // One group alone changes only that group.
    const before = await settingsRow();
    await put({ discounts: { earlyBird: null, senior: 15, returning: 5 } }).expect(200);
    expect(await settingsRow()).toEqual({
      ...before,
      discounts: [
        { name: 'Senior', value: 15 },
        { name: 'Returning student', value: 5 },
        { name: 'Staff', value: 30 },
      ],
    });
    await put({ notifications: { reminderHours: 18, emailEnabled: true, smsEnabled: false } }).expect(200);
    expect((await w.a.http.get('/api/settings').set(org.auth)).body.data.derived.reminderTime).toBe('18:00');
  });

  it('should refuse each bad field with a readable message naming it, and write nothing', async () => {
    const policy = (tiers: unknown) => ({ cancellationPolicies: tiers });
    const reminders = (n: Record<string, unknown>) => ({
      notifications: { reminderHours: 18, emailEnabled: true, smsEnabled: false, ...n },
    });
    const cases: [unknown, string, string][] = [
      [
        policy([{ daysBeforeClass: 7, refundPercentage: 101 }]),
        'cancellationPolicies.0.refundPercentage',
        'Refund percentage must be a whole number from 0 to 100',
      ],
      [
        policy([{ daysBeforeClass: 7, refundPercentage: 50.5 }]),
        'cancellationPolicies.0.refundPercentage',
        'Refund percentage must be a whole number from 0 to 100',
      ],
      [
        policy([{ daysBeforeClass: 7, refundPercentage: '50' }]),
        'cancellationPolicies.0.refundPercentage',
        'Refund percentage must be a whole number from 0 to 100',
      ],
      [
        policy([{ daysBeforeClass: -1, refundPercentage: 50 }]),
        'cancellationPolicies.0.daysBeforeClass',
        'Deadline days must be a whole number from 0 to 365',
      ],
      [policy([{ refundPercentage: 50 }]), 'cancellationPolicies.0.daysBeforeClass', 'Deadline days must be a whole number from 0 to 365'],
      [
        policy([
          { daysBeforeClass: 7, refundPercentage: 50 },
          { daysBeforeClass: 3, refundPercentage: 100 },
        ]),
        'cancellationPolicies',
        'Cancelling earlier must not give back less: 7 days before refunds 50%, but 3 days before refunds 100%',
      ],
      [
        policy([
          { daysBeforeClass: 7, refundPercentage: 50 },
          { daysBeforeClass: 7, refundPercentage: 50 },
        ]),
        'cancellationPolicies',
        'Two tiers have the same deadline (7 days)',
      ],
      [
        policy(Array.from({ length: 11 }, (_, i) => ({ daysBeforeClass: i, refundPercentage: 0 }))),
        'cancellationPolicies',
        'A cancellation policy has at most 10 tiers',
      ],
      [policy('7 days'), 'cancellationPolicies', 'cancellationPolicies must be a list of tiers'],
      [policy([{ daysBeforeClass: 7, refundPercentage: 50, note: 'x' }]), 'cancellationPolicies.0.note', 'property note should not exist'],
      [reminders({ reminderHours: 0 }), 'notifications.reminderHours', 'Reminder hours must be a whole number from 1 to 168 (one week)'],
      [reminders({ reminderHours: 169 }), 'notifications.reminderHours', 'Reminder hours must be a whole number from 1 to 168 (one week)'],
      [reminders({ reminderHours: 18.5 }), 'notifications.reminderHours', 'Reminder hours must be a whole number from 1 to 168 (one week)'],
      [reminders({ smsEnabled: 'yes' }), 'notifications.smsEnabled', 'smsEnabled must be true or false'],
      [reminders({ reminderTime: '18:00' }), 'notifications.reminderTime', 'property reminderTime should not exist'],
      [{ notifications: { reminderHours: 18 } }, 'notifications.emailEnabled', 'emailEnabled must be true or false'],
      [
        { discounts: { earlyBird: 101, senior: null, returning: null } },
        'discounts.earlyBird',
        'earlyBird must be a whole percentage from 0 to 100, or null for none',
      ],
      [
        { discounts: { earlyBird: 10, senior: 12.5, returning: null } },
        'discounts.senior',
        'senior must be a whole percentage from 0 to 100, or null for none',
      ],
      [
        { discounts: { earlyBird: 10, senior: null } },
        'discounts.returning',
        'returning must be a whole percentage from 0 to 100, or null for none',
      ],
      [{ discounts: [{ name: 'Senior', value: 10 }] }, 'discounts', 'discounts must be an object with earlyBird, senior and returning'],
      [{ timeZone: 'Mars/Olympus_Mons' }, 'timeZone', 'timeZone must be an IANA time zone such as America/Chicago'],
      [{ timeZone: null }, 'timeZone', 'timeZone must not be null'],
      [{ waitlistOfferHours: 0 }, 'waitlistOfferHours', 'waitlistOfferHours must be between 1 and 168'],
      [{ waitlistOfferHours: 2.5 }, 'waitlistOfferHours', 'waitlistOfferHours must be a whole number of hours'],
      [{ classConfirmedMessages: 'yes' }, 'classConfirmedMessages', 'classConfirmedMessages must be true or false'],
      [{ reminderHours: 18 }, 'reminderHours', 'property reminderHours should not exist'],
      [{ branding: { businessName: 'X' } }, 'branding', 'property branding should not exist'],
    ];
    const before = await settingsRow();
    const failures: string[] = [];
    for (const [body, field, message] of cases) {
      const res = await put(body);
      if (res.status !== 400 || res.body.success !== false || res.body.errors?.[field] !== message || res.body.error !== message)
        failures.push(`${JSON.stringify(body)} -> ${res.status} ${JSON.stringify(res.body)}`);
    }
    expect(failures).toEqual([]);
    // Nothing to save at all.
    const empty = await put({ organizationId: org.orgId }).expect(400);
    expect(empty.body.error).toMatch(/^Send at least one setting to save: cancellationPolicies, discounts, notifications/);
    // A valid group beside a refused one: nothing is written, not even the valid group.
    await put({
      timeZone: 'Europe/Paris',
      waitlistOfferHours: 100,
      cancellationPolicies: [{ daysBeforeClass: 3, refundPercentage: 120 }],
    }).expect(400);
    expect(await settingsRow()).toEqual(before);
  });

  it('should hold the same tier rules when the settings come through PUT /api/organizations/:id', async () => {
    const own = (await w.a.http.get(`/api/organizations/${org.orgId}`).set(org.auth).expect(200)).body.data;
    const before = await settingsRow();
    const res = await w.a.http
      .put(`/api/organizations/${org.orgId}`)
      .set(org.auth)
      .send({
        name: own.name,
        settings: {
          cancellationPolicies: [
            { daysBeforeClass: 1, refundPercentage: 90 },
            { daysBeforeClass: 10, refundPercentage: 20 },
          ],
        },
      })
      .expect(400);
    expect(res.body.errors).toEqual({
      'settings.cancellationPolicies':
        'Cancelling earlier must not give back less: 10 days before refunds 20%, but 1 days before refunds 90%',
    });
    expect(await settingsRow()).toEqual(before);
  });

  it("should keep teachers out, refuse another organization's id and keep each organization's settings its own", async () => {
    const teacher = await createTeacher(w.a, org);
    await put({ waitlistOfferHours: 3 }, teacher.auth).expect(403);
    await w.a.http.put('/api/settings').send({ waitlistOfferHours: 3 }).expect(401);
    const other = await createOrg(w.a);
    const before = await settingsRow();
    const otherBefore = await settingsRow(other.orgId);
    await put({ waitlistOfferHours: 3, organizationId: other.orgId }).expect(403);
    await put({ waitlistOfferHours: 5 }, other.auth).expect(200);
    expect(await settingsRow()).toEqual(before);
    expect(await settingsRow(other.orgId)).toEqual({ ...otherBefore, waitlistOfferHours: 5 });
  });

  it('should refund a card cancellation by the tiers saved here, as the settings preview computes it', async () => {
    const tiers = [
      { daysBeforeClass: 10, refundPercentage: 100 },
      { daysBeforeClass: 4, refundPercentage: 40 },
    ];
    await put({ cancellationPolicies: tiers }).expect(200);
    const cls = await cardClass(w.a, org, { startDate: new Date(Date.now() + 5 * DAY + 3600_000).toISOString() });
    const body = intentBody(org.orgId, cls.id);
    const d = (await w.a.http.post('/api/payments/create-intent').send(body).expect(201)).body.data;
    await payInBrowser(w.stand, d.paymentIntentId, d.clientSecret);
    await w.a.http
      .post('/api/payments/confirm-enrollment')
      .send({ paymentIntentId: d.paymentIntentId, classId: cls.id, organizationId: org.orgId, studentData: body.studentData })
      .expect(200);
    const cancelled = (await w.a.http.post(`/api/enrollments/${d.enrollmentId}/cancel`).set(org.auth).send({}).expect(200)).body.data;
    // 5 whole days before: the 4-day tier, 40 % of the $80 paid, which is what the preview shows for that notice.
    expect(cancelled.refund).toMatchObject({ amount: 32, status: 'succeeded', reason: expect.stringContaining('40% refund') });
    expect(refundForCancellation(tiers, 8000, 0, 5).refundCents).toBe(3200);
    const refunds = w.stand.requests.filter((r) => r.path === '/v1/refunds' && r.body.payment_intent === d.paymentIntentId);
    expect(refunds.map((r) => r.body.amount)).toEqual(['3200']);
  });

  it('should send reminders by the saved hours and channels', async () => {
    const reminded = await createOrg(w.a, { plan: 'professional' });
    const cls = await createClass(w.a, reminded, {
      title: 'Reminder Pottery',
      days: 1,
      startDate: new Date(Date.now() + 30 * 3600_000).toISOString(),
    });
    await w.a.http
      .post('/api/students/register')
      .send(registerBody(reminded.orgId, cls.id, { phone: '5595550188', communicationOptIn: true }))
      .expect(201);
    const queued = () =>
      w.a.db.query("SELECT channel FROM communications WHERE kind = 'reminder' AND organization_id = $1", [reminded.orgId]);
    // The default, 18 hours before: not yet due for a class 30 hours away.
    await w.a.app.get(RemindersService).queueDue();
    expect(await queued()).toEqual([]);
    await put({ notifications: { reminderHours: 36, emailEnabled: false, smsEnabled: true } }, reminded.auth).expect(200);
    await w.a.app.get(RemindersService).queueDue();
    expect(await queued()).toEqual([{ channel: 'sms' }]);
  });

  it('should count report days in the saved time zone and hold waitlist offers the saved hours', async () => {
    await put({ timeZone: 'Pacific/Auckland', waitlistOfferHours: 6 }).expect(200);
    const report = (await w.a.http.get('/api/reports/enrollment?timeframe=7d').set(org.auth).expect(200)).body.data;
    expect(report.timeZone).toBe('Pacific/Auckland');

    const { cls, students } = await fullClass(w.a, org, 1);
    const a = await join(w.a, org.orgId, cls.id);
    await freeSeat(w.a, org, students[0].id, cls.id);
    const e = await entry(w.a, a.entryId);
    expect((new Date(e.offer_expires_at!).getTime() - new Date(e.offered_at!).getTime()) / 3_600_000).toBeCloseTo(6, 5);
  });
});
