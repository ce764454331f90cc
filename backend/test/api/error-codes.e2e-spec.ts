import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RegistrationError } from '../../src/modules/registration/registration.exception';
import { PaymentError } from '../../src/modules/payments/payments.exception';
import { createClass, createOrg, registerBody, studentBody, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

/**
 * Seat and money failures carry a stable `code` from registration.exception.ts or payments.exception.ts beside the
 * readable message (which stays what it was): clients branch on the code.
 */
describe('error codes', () => {
  let t: TestApp;
  let org: OrgFixture;
  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t, { plan: 'essential' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('should answer a second registration of the same email with ALREADY_ENROLLED', async () => {
    const c = await createClass(t, org);
    const body = registerBody(org.orgId, c.id);
    await t.http.post('/api/students/register').send(body).expect(201);
    const check = await t.http
      .post('/api/students/check-enrollment')
      .send({ email: body.email, classId: c.id, organizationId: org.orgId })
      .expect(409);
    expect(check.body).toMatchObject({ code: RegistrationError.AlreadyEnrolled, isAlreadyEnrolled: true });
  });

  it('should answer a registration without a class with NO_CLASS and the field', async () => {
    const res = await t.http
      .post('/api/students/register')
      .send({ ...registerBody(org.orgId, '00000000-0000-4000-8000-000000000000'), classEnrollments: [] })
      .expect(400);
    expect(res.body).toMatchObject({ code: RegistrationError.NoClass, error: 'Choose a class to register for' });
  });

  it("should answer the admin's duplicate email with EMAIL_TAKEN and a class listed twice with DUPLICATE_CLASS", async () => {
    const c = await createClass(t, org);
    const first = studentBody();
    await t.http.post('/api/students').set(org.auth).send(first).expect(201);
    const taken = await t.http
      .post('/api/students')
      .set(org.auth)
      .send(studentBody({ email: first.email }))
      .expect(409);
    expect(taken.body).toMatchObject({ code: RegistrationError.EmailTaken, error: 'A student with this email already exists' });
    const twice = await t.http
      .post('/api/students')
      .set(org.auth)
      .send(studentBody({ classEnrollments: [{ classId: c.id }, { classId: c.id }] }))
      .expect(400);
    expect(twice.body).toMatchObject({ code: RegistrationError.DuplicateClass });
  });

  it('should answer cancelling a class the student is not in with NOT_ENROLLED', async () => {
    const c = await createClass(t, org);
    const s = (await t.http.post('/api/students').set(org.auth).send(studentBody()).expect(201)).body.data;
    const res = await t.http.delete(`/api/students/${s.id}/enrollments/${c.id}`).set(org.auth).expect(404);
    expect(res.body).toMatchObject({ code: RegistrationError.NotEnrolled, error: 'This student is not enrolled in this class' });
  });

  it('should answer a card payment on a server without Stripe with CARD_PAYMENTS_UNAVAILABLE', async () => {
    const c = await createClass(t, org);
    const res = await t.http
      .post('/api/payments/create-intent')
      .send({ organizationId: org.orgId, classId: c.id, amount: 25, studentData: studentBody() })
      .expect(503);
    expect(res.body).toMatchObject({ code: PaymentError.CardPaymentsUnavailable, cardPaymentsUnavailable: true });
  });
});
