import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClass, createOrg, createTeacher, studentBody, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

/**
 * "No 5xx on bad input": one generated sweep over every write route of the app. Each route
 * has a valid body in the table below; the sweep derives the bad ones from it (null, a wrong type, a huge
 * string and a NUL byte for every field at every depth, arrays and strings instead of objects, an empty
 * body) and adds the ones every route must refuse (deep nesting, NUL in a body key, the query and the path).
 * Every reply must be a 4xx with the failure envelope, and no table may change.
 */
type Auth = 'admin' | 'public' | 'staff' | 'portal';
/** `valid`: generated variants that are good input by design (e.g. a nullable field), named as the sweep names them. */
interface RouteCase {
  auth: Auth;
  body: Record<string, unknown> | null;
  emptyBodyOk?: boolean;
  valid?: string[];
  /** Headers sent with every variant (e.g. a Stripe-Signature that does not verify). */
  headers?: Record<string, string>;
}

describe('bad input on every write route', () => {
  let t: TestApp;
  let org: OrgFixture;
  let ids: { classId: string; studentId: string; teacherId: string };
  let staffToken: string;
  let portalToken: string;
  let routes: Record<string, RouteCase>;

  beforeAll(async () => {
    t = await createTestApp({
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      CONTACT_RATE_LIMIT_PER_HOUR: '100000',
      ANALYTICS_RATE_LIMIT_PER_MINUTE: '100000',
      // Configured, so the webhook's variants reach the signature check (a stand-in is never called).
      STRIPE_SECRET_KEY: 'sk_test_sweep',
      STRIPE_WEBHOOK_SECRET: 'whsec_sweep',
      // Nothing listens there: a variant that reached Stripe would fail loudly instead of calling the real API.
      STRIPE_API_BASE: 'http://127.0.0.1:9',
      JOBS_ENABLED: 'false',
    });
    org = await createOrg(t, { plan: 'professional' });
    const cls = await createClass(t, org);
    const student = await t.http
      .post('/api/students')
      .set(org.auth)
      .send({ ...studentBody(), classEnrollments: [{ classId: cls.id }] })
      .expect(201);
    await createTeacher(t, org);
    const [teacher] = await t.db.query("SELECT id FROM users WHERE organization_id = $1 AND role = 'teacher'", [org.orgId]);
    ids = { classId: cls.id, studentId: student.body.data.id, teacherId: teacher.id };
    staffToken = (await t.http.post('/api/admin/auth/signin').send({ username: 'itadmin', password: 'staff-password-1' }).expect(200)).body
      .data.token;
    // The student's portal session: a link requested and exchanged as the student does.
    await t.http.post('/api/portal/link').send({ organizationId: org.orgId, email: student.body.data.email }).expect(202);
    const [mail] = await t.db.query("SELECT message FROM communications WHERE kind = 'system' AND recipient_id = $1", [
      student.body.data.id,
    ]);
    const link = /\/my\/([A-Za-z0-9_-]+)/.exec(mail.message)![1];
    portalToken = (await t.http.post('/api/portal/session').send({ token: link }).expect(200)).body.data.token;
    const today = new Date().toISOString();
    const session = { classId: cls.id, sessionDate: today, sessionIndex: 0 };
    const classFields = {
      title: 'T',
      description: 'D',
      instructor: 'I',
      location: 'L',
      status: 'Open',
      price: 10,
      maxStudents: 5,
      startDate: today,
      duration: 60,
      days: 2,
      schedule: 'Weekly',
      information: 'i',
      materials: ['m'],
      minEnrollment: 2,
      decisionHoursBefore: 48,
      autoCancelBelowMinimum: false,
    };
    const person = { firstName: 'Olivia', lastName: 'Martinez', email: 'sweep@example.com', phone: '5595551234', communicationOptIn: true };
    routes = {
      'POST /api/auth/signin': { auth: 'public', body: { email: 'a@example.com', password: 'secret1' } },
      'POST /api/auth/signup': {
        auth: 'public',
        body: { email: 'a@example.com', password: 'secret1', firstName: 'A', lastName: 'B', role: 'admin' },
      },
      'POST /api/auth/signout': { auth: 'admin', body: null },
      'PUT /api/auth/profile': { auth: 'admin', body: { firstName: 'A', lastName: 'B' }, emptyBodyOk: true },
      'POST /api/auth/reset-password': { auth: 'public', body: { email: 'a@example.com' } },
      'POST /api/auth/reset-password/confirm': { auth: 'public', body: { token: 'x'.repeat(40), password: 'secret1' } },
      'POST /api/auth/users': {
        auth: 'admin',
        body: { email: 'a@example.com', password: 'secret1', firstName: 'A', lastName: 'B', role: 'teacher' },
      },
      'DELETE /api/auth/users/:id': { auth: 'admin', body: null },
      'POST /api/admin/auth/signin': { auth: 'public', body: { username: 'itadmin', password: 'x' } },
      'POST /api/admin/auth/signout': { auth: 'staff', body: null },
      'DELETE /api/admin/organizations/:id/delete': { auth: 'staff', body: { confirmation: 'DELETE_ORGANIZATION' } },
      'POST /api/admin/organizations/:id/reset-subscription': { auth: 'staff', body: null },
      'POST /api/admin/organizations/:id/reset-student-payments': { auth: 'staff', body: { dryRun: true } },
      'DELETE /api/admin/organizations/:id/students': { auth: 'staff', body: { confirmation: 'DELETE' } },
      // Both figures optional (a key left out keeps its figure) and nullable (null: back to the deployment's default).
      'PUT /api/admin/organizations/:id/outbound-limits': {
        auth: 'staff',
        body: { messages_per_minute: 500 },
        emptyBodyOk: true,
        valid: ['messages_per_minute: null'],
      },
      'DELETE /api/admin/organizations/:id/activity-events': { auth: 'staff', body: { confirmation: 'DELETE' } },
      'DELETE /api/admin/organizations/:id/scheduled-communications/delete': { auth: 'staff', body: { confirmation: 'DELETE' } },
      // Every group at once; a discount may be null (none), so a null there is good input.
      'PUT /api/settings': {
        auth: 'admin',
        body: {
          cancellationPolicies: [{ daysBeforeClass: 7, refundPercentage: 100 }],
          discounts: { earlyBird: 10, senior: 15, returning: 5 },
          notifications: { reminderHours: 18, emailEnabled: true, smsEnabled: false },
          timeZone: 'America/Chicago',
          waitlistOfferHours: 24,
          classConfirmedMessages: false,
          waitingRoom: false,
          waitingRoomAdmitPerMinute: 1800,
          waitingRoomMinutes: 60,
          discountRules: {
            earlyBird: { kind: 'percent', value: 10, daysBefore: 14 },
            returning: null,
            senior: null,
            siblings: null,
            combine: 'best',
          },
        },
        valid: [
          'discounts.earlyBird: null',
          'discounts.senior: null',
          'discounts.returning: null',
          'discountRules.earlyBird: null',
          'discountRules.returning: null',
          'discountRules.senior: null',
          'discountRules.siblings: null',
        ],
      },
      'PUT /api/settings/branding': { auth: 'admin', body: { branding: { businessName: 'B', primaryColor: '#000000', slogan: 's' } } },
      'PUT /api/settings/contact': { auth: 'admin', body: { contactInfo: { phone: '5595550000', address: 'A' } } },
      'PUT /api/settings/profile': { auth: 'admin', body: { adminProfile: { firstName: 'A', lastName: 'B', email: 'a@example.com' } } },
      'POST /api/organizations': {
        auth: 'admin',
        body: {
          name: 'N',
          contactInfo: { phone: '1', address: 'a' },
          branding: { businessName: 'N' },
          settings: { discounts: [{ name: 'd', value: 1 }], notifications: { reminderHours: 1, emailEnabled: true, smsEnabled: false } },
        },
      },
      'PUT /api/organizations/:id': {
        auth: 'admin',
        body: {
          name: 'N',
          contactInfo: { phone: '1', address: 'a' },
          branding: { businessName: 'N', primaryColor: '#000000' },
          settings: {
            cancellationPolicies: [{ daysBeforeClass: 1, refundPercentage: 5 }],
            notifications: { reminderHours: 1, emailEnabled: true, smsEnabled: false },
            classConfirmedMessages: true,
          },
        },
      },
      'DELETE /api/organizations/:id': { auth: 'admin', body: null },
      'POST /api/classes': { auth: 'admin', body: classFields },
      'PUT /api/classes/:id': { auth: 'admin', body: classFields },
      'DELETE /api/classes/:id': { auth: 'admin', body: null },
      'POST /api/classes/:id/clone': {
        auth: 'admin',
        body: { title: 'C', startDate: today, status: 'Open', minEnrollment: 1, decisionHoursBefore: 24, autoCancelBelowMinimum: true },
      },
      'POST /api/students/check-enrollment': {
        auth: 'public',
        body: { email: 'a@example.com', classId: cls.id, organizationId: org.orgId },
      },
      'POST /api/students/register': {
        auth: 'public',
        body: {
          ...person,
          organizationId: org.orgId,
          classEnrollments: [{ classId: cls.id, paymentMethod: 'in-person', paymentStatus: 'pending' }],
          // Household registration.
          attendees: [{ firstName: 'Emma', lastName: 'Martinez', dateOfBirth: '2016-04-12' }],
          // A place in line (the organization has no waiting room: only its shape is checked).
          waitingRoomTicket: 'ticket',
        },
        // No place in line is good input (null as absent): the registration goes through.
        valid: ['waitingRoomTicket: null'],
      },
      'POST /api/students': {
        auth: 'admin',
        body: {
          ...person,
          status: 'active',
          classEnrollments: [{ classId: cls.id, paymentStatus: 'pending', paymentMethod: 'in-person' }],
        },
      },
      'PUT /api/students/:id': {
        auth: 'admin',
        body: {
          ...person,
          status: 'active',
          classEnrollments: [{ classId: cls.id, paymentStatus: 'completed', paymentMethod: 'in-person' }],
        },
      },
      'DELETE /api/students/:id': { auth: 'admin', body: null },
      'DELETE /api/students/:id/enrollments/:classId': { auth: 'admin', body: null },
      'POST /api/analytics/events': {
        auth: 'public',
        body: { organizationId: org.orgId, events: [{ name: 'class_search', properties: { query: 'yoga' } }] },
        // Marketing pages have no organization; properties are optional, and their values may be null or numbers.
        valid: [
          'organizationId: null',
          'events.0.properties: null',
          'events.0.properties.query: null',
          'events.0.properties.query: number',
        ],
      },
      'POST /api/contact': { auth: 'public', body: { name: 'N', email: 'a@example.com', message: 'm' } },
      // Every variant carries a signature that does not verify: 400 and nothing stored (stripe-webhooks.e2e-spec
      // covers the missing header and the valid ones).
      'POST /api/webhooks/stripe': {
        auth: 'public',
        body: { id: 'evt_sweep', object: 'event', type: 'invoice.paid', created: 1763900000, data: { object: { id: 'in_sweep' } } },
        headers: { 'Stripe-Signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
      },
      // Both need the caller's own organizationId; no variant is valid, so no Stripe call is ever made.
      'POST /api/connect/create-account': { auth: 'admin', body: { organizationId: org.orgId } },
      'POST /api/connect/account-session': { auth: 'admin', body: { organizationId: org.orgId } },
      // The subscription routes: every variant is refused before Stripe is called (the sweep's app has no
      // stand-in; a malformed or foreign organization id is 404/403).
      'POST /api/subscriptions/customer': { auth: 'admin', body: { organizationId: org.orgId, name: 'N', email: 'a@example.com' } },
      'POST /api/subscriptions/create': { auth: 'admin', body: { organizationId: org.orgId, priceId: 'price_x', trialDays: 14 } },
      'POST /api/subscriptions/update': {
        auth: 'admin',
        body: { organizationId: org.orgId, newPlanId: 'essential', newPriceId: 'price_x', prorationBehavior: 'none' },
      },
      'POST /api/subscriptions/:id/cancel': { auth: 'admin', body: null },
      'POST /api/subscriptions/:id/resume': { auth: 'admin', body: null },
      'POST /api/subscriptions/:id/portal': { auth: 'admin', body: { returnUrl: 'http://localhost:3000/admin/subscription' } },
      'POST /api/subscriptions/:id/upgrade': {
        auth: 'admin',
        body: { newPlanId: 'professional', newPriceId: 'price_x', prorationBehavior: 'create_prorations' },
      },
      'POST /api/subscriptions/:id/downgrade': {
        auth: 'admin',
        body: { newPlanId: 'free', newPriceId: 'price_x', effectiveDate: 'end_of_period' },
      },
      'POST /api/payments/mark-paid': { auth: 'admin', body: { studentId: student.body.data.id, classId: cls.id } },
      'POST /api/payments/mark-unpaid': { auth: 'admin', body: { studentId: student.body.data.id, classId: cls.id } },
      // No connected account in this organization: a valid body would be 403 before any Stripe call.
      'POST /api/payments/create-intent': {
        auth: 'public',
        body: {
          classId: cls.id,
          organizationId: org.orgId,
          studentData: person,
          amount: 80,
          attendees: [{ firstName: 'Emma', lastName: 'Martinez', dateOfBirth: '2016-04-12' }],
          waitingRoomTicket: 'ticket',
        },
      },
      'POST /api/payments/confirm-enrollment': {
        auth: 'public',
        body: { paymentIntentId: 'pi_sweep', classId: cls.id, organizationId: org.orgId, studentData: person },
      },
      'POST /api/enrollments/:id/cancel': { auth: 'admin', body: { refund: true, amount: 10 }, emptyBodyOk: true },
      'POST /api/enrollments/:id/refund': { auth: 'admin', body: { amount: 10 }, emptyBodyOk: true },
      'POST /api/enrollments/:id/transfer': { auth: 'admin', body: { toClassId: cls.id, differenceInPerson: true } },
      'POST /api/attendance/mark': { auth: 'admin', body: { ...session, studentId: student.body.data.id, attended: true } },
      'PUT /api/teacher/classes/:classId/sessions/:date/notes': { auth: 'admin', body: { notes: 'Bring brushes' } },
      'POST /api/teacher/classes/:classId/walk-ins': { auth: 'admin', body: { ...person, paidNow: true } },
      'POST /api/communications/send': {
        auth: 'admin',
        body: { recipientId: student.body.data.id, recipientType: 'student', communicationType: 'email', subject: 'S', message: 'M' },
      },
      'POST /api/communications/schedule': {
        auth: 'admin',
        body: {
          recipientId: student.body.data.id,
          recipientType: 'student',
          communicationType: 'email',
          subject: 'S',
          message: 'M',
          scheduledAt: new Date(Date.now() + 86400000).toISOString(),
        },
      },
      'DELETE /api/communications/scheduled/:id': { auth: 'admin', body: null },
      'POST /api/communications/templates': {
        auth: 'admin',
        body: {
          name: 'N',
          type: 'email',
          kind: 'manual',
          subject_template: 'S',
          message_template: 'M',
          variables: ['firstName'],
          is_active: true,
        },
        // Both optional and nullable: a template without a subject (an SMS one), and variables read from the texts.
        valid: ['subject_template: null', 'variables: null'],
      },
      'PUT /api/communications/templates/:id': {
        auth: 'admin',
        body: {
          name: 'N',
          type: 'email',
          kind: 'manual',
          subject_template: 'S',
          message_template: 'M',
          variables: ['firstName'],
          is_active: true,
        },
      },
      'DELETE /api/communications/templates/:id': { auth: 'admin', body: null },
      // Every variant carries a token that does not verify.
      'POST /api/communications/unsubscribe': { auth: 'public', body: { token: 'not-a-token' } },
      // The rating page's button: a signature that does not verify on every variant, so nothing is ever recorded.
      'POST /api/ratings': { auth: 'public', body: { class: cls.id, student: student.body.data.id, rating: 4, sig: 'not-a-signature' } },
      // Twilio is not configured here: no signature can verify, every variant is 400 and changes nothing.
      'POST /api/webhooks/twilio/status': {
        auth: 'public',
        body: { MessageSid: 'SM0', MessageStatus: 'delivered' },
        headers: { 'X-Twilio-Signature': 'bad' },
      },
      'POST /api/webhooks/twilio/inbound': {
        auth: 'public',
        body: { From: '+15595550000', Body: 'STOP' },
        headers: { 'X-Twilio-Signature': 'bad' },
      },
      // The spec's compatibility calls: only the required fields, so every generated variant is one to refuse.
      'POST /api/reporting/activity-events': { auth: 'admin', body: { eventType: 'class_update', description: 'd' } },
      'POST /api/reporting/revenue-transactions': { auth: 'admin', body: { finalAmount: 10 } },
      'POST /api/reporting/enrollment-events': { auth: 'admin', body: { classId: cls.id } },
      // Waitlist: the sweep's class has free seats (a valid join is 409); ids and tokens name no entry (404).
      'POST /api/classes/:classId/waitlist': { auth: 'public', body: { ...person, organizationId: org.orgId } },
      'POST /api/portal/link': { auth: 'public', body: { organizationId: org.orgId, email: 'sweep@example.com' } },
      'POST /api/portal/session': { auth: 'public', body: { token: 'x'.repeat(43) } },
      'POST /api/portal/signout': { auth: 'portal', body: null },
      'POST /api/portal/enrollments/:id/cancel': { auth: 'portal', body: null },
      'POST /api/portal/enrollments/:id/transfer': { auth: 'portal', body: { toClassId: ids.classId } },
      'POST /api/portal/enrollments/:id/transfer/payment-intent': { auth: 'portal', body: { toClassId: ids.classId, amount: 40 } },
      'POST /api/portal/enrollments/:id/transfer/confirm': { auth: 'portal', body: { paymentIntentId: 'pi_sweep' } },
      'POST /api/portal/enrollments/:id/transfer/abandon': { auth: 'portal', body: null },
      'POST /api/portal/erasure': { auth: 'portal', body: null },
      'PUT /api/portal/profile': { auth: 'portal', body: { phone: '5595550000', communicationOptIn: true } },
      'POST /api/portal/payment-plans/:id/pay': { auth: 'portal', body: { seq: 1 }, emptyBodyOk: true },
      'POST /api/portal/payment-plans/:id/pay/confirm': { auth: 'portal', body: { paymentIntentId: 'pi_sweep' } },
      'POST /api/portal/payment-plans/:id/method': { auth: 'portal', body: null },
      'POST /api/portal/payment-plans/:id/method/confirm': { auth: 'portal', body: { setupIntentId: 'seti_sweep' } },
      // Make-ups (issue 41 §3): a policy left empty is the defaults (a valid save), so the empty body is not a bad input.
      'PUT /api/makeup-policies': { auth: 'admin', body: { bookAheadDays: 30, extraSeats: 1, eligible: 'any' }, emptyBodyOk: true },
      'PUT /api/makeup-policies/classes/:classId': {
        auth: 'admin',
        body: { bookAheadDays: 30, extraSeats: 1, eligible: 'any' },
        emptyBodyOk: true,
      },
      'DELETE /api/makeup-policies/classes/:classId': { auth: 'admin', body: null },
      'POST /api/portal/makeups/absences': { auth: 'portal', body: { classSessionId: '00000000-0000-4000-8000-000000000000' } },
      'POST /api/portal/makeups/bookings': {
        auth: 'portal',
        body: { entitlementId: '00000000-0000-4000-8000-000000000000', classSessionId: '00000000-0000-4000-8000-000000000000' },
      },
      'DELETE /api/waitlist/:entryId': { auth: 'admin', body: null },
      'POST /api/waitlist/:entryId/offer': { auth: 'admin', body: null },
      'POST /api/waitlist/:entryId/move': { auth: 'admin', body: { position: 1 } },
      'POST /api/waitlist/leave/:token': { auth: 'public', body: null },
      // Integrations: ids name nothing of the organization (404); bodies as the admin sends them.
      'POST /api/api-keys': { auth: 'admin', body: { name: 'Sweep', scopes: ['read', 'write'] } },
      'DELETE /api/api-keys/:id': { auth: 'admin', body: null },
      'POST /api/webhook-endpoints': {
        auth: 'admin',
        body: { url: 'https://example.com/hook', events: ['enrollment.created'], active: true },
      },
      'PUT /api/webhook-endpoints/:id': {
        auth: 'admin',
        body: { url: 'https://example.com/hook', events: ['enrollment.created'], active: true },
      },
      'DELETE /api/webhook-endpoints/:id': { auth: 'admin', body: null },
      'POST /api/webhook-deliveries/:id/redeliver': { auth: 'admin', body: null },
      'POST /api/calendar-feeds': { auth: 'admin', body: { scope: 'class', classId: cls.id } },
      'DELETE /api/calendar-feeds/:id': { auth: 'admin', body: null },
      'POST /api/calendar-feeds/:id/rotate': { auth: 'admin', body: null },
      // Sessions and closed dates: the sweep's ids name none (404 for good input).
      'POST /api/closed-dates': { auth: 'admin', body: { name: 'Holiday', date: '2031-12-25' } },
      'PUT /api/closed-dates/:id': { auth: 'admin', body: { name: 'Holiday', date: '2031-12-26' } },
      'DELETE /api/closed-dates/:id': { auth: 'admin', body: null },
      'PUT /api/class-sessions/:id': {
        auth: 'admin',
        body: { startsAt: '2031-12-25T18:00:00.000Z', endsAt: '2031-12-25T19:00:00.000Z', note: 'n', roomId: cls.id, instructorId: cls.id },
      },
      'POST /api/class-sessions/:id/cancel': { auth: 'admin', body: { reason: 'Snow', notify: true, remedy: 'credit' } },
      // Prices: the sweep's ids name no promo code (404 for good input).
      'POST /api/public/price-quote': { auth: 'public', body: { organizationId: org.orgId, classId: cls.id } },
      // The class has no opening and the organization no waiting room: 409 NO_WAITING_ROOM for good input.
      'POST /api/public/organizations/:organizationId/waiting-room/tickets': { auth: 'public', body: { classId: cls.id } },
      'POST /api/promo-codes': { auth: 'admin', body: { code: 'SWEEP10', kind: 'percent', value: 10 } },
      'PUT /api/promo-codes/:id': { auth: 'admin', body: { code: 'SWEEP10', kind: 'percent', value: 10 } },
      'DELETE /api/promo-codes/:id': { auth: 'admin', body: null },
      // Payment plans: the term named is none of the organization's (404 for good input).
      'POST /api/payment-plan-definitions': {
        auth: 'admin',
        body: {
          name: 'Sweep plan',
          termId: '00000000-0000-4000-8000-000000000000',
          depositKind: 'amount',
          depositValue: 10,
          interval: 'monthly',
          paidInFullBy: '2027-05-31',
        },
      },
      'PUT /api/payment-plan-definitions/:id': {
        auth: 'admin',
        body: {
          name: 'Sweep plan',
          termId: '00000000-0000-4000-8000-000000000000',
          depositKind: 'amount',
          depositValue: 10,
          interval: 'monthly',
          paidInFullBy: '2027-05-31',
        },
      },
      'DELETE /api/payment-plan-definitions/:id': { auth: 'admin', body: null },
      // Credits (issue 41 §4): a grant for some classes naming none (409 CREDIT_NOT_ELIGIBLE for good input, nothing written);
      // the sweep's ids name no credit (404).
      'POST /api/students/:studentId/credits': { auth: 'admin', body: { kind: 'pack', amount: 1, scope: 'classes', reason: 'Sweep' } },
      'PUT /api/credits/:id/validity': { auth: 'admin', body: { validUntil: '2027-01-01', reason: 'Sweep' }, valid: ['validUntil: null'] },
      'POST /api/credits/:id/revoke': { auth: 'admin', body: { reason: 'Sweep' } },
      'POST /api/credits/:id/transfer': {
        auth: 'admin',
        body: { toStudentId: '00000000-0000-4000-8000-000000000000', amount: 1, reason: 'Sweep' },
      },
      'PUT /api/payment-plan-settings': {
        auth: 'admin',
        body: { chargeHour: 9, retryDays: [1, 3, 5], graceDays: 7, pastDueAction: 'flag', bankDebit: false },
      },
      // A payer's plan (issue 40 §4): the sweep's ids name no plan (404 for good input).
      'POST /api/payment-plans/:planId/instalments/:seq/charge': { auth: 'admin', body: null },
      'POST /api/payment-plans/:planId/instalments/:seq/retry': { auth: 'admin', body: null },
      'PUT /api/payment-plans/:planId/instalments/:seq/due-date': { auth: 'admin', body: { dueAt: '2027-04-01T14:00:00.000Z' } },
      'POST /api/payment-plans/:planId/instalments/:seq/waive': { auth: 'admin', body: null },
      'POST /api/payment-plans/:planId/instalments/:seq/mark-paid': { auth: 'admin', body: null },
      'POST /api/payment-plans/:planId/pause': { auth: 'admin', body: null },
      'POST /api/payment-plans/:planId/resume': { auth: 'admin', body: null },
      'POST /api/payment-plans/:planId/cancel-remaining': { auth: 'admin', body: null },
      // Credit products and sales (issue 41 §2): the class and the ids named are none of the organization's (4xx for good input).
      'POST /api/credit-products': {
        auth: 'admin',
        body: {
          kind: 'pack',
          name: 'Sweep pack',
          price: 100,
          uses: 10,
          scope: 'classes',
          classIds: ['00000000-0000-4000-8000-000000000000'],
        },
      },
      'PUT /api/credit-products/:id': {
        auth: 'admin',
        body: {
          kind: 'pack',
          name: 'Sweep pack',
          price: 100,
          uses: 10,
          scope: 'classes',
          classIds: ['00000000-0000-4000-8000-000000000000'],
        },
      },
      'DELETE /api/credit-products/:id': { auth: 'admin', body: null },
      'POST /api/credit-sales': {
        auth: 'admin',
        body: { productId: '00000000-0000-4000-8000-000000000000', studentId: '00000000-0000-4000-8000-000000000000', paid: true },
      },
      'POST /api/credit-sales/:id/mark-paid': { auth: 'admin', body: null },
      'POST /api/credit-sales/:id/cancel': { auth: 'admin', body: null },
      'POST /api/credit-products/checkout': {
        auth: 'public',
        body: { organizationId: org.orgId, productId: '00000000-0000-4000-8000-000000000000', buyer: person, amount: 100 },
      },
      // Memberships (issue 41 §2): the sweep's ids name no membership (404 for good input).
      'PUT /api/memberships/:id/cancel-at-period-end': { auth: 'admin', body: { cancelAtPeriodEnd: true } },
      'PUT /api/memberships/:id/freeze': { auth: 'admin', body: { from: '2099-01-01', until: '2099-01-10' } },
      'DELETE /api/memberships/:id/freeze': { auth: 'admin', body: null },
      'POST /api/memberships/:id/renew': { auth: 'admin', body: null },
      'POST /api/memberships/:id/mark-renewal-paid': { auth: 'admin', body: null },
      'PUT /api/portal/memberships/:id/cancel-at-period-end': { auth: 'portal', body: { cancelAtPeriodEnd: false } },
      'PUT /api/portal/memberships/:id/freeze': { auth: 'portal', body: { from: '2099-01-01', until: '2099-01-10' } },
      'DELETE /api/portal/memberships/:id/freeze': { auth: 'portal', body: null },
      'POST /api/portal/memberships/:id/pay': { auth: 'portal', body: null },
      // Terms: the sweep's ids name no term (404 for good input).
      'POST /api/terms': {
        auth: 'admin',
        body: {
          name: 'Sweep',
          startDate: '2027-06-14',
          endDate: '2027-08-20',
          registrationOpensAt: '2027-03-01T11:00:00.000Z',
          registrationClosesAt: '2027-06-21T04:00:00.000Z',
          earlyAccessOpensAt: '2027-02-26T11:00:00.000Z',
        },
        valid: ['registrationClosesAt: null', 'earlyAccessOpensAt: null'],
      },
      'PUT /api/terms/:id': {
        auth: 'admin',
        body: {
          name: 'Sweep',
          startDate: '2027-06-14',
          endDate: '2027-08-20',
          registrationOpensAt: '2027-03-01T11:00:00.000Z',
          registrationClosesAt: '2027-06-21T04:00:00.000Z',
          earlyAccessOpensAt: '2027-02-26T11:00:00.000Z',
        },
      },
      'DELETE /api/terms/:id': { auth: 'admin', body: null },
      // Locations, rooms and instructors: the sweep's ids name none (404, or 400 UNKNOWN_LOCATION for a room, for good input).
      'POST /api/locations': {
        auth: 'admin',
        body: { name: 'Sweep', address: '1 Main St', timeZone: 'America/Chicago' },
        valid: ['timeZone: null'],
      },
      'PUT /api/locations/:id': {
        auth: 'admin',
        body: { name: 'Sweep', address: '1 Main St', timeZone: 'America/Chicago' },
        valid: ['timeZone: null'],
      },
      'DELETE /api/locations/:id': { auth: 'admin', body: null },
      'POST /api/rooms': {
        auth: 'admin',
        body: { locationId: '00000000-0000-4000-8000-000000000000', name: 'Sweep', capacity: 10, exclusive: true },
        valid: ['capacity: null'],
      },
      'PUT /api/rooms/:id': {
        auth: 'admin',
        body: { locationId: '00000000-0000-4000-8000-000000000000', name: 'Sweep', capacity: 10, exclusive: true },
        valid: ['capacity: null'],
      },
      'DELETE /api/rooms/:id': { auth: 'admin', body: null },
      'POST /api/instructors': {
        auth: 'admin',
        body: {
          name: 'Sweep',
          email: 'sweep@example.com',
          phone: '5595550000',
          bio: 'Bio',
          userId: ids.teacherId,
          payRule: { kind: 'flat', amount: 5, per: 'month' },
        },
        valid: ['email: null', 'phone: null', 'userId: null', 'payRule: null'],
      },
      'PUT /api/instructors/:id': {
        auth: 'admin',
        body: {
          name: 'Sweep',
          email: 'sweep@example.com',
          phone: '5595550000',
          bio: 'Bio',
          userId: ids.teacherId,
          payRule: { kind: 'per_head', tiers: [{ from: 1, amount: 5 }] },
        },
        valid: ['email: null', 'phone: null', 'userId: null', 'payRule: null'],
      },
      'DELETE /api/instructors/:id': { auth: 'admin', body: null },
      'POST /api/attendance/bulk': {
        auth: 'admin',
        body: { ...session, attendanceData: [{ studentId: student.body.data.id, attended: true }] },
      },
      // Registration questions and waivers: the ids name nothing (404 after validation).
      'POST /api/registration-questions': { auth: 'admin', body: { label: 'Allergies', type: 'short_text' } },
      'PUT /api/registration-questions/:id': { auth: 'admin', body: { label: 'Allergies' }, emptyBodyOk: true },
      'DELETE /api/registration-questions/:id': { auth: 'admin', body: null },
      'POST /api/waivers': { auth: 'admin', body: { title: 'Kiln waiver' } },
      'PUT /api/waivers/:id': { auth: 'admin', body: { title: 'Kiln waiver' }, emptyBodyOk: true },
      'POST /api/waivers/:id/versions': { auth: 'admin', body: { body: 'Text' } },
      'POST /api/waivers/:id/sign-links': { auth: 'admin', body: { studentId: '00000000-0000-4000-8000-000000000000' } },
      // Renders a text being written and stores nothing; a 20,000-character text is a valid waiver (up to 50,000).
      'POST /api/waivers/preview': { auth: 'admin', body: { body: 'Text' }, valid: ['body: huge string'] },
      // The token names no link (404 for good input).
      'POST /api/waiver-links/:token/sign': { auth: 'public', body: { signedName: 'Ana Lopez' } },
    };
  });
  afterAll(async () => {
    await t.close();
  });

  /** Every POST/PUT/DELETE route Express has registered, as "METHOD /path". */
  it('should refuse a NUL byte in the query or a path parameter of every read route too', async () => {
    const failures: string[] = [];
    for (const key of registeredRoutes(['get'])) {
      const pattern = key.split(' ')[1];
      const paths = [`${fillParams(pattern, ids, org.orgId)}?organizationId=${org.orgId}%00`];
      if (pattern.includes(':')) paths.push(fillParams(pattern, ids, org.orgId, 'a%00b'));
      for (const p of paths) {
        for (const auth of [{}, org.auth]) {
          const res = await t.http.get(p).set(auth);
          if (res.status !== 400 || res.body?.success !== false || typeof res.body?.error !== 'string')
            failures.push(`GET ${p} -> ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  function registeredWriteRoutes(): string[] {
    return registeredRoutes(['post', 'put', 'delete', 'patch']);
  }

  function registeredRoutes(methods: string[]): string[] {
    const out = new Set<string>();
    for (const route of t.routes) {
      const m = route.method.toLowerCase();
      if (route.path.startsWith('/api/') && methods.includes(m)) out.add(`${m.toUpperCase()} ${route.path}`);
    }
    return [...out].sort();
  }

  it('should have a case for every write route the app registers', () => {
    expect(Object.keys(routes).sort()).toEqual(registeredWriteRoutes());
  });

  it('should answer every bad input with a 4xx envelope and write nothing', async () => {
    const failures: string[] = [];
    const snapshot = () => tablesFingerprint(t);
    let before = await snapshot();
    for (const [key, route] of Object.entries(routes)) {
      const [method, pattern] = key.split(' ');
      const path = fillParams(pattern, ids, org.orgId);
      const variants: { name: string; path?: string; raw?: string; body?: unknown }[] = [
        { name: 'deeply nested body', raw: '{"a":'.repeat(5000) + '1' + '}'.repeat(5000) },
        { name: 'NUL in a body key', body: { ['a\u0000b']: 'x' } },
        { name: 'NUL in the query', path: `${path}?q=%00` },
      ];
      if (pattern.includes(':')) {
        variants.push({ name: 'NUL in a path parameter', path: fillParams(pattern, ids, org.orgId, '%00') });
        variants.push({ name: 'malformed path parameter', path: fillParams(pattern, ids, org.orgId, 'not-an-id') });
        variants.push({ name: 'huge path parameter', path: fillParams(pattern, ids, org.orgId, 'a'.repeat(5000)) });
      }
      if (route.body) {
        variants.push({ name: 'array body', body: [route.body] }, { name: 'string body', raw: '"text"' });
        if (!route.emptyBodyOk) variants.push({ name: 'empty body', body: {} });
        for (const [name, body] of mutations(route.body)) if (!route.valid?.includes(name)) variants.push({ name, body });
      }
      for (const v of variants) {
        let req = t.http[method.toLowerCase() as 'post'](v.path ?? path);
        if (route.auth === 'admin') req = req.set(org.auth);
        if (route.auth === 'staff') req = req.set('Authorization', `Bearer ${staffToken}`);
        if (route.auth === 'portal') req = req.set('Authorization', `Bearer ${portalToken}`);
        if (route.headers) req = req.set(route.headers);
        const res = v.raw !== undefined ? await req.set('Content-Type', 'application/json').send(v.raw) : await req.send(v.body as object);
        const label = `${key} [${v.name}] -> ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`;
        if (res.status < 400 || res.status >= 500) failures.push(label);
        else if (res.body?.success !== false || typeof res.body?.error !== 'string') failures.push(`${label} (envelope)`);
      }
      // The whole database's hash once per route, after all its bad inputs (once per input took over three minutes
      // at load with ~130 tables): a write names the route; its inputs are then tried one by one to name the input.
      const after = await snapshot();
      if (after !== before) {
        failures.push(`${key} (one of its ${variants.length} bad inputs wrote to the database)`);
        before = after;
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);
});

function fillParams(
  pattern: string,
  ids: { classId: string; studentId: string; teacherId: string },
  orgId: string,
  override?: string,
): string {
  let first = true;
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    if (override !== undefined && first) {
      first = false;
      return override;
    }
    if (name === 'classId' || pattern.startsWith('/api/classes')) return ids.classId;
    // A day-shaped value that is no session of the class: the body is refused before the day is looked up.
    if (name === 'date') return '2030-01-01';
    if (pattern.startsWith('/api/students')) return ids.studentId;
    if (
      pattern.startsWith('/api/organizations') ||
      pattern.startsWith('/api/public/organizations') ||
      pattern.startsWith('/api/admin/organizations') ||
      pattern.startsWith('/api/subscriptions')
    )
      return orgId;
    return ids.teacherId;
  });
}

/** Every leaf and object of the valid body replaced by each bad value, one at a time. */
function* mutations(body: unknown, path: (string | number)[] = []): Generator<[string, unknown]> {
  const set = (value: unknown) => setAt(body, path, value);
  if (path.length) {
    const where = path.join('.');
    yield [`${where}: null`, set(null)];
    if (typeof at(body, path) === 'string') {
      yield [`${where}: number`, set(12345)];
      yield [`${where}: huge string`, set('x'.repeat(20_000))];
      yield [`${where}: NUL byte`, set('a\u0000b')];
    } else if (typeof at(body, path) === 'object') {
      yield [`${where}: string`, set('text')];
      yield [`${where}: nested 40 deep`, set(JSON.parse('{"a":'.repeat(40) + '1' + '}'.repeat(40)))];
    } else {
      yield [`${where}: string`, set('text')];
    }
  }
  const value = path.length ? at(body, path) : body;
  if (value && typeof value === 'object') {
    for (const k of Object.keys(value)) {
      const key = Array.isArray(value) ? Number(k) : k;
      for (const [name, v] of mutations(body, [...path, key])) yield [name, v];
    }
  }
}

function at(root: unknown, path: (string | number)[]): unknown {
  return path.reduce<unknown>((o, k) => (o as Record<string | number, unknown>)[k], root);
}

function setAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (!path.length) return value;
  const copy: Record<string | number, unknown> | unknown[] = Array.isArray(root) ? [...root] : { ...(root as object) };
  (copy as Record<string | number, unknown>)[path[0]] = setAt((root as Record<string | number, unknown>)[path[0]], path.slice(1), value);
  return copy;
}

/** A hash of every row of every table: any insert, update or delete changes it. */
async function tablesFingerprint(t: TestApp): Promise<string> {
  const tables: { tablename: string }[] = await t.db.query(
    "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT IN ('migrations', 'rate_limit_counters') ORDER BY tablename",
  );
  // rate_limit_counters counts every request to a limited route, refused or not: that is its job, not data written.
  // A refused staff sign-in is written to the platform audit log by design (the log is the record of attempts,
  // malformed ones included): those rows are not data a bad request may not write.
  const only = (table: string) => (table === 'platform_audit_log' ? " WHERE NOT (x.action = 'auth.signin' AND x.outcome = 'refused')" : '');
  const parts = tables.map(
    (r) => `(SELECT md5(coalesce(string_agg(x::text, ',' ORDER BY x::text), '')) FROM "${r.tablename}" x${only(r.tablename)})`,
  );
  const [row] = await t.db.query(`SELECT md5(concat(${parts.join(', ')})) AS h`);
  return row.h;
}
