import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { classPayload, freshOrganization, signInUi } from './admin-helpers';
import { fillStudent, uniqueEmail } from './public-helpers';
import { screenshot } from './screenshots';

/**
 * Issue 43 §1-2: an admin sets GST 5 % on tuition and a $25 annual registration fee under Settings › Taxes and fees;
 * a student's summary shows the fee and GST lines after the price, and the in-person charge is that total.
 */
test('should set GST and a registration fee in the settings, and show both as lines of the checkout', async ({ page, request }, info) => {
  test.skip(info.project.name !== 'desktop', 'one journey is enough: the phone layout is the same form');
  await page.route('https://js.stripe.com/**', (route) => route.abort('internetdisconnected'));
  const org = await freshOrganization(request);
  const auth = { Authorization: `Bearer ${org.token}` };
  const cls = await request.post('/api/classes', {
    headers: auth,
    data: { ...classPayload(`Wheel Throwing ${Date.now()}`), price: 80, discountPrice: null },
  });
  expect(cls.ok(), await cls.text()).toBeTruthy();
  const classId = (await cls.json()).data.id as string;

  await signInUi(page, org.email, org.password);
  await expect(page).toHaveURL(/\/admin/);
  await page.goto('/admin/settings?tab=taxes');
  await expect(page.getByRole('tab', { name: 'Taxes and fees', selected: true })).toBeVisible();
  const taxes = page.getByRole('region', { name: 'Sales taxes' });
  await taxes.getByRole('button', { name: 'Add a tax rate' }).click();
  const rate = taxes.getByRole('group', { name: 'Tax rate 1' });
  await rate.getByLabel('Label').fill('GST');
  await rate.getByLabel('Rate (%)').fill('5');
  await taxes.getByRole('button', { name: 'Save taxes' }).click();
  await expect(taxes.getByText('Taxes saved')).toBeVisible();
  await expect(taxes.getByText(/apply to new price quotes only/)).toBeVisible();
  const fee = page.getByRole('region', { name: 'Registration fee' });
  await fee.getByLabel('Charge a registration fee').check();
  await fee.getByRole('button', { name: 'Save registration fee' }).click();
  await expect(fee.getByText('Registration fee saved')).toBeVisible();
  await screenshot(page, { path: '/tmp/h8-admin-taxes.png', fullPage: true });
  // No serious or critical WCAG 2.1 AA violation on the new tab.
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  await page.context().clearCookies();
  await page.goto(`/register/${classId}?org=${org.organizationId}`);
  await fillStudent(page, { firstName: 'Ana', lastName: 'Roy', email: uniqueEmail('e2e.tax'), phone: '5595551234' });
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Method' })).toBeVisible();
  const summary = page.getByRole('complementary');
  await expect(summary.getByRole('row', { name: /Annual registration fee/ })).toContainText('$25');
  await expect(summary.getByRole('row', { name: /^GST 5%/ })).toContainText('$4');
  await expect(summary.getByRole('row', { name: /^Total/ })).toContainText('$109');
  await expect(page.getByText(/Reserve your spot now and pay \$109 before class starts/)).toBeVisible();
  await screenshot(page, { path: '/tmp/h8-checkout-taxes.png', fullPage: true });
});
