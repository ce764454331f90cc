import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createOrg, type OrgFixture } from '../fixtures/org.fixture';
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
});
