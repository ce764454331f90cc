import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createOrg, createTeacher, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

describe('organizations and settings', () => {
  let t: TestApp;
  let org: OrgFixture;
  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t, { name: 'Harbor Dance' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('should run the registration dialog sequence and give defaults and the Free plan', async () => {
    const signup = await t.http
      .post('/api/auth/signup')
      .send({ email: 'new-admin@example.com', password: 'secret1', firstName: 'Nia', lastName: 'Nu', role: 'admin' })
      .expect(201);
    expect(signup.body.data.user.organizationId).toBeNull();
    const auth = { Authorization: `Bearer ${signup.body.data.token}` };
    const created = await t.http
      .post('/api/organizations')
      .set(auth)
      .send({
        name: 'Nia Studio',
        domain: 'nia-studio.example',
        contactInfo: { email: 'hi@nia.example', phone: '5595550100', address: '1 Main St' },
        branding: { businessName: 'Nia Studio', primaryColor: '#15385F', slogan: 'Empowering Education Through Technology' },
        settings: { discounts: [], cancellationPolicies: [], notifications: { reminderHours: 18, emailEnabled: true, smsEnabled: false } },
      })
      .expect(201);
    expect(Object.keys(created.body.data).sort()).toEqual(['id', 'name']);
    const profile = await t.http.put('/api/auth/profile').set(auth).send({ organizationId: created.body.data.id }).expect(200);
    expect(profile.body.data).toMatchObject({ organizationId: created.body.data.id, role: 'admin' });
    const full = await t.http.get(`/api/organizations/${created.body.data.id}`).set(auth).expect(200);
    expect(full.body.data).toMatchObject({
      planId: 'free',
      branding: { primaryColor: '#15385F', secondaryColor: '#3384A9', headerTextColor: '#ffffff' },
    });
    const byDomain = await t.http.get('/api/organizations/domain/NIA-studio.example').expect(200);
    expect(byDomain.body.data.id).toBe(created.body.data.id);
    await t.http.post('/api/organizations').set(auth).send({ name: 'Second' }).expect(409);
    const validation = await t.http.get(`/api/organizations/${created.body.data.id}/subscription-validation`).set(auth).expect(200);
    expect(validation.body.data).toMatchObject({
      planName: 'Free',
      hasActiveSubscription: true,
      canAcceptOnlinePayments: false,
      usage: { classes: 0, students: 0 },
    });
  });

  it('should refuse colours that are not colours and URLs that are not http(s)', async () => {
    const bad = await t.http
      .put(`/api/organizations/${org.orgId}`)
      .set(org.auth)
      .send({ name: 'X', branding: { primaryColor: 'red; background:url(x)', websiteUrl: 'javascript:alert(1)' } })
      .expect(400);
    expect(bad.body.errors).toMatchObject({
      'branding.primaryColor': expect.stringContaining('colour'),
      'branding.websiteUrl': expect.stringContaining('http'),
    });
    await t.http
      .put(`/api/organizations/${org.orgId}`)
      .set(org.auth)
      .send({ name: 'X', branding: { socialLinks: { facebook: 'ftp://x.example' } } })
      .expect(400);
  });

  it('should read settings with the derived view and update contact and profile', async () => {
    const res = await t.http.get('/api/settings').set(org.auth).expect(200);
    expect(res.body.data).toMatchObject({
      organizationId: org.orgId,
      notifications: { reminderHours: 18, emailEnabled: true, smsEnabled: false },
      derived: { reminderTime: '18:00' },
      adminProfile: { email: org.email },
    });
    const contact = await t.http
      .put('/api/settings/contact')
      .set(org.auth)
      .send({ contactInfo: { phone: '5595550123', address: '9 Elm St' } })
      .expect(200);
    expect(contact.body.data.contactInfo).toMatchObject({ phone: '5595550123', address: '9 Elm St' });
    const profile = await t.http
      .put('/api/settings/profile')
      .set(org.auth)
      .send({ adminProfile: { firstName: 'Ada', lastName: 'Lovelace', phone: '5595550999' } })
      .expect(200);
    expect(profile.body.data.adminProfile).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', phone: '5595550999' });
  });

  it('should gate branding behind the plan and name the cheapest plan that has it', async () => {
    const res = await t.http
      .put('/api/settings/branding')
      .set(org.auth)
      .send({ branding: { businessName: 'Harbor' } })
      .expect(403);
    expect(res.body.error).toBe('Custom branding is a feature of the Essential plan. Upgrade to Essential to use it.');
    await t.db.query("UPDATE organizations SET plan_id = 'essential' WHERE id = $1", [org.orgId]);
    const ok = await t.http
      .put('/api/settings/branding')
      .set(org.auth)
      .send({ branding: { businessName: 'Harbor', headerBackgroundColor: '#000000' } })
      .expect(200);
    expect(ok.body.data.branding).toMatchObject({ businessName: 'Harbor', headerBackgroundColor: '#000000', primaryColor: '#15385F' });
    const pub = await t.http.get(`/api/public/branding/${org.orgId}`).expect(200);
    expect(pub.body.data.businessName).toBe('Harbor');
  });

  it('should keep teachers out of settings and organization changes', async () => {
    const teacher = await createTeacher(t, org);
    await t.http.get('/api/settings').set(teacher.auth).expect(403);
    await t.http.put(`/api/organizations/${org.orgId}`).set(teacher.auth).send({ name: 'X' }).expect(403);
    await t.http.get(`/api/organizations/${org.orgId}/subscription-validation`).set(teacher.auth).expect(200);
  });

  it('should delete an organization with everything in it', async () => {
    const doomed = await createOrg(t);
    await t.http.delete(`/api/organizations/${doomed.orgId}`).set(doomed.auth).expect(200);
    const [{ n }] = await t.db.query('SELECT count(*)::int AS n FROM organizations WHERE id = $1', [doomed.orgId]);
    expect(n).toBe(0);
    await t.http.get('/api/auth/me').set(doomed.auth).expect(401);
  });
});
