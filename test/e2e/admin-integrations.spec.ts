import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { TEACHER, classPayload, freshOrganization, signInUi } from './admin-helpers';
import { STRIPE_E2E } from './stripe-env';
import { screenshot } from './screenshots';

/**
 * Issue 25, the Settings → Integrations tab: on Free the API refuses a key with the plan's sentence; after buying
 * Professional (the Stripe stand-in's Checkout) an admin makes a key, sees its secret once, uses it, revokes it and
 * the next call is refused; a webhook endpoint shows its signing secret once; a calendar feed's URL serves the
 * classes as iCalendar. The teacher's 'Subscribe to my calendar' makes their own feed.
 */
test.skip(({ isMobile }) => isMobile, 'desktop only');

const PLAN_REFUSAL = 'API access is a feature of the Professional plan. Upgrade to Professional to use it.';

async function feedPath(page: Page): Promise<string> {
  const url = await page.getByRole('dialog').getByRole('textbox', { name: 'Feed URL' }).inputValue();
  expect(url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]+\.ics$/);
  // The URL carries the server's public address; the test reaches the same server on its own port.
  return new URL(url).pathname;
}

async function expectIcs(request: APIRequestContext, path: string, contains: string) {
  const res = await request.get(path);
  expect(res.status(), await res.text()).toBe(200);
  expect(res.headers()['content-type']).toContain('text/calendar');
  const body = await res.text();
  expect(body).toContain('BEGIN:VCALENDAR');
  expect(body).toContain(contains);
}

