import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import jwt from 'jsonwebtoken';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import { createClass, createOrg, createTeacher, type OrgFixture } from '../fixtures/org.fixture';
import { addStudent, fillOrganization, insertEnrollment } from '../fixtures/populated-org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

/**
 * The IT-admin portal API. Staff tokens only; typed confirmations checked by the server; a dry run that
 * predicts the real run exactly and changes nothing; card payments never reset; an organization delete that takes
 * all its rows and nobody else's; masked secrets; and an append-only audit log of every staff action.
 */
const JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';
/** Fake but realistic secrets: no reply of the portal may contain any of them. */
const rnd = (n: number) => randomBytes(n).toString('hex');
const SECRETS = {
  STRIPE_SECRET_KEY: `sk_test_${rnd(24)}`,
  STRIPE_PUBLISHABLE_KEY: `pk_test_${rnd(24)}`,
  STRIPE_WEBHOOK_SECRET: `whsec_${rnd(16)}`,
  TWILIO_ACCOUNT_SID: `AC${rnd(16)}`,
  TWILIO_AUTH_TOKEN: rnd(16),
  SENDGRID_API_KEY: `SG.${rnd(11)}.${rnd(21)}`,
};
const STAFF_PASSWORD = 'staff-password-1';

describe('IT-admin portal API', () => {
  let t: TestApp;
  let staff: { Authorization: string };
  let staffId: string;
  const replies: { route: string; text: string }[] = [];

  /** Every staff call goes through here, so the secret sweep sees every reply of the portal. */
  const record = (route: string, res: Response) => {
    replies.push({ route, text: `${JSON.stringify(res.headers)}\n${res.text}` });
    return res;
  };
  const get = async (path: string, auth = staff) => record(`GET ${path}`, await t.http.get(path).set(auth));
  const post = async (path: string, body: object = {}, auth = staff) =>
    record(`POST ${path}`, await t.http.post(path).set(auth).send(body));
  const del = async (path: string, body: object = {}, auth = staff) =>
    record(`DELETE ${path}`, await t.http.delete(path).set(auth).send(body));

  const signIn = async (password = STAFF_PASSWORD) =>
    record('POST /api/admin/auth/signin', await t.http.post('/api/admin/auth/signin').send({ username: 'itadmin', password }));

  beforeAll(async () => {
    t = await createTestApp({
      ...SECRETS,
      TWILIO_FROM_NUMBER: '+15595550100',
      // Nothing listens there: a Stripe call in these tests fails fast instead of leaving the machine.
      STRIPE_API_BASE: 'http://127.0.0.1:9',
      PLATFORM_FEE_PERCENT: '5',
      JOBS_ENABLED: 'false',
    });
    const res = await signIn();
    expect(res.status).toBe(200);
    staff = { Authorization: `Bearer ${res.body.data.token}` };
    staffId = (await t.db.query("SELECT id FROM platform_staff WHERE username = 'itadmin'"))[0].id;
  });
  afterAll(async () => {
    await t.close();
  });

  // ---- helpers -------------------------------------------------------------------------------------------
  // Shared with the backup round trip (test/fixtures/populated-org.fixture.ts).
  const student = (org: OrgFixture, name = 'Olivia') => addStudent(t, org, name);
  const enrollment = (org: OrgFixture, classId: string, studentId: string, f: Record<string, unknown> = {}) =>
    insertEnrollment(t, org, classId, studentId, f);

  /** Rows per table: the whole table, and per organization where the table has an organization_id. */
  async function census(orgIds: string[]) {
    const tables: { tablename: string }[] = await t.db.query(
      "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT IN ('migrations') ORDER BY tablename",
    );
    const out: Record<string, Record<string, number>> = {};
    for (const { tablename } of tables) {
      const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM "${tablename}"`);
      out[tablename] = { all: n };
      const [hasOrg] = await t.db.query(
        "SELECT 1 FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 AND column_name = 'organization_id'",
        [tablename],
      );
      if (hasOrg && tablename !== 'platform_audit_log') {
        for (const id of orgIds) {
          out[tablename][id] = (await t.db.query(`SELECT count(*)::int AS n FROM "${tablename}" WHERE organization_id = $1`, [id]))[0].n;
        }
      }
    }
    return out;
  }
  const communicationsOf = async (orgId: string) =>
    (await t.db.query('SELECT count(*)::int AS n FROM communications WHERE organization_id = $1', [orgId]))[0].n as number;
  const withoutAudit = (c: Record<string, Record<string, number>>) =>
    Object.fromEntries(Object.entries(c).filter(([k]) => k !== 'platform_audit_log'));

  const populatedOrg = (label: string) => fillOrganization(t, label);

  // ---- access --------------------------------------------------------------------------------------------
  describe('access', () => {
    let org: OrgFixture;
    let routes: [string, string, object | null][];
    beforeAll(async () => {
      org = await createOrg(t);
      const id = org.orgId;
      routes = [
        ['get', '/api/admin/organizations', null],
        ['get', `/api/admin/organizations/${id}`, null],
        ['delete', `/api/admin/organizations/${id}/delete`, { confirmation: 'DELETE_ORGANIZATION' }],
        ['post', `/api/admin/organizations/${id}/reset-subscription`, {}],
        ['get', `/api/admin/organizations/${id}/student-payments`, null],
        ['post', `/api/admin/organizations/${id}/reset-student-payments`, { dryRun: false }],
        ['delete', `/api/admin/organizations/${id}/students`, { confirmation: 'DELETE' }],
        ['delete', `/api/admin/organizations/${id}/activity-events`, { confirmation: 'DELETE' }],
        ['delete', `/api/admin/organizations/${id}/scheduled-communications/delete`, { confirmation: 'DELETE' }],
        ['get', '/api/admin/system-info', null],
        ['get', '/api/admin/audit-log', null],
      ];
    });

    it('should register exactly the IT-admin routes of the spec', () => {
      const mine = t.routes.filter((r) => r.path.startsWith('/api/admin/') && !r.path.startsWith('/api/admin/auth/'));
      expect(mine.map((r) => `${r.method} ${r.path}`).sort()).toEqual(
        [
          'GET /api/admin/organizations',
          'GET /api/admin/organizations/:id',
          'DELETE /api/admin/organizations/:id/delete',
          'POST /api/admin/organizations/:id/reset-subscription',
          'GET /api/admin/organizations/:id/student-payments',
          'POST /api/admin/organizations/:id/reset-student-payments',
          'DELETE /api/admin/organizations/:id/students',
          'DELETE /api/admin/organizations/:id/activity-events',
          'DELETE /api/admin/organizations/:id/scheduled-communications/delete',
          'GET /api/admin/system-info',
          'GET /api/admin/audit-log',
          // Beyond the spec: an organization's outbound limits (issue 44 §2, outbound-limits.e2e-spec.ts)
          'GET /api/admin/organizations/:id/outbound-limits',
          'PUT /api/admin/organizations/:id/outbound-limits',
          'HEAD /api/admin/organizations/:id/outbound-limits',
          // Fastify adds HEAD for every GET
          'HEAD /api/admin/organizations',
          'HEAD /api/admin/organizations/:id',
          'HEAD /api/admin/organizations/:id/student-payments',
          'HEAD /api/admin/system-info',
          'HEAD /api/admin/audit-log',
        ].sort(),
      );
    });

    it('should refuse no token, organization tokens, expired and signed-out staff tokens on every route, changing nothing', async () => {
      const teacher = await createTeacher(t, org);
      const expired = jwt.sign({}, JWT_SECRET, {
        subject: staffId,
        audience: 'classlane:staff',
        issuer: 'classlane',
        jwtid: randomUUID(),
        expiresIn: -10,
      });
      const out = await signIn();
      const signedOut = { Authorization: `Bearer ${out.body.data.token}` };
      await t.http.post('/api/admin/auth/signout').set(signedOut).expect(200);
      const before = withoutAudit(await census([org.orgId]));
      const callers: [string, Record<string, string>][] = [
        ['no token', {}],
        ['organization admin', org.auth],
        ['organization teacher', teacher.auth],
        ['expired staff token', { Authorization: `Bearer ${expired}` }],
        ['signed-out staff token', signedOut],
      ];
      const wrong: string[] = [];
      for (const [method, path, body] of routes) {
        for (const [who, auth] of callers) {
          let req = t.http[method as 'get'](path).set(auth);
          if (body) req = req.send(body);
          const res = await req;
          if (res.status !== 401 || res.body.success !== false) wrong.push(`${who} ${method} ${path} -> ${res.status}`);
        }
      }
      expect(wrong).toEqual([]);
      expect(withoutAudit(await census([org.orgId]))).toEqual(before);
    });

    it('should refuse staff tokens on organization routes', async () => {
      for (const path of ['/api/auth/me', '/api/classes', '/api/students', `/api/organizations/${org.orgId}`, '/api/activity-events']) {
        const res = await t.http.get(path).set(staff);
        expect([path, res.status]).toEqual([path, 401]);
      }
    });

    it('should issue staff tokens that expire after one hour', async () => {
      const res = await signIn();
      const claims = jwt.decode(res.body.data.token) as { exp: number; iat: number; aud: string };
      expect(claims.exp - claims.iat).toBe(3600);
      expect(claims.aud).toBe('classlane:staff');
      expect(res.body.data.expiresIn).toBe(3600);
    });
  });

  // ---- organizations ---------------------------------------------------------------------------------------
  describe('organizations', () => {
    it('should list organizations with plan, payment setup and counts, paged and searchable by name or domain', async () => {
      const a = await populatedOrg('Listy');
      await t.db.query("UPDATE organizations SET domain = 'listy-domain.example.com' WHERE id = $1", [a.org.orgId]);
      const res = await get(`/api/admin/organizations?filter=${encodeURIComponent(JSON.stringify({ q: 'LISTY' }))}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, error: null, message: expect.any(String) });
      expect(res.headers['content-range']).toBe('organizations 0-0/1');
      const account = (await t.db.query('SELECT stripe_account_id FROM connect_accounts WHERE organization_id = $1', [a.org.orgId]))[0];
      expect(res.body.data).toEqual([
        {
          id: a.org.orgId,
          name: 'Listy Academy',
          domain: 'listy-domain.example.com',
          subscription_plan_id: 'professional',
          subscription_plan_name: 'Professional',
          subscription_status: 'active',
          stripe_connect_account_id: account.stripe_account_id,
          stripe_onboarding_completed: true,
          stripe_charges_enabled: true,
          created_at: expect.any(String),
          updated_at: expect.any(String),
          counts: { users: 2, classes: 1, students: 2, enrollments: 2, communications: await communicationsOf(a.org.orgId) },
        },
      ]);
      const byDomain = await get(`/api/admin/organizations?filter=${encodeURIComponent(JSON.stringify({ q: 'listy-domain' }))}`);
      expect(byDomain.body.data.map((o: { id: string }) => o.id)).toEqual([a.org.orgId]);
      const page = await get('/api/admin/organizations?range=[0,1]&sort=["name","ASC"]');
      expect(page.body.data).toHaveLength(2);
      expect(page.headers['content-range']).toMatch(/^organizations 0-1\/\d+$/);
      await get('/api/admin/organizations?sort=["password","ASC"]').then((r) => expect(r.status).toBe(400));
    });

    it('should show one organization with contact, branding, settings and subscription, and 404 an unknown one', async () => {
      const { org } = await populatedOrg('Detail');
      const res = await get(`/api/admin/organizations/${org.orgId}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        id: org.orgId,
        name: 'Detail Academy',
        contact_info: expect.objectContaining({ email: org.email }),
        branding: expect.objectContaining({ businessName: 'Detail Academy' }),
        settings: expect.any(Object),
        subscription: { plan_id: 'professional', plan_name: 'Professional', monthly_price: 9900, status: 'active' },
        stripe_payouts_enabled: true,
        counts: { users: 2, classes: 1, students: 2, enrollments: 2, communications: await communicationsOf(org.orgId) },
      });
      expect((await get(`/api/admin/organizations/${randomUUID()}`)).status).toBe(404);
      expect((await get('/api/admin/organizations/not-an-id')).status).toBe(404);
    });

    it('should reset a subscription to Free', async () => {
      const org = await createOrg(t, { plan: 'essential' });
      await t.db.query("UPDATE organizations SET subscription_status = 'past_due' WHERE id = $1", [org.orgId]);
      const res = await post(`/api/admin/organizations/${org.orgId}/reset-subscription`);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        organization_id: org.orgId,
        subscription_plan_id: 'free',
        subscription_status: 'active',
      });
      const [row] = await t.db.query('SELECT plan_id, subscription_status FROM organizations WHERE id = $1', [org.orgId]);
      expect(row).toEqual({ plan_id: 'free', subscription_status: 'active' });
      expect((await post(`/api/admin/organizations/${randomUUID()}/reset-subscription`)).status).toBe(404);
    });
  });

  // ---- typed confirmations -----------------------------------------------------------------------------------
  describe('typed confirmations', () => {
    it('should refuse a wrong or missing confirmation on every destructive route, deleting nothing', async () => {
      const a = await populatedOrg('Confirm');
      const id = a.org.orgId;
      const cases: [string, string, unknown[]][] = [
        [
          `/api/admin/organizations/${id}/delete`,
          'DELETE_ORGANIZATION',
          ['DELETE', 'delete_organization', ' DELETE_ORGANIZATION', 'DELETE_ORGANIZATION ', undefined, '', 1],
        ],
        [`/api/admin/organizations/${id}/students`, 'DELETE', ['delete', 'DELETE_ORGANIZATION', 'DELET', undefined, '', null]],
        [`/api/admin/organizations/${id}/activity-events`, 'DELETE', ['delete', 'Delete', undefined, true]],
        [`/api/admin/organizations/${id}/scheduled-communications/delete`, 'DELETE', ['delete', undefined]],
      ];
      const before = withoutAudit(await census([id]));
      const auditBefore = (await t.db.query('SELECT count(*)::int AS n FROM platform_audit_log'))[0].n;
      let wellFormedRefusals = 0;
      for (const [path, , wrongs] of cases) {
        for (const confirmation of wrongs) {
          const res = await del(path, confirmation === undefined ? {} : { confirmation });
          expect([path, confirmation, res.status, res.body.success]).toEqual([path, confirmation, 400, false]);
          if (typeof confirmation === 'string' && confirmation) {
            wellFormedRefusals += 1;
            expect(res.body.error).toMatch(/^Confirmation failed\./);
          }
        }
      }
      expect(withoutAudit(await census([id]))).toEqual(before);
      // A well-formed but wrong confirmation is a refused staff action, and it is in the log.
      const refused = await t.db.query(
        "SELECT action, outcome, request->>'confirmation' AS confirmation FROM platform_audit_log WHERE id > $1 AND target_organization_id = $2",
        [auditBefore, id],
      );
      expect(refused).toHaveLength(wellFormedRefusals);
      expect(refused.every((r: { outcome: string }) => r.outcome === 'refused')).toBe(true);
    });
  });

  // ---- payments -------------------------------------------------------------------------------------------------
  describe('student payments and their reset', () => {
    let org: OrgFixture;
    let ids: Record<string, string>;
    beforeAll(async () => {
      org = await createOrg(t, { plan: 'professional' });
      const cls = await createClass(t, org, { title: 'Glazing' });
      const s = await Promise.all(['Ann', 'Bob', 'Cat', 'Dan', 'Eve', 'Fay'].map((n) => student(org, n)));
      ids = {
        inPersonPaid: await enrollment(org, cls.id, s[0], { payment_status: 'completed', amount_paid_cents: 8000 }),
        inPersonPaid2: await enrollment(org, cls.id, s[1], { payment_status: 'completed', amount_paid_cents: 2500 }),
        pending: await enrollment(org, cls.id, s[2]),
        // Card payment with the split Stripe charged stored at payment time.
        cardStored: await enrollment(org, cls.id, s[3], {
          payment_status: 'completed',
          payment_method: 'card',
          amount_paid_cents: 10000,
          platform_fee_cents: 300,
          organization_amount_cents: 9700,
          stripe_payment_intent_id: 'pi_stored_split',
        }),
        // Card payment without a stored split: PLATFORM_FEE_PERCENT (5 in this app) applies.
        cardComputed: await enrollment(org, cls.id, s[4], {
          payment_status: 'completed',
          payment_method: 'card',
          amount_paid_cents: 4999,
          stripe_payment_intent_id: 'pi_computed_split',
        }),
        // Marked in person but tied to a PaymentIntent: money moved, never reset.
        tiedToIntent: await enrollment(org, cls.id, s[5], {
          payment_status: 'completed',
          payment_method: 'in-person',
          amount_paid_cents: 3000,
          stripe_payment_intent_id: 'pi_odd_row',
        }),
      };
    });

    const enrollmentsOf = async () =>
      t.db.query(
        'SELECT id, status, payment_status, payment_method, amount_paid_cents, platform_fee_cents, organization_amount_cents, paid_at FROM enrollments WHERE organization_id = $1 ORDER BY id',
        [org.orgId],
      );

    it('should list payments with the fee split of PLATFORM_FEE_PERCENT for card payments and none in person', async () => {
      const res = await get(`/api/admin/organizations/${org.orgId}/student-payments`);
      expect(res.status).toBe(200);
      expect(res.headers['content-range']).toBe('student-payments 0-4/5');
      const byId = Object.fromEntries(res.body.data.map((p: { id: string }) => [p.id, p]));
      expect(Object.keys(byId).sort()).toEqual(
        [ids.inPersonPaid, ids.inPersonPaid2, ids.cardStored, ids.cardComputed, ids.tiedToIntent].sort(),
      );
      expect(byId[ids.cardStored]).toMatchObject({
        amount: 10000,
        platform_fee_amount: 300,
        organization_amount: 9700,
        stripe_payment_intent_id: 'pi_stored_split',
      });
      expect(byId[ids.cardComputed]).toMatchObject({
        amount: 4999,
        platform_fee_amount: 250,
        organization_amount: 4749,
        payment_method: 'card',
      });
      expect(byId[ids.inPersonPaid]).toMatchObject({
        student_name: 'Ann Martinez',
        class_name: 'Glazing',
        amount: 8000,
        platform_fee_amount: 0,
        organization_amount: 8000,
        stripe_payment_intent_id: null,
        transaction_date: expect.any(String),
      });
      expect((await get(`/api/admin/organizations/${randomUUID()}/student-payments`)).status).toBe(404);
    });

    it('should simulate the reset without changing anything, then reset exactly what the simulation said, never a card payment', async () => {
      const before = await enrollmentsOf();
      const dry = await post(`/api/admin/organizations/${org.orgId}/reset-student-payments`, { dryRun: true });
      expect(dry.status).toBe(200);
      expect(dry.body.message).toMatch(/Nothing was changed/);
      expect(await enrollmentsOf()).toEqual(before);
      expect(dry.body.data).toMatchObject({ dryRun: true, resetCount: 2, skippedCount: 3 });
      const idsOf = (list: { id: string }[]) => list.map((p) => p.id).sort();
      expect(idsOf(dry.body.data.reset)).toEqual([ids.inPersonPaid, ids.inPersonPaid2].sort());
      expect(idsOf(dry.body.data.skipped)).toEqual([ids.cardStored, ids.cardComputed, ids.tiedToIntent].sort());
      expect(dry.body.data.skipped.every((p: { reason: string }) => /never reset/.test(p.reason))).toBe(true);

      const real = await post(`/api/admin/organizations/${org.orgId}/reset-student-payments`, { dryRun: false });
      expect(real.status).toBe(200);
      expect({ ...real.body.data, dryRun: true }).toEqual(dry.body.data);
      const after = await enrollmentsOf();
      const changed = after
        .filter((row: { id: string }, i: number) => JSON.stringify(row) !== JSON.stringify(before[i]))
        .map((r: { id: string }) => r.id);
      expect(changed.sort()).toEqual(idsOf(dry.body.data.reset));
      for (const row of after) {
        if ([ids.inPersonPaid, ids.inPersonPaid2].includes(row.id))
          expect(row).toMatchObject({ payment_status: 'pending', amount_paid_cents: 0, paid_at: null });
      }
      for (const id of [ids.cardStored, ids.cardComputed, ids.tiedToIntent]) {
        expect(after.find((r: { id: string }) => r.id === id)).toEqual(before.find((r: { id: string }) => r.id === id));
      }
      const again = await post(`/api/admin/organizations/${org.orgId}/reset-student-payments`, { dryRun: true });
      expect(again.body.data).toMatchObject({ resetCount: 0, skippedCount: 3 });
    });

    it('should refuse a missing or non-boolean dryRun', async () => {
      for (const body of [{}, { dryRun: 'true' }, { dryRun: null }, { dryRun: true, extra: 1 }]) {
        expect((await post(`/api/admin/organizations/${org.orgId}/reset-student-payments`, body)).status).toBe(400);
      }
    });
  });

  // ---- deletes ------------------------------------------------------------------------------------------------
  describe('deletes', () => {
    it("should delete an organization and every row it owns, and no other organization's", async () => {
      const a = await populatedOrg('Doomed');
      const b = await populatedOrg('Kept');
      const hold = await enrollment(a.org, a.cls.id, await student(a.org, 'Held'), {
        status: 'held',
        hold_expires_at: new Date(Date.now() + 600_000),
        payment_method: 'card',
        stripe_payment_intent_id: 'pi_open_hold',
      });
      expect(hold).toBeDefined();
      const account = (await t.db.query('SELECT stripe_account_id FROM connect_accounts WHERE organization_id = $1', [a.org.orgId]))[0]
        .stripe_account_id;
      const before = await census([a.org.orgId, b.org.orgId]);
      // Every organization table holds rows of both before the delete (otherwise the test proves nothing).
      for (const [table, counts] of Object.entries(before)) {
        if (a.org.orgId in counts) expect([table, counts[a.org.orgId] > 0, counts[b.org.orgId] > 0]).toEqual([table, true, true]);
      }
      const res = await del(`/api/admin/organizations/${a.org.orgId}/delete`, { confirmation: 'DELETE_ORGANIZATION' });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        id: a.org.orgId,
        name: 'Doomed Academy',
        deleted: true,
        stripe_connect_account_id: account,
        cancelled_payment_intents: [],
      });
      expect(res.body.message).toContain(account);
      const after = await census([a.org.orgId, b.org.orgId]);
      for (const [table, counts] of Object.entries(before)) {
        if (table === 'platform_audit_log') continue;
        if (a.org.orgId in counts) {
          expect([table, after[table][a.org.orgId], after[table][b.org.orgId]]).toEqual([table, 0, counts[b.org.orgId]]);
          expect([table, after[table].all]).toEqual([table, counts.all - counts[a.org.orgId]]);
        } else if (table === 'organizations') {
          expect(after[table].all).toBe(counts.all - 1);
        } else if (table !== 'auth_failures' && table !== 'revoked_tokens') {
          expect([table, after[table].all]).toEqual([table, counts.all]);
        }
      }
      // Its users' sessions are over; the other organization's go on.
      await t.http.get('/api/auth/me').set(a.org.auth).expect(401);
      await t.http.get('/api/auth/me').set(b.org.auth).expect(200);
      // The audit entry names the Connect account staff must close, and the open hold whose payment could not be cancelled here.
      const [entry] = await t.db.query(
        "SELECT outcome, detail FROM platform_audit_log WHERE action = 'organization.delete' AND target_organization_id = $1 AND outcome = 'success'",
        [a.org.orgId],
      );
      expect(entry.detail).toMatchObject({ name: 'Doomed Academy', stripeConnectAccountId: account, openSeatHolds: 1 });
      expect(entry.detail.paymentIntentsNotCancelled).toEqual([expect.objectContaining({ paymentIntentId: 'pi_open_hold' })]);
      expect((await del(`/api/admin/organizations/${a.org.orgId}/delete`, { confirmation: 'DELETE_ORGANIZATION' })).status).toBe(404);
    });

    it("should delete an organization's students (freeing their seats) and activity events, and nobody else's", async () => {
      const a = await populatedOrg('Bulk');
      const b = await populatedOrg('Other');
      const before = await census([a.org.orgId, b.org.orgId]);
      const res = await del(`/api/admin/organizations/${a.org.orgId}/students`, { confirmation: 'DELETE' });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ organization_id: a.org.orgId, students: 2, enrollments: 2 });
      const mid = await census([a.org.orgId, b.org.orgId]);
      for (const table of ['students', 'enrollments', 'attendance', 'refunds']) {
        expect([table, mid[table][a.org.orgId], mid[table][b.org.orgId]]).toEqual([table, 0, before[table][b.org.orgId]]);
      }
      expect(mid.classes[a.org.orgId]).toBe(before.classes[a.org.orgId]);
      const [cls] = await t.db.query('SELECT enrolled_students FROM classes WHERE id = $1', [a.cls.id]);
      expect(cls.enrolled_students).toBe(0);
      expect(mid.activity_events[a.org.orgId]).toBe(before.activity_events[a.org.orgId]);

      const ev = await del(`/api/admin/organizations/${a.org.orgId}/activity-events`, { confirmation: 'DELETE' });
      expect(ev.status).toBe(200);
      expect(ev.body.data).toEqual({ organization_id: a.org.orgId, activity_events: before.activity_events[a.org.orgId] });
      const after = await census([a.org.orgId, b.org.orgId]);
      expect(after.activity_events[a.org.orgId]).toBe(0);
      expect(after.activity_events[b.org.orgId]).toBe(before.activity_events[b.org.orgId]);
    });

    it("should delete an organization's messages still waiting to go, keeping its history and other organizations' messages", async () => {
      const a = await populatedOrg('Comms');
      const b = await populatedOrg('Quiet');
      const statusCount = async (orgId: string) =>
        Object.fromEntries(
          (
            await t.db.query('SELECT status, count(*)::int AS n FROM communications WHERE organization_id = $1 GROUP BY status', [orgId])
          ).map((r: { status: string; n: number }) => [r.status, r.n]),
        );
      const beforeA = await statusCount(a.org.orgId);
      const beforeB = await statusCount(b.org.orgId);
      expect(beforeA.pending).toBeGreaterThan(0);
      const res = await del(`/api/admin/organizations/${a.org.orgId}/scheduled-communications/delete`, { confirmation: 'DELETE' });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ organization_id: a.org.orgId, scheduled_communications: beforeA.pending });
      const { pending: _gone, ...kept } = beforeA;
      expect(await statusCount(a.org.orgId)).toEqual(kept);
      expect(await statusCount(b.org.orgId)).toEqual(beforeB);
    });
  });

  // ---- system info and secrets -------------------------------------------------------------------------------------
  describe('system info', () => {
    it('should show masked fragments of at most 4 + 4 characters and the database, never a credential', async () => {
      const res = await get('/api/admin/system-info');
      expect(res.status).toBe(200);
      const info = res.body.data;
      expect(info).toMatchObject({
        apiUrl: expect.stringMatching(/\/api$/),
        clientUrl: expect.any(String),
        environment: expect.any(String),
        platformFeePercent: 5,
        stripe: { environment: 'test', configured: true, hasWebhookSecret: true },
        twilio: { configured: true, phoneNumber: '+15595550100', hasAuthToken: true },
        sendgrid: { hasApiKey: true, verifiedSender: expect.any(String) },
        database: { host: expect.any(String), version: expect.stringMatching(/^PostgreSQL \d+/), poolSize: expect.any(Number) },
      });
      const partials = [
        [info.stripe.secretKeyPartial, SECRETS.STRIPE_SECRET_KEY],
        [info.stripe.publicKeyPartial, SECRETS.STRIPE_PUBLISHABLE_KEY],
        [info.stripe.webhookSecretPartial, SECRETS.STRIPE_WEBHOOK_SECRET],
        [info.twilio.accountSidPartial, SECRETS.TWILIO_ACCOUNT_SID],
        [info.sendgrid.apiKeyPartial, SECRETS.SENDGRID_API_KEY],
      ];
      for (const [partial, secret] of partials) {
        expect(partial).toBe(`${secret.slice(0, 4)}…${secret.slice(-4)}`);
      }
      expect(JSON.stringify(info)).not.toMatch(/password/i);
      expect(info.stripe.stuckEvents).toEqual({ count: 0, oldest: null });
    });

    it('should count the Stripe events still failing after every retry and show the oldest, so stuck money is seen', async () => {
      // What the webhook store holds after failures (stripe-webhooks.e2e-spec.ts drives the real path to it).
      const event = (id: string, createdAgo: string, attempts: number, processed: boolean) =>
        t.db.query(
          `INSERT INTO stripe_events (id, type, created, payload, attempts, error, processed_at)
           VALUES ($1, 'charge.refunded', now() - $2::interval, '{}', $3, 'Enrollment not found', CASE WHEN $4 THEN now() END)`,
          [id, createdAgo, attempts, processed],
        );
      await event('evt_stuck_newer', '1 hour', 25, false);
      await event('evt_stuck_oldest', '2 days', 31, false);
      await event('evt_still_retried', '3 days', 24, false);
      await event('evt_fixed_later', '4 days', 27, true);
      try {
        const stuck = (await get('/api/admin/system-info')).body.data.stripe.stuckEvents;
        expect(stuck).toEqual({
          count: 2,
          oldest: {
            id: 'evt_stuck_oldest',
            type: 'charge.refunded',
            created: expect.any(String),
            attempts: 31,
            error: 'Enrollment not found',
          },
        });
        expect(Math.abs(Date.parse(stuck.oldest.created) - (Date.now() - 2 * 86_400_000))).toBeLessThan(60_000);
      } finally {
        await t.db.query("DELETE FROM stripe_events WHERE id LIKE 'evt_stuck_%' OR id IN ('evt_still_retried', 'evt_fixed_later')");
      }
    });

    it('should never answer a configured secret, the database password or the JWT secret on any portal reply', async () => {
      // The sweep runs over every reply recorded by this file so far (this test runs after the others).
      const dbPassword = decodeURIComponent(new URL(t.url).password);
      const secrets = [
        ...Object.values(SECRETS),
        JWT_SECRET,
        STAFF_PASSWORD,
        SECRETS.TWILIO_AUTH_TOKEN,
        ...(dbPassword ? [dbPassword] : []),
      ];
      // Any 9-character run of a secret is too much (the fragments are at most 4 + 4, apart).
      const runs = secrets.flatMap((s) => Array.from({ length: s.length - 8 }, (_, i) => s.slice(i, i + 9)));
      expect(replies.length).toBeGreaterThan(30);
      const leaks = replies.flatMap((r) => runs.filter((run) => r.text.includes(run)).map((run) => `${r.route}: ${run}`));
      expect(leaks).toEqual([]);
    });
  });

  // ---- audit -------------------------------------------------------------------------------------------------------
  describe('audit log', () => {
    it('should record sign-ins and their failures without the password', async () => {
      await t.http.post('/api/admin/auth/signin').send({ username: 'itadmin', password: 'wrong-password' }).expect(401);
      await t.http.post('/api/admin/auth/signin').send({ username: 'nobody', password: 'wrong-password' }).expect(401);
      const res = await get(`/api/admin/audit-log?filter=${encodeURIComponent(JSON.stringify({ action: 'auth.signin' }))}&range=[0,9]`);
      expect(res.status).toBe(200);
      const [last, previous] = res.body.data;
      expect(last).toMatchObject({ action: 'auth.signin', outcome: 'refused', staff_id: null, staff_username: 'nobody' });
      expect(previous).toMatchObject({ action: 'auth.signin', outcome: 'refused', staff_username: 'itadmin' });
      expect(res.body.data.some((e: { outcome: string; staff_id: string }) => e.outcome === 'success' && e.staff_id === staffId)).toBe(
        true,
      );
      expect(JSON.stringify(res.body.data)).not.toContain('wrong-password');
    });

    it('should record a staff sign-in refused as malformed before the handler ran, with the usual 400', async () => {
      const res = await t.http.post('/api/admin/auth/signin').send({ username: 'mallory', password: 'not-this-one', extra: 1 }).expect(400);
      expect(res.body.success).toBe(false);
      const [row] = await t.db.query(
        "SELECT outcome, staff_username, staff_id, detail, request FROM platform_audit_log WHERE action = 'auth.signin' ORDER BY id DESC LIMIT 1",
      );
      expect(row).toEqual({
        outcome: 'refused',
        staff_username: 'mallory',
        staff_id: null,
        detail: { reason: 'invalid request' },
        request: { username: 'mallory' },
      });
      expect(JSON.stringify(row)).not.toContain('not-this-one');
    });

    it('should hold every staff action of this file with staff user, time, target, request and outcome', async () => {
      const rows: { action: string; outcome: string; staff_username: string; created_at: Date; request: { method?: string } }[] =
        await t.db.query('SELECT action, outcome, staff_username, created_at, request FROM platform_audit_log ORDER BY id');
      const seen = new Set(rows.map((r) => `${r.action}:${r.outcome}`));
      for (const expected of [
        'auth.signin:success',
        'auth.signin:refused',
        'auth.signout:success',
        'organizations.list:success',
        'organization.read:success',
        'organization.read:refused',
        'organization.student_payments.read:success',
        'organization.student_payments.reset_dry_run:success',
        'organization.student_payments.reset:success',
        'organization.reset_subscription:success',
        'organization.delete:success',
        'organization.delete:refused',
        'organization.students.delete:success',
        'organization.activity_events.delete:success',
        'organization.scheduled_communications.delete:success',
        'system_info.read:success',
      ]) {
        expect([expected, seen.has(expected)]).toEqual([expected, true]);
      }
      const portal = rows.filter((r) => !r.action.startsWith('auth.'));
      expect(
        portal.every((r) => r.staff_username === 'itadmin' && r.created_at instanceof Date && typeof r.request.method === 'string'),
      ).toBe(true);
    });

    it('should refuse any change to the audit log in the database itself', async () => {
      const [{ n }] = await t.db.query('SELECT count(*)::int AS n FROM platform_audit_log');
      await expect(t.db.query("UPDATE platform_audit_log SET outcome = 'success'")).rejects.toThrow(/append-only/);
      await expect(t.db.query('DELETE FROM platform_audit_log')).rejects.toThrow(/append-only/);
      await expect(t.db.query('TRUNCATE platform_audit_log')).rejects.toThrow(/append-only/);
      expect((await t.db.query('SELECT count(*)::int AS n FROM platform_audit_log'))[0].n).toBe(n);
    });
  });
});

describe('staff sign-in rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3', JOBS_ENABLED: 'false' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('should limit staff sign-ins per client like organization sign-ins', async () => {
    for (let i = 0; i < 3; i += 1)
      await t.http.post('/api/admin/auth/signin').send({ username: 'itadmin', password: 'nope-nope' }).expect(401);
    const res = await t.http.post('/api/admin/auth/signin').send({ username: 'itadmin', password: STAFF_PASSWORD }).expect(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.body).toEqual({ success: false, data: null, error: 'Too many attempts. Please wait a few minutes and try again.' });
    // Refused before the handler ran, and still in the audit log: the username tried, never the password.
    const rows = await t.db.query(
      "SELECT outcome, staff_username, detail, request FROM platform_audit_log WHERE action = 'auth.signin' ORDER BY id DESC LIMIT 1",
    );
    expect(rows).toEqual([
      {
        outcome: 'refused',
        staff_username: 'itadmin',
        detail: { reason: 'too many attempts from this address' },
        request: { username: 'itadmin' },
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain(STAFF_PASSWORD);
  });
});
