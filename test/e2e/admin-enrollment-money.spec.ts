import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { ADMIN, apiSignIn, signInUi } from './admin-helpers';
import { STRIPE_E2E } from './stripe-env';
import { onboardDemoOrganization } from './stripe-helpers';
import { screenshot } from './screenshots';

/**
 * The student panel's money trail and the cancel that shows the refund quote first: an in-person
 * cancellation, a card payment made through the run's Stripe stand-in then cancelled with its refund, a refund made
 * in the Stripe dashboard (the stand-in's) that the app reads from Stripe, and a quote by a policy rule from
 * stubbed replies.
 */
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the student panel adds nothing on the phone project');
});

const shots = path.resolve(__dirname, '..', '..', '.tmp', 'screenshots');

async function newStudent(page: Page) {
  const { token } = await apiSignIn(page.request, ADMIN.email, ADMIN.password);
  const auth = { Authorization: `Bearer ${token}` };
  const classes = (await (await page.request.get('/api/classes', { headers: auth })).json()).data as {
    id: string;
    title: string;
    status: string;
    enrolledStudents: number;
    maxStudents: number;
  }[];
  const cls = classes.find((c) => c.status === 'Open' && c.enrolledStudents < c.maxStudents)!;
  const stamp = String(Date.now()).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]);
  const email = `e2e.money.${stamp}@example.com`;
  const res = await page.request.post('/api/students', {
    headers: auth,
    data: {
      firstName: 'Morgan',
      lastName: `Money${stamp}`,
      email,
      phone: '5595550177',
      communicationOptIn: true,
      classEnrollments: [{ classId: cls.id, paymentMethod: 'in-person', paymentStatus: 'pending' }],
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return { email, id: (await res.json()).data.id as string, cls };
}

async function openStudent(page: Page, email: string) {
  await page.goto('/admin/students');
  await page.getByLabel('Search students by name, email or phone').fill(email);
  await page.getByRole('row', { name: new RegExp(email) }).click();
  return page.getByRole('region', { name: 'Student details' });
}

test('an in-person enrollment is cancelled after its quote, and keeps its trail', async ({ page }) => {
  await signInUi(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  const { email, cls } = await newStudent(page);
  const details = await openStudent(page, email);
  await expect(details.getByText(/· In person/)).toBeVisible();

  await details.getByRole('button', { name: `Cancel enrollment in ${cls.title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel enrollment' });
  await expect(dialog.getByText('Paid in person: any refund is settled outside Classlane.')).toBeVisible();
  await screenshot(page, { path: path.join(shots, 'money-cancel-in-person.png') });
  await dialog.getByRole('button', { name: 'Cancel Enrollment' }).click();
  await expect(page.getByText('Enrollment cancelled')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(details.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(details.getByText(/^Cancelled [A-Z][a-z]{2} \d/)).toBeVisible();
  await expect(details.getByRole('button', { name: `Cancel enrollment in ${cls.title}` })).toHaveCount(0);
});

test('a card enrollment shows its fee split and refunds, and its quote offers the policy refund or another amount', async ({ page }) => {
  await signInUi(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  const { email, id, cls } = await newStudent(page);
  await page.route(`**/api/students/${id}`, async (route) => {
    const reply = await route.fetch();
    const body = await reply.json();
    Object.assign(body.data.classEnrollments[0], {
      paymentMethod: 'card',
      paymentStatus: 'completed',
      amountPaid: 80,
      platformFee: 2.4,
      organizationAmount: 77.6,
      refundedAmount: 20,
      refunds: [
        {
          id: '1b6f0d2e-8d0f-4f4c-9d7e-3c1f2b7a9e10',
          amount: 20,
          status: 'succeeded',
          source: 'stripe_dashboard',
          reason: '',
          createdAt: new Date().toISOString(),
        },
      ],
    });
    await route.fulfill({ response: reply, json: body });
  });
  await page.route('**/api/enrollments/*/refund-quote', (route) =>
    route.fulfill({
      json: {
        success: true,
        error: null,
        data: {
          refundAmount: 30,
          policyApplied: { daysBeforeClass: 2, refundPercentage: 50 },
          paidAmount: 80,
          refundedAmount: 20,
          refundableAmount: 60,
          daysBeforeClass: 3,
          paymentMethod: 'card',
          cancellationPolicy: [
            { daysBeforeClass: 7, refundPercentage: 100 },
            { daysBeforeClass: 2, refundPercentage: 50 },
          ],
        },
      },
    }),
  );
  const details = await openStudent(page, email);
  await expect(details.getByText(/· Card · \$80\.00 paid/)).toBeVisible();
  await expect(details.getByText('Platform fee $2.40 · Organization receives $77.60')).toBeVisible();
  await expect(details.getByText(/^Refunded \$20\.00 · Stripe dashboard/)).toBeVisible();
  await screenshot(page, { path: path.join(shots, 'money-card-trail.png') });

  await details.getByRole('button', { name: `Cancel enrollment in ${cls.title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel enrollment' });
  await expect(dialog.getByText('Paid $80.00 (card) · already refunded $20.00')).toBeVisible();
  await expect(dialog.getByText('Refund by policy: $30.00')).toBeVisible();
  await expect(dialog.getByText(/the policy at registration refunds 50% when cancelled at least 2 days before/)).toBeVisible();
  await dialog.getByLabel('Refund amount').fill('60.01');
  await expect(dialog.getByText('At most $60.00 can be refunded')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel Enrollment' })).toBeDisabled();
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await screenshot(page, { path: path.join(shots, 'money-card-quote.png') });
  await dialog.getByRole('button', { name: 'Keep Enrollment' }).click();
  await expect(dialog).toHaveCount(0);
});

/** A card payment through the run's Stripe stand-in: the public card step's calls, Stripe.js confirming the card. */
async function payByCard(page: Page, emailPrefix: string) {
  const organizationId = await onboardDemoOrganization(page.request);
  const { token } = await apiSignIn(page.request, ADMIN.email, ADMIN.password);
  const auth = { Authorization: `Bearer ${token}` };
  const classes = (await (await page.request.get('/api/classes', { headers: auth })).json()).data as {
    id: string;
    title: string;
    status: string;
    price: number;
    discountPrice: number | null;
    enrolledStudents: number;
    maxStudents: number;
  }[];
  const cls = classes.find((c) => c.status === 'Open' && c.price > 0 && c.enrolledStudents < c.maxStudents)!;
  const email = `${emailPrefix}.${Date.now()}@example.com`;
  // What the card is charged comes from the price quote, as on the public site: the class's price or discount price,
  // prorated by the sessions left once the class has started (the demo's first class starts today at 18:00, so after
  // its first session this is no longer the list's price).
  const quoted = await page.request.post('/api/public/price-quote', { data: { organizationId, classId: cls.id, email } });
  expect(quoted.ok(), await quoted.text()).toBeTruthy();
  const amount = ((await quoted.json()).data as { total: number }).total;
  const studentData = { firstName: 'Casey', lastName: 'Card', email, phone: '5595550188', communicationOptIn: true };

  // A held seat with its PaymentIntent, Stripe.js confirming the card, the check.
  const intent = await page.request.post('/api/payments/create-intent', { data: { classId: cls.id, organizationId, studentData, amount } });
  expect(intent.ok(), await intent.text()).toBeTruthy();
  const { paymentIntentId, clientSecret } = (await intent.json()).data as { paymentIntentId: string; clientSecret: string };
  const confirmed = await page.request.post(`${STRIPE_E2E.standInUrl}/v1/payment_intents/${paymentIntentId}/confirm`, {
    headers: { Authorization: `Bearer ${STRIPE_E2E.publishableKey}` },
    form: { client_secret: clientSecret, payment_method: 'pm_card_visa' },
  });
  expect(confirmed.ok(), await confirmed.text()).toBeTruthy();
  const done = await page.request.post('/api/payments/confirm-enrollment', {
    data: { paymentIntentId, classId: cls.id, organizationId, studentData },
  });
  expect(done.ok(), await done.text()).toBeTruthy();
  const { enrollmentId } = (await done.json()).data as { enrollmentId: string };
  return { auth, cls, amount, email, paymentIntentId, enrollmentId };
}

test('a card payment shows its fee split, takes a partial refund, and cancelling it refunds the rest through Stripe', async ({ page }) => {
  const { auth, cls, amount, email, enrollmentId } = await payByCard(page, 'e2e.card.cancel');
  const money = (n: number) => `$${n.toFixed(2)}`;
  const fee = Math.round(amount * 100 * 0.03) / 100;

  await signInUi(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  const details = await openStudent(page, email);
  await expect(details.getByText(`· Card · ${money(amount)} paid`, { exact: false })).toBeVisible();
  await expect(details.getByText(`Platform fee ${money(fee)} · Organization receives ${money(amount - fee)}`)).toBeVisible();
  await expect(details.getByText('Paid', { exact: true })).toBeVisible();

  // A partial refund first, without cancelling.
  await details.getByRole('button', { name: `Refund payment for ${cls.title}` }).click();
  const refund = page.getByRole('dialog', { name: 'Refund payment' });
  await expect(refund.getByText(`Left to refund: ${money(amount)}`)).toBeVisible();
  await refund.getByLabel('Refund amount').fill('10');
  await refund.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(details.getByText('$10.00 refunded')).toBeVisible();
  await expect(details.getByText(/^(Refunded|Refund pending) \$10\.00 · Admin/)).toBeVisible();
  await expect(details.getByText('Partly refunded', { exact: true })).toBeVisible();

  // Then cancel: the quote comes first (read now, after the partial refund), then the rest goes back.
  const quote = (await (await page.request.get(`/api/enrollments/${enrollmentId}/refund-quote`, { headers: auth })).json()).data as {
    refundAmount: number;
  };
  const rest = amount - 10;
  await details.getByRole('button', { name: `Cancel enrollment in ${cls.title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel enrollment' });
  await expect(dialog.getByText(`Paid ${money(amount)} (card) · already refunded $10.00`)).toBeVisible();
  await expect(dialog.getByText(`Refund by policy: ${money(quote.refundAmount)}`)).toBeVisible();
  await dialog.getByLabel('Refund amount').fill(rest.toFixed(2));
  await dialog.getByRole('button', { name: 'Cancel Enrollment' }).click();
  await expect(details.getByText(`Enrollment cancelled; ${money(rest)} refunded`)).toBeVisible();
  await expect(details.getByText(new RegExp(`^(Refunded|Refund pending) \\${money(rest)} · Admin`))).toBeVisible();
  await expect(details.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(details.getByText('Refunded', { exact: true })).toBeVisible();
  await screenshot(page, { path: path.join(shots, 'money-card-refunded.png') });
});

test('a refund made in the Stripe dashboard reaches the money trail: the app reads it from Stripe when told of it', async ({ page }) => {
  const { auth, cls, amount, email, paymentIntentId, enrollmentId } = await payByCard(page, 'e2e.card.dashboard');
  // Someone refunds $15 in the Stripe dashboard (the stand-in's): Stripe sends refund.created and charge.refunded,
  // whose Charge carries no refunds (API 2022-11-15 and later); the app lists the payment's refunds to record it.
  const refunded = await page.request.post(`${STRIPE_E2E.standInUrl}/_test/payment_intents/${paymentIntentId}/refund`, {
    form: { amount: '1500' },
  });
  expect(refunded.ok(), await refunded.text()).toBeTruthy();
  await expect
    .poll(async () => {
      const quote = await page.request.get(`/api/enrollments/${enrollmentId}/refund-quote`, { headers: auth });
      return ((await quote.json()).data as { refundedAmount: number }).refundedAmount;
    })
    .toBe(15);

  await signInUi(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  const details = await openStudent(page, email);
  await expect(details.getByText(`· Card · $${amount.toFixed(2)} paid`, { exact: false })).toBeVisible();
  await expect(details.getByText(/^Refunded \$15\.00 · Stripe dashboard/)).toBeVisible();
  await expect(details.getByText('Partly refunded', { exact: true })).toBeVisible();
  await screenshot(page, { path: path.join(shots, 'money-dashboard-refund.png') });
  await details.getByRole('button', { name: `Refund payment for ${cls.title}` }).click();
  await expect(
    page.getByRole('dialog', { name: 'Refund payment' }).getByText(`Left to refund: $${(amount - 15).toFixed(2)}`),
  ).toBeVisible();
});
