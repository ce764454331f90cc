import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, apiSignIn } from './admin-helpers';
import { STRIPE_E2E } from './stripe-env';
import { onboardDemoOrganization } from './stripe-helpers';

export { expectNoSeriousViolations } from './axe-helpers';

// What the student portal's end-to-end specs share: classes made and deleted, a card registration, the emailed sign-in.

export async function expectNoSideScroll(page: Page, label: string) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(wide, `${label} scrolls sideways by ${wide}px`).toBeLessThanOrEqual(0);
}

/**
 * What every portal test starts from: the demo organization connected to the Stripe stand-in, the demo admin's API
 * headers, and a stamp that makes the test's class titles and emails its own (other specs use the same organization).
 */
export async function demoPortalSetup(request: APIRequestContext) {
  const organizationId = await onboardDemoOrganization(request);
  const { token } = await apiSignIn(request, ADMIN.email, ADMIN.password);
  return { organizationId, auth: { Authorization: `Bearer ${token}` }, stamp: Date.now() };
}

/**
 * The classes a test made in the demo organization (the one connected to the Stripe stand-in), deleted after it: the
 * demo plan allows 25 active classes and later specs add theirs to the same organization.
 */
const made: { id: string; auth: Record<string, string> }[] = [];
export async function deleteMadeClasses(request: APIRequestContext) {
  for (const c of made.splice(0)) {
    const res = await request.delete(`/api/classes/${c.id}`, { headers: c.auth });
    expect(res.ok(), await res.text()).toBeTruthy();
  }
}

export async function createClass(
  request: APIRequestContext,
  auth: Record<string, string>,
  title: string,
  price: number,
  days: number,
  maxStudents = 10,
) {
  const res = await request.post('/api/classes', {
    headers: auth,
    data: {
      title,
      description: 'Created by the end-to-end tests.',
      instructor: 'Test Instructor',
      location: 'Studio A',
      status: 'Open',
      startDate: new Date(Date.now() + days * 86_400_000).toISOString(),
      days: 1,
      schedule: 'Consecutive',
      duration: 60,
      price,
      discountPrice: null,
      maxStudents,
      information: '',
      materials: [],
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const cls = (await res.json()).data as { id: string };
  made.push({ id: cls.id, auth });
  return cls;
}

/** The sign-in link path sent to `email`, from the outbox (queued or already sent). */
export async function linkFromOutbox(request: APIRequestContext, auth: Record<string, string>, email: string): Promise<string> {
  let found: string | null = null;
  await expect
    .poll(
      async () => {
        for (const path of ['/api/communications/scheduled?limit=200', '/api/communications/logs?limit=200']) {
          const rows = ((await (await request.get(path, { headers: auth })).json()).data ?? []) as { to: string; message: string }[];
          const row = rows.find((r) => r.to === email && /\/my\/[A-Za-z0-9_-]{20,}/.test(r.message));
          if (row) found = /\/my\/[A-Za-z0-9_-]{20,}/.exec(row.message)![0];
        }
        return found;
      },
      { message: `the sign-in link sent to ${email}`, timeout: 20_000 },
    )
    .not.toBeNull();
  return found!;
}

/** A card registration of Maya Lin paid through the API and the Stripe stand-in (as the register page does it). */
export async function payByCard(request: APIRequestContext, organizationId: string, classId: string, email: string, amount: number) {
  const studentData = { firstName: 'Maya', lastName: 'Lin', email, phone: '5595550177', communicationOptIn: true };
  const intent = await request.post('/api/payments/create-intent', { data: { classId, organizationId, studentData, amount } });
  expect(intent.ok(), await intent.text()).toBeTruthy();
  const { paymentIntentId, clientSecret } = (await intent.json()).data as { paymentIntentId: string; clientSecret: string };
  const confirmed = await request.post(`${STRIPE_E2E.standInUrl}/v1/payment_intents/${paymentIntentId}/confirm`, {
    headers: { Authorization: `Bearer ${STRIPE_E2E.publishableKey}` },
    form: { client_secret: clientSecret, payment_method: 'pm_card_visa' },
  });
  expect(confirmed.ok(), await confirmed.text()).toBeTruthy();
  const done = await request.post('/api/payments/confirm-enrollment', { data: { paymentIntentId, classId, organizationId, studentData } });
  expect(done.ok(), await done.text()).toBeTruthy();
}

/** Signs in on /my with the link emailed to `email` and answers the registrations page. */
export async function signInByLink(page: Page, auth: Record<string, string>, organizationId: string, email: string) {
  await page.goto(`/my?organizationId=${organizationId}&email=${encodeURIComponent(email)}`);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByText('a sign-in link is on its way')).toBeVisible();
  await page.goto(await linkFromOutbox(page.request, auth, email));
  await page.getByRole('button', { name: 'Open my registrations' }).click();
}
