import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClass, registerBody } from '../fixtures/org.fixture';
import { cardOrg, enrollmentRow, intentBody, payInBrowser, startCardWorld, type CardWorld } from './card-payments.helpers';

const DAY = 24 * 3600 * 1000;
const GST = { label: 'GST', rate: 5, compound: false, appliesTo: ['tuition', 'registrationFee'] };
const FEE = { label: 'Annual registration fee', amount: 25, per: 'household', period: 'year' };

type Org = Awaited<ReturnType<typeof cardOrg>>;
type Receipt = {
  kind: string;
  total: number;
  taxes: { label: string; amount: number }[];
  lines: { description: string; amount: number }[];
};

/**
 * Issue 43 §2: the registration fee is refunded only when every registration of its period is cancelled, with the
 * tax on it. GST 5 % on tuition and on the fee, a $25 household fee per year: Wheel ($80 + $25 + GST $5.25 = $110.25)
 * pays the fee, Glazing ($80 + GST $4 = $84) is covered by it. Cancelling Wheel refunds its tuition and GST only (the
 * fee now counts under Glazing); cancelling Glazing then refunds Glazing and the fee with its GST from Wheel's payment.
 */
describe('the registration fee refunded with the last registration of its period', () => {
  let w: CardWorld;
  let org: Org;
  const classIn = (title: string) =>
    createClass(w.a, org, {
      title,
      price: 80,
      discountPrice: 80,
      maxStudents: 20,
      startDate: new Date(Date.now() + 10 * DAY).toISOString(),
    });
  const policy = (refundPercentage: number) =>
    w.a.db.query(`UPDATE organizations SET settings = jsonb_set(settings, '{cancellationPolicies}', $2::jsonb) WHERE id = $1`, [
      org.orgId,
      JSON.stringify([{ daysBeforeClass: 7, refundPercentage }]),
    ]);
  const quoteTotal = async (classId: string, email: string) =>
    (await w.a.http.post('/api/public/price-quote').send({ organizationId: org.orgId, classId, email }).expect(200)).body.data
      .total as number;
  const cardPay = async (classId: string, amount: number, student: Record<string, unknown>) => {
    const body = intentBody(org.orgId, classId, amount, student);
    const d = (await w.a.http.post('/api/payments/create-intent').send(body).expect(201)).body.data;
    await payInBrowser(w.stand, d.paymentIntentId, d.clientSecret);
    await w.a.http
      .post('/api/payments/confirm-enrollment')
      .send({ paymentIntentId: d.paymentIntentId, classId, organizationId: org.orgId, studentData: body.studentData })
      .expect(200);
    return { id: d.enrollmentId as string, email: body.studentData.email as string };
  };
  const cancel = (id: string) => w.a.http.post(`/api/enrollments/${id}/cancel`).set(org.auth).send({}).expect(200);
  const creditNotes = async (): Promise<Receipt[]> =>
    ((await w.a.http.get('/api/receipts').set(org.auth).query({ sort: '["issuedAt","ASC"]' }).expect(200)).body.data as Receipt[]).filter(
      (r) => r.kind === 'credit_note',
    );

  /** Each credit note's total and GST, smallest first. */
  const gst = (notes: Receipt[]) =>
    notes.map((n) => [n.total, n.taxes.find((t) => t.label === 'GST')?.amount ?? 0]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);

  beforeAll(async () => {
    w = await startCardWorld();
    w.liveWebhooks(false);
    org = await cardOrg(w.a);
    await w.a.http
      .put('/api/settings')
      .set(org.auth)
      .send({ timeZone: 'UTC', taxes: { pricesIncludeTax: false, rates: [GST], exemptClassIds: [] }, registrationFee: FEE })
      .expect(200);
  });
  afterAll(async () => {
    await w.close();
  });

  it('should keep the fee while another registration of the period stands and refund it, with its GST, with the last one', async () => {
    await policy(100);
    const [wheel, glazing, raku] = [await classIn('Wheel'), await classIn('Glazing'), await classIn('Raku')];
    const first = await cardPay(wheel.id, 110.25, { firstName: 'Ana', lastName: 'Roy' });
    expect(await quoteTotal(glazing.id, first.email)).toBe(84);
    const second = await cardPay(glazing.id, 84, { firstName: 'Ana', lastName: 'Roy', email: first.email });

    // Wheel cancelled: $84 back (tuition $80 + its GST $4); the fee and its GST stay paid, and still cover Ana's year.
    await cancel(first.id);
    expect(await enrollmentRow(w.a, first.id)).toMatchObject({ amount_paid_cents: 11025, refunded_cents: 8400 });
    let notes = await creditNotes();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ total: 84, taxes: [{ label: 'GST', amount: 4 }] });
    expect(await quoteTotal(raku.id, first.email)).toBe(84);

    // Glazing, the period's last registration, cancelled: Glazing's $84 and the fee's $26.25 from Wheel's payment.
    await cancel(second.id);
    expect(await enrollmentRow(w.a, second.id)).toMatchObject({ refunded_cents: 8400 });
    expect(await enrollmentRow(w.a, first.id)).toMatchObject({ refunded_cents: 11025 });
    notes = await creditNotes();
    // (The last two are issued in one transaction: same instant, either order.)
    expect(gst(notes)).toEqual([
      [26.25, 1.25],
      [84, 4],
      [84, 4],
    ]);
    // Nothing of the period stands: the next registration pays the fee again.
    expect(await quoteTotal(raku.id, first.email)).toBe(110.25);
    // Every cent of GST collected was given back.
    const report = (await w.a.http.get(`/api/tax-report/${new Date().getUTCFullYear()}`).set(org.auth).expect(200)).body.data as {
      period: string;
      collected: number;
      refunded: number;
      net: number;
    }[];
    expect(report.find((r) => r.period.length === 4)).toMatchObject({ collected: 9.25, refunded: 9.25, net: 0 });
  });

  it('should apply the policy to the tuition first and to the fee with the last registration, each credit note with its own GST', async () => {
    await policy(50);
    const [wheel, glazing] = [await classIn('Wheel Half'), await classIn('Glazing Half')];
    const first = await cardPay(wheel.id, 110.25, { firstName: 'Ben', lastName: 'Stone' });
    const second = await cardPay(glazing.id, 84, { firstName: 'Ben', lastName: 'Stone', email: first.email });
    const before = (await creditNotes()).length;

    // Half of Wheel's $84 (GST $2 of it), then half of Glazing's $84 and half of the fee's $26.25 ($13.13, GST $0.63).
    await cancel(first.id);
    await cancel(second.id);
    expect(await enrollmentRow(w.a, first.id)).toMatchObject({ refunded_cents: 4200 + 1313 });
    expect(await enrollmentRow(w.a, second.id)).toMatchObject({ refunded_cents: 4200 });
    expect(gst((await creditNotes()).slice(before))).toEqual([
      [13.13, 0.63],
      [42, 2],
      [42, 2],
    ]);
  });

  it('should refund the fee with a lone registration as before, and hand nothing across organizations', async () => {
    await policy(100);
    const lone = await cardPay((await classIn('Lone')).id, 110.25, { firstName: 'Cy', lastName: 'Lone' });
    const other = await cardOrg(w.a);
    await w.a.http.post(`/api/enrollments/${lone.id}/cancel`).set(other.auth).send({}).expect(404);
    await cancel(lone.id);
    expect(await enrollmentRow(w.a, lone.id)).toMatchObject({ refunded_cents: 11025 });
    expect((await creditNotes()).at(-1)).toMatchObject({ total: 110.25, taxes: [{ label: 'GST', amount: 5.25 }] });
  });

  it("should charge a household's per-student fee once per child of the contact's email, known by the child's name", async () => {
    const o = await cardOrg(w.a);
    await w.a.http
      .put('/api/settings')
      .set(o.auth)
      .send({ timeZone: 'UTC', registrationFee: { label: 'Student fee', amount: 10, per: 'student', period: 'year' } })
      .expect(200);
    const at = (title: string) =>
      createClass(w.a, o, {
        title,
        price: 80,
        discountPrice: 80,
        maxStudents: 20,
        startDate: new Date(Date.now() + 10 * DAY).toISOString(),
      });
    const [pottery, glazing] = [await at('Pottery'), await at('Glazing')];
    const email = `roy-${Date.now()}@example.com`;
    const mia = { firstName: 'Mia', lastName: 'Roy' };
    const leo = { firstName: 'Leo', lastName: 'Roy' };
    const quote = async (classId: string, attendees: Record<string, unknown>[]) =>
      (await w.a.http.post('/api/public/price-quote').send({ organizationId: o.orgId, classId, email, attendees }).expect(200)).body
        .data as {
        lines: { label: string; amount: number }[];
        total: number;
      };
    // Mia and Leo registered by their parent: the fee for each.
    expect((await quote(pottery.id, [mia, leo])).total).toBe(180);
    await w.a.http
      .post('/api/students/register')
      .send({ ...registerBody(o.orgId, pottery.id, { email, firstName: 'Ana', lastName: 'Roy' }), attendees: [mia, leo] })
      .expect(201);
    // Mia again this year (names compared trimmed and in any case): no fee; Mia and a new child Zoe: Zoe's fee only.
    expect((await quote(glazing.id, [{ firstName: ' mia ', lastName: 'ROY' }])).total).toBe(80);
    const withZoe = await quote(glazing.id, [mia, { firstName: 'Zoe', lastName: 'Roy' }]);
    expect(withZoe.total).toBe(170);
    expect(withZoe.lines).toContainEqual({ label: 'Student fee', amount: 10, fee: true });
    // Without names (who is who is unknown) each attendee of several is charged, as before.
    expect((await quote(glazing.id, [{}, {}])).total).toBe(180);
    const res = await w.a.http
      .post('/api/students/register')
      .send({ ...registerBody(o.orgId, glazing.id, { email, firstName: 'Ana', lastName: 'Roy' }), attendees: [mia] })
      .expect(201);
    const [row] = await w.a.db.query('SELECT amount_due_cents FROM enrollments WHERE id = $1', [res.body.data.classEnrollments[0].id]);
    expect(row.amount_due_cents).toBe(8000);
    // A name longer than a name may be is refused, not quoted.
    const long = await w.a.http
      .post('/api/public/price-quote')
      .send({ organizationId: o.orgId, classId: glazing.id, email, attendees: [{ firstName: 'x'.repeat(60), lastName: 'Roy' }] })
      .expect(400);
    expect(long.body.error).toMatch(/First name must be less than 50 characters long/);
  });
});
