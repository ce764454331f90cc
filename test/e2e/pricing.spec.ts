import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, apiSignIn, classPayload, freshOrganization, signInUi } from './admin-helpers';
import { fillStudent, uniqueEmail } from './public-helpers';
import { onboardDemoOrganization, serveStripeJsDouble } from './stripe-helpers';
import { screenshot } from './screenshots';

/** An admin creates a promo code under Settings › Discounts; a student registers with it and pays the quote. */
test('should create a promo code and register with it: the summary shows the quote lines and the charge follows them', async ({
  page,
  request,
}, info) => {
  test.skip(info.project.name !== 'desktop', 'one journey is enough: the phone layout is the same form');
  await page.route('https://js.stripe.com/**', (route) => route.abort('internetdisconnected'));
  const org = await freshOrganization(request);
  const auth = { Authorization: `Bearer ${org.token}` };
  const title = `Spring Ceramics ${Date.now()}`;
  const cls = await request.post('/api/classes', { headers: auth, data: { ...classPayload(title), price: 50, discountPrice: null } });
  expect(cls.ok(), await cls.text()).toBeTruthy();
  const classId = (await cls.json()).data.id as string;

  // The admin's Discounts tab: a new code, listed with its usage.
  await signInUi(page, org.email, org.password);
  await expect(page).toHaveURL(/\/admin/);
  await page.goto('/admin/settings?tab=discounts');
  await expect(page.getByRole('tab', { name: 'Discounts', selected: true })).toBeVisible();
  const codes = page.getByRole('region', { name: 'Promo codes' });
  await expect(codes.getByText('No promo codes yet')).toBeVisible();
  await codes.getByLabel('Code', { exact: true }).fill('SPRING20');
  await codes.getByLabel('Value').fill('20');
  await codes.getByLabel('Uses in all').fill('10');
  await codes.getByRole('button', { name: 'Create promo code' }).click();
  await expect(codes.getByText('Promo code SPRING20 saved')).toBeVisible();
  const row = codes.getByRole('row', { name: /SPRING20/ });
  await expect(row).toContainText('20% off');
  await expect(row).toContainText('0 of 10');
  await screenshot(page, { path: '/tmp/h23-admin-discounts.png', fullPage: true });

  // The student: a code that does not exist says so; the real one (any case) shows its line and the new total.
  await page.context().clearCookies();
  await page.goto(`/register/${classId}?org=${org.organizationId}`);
  const email = uniqueEmail('e2e.promo');
  await fillStudent(page, { firstName: 'Maya', lastName: 'Lopez', email, phone: '5595551234' });
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Method' })).toBeVisible();
  const summary = page.getByRole('complementary');
  await expect(summary.getByRole('row', { name: /^Total/ })).toContainText('$50');
  await summary.getByLabel('Promo code', { exact: true }).fill('NOPE');
  await summary.getByRole('button', { name: 'Apply' }).click();
  await expect(summary.getByRole('status')).toHaveText('This code is not valid');
  await summary.getByLabel('Promo code', { exact: true }).fill('spring20');
  await summary.getByRole('button', { name: 'Apply' }).click();
  await expect(summary.getByRole('status')).toHaveText('Code SPRING20 applied: 20% off');
  await expect(summary.getByRole('row', { name: /Promo code SPRING20/ })).toContainText('$10');
  await expect(summary.getByRole('row', { name: /^Total/ })).toContainText('$40');
  await expect(page.getByText(/Reserve your spot now and pay \$40 before class starts/)).toBeVisible();
  await screenshot(page, { path: '/tmp/h23-register-promo.png', fullPage: true });
  await page.getByRole('button', { name: 'Reserve My Spot' }).click();
  await expect(page).toHaveURL(/\/confirmation/);
  await expect(page.getByText('$40', { exact: true })).toBeVisible();

  // The server charged the same quote and counted the use.
  const listed = await request.get('/api/promo-codes', { headers: auth });
  const code = (
    (await listed.json()).data as { code: string; usage: { redemptions: number; discountGiven: number; revenue: number } }[]
  ).find((c) => c.code === 'SPRING20')!;
  expect(code.usage).toEqual({ redemptions: 1, discountGiven: 10, revenue: 40 });

  // Edit: the last day is the end of that day in the organization's time zone (Denver), whatever the browser's.
  expect((await request.put('/api/settings', { headers: auth, data: { timeZone: 'America/Denver' } })).ok()).toBeTruthy();
  // Still signed in from the start of the test (only cookies were cleared for the public pages).
  await page.goto('/admin/settings?tab=discounts');
  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(codes.getByText('To the end of the day · Times in America/Denver')).toBeVisible();
  await codes.getByLabel('Uses in all').fill('5');
  await codes.getByLabel('Valid until').fill('2027-03-01');
  await codes.getByRole('button', { name: 'Save promo code' }).click();
  await expect(codes.getByText('Promo code SPRING20 saved')).toBeVisible();
  await expect(row).toContainText('1 of 5');
  const edited = ((await (await request.get('/api/promo-codes', { headers: auth })).json()).data as Record<string, unknown>[]).find(
    (c) => c.code === 'SPRING20',
  )!;
  // 23:59:59 on March 1 in Denver (MST, UTC-7).
  expect(edited).toMatchObject({ maxRedemptions: 5, validUntil: '2027-03-02T06:59:59.000Z' });
  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(codes.getByLabel('Valid until')).toHaveValue('2027-03-01');
  await codes.getByRole('button', { name: 'Cancel' }).click();
  // Deactivate: listed as inactive, and the public quote no longer applies it.
  await row.getByRole('button', { name: 'Deactivate' }).click();
  await expect(codes.getByText('Promo code SPRING20 deactivated')).toBeVisible();
  await expect(row).toContainText('Inactive');
  const refused = await request.post('/api/public/price-quote', {
    data: { organizationId: org.organizationId, classId, promoCode: 'SPRING20' },
  });
  expect(((await refused.json()).data as { promo: { applied: boolean; message: string } }).promo).toMatchObject({
    applied: false,
    message: 'This code is not valid',
  });
  await screenshot(page, { path: '/tmp/h2324c-admin-discounts-edited.png', fullPage: true });
});

