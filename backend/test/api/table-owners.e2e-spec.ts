import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClass, createOrg, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

// "A table has one owner": the reads and writes that moved behind their owners' services keep
// their behaviour (the sitemap's class pages, the creator becoming admin, contact messages, payment marks).
describe('table owners', () => {
  let t: TestApp;
  let org: OrgFixture;
  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('should list open and scheduled classes with their organization and last change in the sitemap, never archived ones', async () => {
    const open = await createClass(t, org, { title: 'Open one' });
    const archived = await createClass(t, org, { title: 'Hidden one', status: 'Archived' });
    const sitemap = (await t.http.get('/sitemap.xml').expect(200)).text;
    expect(sitemap).toMatch(new RegExp(`/class/${open.id}\\?organizationId=${org.orgId}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT`));
    expect(sitemap).toMatch(new RegExp(`/org/${org.orgId}</loc><lastmod>\\d{4}-`));
    expect(sitemap).not.toContain(archived.id);
  });

  it("should make the organization's creator its admin in the creating transaction (users stay auth's)", async () => {
    const [user] = await t.db.query('SELECT organization_id, role FROM users WHERE id = $1', [org.userId]);
    expect(user).toEqual({ organization_id: org.orgId, role: 'admin' });
  });

  it('should store a contact message for a known organization and refuse an unknown one without writing', async () => {
    const ok = await t.http
      .post('/api/contact')
      .send({ name: 'Ann', email: 'ann@example.com', message: 'Hello', organizationId: org.orgId, inquiryType: 'billing' })
      .expect(201);
    const [row] = await t.db.query('SELECT organization_id, inquiry_type FROM contact_messages WHERE id = $1', [ok.body.data.id]);
    expect(row).toEqual({ organization_id: org.orgId, inquiry_type: null });
    const before = (await t.db.query('SELECT count(*)::int AS n FROM contact_messages'))[0].n;
    const res = await t.http
      .post('/api/contact')
      .send({ name: 'Ann', email: 'ann@example.com', message: 'Hello', organizationId: '00000000-0000-4000-8000-000000000000' })
      .expect(404);
    expect(res.body).toEqual({ success: false, data: null, error: 'Organization not found' });
    expect((await t.db.query('SELECT count(*)::int AS n FROM contact_messages'))[0].n).toBe(before);
  });
});
