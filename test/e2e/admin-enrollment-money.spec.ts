import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { ADMIN, apiSignIn, signInUi } from './admin-helpers';

/**
 * The student panel's money trail and the cancel that shows the refund quote first (issue 9 §4). A real in-person
 * cancellation end to end; the card trail and a card quote from replies stubbed in the browser (this server has
 * no Stripe: card payments cannot happen here).
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
  await page.screenshot({ path: path.join(shots, 'money-cancel-in-person.png') });
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
  await page.screenshot({ path: path.join(shots, 'money-card-trail.png') });

  await details.getByRole('button', { name: `Cancel enrollment in ${cls.title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel enrollment' });
  await expect(dialog.getByText('Paid $80.00 (card) · already refunded $20.00')).toBeVisible();
  await expect(dialog.getByText('Refund by policy: $30.00')).toBeVisible();
  await expect(dialog.getByText(/the policy at registration refunds 50% when cancelled at least 2 days before/)).toBeVisible();
  await dialog.getByLabel('Refund amount').fill('60.01');
  await expect(dialog.getByText('At most $60.00 can be refunded')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel Enrollment' })).toBeDisabled();
  await page.screenshot({ path: path.join(shots, 'money-card-quote.png') });
  await dialog.getByRole('button', { name: 'Keep Enrollment' }).click();
  await expect(dialog).toHaveCount(0);
});
