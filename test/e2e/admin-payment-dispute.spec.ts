import { expect, test } from '@playwright/test';
import path from 'node:path';
import { ADMIN, apiSignIn, signInUi } from './admin-helpers';
import { STRIPE_E2E } from './stripe-env';
import { onboardDemoOrganization } from './stripe-helpers';
import { screenshot } from './screenshots';

/**
 * A card payment made through the run's Stripe stand-in, then disputed by the payer's bank (the stand-in's test step
 * sends `charge.dispute.created` to the app's webhook): the student panel shows the dispute's badge and what happened,
 * the organization's share taken back from its payout.
 */
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the student panel adds nothing on the phone project');
});

const shots = path.resolve(__dirname, '..', '..', '.tmp', 'screenshots');

test("a disputed card payment shows 'Disputed' and the share taken back in the student's money trail", async ({ page }) => {
  const organizationId = await onboardDemoOrganization(page.request);
  const { token } = await apiSignIn(page.request, ADMIN.email, ADMIN.password);
  const classes = (await (await page.request.get('/api/classes', { headers: { Authorization: `Bearer ${token}` } })).json()).data as {
    id: string;
    status: string;
    price: number;
    enrolledStudents: number;
    maxStudents: number;
  }[];
  const cls = classes.find((c) => c.status === 'Open' && c.price > 0 && c.enrolledStudents < c.maxStudents)!;
  const email = `e2e.dispute.${Date.now()}@example.com`;
  const quoted = await page.request.post('/api/public/price-quote', { data: { organizationId, classId: cls.id, email } });
  const amount = ((await quoted.json()).data as { total: number }).total;
  const studentData = { firstName: 'Dana', lastName: 'Dispute', email, phone: '5595550189', communicationOptIn: true };
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

  // The payer's bank disputes the whole payment; the stand-in delivers charge.dispute.created to the app.
  const disputed = await page.request.post(`${STRIPE_E2E.standInUrl}/_test/payment_intents/${paymentIntentId}/dispute`, {
    form: { reason: 'product_not_received' },
  });
  expect(disputed.ok(), await disputed.text()).toBeTruthy();

  await signInUi(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/students');
  await page.getByLabel('Search students by name, email or phone').fill(email);
  await page.getByRole('row', { name: new RegExp(email) }).click();
  const details = page.getByRole('region', { name: 'Student details' });
  const money = (n: number) => `$${n.toFixed(2)}`;
  const share = amount - Math.round(amount * 100 * 0.03) / 100;
  await expect(details.getByText('Disputed', { exact: true })).toBeVisible();
  await expect(details.getByText(`${money(amount)} disputed by the payer's bank · product not received`)).toBeVisible();
  await expect(details.getByText(`${money(share)} taken back from your payout`)).toBeVisible();
  await screenshot(page, { path: path.join(shots, 'money-card-disputed.png') });
});
