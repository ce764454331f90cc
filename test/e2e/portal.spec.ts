import { expect, test, type Page } from '@playwright/test';
import { ADMIN, freshOrganization, signInUi } from './admin-helpers';
import {
  createClass,
  demoPortalSetup,
  deleteMadeClasses,
  expectNoSeriousViolations,
  expectNoSideScroll,
  linkFromOutbox,
  payByCard,
  signInByLink,
} from './portal-helpers';
import { serveStripeJsDouble } from './stripe-helpers';
import { screenshot } from './screenshots';

/**
 * A student who paid by card asks for a sign-in link on /my, opens it from the outbox (the page's button
 * signs in, the GET alone changes nothing), sees the classes they could switch to with the price difference, switches
 * to one at the same price, and cancels with the refund the policy frozen at registration promised; the admin sees both
 * in the student's history. axe and a screenshot of every screen.
 */
const shot = (page: Page, name: string, project: string) =>
  screenshot(page, { path: `/tmp/h21-portal-${name}-${project}.png`, fullPage: true });

test.afterEach(async ({ request }) => deleteMadeClasses(request));

test('a student signs in by an emailed link and cancels with the refund the policy promised', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const project = testInfo.project.name;
  const request = page.request;
  const { organizationId, auth, stamp } = await demoPortalSetup(request);
  const title = `E2E Portal Pottery ${stamp}`;
  const cls = await createClass(request, auth, title, 80, 5);
  await createClass(request, auth, `E2E Portal Thursday ${stamp}`, 60, 6);
  const friday = `E2E Portal Friday ${stamp}`;
  await createClass(request, auth, friday, 80, 6);

  // The policy in force when the student registers is frozen on the registration; the demo's own is put back after.
  const before = (await (await request.get('/api/settings', { headers: auth })).json()).data.cancellationPolicies;
  const policy = [
    { daysBeforeClass: 7, refundPercentage: 100 },
    { daysBeforeClass: 3, refundPercentage: 50 },
  ];
  expect((await request.put('/api/settings', { headers: auth, data: { cancellationPolicies: policy } })).ok()).toBeTruthy();
  const email = `e2e.portal.${stamp}@example.com`;
  try {
    await payByCard(request, organizationId, cls.id, email, 80);
  } finally {
    await request.put('/api/settings', { headers: auth, data: { cancellationPolicies: before } });
  }

  // --- /my: the 'Manage your registration' link fills in the email; the answer is the same for anyone ---
  await page.goto(`/my?organizationId=${organizationId}&email=${encodeURIComponent(email)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'My registrations' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expectNoSeriousViolations(page, 'request a link');
  await expectNoSideScroll(page, 'request a link');
  await shot(page, 'request', project);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByText('a sign-in link is on its way')).toBeVisible();

  // --- the link: opening it changes nothing until the button is pressed ---
  const link = await linkFromOutbox(request, auth, email);
  await page.goto(link);
  await expect(page.getByRole('button', { name: 'Open my registrations' })).toBeVisible();
  await expectNoSeriousViolations(page, 'sign in');
  await shot(page, 'signin', project);
  await page.reload();
  await page.getByRole('button', { name: 'Open my registrations' }).click();
  const card = page.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await expect(card.getByText('Paid by card · $80.00 paid')).toBeVisible();
  await expectNoSeriousViolations(page, 'registrations');
  await expectNoSideScroll(page, 'registrations');
  await shot(page, 'registrations', project);

  // --- Switch class: the other classes with seats and the price difference ---
  await card.getByRole('button', { name: 'Switch class' }).click();
  const option = card.getByRole('radio', { name: new RegExp(`E2E Portal Thursday ${stamp}`) });
  await expect(option).toBeVisible();
  await expect(card.getByText('$20.00 back to your card').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'switch class');
  await shot(page, 'switch', project);
  // A class at the same price with seats: the switch moves the seat and no money.
  const panel = card.getByRole('group', { name: 'Switch to another class' });
  await panel.getByRole('radio', { name: new RegExp(`${friday}.*Same price`) }).check();
  await panel.getByRole('button', { name: 'Switch class' }).click();
  await expect(page.getByText(`You are now registered for ${friday}.`)).toBeVisible();
  const moved = page.getByRole('article', { name: friday });
  await expect(moved.getByText('Paid by card · $80.00 paid')).toBeVisible();
  await expect(page.getByRole('article', { name: title })).toHaveCount(0);
  await shot(page, 'switched', project);

  // --- Cancel: the refund shown before confirming (the policy frozen at registration), then made ---
  await moved.getByRole('button', { name: 'Cancel registration' }).click();
  await expect(moved.getByText('You will get $40.00 back (50% under the policy in force when you registered)')).toBeVisible();
  await expectNoSeriousViolations(page, 'cancel');
  await shot(page, 'cancel', project);
  await moved.getByRole('button', { name: 'Yes, cancel' }).click();
  await expect(page.getByText(`Your registration for ${friday} is cancelled; $40.00 is on its way back to your card.`)).toBeVisible();
  await expect(
    page.getByRole('article', { name: friday }).getByText('Cancelled · Paid by card · $80.00 paid · $40.00 refunded'),
  ).toBeVisible();
  await shot(page, 'cancelled', project);

  // --- the organization sees what the student did, as activity ---
  const events = (await (await request.get('/api/activity-events?limit=20', { headers: auth })).json()).data as { description: string }[];
  const said = events.map((ev) => ev.description);
  expect(said).toContain(`Maya Lin switched from ${title} to ${friday}`);
  expect(said).toContain(`Maya Lin cancelled ${friday} (refund $40.00)`);
  // ... and in the student's history on the admin's student panel, marked as done by the student.
  const adminContext = await page
    .context()
    .browser()!
    .newContext({ ...testInfo.project.use });
  const admin = await adminContext.newPage();
  await signInUi(admin, ADMIN.email, ADMIN.password);
  await expect(admin).toHaveURL(/\/admin/);
  await admin.goto('/admin/students');
  await admin.getByLabel('Search students by name, email or phone').fill(email);
  if (project === 'mobile') await admin.getByRole('button', { name: 'View Maya Lin' }).filter({ hasText: email }).click();
  else await admin.getByRole('row', { name: new RegExp(email) }).click();
  const historyList = admin.getByRole('list', { name: 'History' });
  await expect(historyList.getByText(`Maya Lin switched from ${title} to ${friday}`)).toBeVisible();
  await expect(historyList.getByText(`Maya Lin cancelled ${friday} (refund $40.00)`)).toBeVisible();
  await expect(historyList.getByText(/by the student/).first()).toBeVisible();
  await screenshot(admin, { path: `/tmp/h22b-student-history-${project}.png`, fullPage: true });
  await adminContext.close();

  // --- the used link is refused with the way to a new one; signing out ends the session ---
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Email me a sign-in link' })).toBeVisible();
  await page.goto(link);
  await page.getByRole('button', { name: 'Open my registrations' }).click();
  await expect(page.getByText('This sign-in link has expired or was already used.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
});

test("the admin sets the student portal's rules on Settings › Policies", async ({ page }, testInfo) => {
  const org = await freshOrganization(page.request);
  await signInUi(page, org.email, org.password);
  // Wait for the sign-in to land before leaving the page, or the session is never stored.
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/settings?tab=policies');
  const panel = page.getByRole('region', { name: 'Student self-service' });
  await expect(panel).toBeVisible();
  await expect(panel.getByLabel('Cancel online until (hours before the first session)')).toHaveValue('24');
  await panel.getByLabel('Cancel online until (hours before the first session)').fill('48');
  await panel.getByLabel('Students may switch to another open class').uncheck();
  await panel.getByRole('button', { name: 'Save self-service settings' }).click();
  await expect(panel.getByText('Self-service settings saved successfully!')).toBeVisible();
  const saved = (await (await page.request.get('/api/settings', { headers: { Authorization: `Bearer ${org.token}` } })).json()).data;
  expect(saved).toMatchObject({ selfService: true, selfServiceCancelHoursBefore: 48, selfServiceTransfers: false });
  await screenshot(panel, { path: `/tmp/h21-portal-settings-${testInfo.project.name}.png` });
});

test('a student switches to a dearer class and pays the difference by card', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const project = testInfo.project.name;
  const request = page.request;
  const { organizationId, auth, stamp } = await demoPortalSetup(request);
  const title = `E2E Portal Basics ${stamp}`;
  const pro = `E2E Portal Pro ${stamp}`;
  const cls = await createClass(request, auth, title, 80, 9);
  await createClass(request, auth, pro, 120, 9);
  const email = `e2e.portal.topup.${stamp}@example.com`;
  await payByCard(request, organizationId, cls.id, email, 80);

  await serveStripeJsDouble(page);
  await signInByLink(page, auth, organizationId, email);
  const card = page.getByRole('article', { name: title });
  await expect(card.getByText('Paid by card · $80.00 paid')).toBeVisible();
  await card.getByRole('button', { name: 'Switch class' }).click();
  const panel = card.getByRole('group', { name: 'Switch to another class' });
  await panel.getByRole('radio', { name: new RegExp(`${pro}.*\\$40\\.00 more \\(paid by card\\)`) }).check();
  await panel.getByRole('button', { name: 'Continue to pay $40.00' }).click();
  const pay = card.getByRole('group', { name: `Pay the difference to switch to ${pro}` });
  await expect(pay.getByText(`costs $40.00 more`)).toBeVisible();
  const details = pay.getByRole('group', { name: 'Payment details' });
  await details.getByLabel('Card number').fill('4242 4242 4242 4242');
  await details.getByLabel('Expiration date MM / YY').fill('12 / 34');
  await details.getByLabel('Security code').fill('123');
  await details.getByLabel('ZIP').fill('93612');
  await expectNoSeriousViolations(page, 'pay the difference');
  await expectNoSideScroll(page, 'pay the difference');
  await shot(page, 'top-up', project);
  await pay.getByRole('button', { name: 'Pay $40' }).click();
  await expect(page.getByText(`You are now registered for ${pro}; you paid $40.00 more by card.`)).toBeVisible();
  const moved = page.getByRole('article', { name: pro });
  await expect(moved.getByText('Paid by card · $120.00 paid')).toBeVisible();
  await expect(page.getByRole('article', { name: title })).toHaveCount(0);
  await shot(page, 'top-up-done', project);
  const events = (await (await request.get('/api/activity-events?limit=20', { headers: auth })).json()).data as { description: string }[];
  expect(events.map((ev) => ev.description)).toContain(`Maya Lin switched from ${title} to ${pro} (paid $40.00 more)`);
});
