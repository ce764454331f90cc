import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, signInUi } from './admin-helpers';
import {
  createClass,
  demoPortalSetup,
  deleteMadeClasses,
  expectNoSeriousViolations,
  expectNoSideScroll,
  signInByLink,
} from './portal-helpers';
import { fillStudent, uniqueEmail } from './public-helpers';
import { fillCard, serveStripeJsDouble } from './stripe-helpers';
import { screenshot } from './screenshots';

/**
 * Payment plans on every screen (issue 40 §1-§4), against the real backend and the Stripe stand-in: an admin offers a
 * $150-deposit plan on a $600 class; a family chooses it at checkout (the schedule from the quote, the consent accepted,
 * the deposit paid with the card saved); /my shows the plan with its schedule and the card on file; the admin finds it
 * in Payment plans and opens its page. Both browser projects, axe on each screen.
 */
const DAY = 86_400_000;
const day = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);
const shot = (name: string, project: string) => `/tmp/h2-plans-${name}-${project}.png`;

async function offerPlan(request: APIRequestContext, auth: Record<string, string>, classId: string, name: string) {
  const res = await request.post('/api/payment-plan-definitions', {
    headers: auth,
    data: { name, classId, depositKind: 'amount', depositValue: 150, interval: 'monthly', instalmentCount: 3, paidInFullBy: day(110) },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

test.describe('Payment plans', () => {
  test.afterAll(async ({ request }) => {
    await deleteMadeClasses(request);
  });

  test('a family chooses a plan at checkout, sees it on /my, and the admin sees it in Payment plans', async ({ page, request }, info) => {
    // Checkout, two portal payments, a new card and the admin's two screens: a journey past the default minute on a
    // loaded machine.
    test.setTimeout(150_000);
    const project = info.project.name;
    const { organizationId, auth, stamp } = await demoPortalSetup(request);
    const title = `Swim Semester ${stamp}`;
    const cls = await createClass(request, auth, title, 600, 120);
    const planName = `Deposit and 3 monthly payments ${stamp}`;
    await offerPlan(request, auth, cls.id, planName);

    // Checkout: "Pay in full" or the plan; choosing the plan shows its schedule from the quote and the consent.
    await serveStripeJsDouble(page);
    await page.goto(`/register/${cls.id}?org=${organizationId}`);
    const email = uniqueEmail('e2e.plan');
    await fillStudent(page, { firstName: 'Rosa', lastName: 'Diaz', email, phone: '5595554321' });
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    const choice = page.getByRole('group', { name: 'How would you like to pay?' });
    await expect(choice.getByRole('radio', { name: /Pay in full/ })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Pay $600' })).toBeVisible();
    await choice.getByRole('radio', { name: planName }).check();
    const schedule = page.getByRole('region', { name: 'Payment schedule' });
    await expect(schedule.getByRole('row')).toHaveCount(4);
    await expect(schedule.getByRole('row').first()).toContainText('Today');
    await expect(schedule.getByRole('row').first()).toContainText('$150');
    for (const row of await schedule.getByRole('row').all()) await expect(row).toContainText('$150');
    await expect(schedule.getByText('Total $600')).toBeVisible();
    await expect(schedule.getByText(/I authorize this organization to charge my saved payment method/)).toBeVisible();
    const pay = page.getByRole('button', { name: 'Pay $150' });
    await fillCard(page, '4242 4242 4242 4242');
    // Nothing is charged before the payer accepts the authorization.
    await expect(pay).toBeDisabled();
    await schedule.getByRole('checkbox', { name: /I accept this authorization/ }).check();
    await expect(pay).toBeEnabled();
    await expectNoSeriousViolations(page, 'checkout with a plan');
    await expectNoSideScroll(page, 'checkout with a plan');
    await screenshot(page, { path: shot('checkout', project), fullPage: true });
    await pay.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Registration Successful!' })).toBeVisible({ timeout: 20_000 });

    // The portal: the plan, its schedule with each instalment's status, and the card on file.
    await signInByLink(page, auth, organizationId, email);
    const plans = page.getByRole('region', { name: 'Payment plans' });
    await expect(plans.getByRole('heading', { name: `${title} · ${planName}` })).toBeVisible({ timeout: 20_000 });
    await expect(plans.getByText('For Rosa Diaz: $150.00 paid of $600.00, $450.00 left.')).toBeVisible();
    await expect(plans.getByText('Paying with Visa card ending in 4242.')).toBeVisible();
    await expect(plans.getByRole('table').getByRole('row')).toHaveCount(4);
    await expect(plans.getByRole('cell', { name: 'Due', exact: true })).toHaveCount(3);
    await expectNoSeriousViolations(page, 'portal plans');
    await expectNoSideScroll(page, 'portal plans');
    await screenshot(plans, { path: shot('portal', project) });

    // Pay the first instalment now: the card step on the page, recorded when the server reads it from Stripe.
    await plans
      .getByRole('button', { name: /^Pay the \$150\.00 due .* now$/ })
      .first()
      .click();
    await fillCard(page, '4242 4242 4242 4242');
    await plans.getByRole('button', { name: 'Pay $150' }).click();
    await expect(plans.getByText('$150.00 paid.')).toBeVisible({ timeout: 20_000 });
    await expect(plans.getByText('For Rosa Diaz: $300.00 paid of $600.00, $300.00 left.')).toBeVisible();
    await expect(plans.getByRole('cell', { name: 'Paid', exact: true })).toHaveCount(1);
    // Another card: saved by a SetupIntent, then the plan charges it.
    await plans.getByRole('button', { name: 'Use another card' }).click();
    await fillCard(page, '4242 4242 4242 4242');
    await expectNoSeriousViolations(page, 'portal new card');
    await screenshot(plans, { path: shot('portal-card', project) });
    await plans.getByRole('button', { name: 'Save card' }).click();
    await expect(plans.getByText('Your new card is saved. Any failed or due payment is charged to it now.')).toBeVisible({
      timeout: 20_000,
    });

    // The admin: Payment plans lists it; its page shows the schedule, the Stripe ids and the consent.
    await page.context().clearCookies();
    await signInUi(page, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/admin/);
    await page.goto('/admin/payment-plans');
    await expect(page.getByRole('heading', { level: 1, name: 'Payment plans' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('Active');
    await expect(row).toContainText('$300.00');
    await expectNoSeriousViolations(page, 'admin plans list');
    await screenshot(page, { path: shot('admin-list', project), fullPage: true });
    await row.getByRole('link', { name: 'Rosa Diaz' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Rosa Diaz · ${planName}` })).toBeVisible();
    const instalments = page.getByRole('table', { name: 'Instalments' });
    await expect(instalments.getByRole('row')).toHaveCount(4);
    await expect(page.getByText(/^cus_/)).toBeVisible();
    // The card saved from the portal (its own PaymentMethod on the payer's Customer) is the plan's now.
    await expect(page.getByText(/^pm_\w+$/)).toBeVisible();
    // Every try to pay is listed: the instalments the payer paid from the portal.
    const history = page.getByRole('table', { name: 'Attempt history' });
    await expect(history.getByRole('row').filter({ hasText: 'Paid by the payer' }).first()).toBeVisible();
    await expect(page.getByText(/Version 1, accepted/)).toBeVisible();
    await expectNoSeriousViolations(page, 'admin plan page');
    await expectNoSideScroll(page, 'admin plan page');
    await screenshot(page, { path: shot('admin-plan', project), fullPage: true });
  });

  test('the admin offers a plan and sets the plan rules in Settings › Payment plans', async ({ page, request }, info) => {
    const project = info.project.name;
    const { auth, stamp } = await demoPortalSetup(request);
    const title = `Camp ${stamp}`;
    await createClass(request, auth, title, 400, 90);
    await signInUi(page, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/admin/);
    await page.goto('/admin/settings?tab=plans');
    const offered = page.getByRole('region', { name: 'Payment plans offered' });
    await offered.getByRole('button', { name: 'New plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'New payment plan' });
    const name = `Two payments ${stamp}`;
    await dialog.getByLabel('Plan name').fill(name);
    await dialog.getByLabel('Offered on').click();
    await page.getByRole('option', { name: title }).click();
    await dialog.getByLabel('Deposit ($)').fill('100');
    await dialog.getByLabel('Number of payments').fill('2');
    await dialog.getByLabel('Paid in full by').fill(day(80));
    await expectNoSeriousViolations(page, 'plan dialog');
    await screenshot(dialog, { path: shot('dialog', project) });
    await dialog.getByRole('button', { name: 'Save plan' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(offered.getByText(`${name} · ${title}`)).toBeVisible();
    await expect(offered.getByText(/\$100\.00 deposit, then 2 monthly payments until/).first()).toBeVisible();

    // A deposit above the price is the server's refusal, shown in the dialog.
    await offered.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit payment plan' });
    await edit.getByLabel('Deposit ($)').fill('500');
    await edit.getByRole('button', { name: 'Save plan' }).click();
    await expect(edit.getByRole('alert')).toContainText(/deposit/i);
    await edit.getByRole('button', { name: 'Cancel' }).click();

    const rules = page.getByRole('region', { name: 'Payment plan rules' });
    await rules.getByLabel('Retry after a soft decline (days)').fill('2, 4');
    await rules.getByLabel('Grace days before past due').fill('10');
    await rules.getByLabel('Consent text the payer accepts').fill(`I authorize the camp to charge my card (${stamp}).`);
    await rules.getByRole('button', { name: 'Save plan rules' }).click();
    await expect(rules.getByText('Payment plan settings saved')).toBeVisible();
    await expect(rules.getByText(/^Version \d+\./)).toBeVisible();
    await expectNoSeriousViolations(page, 'payment plans tab');
    await expectNoSideScroll(page, 'payment plans tab');
    await screenshot(page, { path: shot('settings', project), fullPage: true });
    const saved = await (await request.get('/api/payment-plan-settings', { headers: auth })).json();
    expect(saved.data).toMatchObject({
      retryDays: [2, 4],
      graceDays: 10,
      consentText: `I authorize the camp to charge my card (${stamp}).`,
    });
    // Put the default text back: later specs' checkouts quote it.
    const reset = await request.put('/api/payment-plan-settings', {
      headers: auth,
      data: { chargeHour: 9, retryDays: [1, 3, 5], graceDays: 7, pastDueAction: 'flag', bankDebit: false, consentText: null },
    });
    expect(reset.ok(), await reset.text()).toBeTruthy();
  });
});
