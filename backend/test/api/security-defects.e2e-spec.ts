import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClass, createOrg, registerBody, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

/** Regression tests for the security defects of issue 8 §1 (each failed before its fix). */
describe('security defects (issue 8 §1)', () => {
  let t: TestApp;
  let free: OrgFixture;
  beforeAll(async () => {
    t = await createTestApp();
    free = await createOrg(t, { name: 'Free Studio' });
  });
  afterAll(async () => { await t.close(); });

  const brandingOf = async (orgId: string) => (await t.db.query('SELECT branding FROM organizations WHERE id = $1', [orgId]))[0].branding;

  describe('plan-gated branding', () => {
    it('should refuse a Free organization branding through PUT /api/organizations/{id} exactly as the settings route does', async () => {
      const before = await brandingOf(free.orgId);
      const viaSettings = await t.http.put('/api/settings/branding').set(free.auth).send({ branding: { primaryColor: '#000000' } }).expect(403);
      const viaOrg = await t.http.put(`/api/organizations/${free.orgId}`).set(free.auth).send({ name: 'Free Studio', branding: { primaryColor: '#000000' } }).expect(403);
      expect(viaOrg.body).toEqual(viaSettings.body);
      expect(viaOrg.body).toEqual({ success: false, data: null, error: 'Custom branding is a feature of the Essential plan. Upgrade to Essential to use it.' });
      expect(await brandingOf(free.orgId)).toEqual(before);
    });

    it('should still let a Free organization save its record when the branding sent back is unchanged', async () => {
      const org = await t.http.get(`/api/organizations/${free.orgId}`).set(free.auth).expect(200);
      const res = await t.http.put(`/api/organizations/${free.orgId}`).set(free.auth).send({ ...org.body.data, name: 'Free Studio Renamed' }).expect(200);
      expect(res.body.data.name).toBe('Free Studio Renamed');
    });

    it('should refuse custom branding in the create of a Free organization but accept the dialog defaults', async () => {
      const signup = await t.http.post('/api/auth/signup').send({ email: 'brand-create@example.com', password: 'secret1', firstName: 'B', lastName: 'C' }).expect(201);
      const auth = { Authorization: `Bearer ${signup.body.data.token}` };
      await t.http.post('/api/organizations').set(auth).send({ name: 'Loud', branding: { primaryColor: '#ff0000' } }).expect(403);
      const [{ n }] = await t.db.query("SELECT count(*)::int AS n FROM organizations WHERE name = 'Loud'");
      expect(n).toBe(0);
      await t.http.post('/api/organizations').set(auth).send({ name: 'Loud', branding: { businessName: 'Loud', primaryColor: '#15385F', slogan: 'Empowering Education Through Technology', websiteUrl: '', socialLinks: { facebook: '' } } }).expect(201);
    });

    it('should let a plan with customBranding change branding through either route', async () => {
      const paid = await createOrg(t, { plan: 'essential' });
      await t.http.put(`/api/organizations/${paid.orgId}`).set(paid.auth).send({ name: 'Paid', branding: { primaryColor: '#000000' } }).expect(200);
      expect((await brandingOf(paid.orgId)).primaryColor).toBe('#000000');
    });
  });

  describe('anonymous registration with a known email (decision 15)', () => {
    it('should reply with this registration only and leave the stored student unchanged', async () => {
      const org = await createOrg(t, { plan: 'essential' });
      const paidClass = await createClass(t, org, { title: 'Private Lessons' });
      const target = await createClass(t, org, { title: 'Open Studio' });
      const created = await t.http.post('/api/students').set(org.auth).send({
        firstName: 'Victoria', lastName: 'Stored', email: 'victim@example.com', phone: '5595550111', communicationOptIn: false,
        classEnrollments: [{ classId: paidClass.id, paymentStatus: 'completed' }],
      }).expect(201);
      const studentId = created.body.data.id;

      const res = await t.http.post('/api/students/register')
        .send(registerBody(org.orgId, target.id, { email: 'VICTIM@example.com', firstName: 'Mallory', lastName: 'Typed', phone: '5595550222', communicationOptIn: true }))
        .expect(201);
      // Only what the confirmation page reads, for this registration; nothing of the stored record.
      expect(Object.keys(res.body.data).sort()).toEqual(['classEnrollments', 'communicationOptIn', 'email', 'firstName', 'id', 'lastName', 'organizationId', 'phone']);
      expect(res.body.data).toMatchObject({ id: studentId, firstName: 'Mallory', lastName: 'Typed', phone: '5595550222' });
      expect(res.body.data.classEnrollments).toEqual([expect.objectContaining({ classId: target.id, classTitle: 'Open Studio', paymentStatus: 'pending', amountPaid: 0 })]);
      expect(JSON.stringify(res.body)).not.toContain(paidClass.id);
      expect(JSON.stringify(res.body)).not.toContain('Victoria');

      const [stored] = await t.db.query('SELECT first_name, last_name, phone, communication_opt_in FROM students WHERE id = $1', [studentId]);
      expect(stored).toEqual({ first_name: 'Victoria', last_name: 'Stored', phone: '5595550111', communication_opt_in: false });

      // The admin sees the typed details on that enrollment, because they differ.
      const admin = await t.http.get(`/api/students/${studentId}`).set(org.auth).expect(200);
      const byClass = Object.fromEntries(admin.body.data.classEnrollments.map((e: { classId: string }) => [e.classId, e]));
      expect(byClass[target.id].registeredAs).toEqual({ firstName: 'Mallory', lastName: 'Typed', phone: '5595550222', communicationOptIn: true });
      expect(byClass[paidClass.id].registeredAs).toBeNull();
    });

    it('should show no difference when a returning student types the stored details', async () => {
      const org = await createOrg(t, { plan: 'essential' });
      const a = await createClass(t, org);
      const b = await createClass(t, org);
      const body = { email: 'same-details@example.com', firstName: 'Sam', lastName: 'Same', phone: '5595550333' };
      const first = await t.http.post('/api/students/register').send(registerBody(org.orgId, a.id, body)).expect(201);
      await t.http.post('/api/students/register').send(registerBody(org.orgId, b.id, body)).expect(201);
      const admin = await t.http.get(`/api/students/${first.body.data.id}`).set(org.auth).expect(200);
      expect(admin.body.data.classEnrollments.map((e: { registeredAs: unknown }) => e.registeredAs)).toEqual([null, null]);
    });
  });

  describe('mass assignment on public registration', () => {
    it('should refuse status and any field the public form does not have', async () => {
      const org = await createOrg(t, { plan: 'essential' });
      const c = await createClass(t, org);
      for (const extra of [{ status: 'inactive' }, { registrationDate: '2020-01-01' }, { stripeCustomerId: 'cus_x' }]) {
        const res = await t.http.post('/api/students/register').send({ ...registerBody(org.orgId, c.id), ...extra }).expect(400);
        expect(res.body).toMatchObject({ success: false, data: null, error: expect.stringContaining('should not exist') });
      }
      await t.http.post('/api/students/register').send({ ...registerBody(org.orgId, c.id), classEnrollments: [{ classId: c.id, enrollmentDate: '2020-01-01' }] }).expect(400);
      const [{ n }] = await t.db.query('SELECT count(*)::int AS n FROM students WHERE organization_id = $1', [org.orgId]);
      expect(n).toBe(0);
    });
  });
});