async function expectNoSeriousViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${label}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('an admin on Professional makes, uses and revokes an API key, adds a webhook endpoint and a calendar feed', async ({
  page,
  request,
}) => {
  const admin = await freshOrganization(request);
  const title = `Integrations Pottery ${Date.now()}`;
  const made = await request.post('/api/classes', { headers: { Authorization: `Bearer ${admin.token}` }, data: classPayload(title) });
  expect(made.ok(), await made.text()).toBeTruthy();
  await signInUi(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);

  // Free: the tab is there, and creating a key shows the API's refusal naming the plan.
  await page.goto('/admin/settings?tab=integrations');
  await expect(page.getByRole('tab', { name: 'Integrations', selected: true })).toBeVisible();
  await expect(page.getByText('API access is a feature of the Professional plan.')).toBeVisible();
  await page.getByRole('button', { name: 'Create API key' }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Zapier');
  await dialog.getByRole('button', { name: 'Create key' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: PLAN_REFUSAL })).toBeVisible();
  await screenshot(page, { path: '/tmp/h25b-key-plan-refusal.png' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Buy Professional through Checkout (the stand-in's page).
  await page.goto('/admin/subscription?tab=plans');
  await page.locator('[aria-label="Professional plan"]').getByRole('button', { name: 'Upgrade to This Plan' }).click();
  await expect(page).toHaveURL(new RegExp(`^${STRIPE_E2E.standInUrl}/checkout/cs_test_`));
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('heading', { name: 'Subscription Activated!' })).toBeVisible();

  // An API key: the secret is shown once, in the dialog only.
  await page.goto('/admin/settings?tab=integrations');
  await expect(page.getByText('No API keys yet.')).toBeVisible();
  await expect(page.getByText('API access is a feature of the Professional plan.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Create API key' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Zapier');
  await dialog.getByRole('radio', { name: 'Read only' }).check();
  await dialog.getByRole('button', { name: 'Create key' }).click();
  await expect(dialog.getByRole('heading', { name: 'API key created' })).toBeVisible();
  await expect(dialog.getByText(/you will not see it again/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Copy key' })).toBeVisible();
  const secret = await dialog.getByRole('textbox', { name: 'API key' }).inputValue();
  await screenshot(page, { path: '/tmp/h25b-key-created.png' });
  expect(secret).toMatch(/^cl_live_[A-Za-z0-9_-]{20,}$/);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const keys = page.getByRole('table', { name: 'API keys' });
  const row = keys.getByRole('row').filter({ hasText: 'Zapier' });
  await expect(row).toContainText('Read only');
  await expect(row).toContainText('Never');
  const prefix = (await row.locator('code').innerText()).replace('…', '');
  expect(secret.startsWith(prefix)).toBe(true);
  expect(prefix.length).toBeLessThan(secret.length);
  // The secret is nowhere on the page any more.
  expect(await page.content()).not.toContain(secret);

  const asKey = { Authorization: `Bearer ${secret}` };
  const listed = await request.get('/api/classes', { headers: asKey });
  expect(listed.status(), await listed.text()).toBe(200);
  expect(JSON.stringify(await listed.json())).toContain(title);
  // A read-only key may not change anything.
  expect((await request.post('/api/classes', { headers: asKey, data: classPayload('Refused') })).status()).toBe(403);
  await page.reload();
  await expect(row).not.toContainText('Never');

  await row.getByRole('button', { name: 'Revoke Zapier' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toContainText('Revoked');
  const afterRevoke = await request.get('/api/classes', { headers: asKey });
  expect([401, 403]).toContain(afterRevoke.status());

  // A webhook endpoint: https only, events ticked, the signing secret shown once.
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  dialog = page.getByRole('dialog');
  const url = dialog.getByRole('textbox', { name: 'Endpoint URL' });
  await url.fill('http://hooks.classlane.invalid/classlane');
  await dialog.getByRole('checkbox', { name: /enrollment\.created/ }).check();
  await dialog.getByRole('checkbox', { name: /class\.cancelled/ }).check();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await screenshot(page, { path: '/tmp/h25b-webhook-form.png' });
  await url.fill('https://hooks.classlane.invalid/classlane');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(/you will not see it again/)).toBeVisible();
  expect(await dialog.getByRole('textbox', { name: 'Signing secret' }).inputValue()).toMatch(/^whsec_/);
  await dialog.getByRole('button', { name: 'Done' }).click();
  const hooks = page.getByRole('table', { name: 'Webhook endpoints' });
  await expect(hooks.getByRole('row').filter({ hasText: 'https://hooks.classlane.invalid/classlane' })).toContainText('enrollment.created');
  const deliveriesButton = hooks.getByRole('button', { name: 'Deliveries of https://hooks.classlane.invalid/classlane' });
  await deliveriesButton.click();
  await expect(page.getByRole('dialog').getByText('Nothing has been sent to this endpoint yet.')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

  // Cancelling the class queues a class.cancelled delivery. A .invalid name never resolves (RFC 2606), so the first
  // attempt fails the same way everywhere; once it is over (not 'sending'), the admin sends it again.
  const asAdmin = { Authorization: `Bearer ${admin.token}` };
  const classId = ((await made.json()) as { data: { id: string } }).data.id;
  const cancelled = await request.put(`/api/classes/${classId}`, { headers: asAdmin, data: classPayload(title, 'Cancelled') });
  expect(cancelled.ok(), await cancelled.text()).toBeTruthy();
  const endpointId = ((await (await request.get('/api/webhook-endpoints', { headers: asAdmin })).json()) as { data: { id: string }[] })
    .data[0].id;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/webhook-endpoints/${endpointId}/deliveries`, { headers: asAdmin });
        const [d] = ((await res.json()) as { data: { status: string; attempts: number }[] }).data;
        return d && d.attempts >= 1 && d.status !== 'sending' ? d.status : null;
      },
      { timeout: 30_000 },
    )
    .not.toBeNull();
  await deliveriesButton.click();
  const deliveries = page.getByRole('table', { name: 'Webhook deliveries' });
  const delivery = deliveries.getByRole('row').filter({ hasText: 'class.cancelled' });
  await expect(delivery).toContainText(/Pending|Failed/);
  await expect(delivery).toContainText('ENOTFOUND');
  await expect(page.getByRole('dialog')).toBeVisible();
  await screenshot(page, { path: '/tmp/h25b-webhook-deliveries.png' });
  await expectNoSeriousViolations(page, 'deliveries view');
  await delivery.getByRole('button', { name: 'Redeliver' }).click();
  await expect(page.getByRole('dialog').getByText('Queued to be sent again.')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  // The failed attempt shows in the endpoint's delivery state.
  await expect(hooks.getByRole('row').filter({ hasText: 'https://hooks.classlane.invalid/classlane' })).toContainText('Failing since');
  // Edit (pause it, one event fewer), then delete with a confirmation.
  const hookRow = hooks.getByRole('row').filter({ hasText: 'https://hooks.classlane.invalid/classlane' });
  await hooks.getByRole('button', { name: 'Edit https://hooks.classlane.invalid/classlane' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByRole('checkbox', { name: /enrollment\.created/ }).uncheck();
  await dialog.getByRole('switch', { name: 'Active' }).uncheck();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(hookRow.getByRole('cell').nth(1)).toHaveText('class.cancelled');
  await expect(hookRow).toContainText('Paused');
  await hooks.getByRole('button', { name: 'Delete https://hooks.classlane.invalid/classlane' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No webhook endpoints yet.')).toBeVisible();

  // A calendar feed of the organization: its URL serves the class as iCalendar.
  await page.getByRole('button', { name: 'Create calendar feed' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Create feed' }).click();
  await expect(dialog.getByText(/you will not see it again/)).toBeVisible();
  const path = await feedPath(page);
  await expectIcs(request, path, title);
  await expectIcs(request, path, 'STATUS:CANCELLED');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('table', { name: 'Calendar feeds' }).getByRole('row').filter({ hasText: 'All classes' })).toBeVisible();

  await page.waitForLoadState('networkidle');
  await expectNoSeriousViolations(page, 'integrations tab');
  await screenshot(page, { path: '/tmp/h25b-integrations.png', fullPage: true });

  // Revoked, the feed's URL answers 404.
  await page
    .getByRole('table', { name: 'Calendar feeds' })
    .getByRole('button', { name: /^Revoke feed/ })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByRole('table', { name: 'Calendar feeds' })).toContainText('Revoked');
  expect((await request.get(path)).status()).toBe(404);
});

test("a teacher subscribes to their own classes' calendar from the teacher screen", async ({ page, request }) => {
  await signInUi(page, TEACHER.email, TEACHER.password);
  await expect(page).toHaveURL(/\/teacher$/);
  await page.getByRole('button', { name: 'Subscribe to my calendar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subscribe to my calendar' });
  await dialog.getByRole('button', { name: /Create my calendar link|Make a new link/ }).click();
  await expect(dialog.getByText(/you will not see it again/)).toBeVisible();
  const path = await feedPath(page);
  await expectIcs(request, path, 'BEGIN:VEVENT');
  await screenshot(page, { path: '/tmp/h25b-teacher-calendar.png' });
  await dialog.getByRole('button', { name: 'Done' }).click();

  // Asked again, the dialog says a link exists; a new one replaces it and the old URL stops working.
  await page.getByRole('button', { name: 'Subscribe to my calendar' }).click();
  await expect(dialog.getByText(/its address is shown only once/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Make a new link' }).click();
  const second = await feedPath(page);
  expect(second).not.toBe(path);
  expect((await request.get(path)).status()).toBe(404);
  await expectIcs(request, second, 'BEGIN:VCALENDAR');
});
