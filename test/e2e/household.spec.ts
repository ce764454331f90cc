import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiSignIn, classPayload, freshOrganization, signInUi } from './admin-helpers';
import { DEMO_ORG_ID, fillStudent, uniqueEmail } from './public-helpers';
import { onboardDemoOrganization, serveStripeJsDouble } from './stripe-helpers';
import { screenshot } from './screenshots';
import { expectNoSeriousViolations } from './axe-helpers';

/** A parent registers three people in one go (all seats or none) and the admin sees each on the roster. */
const shot = (name: string, project: string, fullPage = true) => ({ path: `.tmp/screenshots/household-${name}-${project}.png`, fullPage });

async function addPerson(page: Page, n: number, firstName: string, lastName: string, dateOfBirth?: string) {
  await page.getByRole('button', { name: 'Add another person' }).click();
  const row = page.getByRole('group', { name: `Person ${n}` });
  await expect(row.getByLabel(/First Name/)).toBeFocused();
  await row.getByLabel(/First Name/).fill(firstName);
  await row.getByLabel(/Last Name/).fill(lastName);
  if (dateOfBirth) await row.getByLabel(/Date of Birth/).fill(dateOfBirth);
}

test('should register a household of three in person and show each on the admin roster with the contact', async ({
  page,
  request,
}, info) => {
  await page.route('https://js.stripe.com/**', (route) => route.abort('internetdisconnected'));
  const org = await freshOrganization(request);
  const auth = { Authorization: `Bearer ${org.token}` };
  const title = `Family Pottery ${Date.now()}`;
  const cls = await request.post('/api/classes', { headers: auth, data: { ...classPayload(title), price: 30, discountPrice: 25 } });
  expect(cls.ok(), await cls.text()).toBeTruthy();
  const classId = (await cls.json()).data.id as string;

  await page.goto(`/register/${classId}?org=${org.organizationId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Register for Class' })).toBeVisible();
  const email = uniqueEmail('e2e.household');
  await fillStudent(page, { firstName: 'Ana', lastName: 'Martinez', email, phone: '5595551234' });
  await addPerson(page, 2, 'Emma', 'Martinez', '2016-04-12');
  await addPerson(page, 3, 'Liam', 'Martinez');
  await addPerson(page, 4, 'Extra', 'Person');
  await page.getByRole('button', { name: 'Remove person 4' }).click();
  await expect(page.getByRole('group', { name: 'Person 4' })).toHaveCount(0);
  await expect(page.getByLabel(/I am attending too/)).toBeChecked();
  const summary = page.getByRole('complementary');
  await expect(summary.getByText('Total for 3 people')).toBeVisible();
  await expect(summary.getByText('$75', { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, 'register (household rows)');
  await screenshot(page, shot('form', info.project.name));

  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Method' })).toBeVisible();
  await expect(page.getByText(/Reserve your spot now and pay \$75 before class starts/)).toBeVisible();
  await screenshot(page, shot('payment', info.project.name));
  await page.getByRole('button', { name: 'Reserve My Spot' }).click();

  await expect(page).toHaveURL(/\/confirmation/);
  await expect(page.getByText('Thank you, Ana! 3 people are registered for')).toBeVisible();
  for (const name of ['Ana Martinez', 'Emma Martinez', 'Liam Martinez'])
    await expect(page.getByRole('listitem').filter({ hasText: name })).toBeVisible();
  await expect(page.getByText('$75', { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, 'confirmation (household)');
  await screenshot(page, shot('confirmation', info.project.name));

  await signInUi(page, org.email, org.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/classes');
  await page.getByRole('button', { name: `View ${title}`, exact: true }).click();
  const details = page.getByRole('region', { name: 'Class details' });
  await expect(details.getByText('Enrolled students (3)')).toBeVisible();
  const contactLine = `Household contact: Ana Martinez, ${email}, (559) 555-1234`;
  await expect(details.getByText(`${contactLine} · Born Apr 12, 2016`)).toBeVisible();
  await expect(details.getByText(contactLine, { exact: true })).toBeVisible(); // Liam
  await expect(details.getByText(email, { exact: true })).toBeVisible(); // Ana herself
  await details.getByText(contactLine, { exact: true }).scrollIntoViewIfNeeded();
  await screenshot(page, shot('admin-roster', info.project.name, false));
});

test('should take no seat when one is short and say which class ran out', async ({ page, request }) => {
  await page.route('https://js.stripe.com/**', (route) => route.abort('internetdisconnected'));
  const org = await freshOrganization(request);
  const title = `Tiny Studio ${Date.now()}`;
  const cls = await request.post('/api/classes', {
    headers: { Authorization: `Bearer ${org.token}` },
    data: { ...classPayload(title), maxStudents: 2 },
  });
  expect(cls.ok(), await cls.text()).toBeTruthy();
  const classId = (await cls.json()).data.id as string;

  await page.goto(`/register/${classId}?org=${org.organizationId}`);
  await fillStudent(page, { firstName: 'Bo', lastName: 'Chen', email: uniqueEmail('e2e.short'), phone: '5595551235' });
  await addPerson(page, 2, 'Mei', 'Chen');
  await addPerson(page, 3, 'Jun', 'Chen');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByRole('button', { name: 'Reserve My Spot' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Not enough seats left' });
  await expect(alert).toContainText(`Only 2 seats are left in ${title}`);
  const after = await request.get(`/api/classes/${classId}?organizationId=${org.organizationId}`);
  expect((await after.json()).data.enrolledStudents).toBe(0);
});

test('should pay by card for two children in one payment, the contact not attending', async ({ page, request }, info) => {
  await onboardDemoOrganization(request, page);
  await serveStripeJsDouble(page);
  const admin = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const auth = { Authorization: `Bearer ${admin.token}` };
  const title = `Kids Clay ${Date.now()}`;
  const cls = await request.post('/api/classes', { headers: auth, data: { ...classPayload(title), price: 40 } });
  expect(cls.ok(), await cls.text()).toBeTruthy();
  const classId = (await cls.json()).data.id as string;

  await page.goto(`/register/${classId}?org=${DEMO_ORG_ID}`);
  await fillStudent(page, { firstName: 'Sam', lastName: 'Reyes', email: uniqueEmail('e2e.household.card'), phone: '5595554322' });
  await addPerson(page, 2, 'Nina', 'Reyes', '2015-09-01');
  await addPerson(page, 3, 'Theo', 'Reyes');
  await page.getByLabel(/I am attending too/).uncheck();
  await expect(page.getByRole('complementary').getByText('Total for 2 people')).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('radio', { name: /Pay by Card/ })).toBeChecked();
  const card = page.getByRole('group', { name: 'Payment details' });
  await card.getByLabel('Card number').fill('4242 4242 4242 4242');
  await card.getByLabel('Expiration date MM / YY').fill('12 / 34');
  await card.getByLabel('Security code').fill('123');
  await card.getByLabel('ZIP').fill('93612');
  await screenshot(page, shot('card', info.project.name));
  await page.getByRole('button', { name: 'Pay $80' }).click();

  await expect(page).toHaveURL(/\/confirmation/);
  await expect(page.getByText('Payment Confirmed')).toBeVisible();
  await expect(page.getByText('We received your payment of $80.')).toBeVisible();
  await expect(page.getByText('Thank you, Sam! 2 people are registered for')).toBeVisible();
  const roster = await request.get(`/api/students/class/${classId}`, { headers: auth });
  const people = (await roster.json()).data as {
    firstName: string;
    classEnrollments: { paymentMethod: string; paymentStatus: string; amountPaid: number }[];
  }[];
  expect(
    people
      .map((p) => [p.firstName, p.classEnrollments[0].paymentMethod, p.classEnrollments[0].paymentStatus, p.classEnrollments[0].amountPaid])
      .sort(),
  ).toEqual([
    ['Nina', 'card', 'completed', 40],
    ['Theo', 'card', 'completed', 40],
  ]);
});
