import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createOrg, createTeacher, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

// Issue 42: a staff user's admin-app language is a profile setting, kept across devices (read back on sign-in and /me).
describe('staff language setting', () => {
  let t: TestApp;
  let org: OrgFixture;
  let other: OrgFixture;
  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t);
    other = await createOrg(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('should start unset, keep the chosen language and give it back on the next sign-in (another device)', async () => {
    const me = await t.http.get('/api/auth/me').set(org.auth).expect(200);
    expect(me.body.data.language).toBeNull();

    const saved = await t.http.put('/api/auth/profile').set(org.auth).send({ language: 'fr' }).expect(200);
    expect(saved.body.data).toMatchObject({ language: 'fr', firstName: me.body.data.firstName });

    const signIn = await t.http.post('/api/auth/signin').send({ email: org.email, password: org.password }).expect(200);
    expect(signIn.body.data.user.language).toBe('fr');

    // Null forgets the choice (the browser's language applies again).
    const cleared = await t.http.put('/api/auth/profile').set(org.auth).send({ language: null }).expect(200);
    expect(cleared.body.data.language).toBeNull();
  });

  it('should refuse a language the app does not offer with a readable 400, changing nothing', async () => {
    await t.http.put('/api/auth/profile').set(org.auth).send({ language: 'es' }).expect(200);
    for (const language of ['de', 'ES', 'es-MX', 7]) {
      const res = await t.http.put('/api/auth/profile').set(org.auth).send({ language }).expect(400);
      expect(res.body.errors.language).toBe('language must be one of: en, es, fr');
    }
    const me = await t.http.get('/api/auth/me').set(org.auth).expect(200);
    expect(me.body.data.language).toBe('es');
  });

  it('should change only the caller: a teacher of the organization and another organization keep their own', async () => {
    const teacher = await createTeacher(t, org);
    await t.http.put('/api/auth/profile').set(teacher.auth).send({ language: 'fr' }).expect(200);
    await t.http.put('/api/auth/profile').set(other.auth).send({ language: 'en' }).expect(200);
    expect((await t.http.get('/api/auth/me').set(teacher.auth).expect(200)).body.data.language).toBe('fr');
    expect((await t.http.get('/api/auth/me').set(other.auth).expect(200)).body.data.language).toBe('en');
    expect((await t.http.get('/api/auth/me').set(org.auth).expect(200)).body.data.language).toBe('es');
    // The admin's team list shows each person's setting; another organization's people are not in it.
    const users = (await t.http.get('/api/auth/users').set(org.auth).expect(200)).body.data as { email: string; language: string }[];
    expect(users.find((u) => u.email === teacher.email)?.language).toBe('fr');
    expect(users.some((u) => u.email === other.email)).toBe(false);
  });
});