/** A senior registering alone gives a date of birth on the payment step: the quote shows the senior line and the card pays it. */
test('should take a single registration date of birth, show the senior line and charge it by card', async ({ page, request }, info) => {
  test.skip(info.project.name !== 'desktop', 'one journey is enough: the phone layout is the same form');
  await serveStripeJsDouble(page);
  // The demo organization's plan takes card payments (a fresh one's Free plan does not); its discount rules are put
  // back afterwards so that no other spec sees a senior discount.
  const organizationId = await onboardDemoOrganization(request);
  const admin = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const auth = { Authorization: `Bearer ${admin.token}` };
  const before = ((await (await request.get('/api/settings', { headers: auth })).json()).data as { discountRules: unknown }).discountRules;
  const rules = { earlyBird: null, returning: null, senior: { kind: 'percent', value: 25, minAge: 65 }, siblings: null, combine: 'best' };
  expect((await request.put('/api/settings', { headers: auth, data: { discountRules: rules } })).ok()).toBeTruthy();
  try {
    await seniorPaysByCard(page, request, auth, organizationId);
  } finally {
    expect((await request.put('/api/settings', { headers: auth, data: { discountRules: before } })).ok()).toBeTruthy();
  }
});

async function seniorPaysByCard(page: Page, request: APIRequestContext, auth: Record<string, string>, organizationId: string) {
  const title = `Chair Yoga ${Date.now()}`;
  const cls = await request.post('/api/classes', { headers: auth, data: { ...classPayload(title), price: 60, discountPrice: null } });
  expect(cls.ok(), await cls.text()).toBeTruthy();
  const classId = (await cls.json()).data.id as string;

  await page.goto(`/register/${classId}?org=${organizationId}`);
  const email = uniqueEmail('e2e.senior');
  await fillStudent(page, { firstName: 'Ruth', lastName: 'Okafor', email, phone: '5595557788' });
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Method' })).toBeVisible();
  const summary = page.getByRole('complementary');
  await expect(summary.getByRole('row', { name: /^Total/ })).toContainText('$60');
  // Too young for the rule: no line. Old enough: the senior line and the new total.
  await summary.getByLabel('Date of Birth (optional)').fill('1990-04-02');
  await expect(summary.getByRole('row', { name: /Senior discount/ })).toHaveCount(0);
  await summary.getByLabel('Date of Birth (optional)').fill('1951-04-02');
  await expect(summary.getByRole('row', { name: /Senior discount/ })).toContainText('$15');
  await expect(summary.getByRole('row', { name: /^Total/ })).toContainText('$45');
  await expect(page.getByRole('radio', { name: /Pay by Card/ })).toBeChecked();
  const card = page.getByRole('group', { name: 'Payment details' });
  await card.getByLabel('Card number').fill('4242 4242 4242 4242');
  await card.getByLabel('Expiration date MM / YY').fill('12 / 34');
  await card.getByLabel('Security code').fill('123');
  await card.getByLabel('ZIP').fill('93612');
  await screenshot(page, { path: '/tmp/h2324c-register-senior.png', fullPage: true });
  await page.getByRole('button', { name: 'Pay $45' }).click();
  await expect(page).toHaveURL(/\/confirmation/);
  await expect(page.getByText('We received your payment of $45.')).toBeVisible();

  // The server charged its own quote with the date of birth, and kept the senior line.
  const res = await request.get(`/api/students?filter=${encodeURIComponent(JSON.stringify({ q: email }))}`, { headers: auth });
  const student = ((await res.json()).data as { email: string; classEnrollments: Record<string, unknown>[] }[]).find(
    (s) => s.email === email,
  );
  const enrollment = student?.classEnrollments.find((e) => e.classId === classId);
  expect(enrollment).toMatchObject({ paymentMethod: 'card', paymentStatus: 'completed', amountPaid: 45 });
  expect(enrollment?.priceBreakdown).toEqual(
    expect.arrayContaining([expect.objectContaining({ label: expect.stringMatching(/Senior discount/), amount: -15 })]),
  );
}
