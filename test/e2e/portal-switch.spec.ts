import { expect, test, type APIRequestContext, type Browser, type Page, type TestInfo } from '@playwright/test';
import { ADMIN, signInUi } from './admin-helpers';
import {
  createClass,
  deleteMadeClasses,
  demoPortalSetup,
  expectNoSeriousViolations,
  expectNoSideScroll,
  payByCard,
  signInByLink,
} from './portal-helpers';
import { serveStripeJsDouble } from './stripe-helpers';
import { screenshot } from './screenshots';

/**
 * Switching a card-paid registration to a dearer class with the difference left to pay in person: by the student in
 * the portal (when the organization allows it), and by the admin from the student's record. Both end with the new
 * class and the balance due shown to the student and to the admin. Classes start 12-14 days ahead, so the run does
 * not depend on the hour; the ones made in the demo organization are deleted after each test (its plan allows 25).
 */
const shot = (page: Page, name: string, project: string) => screenshot(page, { path: `/tmp/h21d-${name}-${project}.png`, fullPage: true });

test.afterEach(async ({ request }) => deleteMadeClasses(request));

/** The admin's student panel for `email`, in a new browser context signed in as the demo admin. */
async function openStudentPanel(browser: Browser, testInfo: TestInfo, email: string) {
  const context = await browser.newContext({ ...testInfo.project.use });
  const admin = await context.newPage();
  await signInUi(admin, ADMIN.email, ADMIN.password);
  await expect(admin).toHaveURL(/\/admin/);
  await admin.goto('/admin/students');
  await admin.getByLabel('Search students by name, email or phone').fill(email);
  if (testInfo.project.name === 'mobile') await admin.getByRole('button', { name: 'View Maya Lin' }).filter({ hasText: email }).click();
  else await admin.getByRole('row', { name: new RegExp(email) }).click();
  const panel = admin.getByRole('region', { name: 'Student details' });
  await expect(panel).toBeVisible();
  return { context, admin, panel };
}

async function setDifferenceInPerson(request: APIRequestContext, auth: Record<string, string>, on: boolean) {
  const res = await request.put('/api/settings', { headers: auth, data: { selfServiceTransferDifferenceInPerson: on } });
  expect(res.ok(), await res.text()).toBeTruthy();
}

