import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import { envelope, Serialized } from '../../common/http/envelope.interceptor';
import type { StudentEntity } from '../students/student.entity';
import type { EnrollmentRow } from './enrollment.entity';
import { mapEnrollment, mapStudent, refundReply } from './student-record';
import { ENROLLMENT_JSON_SCHEMA, REFUND_JSON_SCHEMA, STUDENT_JSON_SCHEMA, STUDENT_LIST_REPLY } from './student-record.schema';

const student = (fields: Partial<StudentEntity> = {}): StudentEntity => ({
  id: '0b7f1c6e-3a52-4a7b-9c1d-200000000000',
  organizationId: '1b7f1c6e-3a52-4a7b-9c1d-000000000001',
  // Characters JSON must escape, and ones it must not.
  firstName: 'Zoë "Zed" \\ \u2028 \u0001 🎨',
  lastName: "O'Brien",
  email: 'zoe@example.com',
  phone: '5595550100',
  status: 'active',
  communicationOptIn: true,
  stripeCustomerId: null,
  registrationDate: new Date('2031-03-04T05:06:07.089Z'),
  householdContactId: null,
  dateOfBirth: '2015-06-30',
  createdAt: new Date('2030-01-01T00:00:00.000Z'),
  updatedAt: new Date('2030-01-02T00:00:00.000Z'),
  ...fields,
});

const enrollment = (fields: Partial<EnrollmentRow> = {}): EnrollmentRow => ({
  id: '2b7f1c6e-3a52-4a7b-9c1d-300000000000',
  organizationId: '1b7f1c6e-3a52-4a7b-9c1d-000000000001',
  studentId: '0b7f1c6e-3a52-4a7b-9c1d-200000000000',
  classId: '3b7f1c6e-3a52-4a7b-9c1d-400000000000',
  classTitle: 'Wheel "throwing"\nfor beginners',
  enrollmentDate: new Date('2031-02-01T10:00:00.000Z'),
  paymentStatus: 'completed',
  paymentMethod: 'card',
  amountPaidCents: 7425,
  paidAt: new Date('2031-02-01T10:01:00.000Z'),
  status: 'active',
  holdExpiresAt: null,
  stripePaymentIntentId: 'pi_123',
  platformFeeCents: 223,
  organizationAmountCents: 7202,
  refundedCents: 0,
  amountDueCents: 7425,
  priceBreakdown: [
    { label: 'Class price', amount: 99 },
    { label: 'Early bird discount', amount: -24.75 },
  ],
  cancelledAt: null,
  refunds: [],
  registeredFirstName: null,
  registeredLastName: null,
  registeredPhone: null,
  registeredCommunicationOptIn: null,
  ...fields,
});

const refund = {
  id: '4b7f1c6e-3a52-4a7b-9c1d-500000000000',
  amountCents: 2500,
  status: 'succeeded',
  source: 'admin',
  reason: null as unknown as string,
  createdAt: new Date('2031-02-03T00:00:00.000Z'),
};

describe('the students list compiled serializer', () => {
  // A real Fastify server (no inject: light-my-request does not load under this jest set-up). The route answers as
  // Nest's adapter does with the list route's result: the envelope, then Fastify's send.
  let app: FastifyInstance;
  let rows: unknown[] = [];
  let base = '';
  beforeAll(async () => {
    app = Fastify();
    app.get('/', (_req, reply) => reply.send(envelope(new Serialized(rows, STUDENT_LIST_REPLY), reply)));
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());
  const serve = async (data: unknown[]) => {
    rows = data;
    const res = await fetch(base);
    return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
  };

  it('should give the bytes JSON.stringify gives, for every kind of value a student record holds', async () => {
    const s = student();
    const page = [
      // Seat-taking and past enrollments, a refund, details typed at registration that differ, a household contact.
      mapStudent(
        s,
        [
          enrollment(),
          enrollment({
            id: '2b7f1c6e-3a52-4a7b-9c1d-300000000001',
            status: 'cancelled',
            cancelledAt: new Date('2031-02-02T00:00:00.000Z'),
            refundedCents: 2500,
            refunds: [refund],
            registeredFirstName: 'Zoe',
            registeredLastName: 'OBrien',
            registeredPhone: '5595550101',
            registeredCommunicationOptIn: false,
          }),
          enrollment({
            id: '2b7f1c6e-3a52-4a7b-9c1d-300000000002',
            status: 'held',
            paymentStatus: 'pending',
            paidAt: null,
            amountPaidCents: 0,
            holdExpiresAt: new Date('2031-02-01T10:15:00.000Z'),
            priceBreakdown: null,
            amountDueCents: null,
            stripePaymentIntentId: null,
          }),
        ],
        {
          contact: { id: 'c1', firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '5595550102' },
          members: [{ id: 'm1', firstName: 'Kid', lastName: 'Lee', dateOfBirth: null }],
        },
      ),
      // An in-person enrollment by an admin (no quote) and a student without a date of birth.
      mapStudent(student({ dateOfBirth: null, householdContactId: 'c1', communicationOptIn: false }), [
        enrollment({ paymentMethod: 'in-person', paymentStatus: 'pending', paidAt: null, amountPaidCents: 0, priceBreakdown: null }),
      ]),
      // No enrollments at all.
      mapStudent(student({ id: '0b7f1c6e-3a52-4a7b-9c1d-200000000009' }), []),
      // Nulls where the entity says there are none (a row read before a column was filled) stay nulls.
      { ...mapStudent(student(), []), firstName: null, registrationDate: null, communicationOptIn: null },
      // A key the schema does not name is still sent.
      { ...mapStudent(student(), [enrollment()]), addedLater: { nested: [1, 'two', null, new Date(0)] } },
    ];
    // The compiled serializer works on the objects as the service returns them (Dates, not strings).
    const res = await serve(page);
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/json; charset=utf-8');
    expect(res.body).toBe(JSON.stringify({ success: true, data: page, error: null }));
    // And on plain JSON values (dates already strings) too.
    const plain = JSON.parse(JSON.stringify(page)) as unknown[];
    expect((await serve(plain)).body).toBe(JSON.stringify({ success: true, data: plain, error: null }));
  });

  it('should name every field of a mapped student, enrollment and refund, in the mapping order', () => {
    const s = student();
    const typed = enrollment({ registeredFirstName: 'Other' });
    expect(Object.keys(STUDENT_JSON_SCHEMA.properties)).toEqual(Object.keys(mapStudent(s, [typed])));
    expect(Object.keys(ENROLLMENT_JSON_SCHEMA.properties)).toEqual(Object.keys(mapEnrollment(typed, s)));
    expect(Object.keys(REFUND_JSON_SCHEMA.properties)).toEqual(Object.keys(refundReply(refund)));
  });
});
