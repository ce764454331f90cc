import { PDFParse } from 'pdf-parse';
import { registerBody, type OrgFixture } from '../fixtures/org.fixture';
import type { TestApp } from '../setup/test-app';
import { cardClass, intentBody, payInBrowser, type CardWorld } from './card-payments.helpers';

const DAY = 24 * 3600 * 1000;

/** The text of a PDF, whitespace folded. */
export const pdfText = async (pdf: Buffer) => (await new PDFParse({ data: new Uint8Array(pdf) }).getText()).text.replace(/\s+/g, ' ');

/** supertest's parser for a binary reply. */
export const binary = (res: NodeJS.ReadableStream, done: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

/** A student registered in person (payment pending) in `classId`: what mark-paid needs. */
export async function inPersonSeat(t: TestApp, org: OrgFixture, classId: string, student: Record<string, unknown> = {}) {
  const res = await t.http.post('/api/students/register').send(registerBody(org.orgId, classId, student));
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { studentId: res.body.data.id as string, classId, enrollmentId: res.body.data.classEnrollments[0].id as string };
}

export const markPaid = (t: TestApp, org: OrgFixture, seat: { studentId: string; classId: string }) =>
  t.http.post('/api/payments/mark-paid').set(org.auth).send({ studentId: seat.studentId, classId: seat.classId });

/** A card registration paid in the browser and confirmed: one payment.succeeded. */
export async function cardPaid(w: CardWorld, org: OrgFixture, student: Record<string, unknown> = {}) {
  const cls = await cardClass(w.a, org, { title: 'Wheel Throwing', startDate: new Date(Date.now() + 10 * DAY).toISOString() });
  const body = intentBody(org.orgId, cls.id, 80, student);
  const d = (await w.a.http.post('/api/payments/create-intent').send(body).expect(201)).body.data;
  await payInBrowser(w.stand, d.paymentIntentId, d.clientSecret);
  await w.a.http
    .post('/api/payments/confirm-enrollment')
    .send({ paymentIntentId: d.paymentIntentId, classId: cls.id, organizationId: org.orgId, studentData: body.studentData })
    .expect(200);
  return {
    enrollmentId: d.enrollmentId as string,
    pi: d.paymentIntentId as string,
    classId: cls.id,
    email: body.studentData.email as string,
  };
}

/** The organization's receipts as stored, in number order. */
export async function stored(t: TestApp, orgId: string) {
  return t.db.query(
    `SELECT id, kind, year, seq, number, total_cents AS "totalCents", enrollment_ids AS "enrollmentIds", stripe_payment_intent_id AS pi
       FROM receipts WHERE organization_id = $1 ORDER BY kind DESC, year, seq`,
    [orgId],
  ) as Promise<
    {
      id: string;
      kind: string;
      year: number;
      seq: number;
      number: string;
      totalCents: number;
      enrollmentIds: string[];
      pi: string | null;
    }[]
  >;
}

/** Dee Okafor and her daughter Emma registered together and paid $160 with one card payment, confirmed. */
export async function householdCardPaid(w: CardWorld, org: OrgFixture, classId: string) {
  const base = intentBody(org.orgId, classId, 160, { firstName: 'Dee', lastName: 'Okafor' });
  const attendees = [
    { firstName: 'Dee', lastName: 'Okafor' },
    { firstName: 'Emma', lastName: 'Okafor' },
  ];
  const d = (
    await w.a.http
      .post('/api/payments/create-intent')
      .send({ ...base, attendees })
      .expect(201)
  ).body.data;
  await payInBrowser(w.stand, d.paymentIntentId, d.clientSecret);
  await w.a.http
    .post('/api/payments/confirm-enrollment')
    .send({ paymentIntentId: d.paymentIntentId, classId, organizationId: org.orgId, studentData: base.studentData })
    .expect(200);
  return { d, base };
}