test('a student switches to a dearer class and pays the difference in person; the admin sees the balance due', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const project = testInfo.project.name;
  const request = page.request;
  const { organizationId, auth, stamp } = await demoPortalSetup(request);
  const title = `E2E Switch Basics ${stamp}`;
  const pro = `E2E Switch Pro ${stamp}`;
  const cls = await createClass(request, auth, title, 80, 12);
  const proClass = await createClass(request, auth, pro, 120, 13);
  const email = `e2e.portal.inperson.${stamp}@example.com`;
  await payByCard(request, organizationId, cls.id, email, 80);

  const before = (await (await request.get('/api/settings', { headers: auth })).json()).data.selfServiceTransferDifferenceInPerson;
  await setDifferenceInPerson(request, auth, true);
  try {
    await serveStripeJsDouble(page);
    await signInByLink(page, auth, organizationId, email);
    const card = page.getByRole('article', { name: title });
    await expect(card.getByText('Paid by card · $80.00 paid')).toBeVisible();
    await card.getByRole('button', { name: 'Switch class' }).click();
    const panel = card.getByRole('group', { name: 'Switch to another class' });
    await panel.getByRole('radio', { name: new RegExp(`${pro}.*\\$40\\.00 more \\(paid by card\\)`) }).check();
    // Both ways to pay the difference are offered: by card now, or in person at class.
    await expect(panel.getByRole('button', { name: 'Continue to pay $40.00' })).toBeVisible();
    await expectNoSeriousViolations(page, 'switch with the in-person option');
    await expectNoSideScroll(page, 'switch with the in-person option');
    await shot(page, 'portal-in-person-choice', project);
    await panel.getByRole('button', { name: 'Switch and pay $40.00 in person' }).click();
    await expect(
      page.getByText(`You are now registered for ${pro}; please pay the difference of $40.00 in person at class.`),
    ).toBeVisible();
    const moved = page.getByRole('article', { name: pro });
    await expect(moved.getByText('Registered · Paid by card · $80.00 paid · $40.00 to pay in person at class')).toBeVisible();
    await expect(page.getByRole('article', { name: title })).toHaveCount(0);
    await shot(page, 'portal-in-person-done', project);
  } finally {
    await setDifferenceInPerson(request, auth, before === true);
  }

  // The organization's side: the student's record shows the new class and the balance to collect.
  const { context, admin, panel } = await openStudentPanel(browser, testInfo, email);
  const enrolled = panel.getByRole('list', { name: 'Enrolled classes' }).getByRole('listitem').filter({ hasText: pro });
  await expect(enrolled.getByText('Balance due $40.00 (in person at class)')).toBeVisible();
  await expect(
    panel.getByRole('list', { name: 'History' }).getByText(`Maya Lin switched from ${title} to ${pro} ($40.00 due in person)`),
  ).toBeVisible();
  await screenshot(admin, { path: `/tmp/h21d-admin-balance-${project}.png`, fullPage: true });

  // The class's Payments tab lists the student as unpaid with the balance, and Mark as Paid takes exactly it.
  await admin.goto(`/teacher/payment-view/${proClass.id}`);
  await admin.getByRole('tab', { name: /^Payments/ }).click();
  const owing = admin.getByRole('region', { name: 'Unpaid students' }).getByRole('group', { name: 'Maya Lin', exact: true });
  await expect(owing.getByText('Amount Due: $40.00')).toBeVisible();
  await owing.getByRole('button', { name: 'Mark as Paid' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Confirm Payment' });
  await expect(confirm.getByText('$40.00')).toBeVisible();
  await confirm.getByRole('button', { name: 'Confirm Payment' }).click();
  await expect(admin.getByText('Payment of $40.00 recorded for Maya Lin.')).toBeVisible();
  await expect(
    admin.getByRole('region', { name: 'Paid students' }).getByRole('group', { name: 'Maya Lin', exact: true }).getByText('Paid $120.00'),
  ).toBeVisible();
  await context.close();
});

test("the admin switches a student's class from the student record", async ({ page, browser }, testInfo) => {
  test.setTimeout(150_000);
  const project = testInfo.project.name;
  const request = page.request;
  const { organizationId, auth, stamp } = await demoPortalSetup(request);
  const title = `E2E Admin Switch Basics ${stamp}`;
  const pro = `E2E Admin Switch Pro ${stamp}`;
  const lastSeat = `E2E Admin Switch Last Seat ${stamp}`;
  const cls = await createClass(request, auth, title, 80, 12);
  await createClass(request, auth, pro, 120, 13);
  const full = await createClass(request, auth, lastSeat, 80, 14, 1);
  const email = `e2e.admin.switch.${stamp}@example.com`;
  await payByCard(request, organizationId, cls.id, email, 80);

  const { context, admin, panel } = await openStudentPanel(browser, testInfo, email);
  await panel.getByRole('button', { name: `Switch ${title} to another class` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Switch class' });
  await expect(dialog.getByText('Paid $80.00 by card')).toBeVisible();

  // A class whose last seat goes to someone else while the dialog is open: the server's refusal, readable, and a fresh list.
  await dialog.getByRole('radio', { name: new RegExp(lastSeat) }).check();
  await expect(dialog.getByText('The card payment stays as it is; no money changes hands.')).toBeVisible();
  const taken = await request.post('/api/students/register', {
    data: {
      firstName: 'Ada',
      lastName: 'Quick',
      email: `e2e.admin.switch.quick.${stamp}@example.com`,
      phone: '5595550142',
      communicationOptIn: false,
      organizationId,
      classEnrollments: [{ classId: full.id, paymentMethod: 'in-person', paymentStatus: 'pending' }],
    },
  });
  expect(taken.ok(), await taken.text()).toBeTruthy();
  await dialog.getByRole('button', { name: 'Switch class' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'This class is full. No seats are left.' })).toBeVisible();
  await expect(dialog.getByRole('radio', { name: new RegExp(lastSeat) })).toHaveCount(0);

  // The dearer class: its quoted price and difference, how the difference is paid, then the switch.
  const option = dialog.getByRole('radio', {
    name: new RegExp(`${pro}.*1[0-9] seats? left · \\$120\\.00 · \\$40\\.00 more \\(due in person\\)`),
  });
  await option.check();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(dialog.getByRole('radio', { name: 'In person at class (due now)' })).toBeChecked();
  await expect(
    dialog.getByText('The card payment stays as it is; the student pays the $40.00 difference in person at class.'),
  ).toBeVisible();
  await expectNoSeriousViolations(admin, 'admin switch dialog');
  await screenshot(admin, { path: `/tmp/h21d-admin-switch-dialog-${project}.png` });
  await dialog.getByRole('button', { name: 'Switch and collect $40.00 in person' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByRole('status').filter({ hasText: `Switched to ${pro}; $40.00 due in person` })).toBeVisible();
  const enrolled = panel.getByRole('list', { name: 'Enrolled classes' }).getByRole('listitem').filter({ hasText: pro });
  await expect(enrolled.getByText('Balance due $40.00 (in person at class)')).toBeVisible();
  await expect(panel.getByRole('list', { name: 'Enrolled classes' }).getByRole('listitem').filter({ hasText: title })).toHaveCount(0);
  await screenshot(admin, { path: `/tmp/h21d-admin-switched-${project}.png`, fullPage: true });
  await context.close();
});
