import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClass, createOrg, registerBody, studentBody, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

/**
 * Spec 1 §5 / spec 3 §5: when a field is empty, its error is the required message alone,
 * never the "too short" or "can only contain letters" that an empty value also fails; a short phone
 * number is "too short", not the generic "valid 10-digit" text.
 */
describe('validation messages: the required message wins', () => {
  let t: TestApp;
  let org: OrgFixture;
  let classId: string;
  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t, { plan: 'essential' });
    classId = (await createClass(t, org)).id;
  });
  afterAll(async () => {
    await t.close();
  });

  const REQUIRED = {
    firstName: 'First name is required',
    lastName: 'Last name is required',
    email: 'Email is required',
    phone: 'Phone number is required',
  };

  it('should answer empty student fields with the required messages only (admin add)', async () => {
    const res = await t.http
      .post('/api/students')
      .set(org.auth)
      .send(studentBody({ firstName: '', lastName: '   ', email: '', phone: '' }))
      .expect(400);
    expect(res.body).toMatchObject({ success: false, data: null });
    expect(res.body.errors).toEqual(REQUIRED);
    expect(res.body.error).toBe('First name is required');
  });

  it('should answer missing and null student fields with the required messages only (public registration)', async () => {
    const missing = await t.http
      .post('/api/students/register')
      .send({ organizationId: org.orgId, classEnrollments: [{ classId }] })
      .expect(400);
    expect(missing.body.errors).toEqual(REQUIRED);
    const nulls = await t.http
      .post('/api/students/register')
      .send(registerBody(org.orgId, classId, { firstName: null, lastName: null, email: null, phone: null }))
      .expect(400);
    expect(nulls.body.errors).toEqual(REQUIRED);
  });

  it('should give the spec phone messages in the spec order', async () => {
    const cases: [string, string][] = [
      ['555-0199', 'Phone number is too short. Please enter a 10-digit US phone number'],
      ['1', 'Phone number is too short. Please enter a 10-digit US phone number'],
      ['559555019912', 'Phone number is too long. Please enter a 10-digit US phone number'],
      ['25595550199', '11-digit number must start with 1 (US country code)'],
      ['0595550199', 'Phone number cannot start with 0 or 1'],
      ['10595550199', 'Area code cannot start with 0 or 1'],
      ['5590550199', 'Please enter a valid 10-digit US phone number'],
    ];
    for (const [phone, message] of cases) {
      const res = await t.http
        .post('/api/students/register')
        .send(registerBody(org.orgId, classId, { phone }))
        .expect(400);
      expect({ phone, error: res.body.errors.phone }).toEqual({ phone, error: message });
    }
    const ok = await t.http
      .post('/api/students/register')
      .send(registerBody(org.orgId, classId, { phone: '+1 (559) 555-0142' }))
      .expect(201);
    // Stored as the 10 national digits (common/http/phone.ts).
    expect(ok.body.data.phone).toBe('5595550142');
  });

  it('should still give the other messages when the field is not empty', async () => {
    const res = await t.http
      .post('/api/students')
      .set(org.auth)
      .send(studentBody({ firstName: 'J', lastName: 'X1', email: 'nope' }))
      .expect(400);
    expect(res.body.errors).toMatchObject({
      firstName: 'First name must be at least 2 characters long',
      lastName: 'Last name can only contain letters, spaces, hyphens, and apostrophes',
      email: 'Please enter a valid email address',
    });
  });

  it('should put the required message first for the sign-up form and the class form too', async () => {
    const signup = await t.http
      .post('/api/auth/signup')
      .send({ email: '', password: '', firstName: '', lastName: '', role: 'admin' })
      .expect(400);
    expect(signup.body.errors).toMatchObject({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      password: 'Password is required',
    });
    const cls = await t.http.post('/api/classes').set(org.auth).send({ title: '' }).expect(400);
    expect(cls.body.errors).toMatchObject({
      title: 'Title is required',
      description: 'Description is required',
      instructor: 'Instructor is required',
      location: 'Location is required',
    });
  });
});
