import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClass, createOrg, registerBody, type OrgFixture } from '../fixtures/org.fixture';
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { Client } from 'pg';
import { QueryFailedError } from 'typeorm';
import { AllExceptionsFilter } from '../../src/common/http/all-exceptions.filter';
import { demoWarning } from '../../src/config/app.config';
import { loadSettings } from '../../src/config/settings';
import { AppLogger } from '../../src/common/http/app-logger';
import { createTestApp, type TestApp } from '../setup/test-app';

/** Regression tests for the security defects found in review (each failed before its fix). */
describe('security defects', () => {
  let t: TestApp;
  let free: OrgFixture;
  beforeAll(async () => {
    t = await createTestApp();
    free = await createOrg(t, { name: 'Free Studio' });
  });
  afterAll(async () => {
    await t.close();
  });

  const brandingOf = async (orgId: string) => (await t.db.query('SELECT branding FROM organizations WHERE id = $1', [orgId]))[0].branding;

  describe('plan-gated branding', () => {
    it('should refuse a Free organization branding through PUT /api/organizations/{id} exactly as the settings route does', async () => {
      const before = await brandingOf(free.orgId);
      const viaSettings = await t.http
        .put('/api/settings/branding')
        .set(free.auth)
        .send({ branding: { primaryColor: '#000000' } })
        .expect(403);
      const viaOrg = await t.http
        .put(`/api/organizations/${free.orgId}`)
        .set(free.auth)
        .send({ name: 'Free Studio', branding: { primaryColor: '#000000' } })
        .expect(403);
      expect(viaOrg.body).toEqual(viaSettings.body);
      expect(viaOrg.body).toEqual({
        success: false,
        data: null,
        error: 'Custom branding is a feature of the Essential plan. Upgrade to Essential to use it.',
        code: 'PLAN_REQUIRED',
        upgradePlan: { id: 'essential', name: 'Essential' },
      });
      expect(await brandingOf(free.orgId)).toEqual(before);
    });

    it('should still let a Free organization save its record when the branding sent back is unchanged', async () => {
      const org = await t.http.get(`/api/organizations/${free.orgId}`).set(free.auth).expect(200);
      const res = await t.http
        .put(`/api/organizations/${free.orgId}`)
        .set(free.auth)
        .send({ ...org.body.data, name: 'Free Studio Renamed' })
        .expect(200);
      expect(res.body.data.name).toBe('Free Studio Renamed');
    });

    it('should refuse custom branding in the create of a Free organization but accept the dialog defaults', async () => {
      const signup = await t.http
        .post('/api/auth/signup')
        .send({ email: 'brand-create@example.com', password: 'secret1', firstName: 'B', lastName: 'C' })
        .expect(201);
      const auth = { Authorization: `Bearer ${signup.body.data.token}` };
      await t.http
        .post('/api/organizations')
        .set(auth)
        .send({ name: 'Loud', branding: { primaryColor: '#ff0000' } })
        .expect(403);
      const [{ n }] = await t.db.query("SELECT count(*)::int AS n FROM organizations WHERE name = 'Loud'");
      expect(n).toBe(0);
      await t.http
        .post('/api/organizations')
        .set(auth)
        .send({
          name: 'Loud',
          branding: {
            businessName: 'Loud',
            primaryColor: '#15385F',
            slogan: 'Empowering Education Through Technology',
            websiteUrl: '',
            socialLinks: { facebook: '' },
          },
        })
        .expect(201);
    });

    it('should let a plan with customBranding change branding through either route', async () => {
      const paid = await createOrg(t, { plan: 'essential' });
      await t.http
        .put(`/api/organizations/${paid.orgId}`)
        .set(paid.auth)
        .send({ name: 'Paid', branding: { primaryColor: '#000000' } })
        .expect(200);
      expect((await brandingOf(paid.orgId)).primaryColor).toBe('#000000');
    });
  });

  describe('anonymous registration with a known email (decision 15)', () => {
    it('should reply with this registration only and leave the stored student unchanged', async () => {
      const org = await createOrg(t, { plan: 'essential' });
      const paidClass = await createClass(t, org, { title: 'Private Lessons' });
      const target = await createClass(t, org, { title: 'Open Studio' });
      const created = await t.http
        .post('/api/students')
        .set(org.auth)
        .send({
          firstName: 'Victoria',
          lastName: 'Stored',
          email: 'victim@example.com',
          phone: '5595550111',
          communicationOptIn: false,
          classEnrollments: [{ classId: paidClass.id, paymentStatus: 'completed' }],
        })
        .expect(201);
      const studentId = created.body.data.id;

      const res = await t.http
        .post('/api/students/register')
        .send(
          registerBody(org.orgId, target.id, {
            email: 'VICTIM@example.com',
            firstName: 'Mallory',
            lastName: 'Typed',
            phone: '5595550222',
            communicationOptIn: true,
          }),
        )
        .expect(201);
      // Only what the confirmation page reads, for this registration; nothing of the stored record.
      expect(Object.keys(res.body.data).sort()).toEqual([
        'classEnrollments',
        'communicationOptIn',
        'email',
        'firstName',
        'id',
        'lastName',
        'organizationId',
        'phone',
      ]);
      expect(res.body.data).toMatchObject({ id: studentId, firstName: 'Mallory', lastName: 'Typed', phone: '5595550222' });
      expect(res.body.data.classEnrollments).toEqual([
        expect.objectContaining({ classId: target.id, classTitle: 'Open Studio', paymentStatus: 'pending', amountPaid: 0 }),
      ]);
      expect(JSON.stringify(res.body)).not.toContain(paidClass.id);
      expect(JSON.stringify(res.body)).not.toContain('Victoria');

      const [stored] = await t.db.query('SELECT first_name, last_name, phone, communication_opt_in FROM students WHERE id = $1', [
        studentId,
      ]);
      expect(stored).toEqual({ first_name: 'Victoria', last_name: 'Stored', phone: '5595550111', communication_opt_in: false });

      // The admin sees the typed details on that enrollment, because they differ.
      const admin = await t.http.get(`/api/students/${studentId}`).set(org.auth).expect(200);
      const byClass = Object.fromEntries(admin.body.data.classEnrollments.map((e: { classId: string }) => [e.classId, e]));
      expect(byClass[target.id].registeredAs).toEqual({
        firstName: 'Mallory',
        lastName: 'Typed',
        phone: '5595550222',
        communicationOptIn: true,
      });
      expect(byClass[paidClass.id].registeredAs).toBeNull();
    });

    it('should show no difference when a returning student types the stored details', async () => {
      const org = await createOrg(t, { plan: 'essential' });
      const a = await createClass(t, org);
      const b = await createClass(t, org);
      const body = { email: 'same-details@example.com', firstName: 'Sam', lastName: 'Same', phone: '5595550333' };
      const first = await t.http
        .post('/api/students/register')
        .send(registerBody(org.orgId, a.id, body))
        .expect(201);
      await t.http
        .post('/api/students/register')
        .send(registerBody(org.orgId, b.id, body))
        .expect(201);
      const admin = await t.http.get(`/api/students/${first.body.data.id}`).set(org.auth).expect(200);
      expect(admin.body.data.classEnrollments.map((e: { registeredAs: unknown }) => e.registeredAs)).toEqual([null, null]);
    });
  });

  describe('mass assignment on public registration', () => {
    // Spec 2 §3's server-owned registrationDate, status 'active' and enrollmentDate are accepted and ignored
    // (decision 17, public-registration.e2e-spec.ts); a status other than 'active' and every other field are refused.
    it("should refuse a status other than 'active' and any field the public form does not have", async () => {
      const org = await createOrg(t, { plan: 'essential' });
      const c = await createClass(t, org);
      const inactive = await t.http
        .post('/api/students/register')
        .send({ ...registerBody(org.orgId, c.id), status: 'inactive' })
        .expect(400);
      expect(inactive.body).toMatchObject({ success: false, data: null, error: "status of a new registration can only be 'active'" });
      for (const extra of [{ stripeCustomerId: 'cus_x' }, { createdAt: '2020-01-01' }, { communicationHistory: [] }]) {
        const res = await t.http
          .post('/api/students/register')
          .send({ ...registerBody(org.orgId, c.id), ...extra })
          .expect(400);
        expect(res.body).toMatchObject({ success: false, data: null, error: expect.stringContaining('should not exist') });
      }
      for (const enrollment of [
        { classId: c.id, amountPaid: 80 },
        { classId: c.id, paymentStatus: 'completed' },
      ])
        await t.http
          .post('/api/students/register')
          .send({ ...registerBody(org.orgId, c.id), classEnrollments: [enrollment] })
          .expect(400);
      const [{ n }] = await t.db.query('SELECT count(*)::int AS n FROM students WHERE organization_id = $1', [org.orgId]);
      expect(n).toBe(0);
    });
  });

  describe('no 5xx on bad input', () => {
    it('should refuse firstName null on PUT /api/auth/profile and keep the name', async () => {
      const res = await t.http.put('/api/auth/profile').set(free.auth).send({ firstName: null }).expect(400);
      // The required message wins for a null field (spec texts, validation.ts).
      expect(res.body).toMatchObject({ success: false, data: null, error: 'First name is required' });
      const [u] = await t.db.query('SELECT first_name FROM users WHERE id = $1', [free.userId]);
      expect(u.first_name).toBe('Ada');
    });

    it('should refuse {}, an array and null names on PUT /api/settings/profile', async () => {
      for (const body of [
        {},
        [],
        { adminProfile: [] },
        { adminProfile: null },
        { adminProfile: { firstName: null } },
        { adminProfile: { lastName: null, firstName: 'A' } },
      ]) {
        const res = await t.http
          .put('/api/settings/profile')
          .set(free.auth)
          .send(body as object);
        expect([res.status, res.body.success, typeof res.body.error]).toEqual([400, false, 'string']);
      }
    });

    it('should refuse NUL bytes in a body field, a path parameter and the query with 400 before validation', async () => {
      const field = await t.http.post('/api/contact').send({ name: 'A\u0000', email: 'a@example.com', message: 'm' }).expect(400);
      expect(field.body).toEqual({ success: false, data: null, error: 'The request contains a NUL character' });
      await t.http.get('/api/organizations/domain/x%00y.example').expect(400);
      await t.http.get('/api/subscription-plans/free%00').expect(400);
      await t.http.get(`/api/classes?organizationId=${free.orgId}%00`).expect(400);
      const [{ n }] = await t.db.query('SELECT count(*)::int AS n FROM contact_messages');
      expect(n).toBe(0);
    });

    it('should refuse a 10 KB body nested 5,000 levels with 400 and keep serving', async () => {
      const body = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);
      expect(body.length).toBeGreaterThan(10_000);
      const res = await t.http.post('/api/auth/signin').set('Content-Type', 'application/json').send(body).expect(400);
      expect(res.body.error).toBe('The request body is nested more than 32 levels deep');
      await t.http.get('/api/health').expect(200);
    });

    it('should map every PostgreSQL data error (class 22) and a NOT NULL violation to 400', () => {
      const filter = new AllExceptionsFilter();
      for (const code of ['22001', '22021', '22P05', '22012', '23502']) {
        let sent: { status?: number; body?: Record<string, unknown> } = {};
        // A Fastify reply's shape, as the filter gets it.
        const res = {
          sent: false,
          raw: { headersSent: false },
          status(s: number) {
            sent.status = s;
            return this;
          },
          send(b: Record<string, unknown>) {
            sent.body = b;
          },
        };
        const host = { switchToHttp: () => ({ getResponse: () => res, getRequest: () => ({ method: 'POST', url: '/x' }) }) };
        filter.catch(Object.assign(new QueryFailedError('q', [], new Error('pg')), { code }), host as never);
        expect([code, sent.status, sent.body?.success]).toEqual([code, 400, false]);
        sent = {};
      }
    });
  });

  describe('demo accounts on a production server', () => {
    const base = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/nonexistent-not-used' };
    it('should not seed the demo in production unless SEED_DEMO=true, and warn when it does', () => {
      const prod = loadSettings({ ...base, NODE_ENV: 'production' }).app;
      expect(prod.seedDemo).toBe(false);
      expect(loadSettings({ ...base, NODE_ENV: 'production', SEED_DEMO: '' }).app.seedDemo).toBe(false);
      expect(demoWarning(prod, { NODE_ENV: 'production' })).toBeNull();
      const forced = loadSettings({ ...base, NODE_ENV: 'production', SEED_DEMO: 'true' }).app;
      expect(forced.seedDemo).toBe(true);
      expect(demoWarning(forced, { NODE_ENV: 'production' })).toMatch(/WARNING.*known password/);
    });

    it("should keep the demo for a newcomer's npm start (NODE_ENV unset) without a warning", () => {
      const dev = loadSettings({ ...base }).app;
      expect(dev.seedDemo).toBe(true);
      expect(demoWarning(dev, {})).toBeNull();
      expect(loadSettings({ ...base, SEED_DEMO: 'false' }).app.seedDemo).toBe(false);
    });
  });

  describe("the embedded database's password", () => {
    it('should use a generated password kept in the data directory with mode 0600, a socket in the data directory and loopback only', async () => {
      const url = new URL(process.env.TEST_PG_TEMPLATE_URL!);
      expect(decodeURIComponent(url.password)).not.toBe('classlane');
      expect(url.password.length).toBeGreaterThanOrEqual(32);
      const [{ data_directory: pgDir }] = await t.db.query('SHOW data_directory');
      const file = path.join(path.dirname(pgDir), 'pg-password');
      expect(fs.readFileSync(file, 'utf8').trim()).toBe(decodeURIComponent(url.password));
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const [{ unix_socket_directories: sockets }] = await t.db.query('SHOW unix_socket_directories');
      expect(sockets).toBe(pgDir);
      expect(fs.existsSync(`/tmp/.s.PGSQL.${url.port}`)).toBe(false);
      const [{ listen_addresses: listen }] = await t.db.query('SHOW listen_addresses');
      expect(listen).toBe('127.0.0.1');
      const legacy = new Client({
        host: '127.0.0.1',
        port: Number(url.port),
        user: 'postgres',
        password: 'classlane',
        database: 'postgres',
      });
      await expect(legacy.connect()).rejects.toThrow(/password authentication failed/);
    });
  });

  describe('password reset', () => {
    it('should end every existing session of the user and keep new sign-ins working', async () => {
      const victim = await createOrg(t);
      const second = await t.http.post('/api/auth/signin').send({ email: victim.email, password: victim.password }).expect(200);
      const sessions = [victim.auth, { Authorization: `Bearer ${second.body.data.token}` }];
      for (const auth of sessions) await t.http.get('/api/auth/me').set(auth).expect(200);
      await new Promise((r) => setTimeout(r, 1100)); // token iat has whole-second precision
      const token = 'session-reset-token-0123456789abcdef';
      await t.db.query("INSERT INTO password_reset_tokens (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 hour')", [
        victim.userId,
        createHash('sha256').update(token).digest('hex'),
      ]);
      await t.http.post('/api/auth/reset-password/confirm').send({ token, password: 'after-reset-pass' }).expect(200);
      for (const auth of sessions) {
        const res = await t.http.get('/api/auth/me').set(auth).expect(401);
        expect(res.body).toMatchObject({ success: false, error: 'Your session has expired. Please sign in again.' });
      }
      const fresh = await t.http.post('/api/auth/signin').send({ email: victim.email, password: 'after-reset-pass' }).expect(200);
      await t.http.get('/api/auth/me').set('Authorization', `Bearer ${fresh.body.data.token}`).expect(200);
    });
  });

  describe('staff sign-in', () => {
    it('should limit failed sign-ins per staff account like organization sign-in, counted in PostgreSQL', async () => {
      await t.http.post('/api/admin/auth/signin').send({ username: 'itadmin', password: 'wrong-password' }).expect(401);
      const [{ n }] = await t.db.query("SELECT count(*)::int AS n FROM auth_failures WHERE account = 'staff:itadmin'");
      expect(n).toBe(1);
      await t.db.query("INSERT INTO auth_failures (account) SELECT 'staff:itadmin' FROM generate_series(1, 99)");
      const res = await t.http.post('/api/admin/auth/signin').send({ username: 'itadmin', password: 'staff-password-1' }).expect(429);
      expect(res.body).toEqual({
        success: false,
        data: null,
        error: 'Too many failed sign-in attempts for this account. Please try again later.',
      });
      await t.db.query("DELETE FROM auth_failures WHERE account = 'staff:itadmin'");
      await t.http.post('/api/admin/auth/signin').send({ username: 'itadmin', password: 'staff-password-1' }).expect(200);
    });
  });

  describe('local mode email log', () => {
    it("should write every email, reset links included, to the server log at info with the server's logger", async () => {
      const lines: string[] = [];
      const write = process.stdout.write.bind(process.stdout);
      process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
        lines.push(String(chunk));
        return (write as (c: string | Uint8Array, ...r: unknown[]) => boolean)(chunk, ...rest);
      }) as typeof process.stdout.write;
      let local: TestApp | null = null;
      try {
        // The logger main.ts uses, with the default LOG_LEVEL (info).
        local = await createTestApp({ SENDGRID_API_KEY: '', PUBLIC_URL: 'https://local.example' }, { logger: new AppLogger('info') });
        const user = await createOrg(local);
        await local.http.post('/api/auth/reset-password').send({ email: user.email }).expect(200);
      } finally {
        process.stdout.write = write;
        await local?.close();
      }
      // eslint-disable-next-line no-control-regex -- strips the logger's ANSI colours
      const out = lines.join('').replace(/\u001b\[[0-9;]*m/g, '');
      expect(out).toMatch(/LOG \[EmailSender\] \[email:log\] to=admin-\w+@example\.com subject="Reset your Classlane password"/);
      expect(out).toMatch(/https:\/\/local\.example\/reset-password\?token=[\w-]{20,}/);
      // Nest's own start-up lines stay out of the start output unless LOG_LEVEL=debug.
      expect(out).not.toMatch(/RouterExplorer|InstanceLoader/);
    });
  });
});
