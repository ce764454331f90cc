import { expect, test, type APIRequestContext } from '@playwright/test';
import { classPayload, freshOrganization, signInUi } from './admin-helpers';

/** 'Monday, January 5 at 6:00 AM' in a time zone: the words the class page must show. */
function openingWords(at: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric' }).format(at);
  const time = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(at);
  return `${day} at ${time}`;
}

async function termWithClass(request: APIRequestContext, token: string, opensAt: Date) {
  const headers = { Authorization: `Bearer ${token}` };
  const term = await request.post('/api/terms', {
    headers,
    data: { name: 'Summer Season', startDate: '2027-06-14', endDate: '2027-08-20', registrationOpensAt: opensAt.toISOString() },
  });
  expect(term.ok(), await term.text()).toBeTruthy();
  const termId = (await term.json()).data.id as string;
  const created = await request.post('/api/classes', { headers, data: { ...classPayload('Wheel Throwing'), termId } });
  expect(created.ok(), await created.text()).toBeTruthy();
  return { termId, cls: (await created.json()).data as { id: string; registrationWindow: { timeZone: string } } };
}

test.describe('Terms and the registration opening', () => {
  test('should count down to the opening and flip to Register without a reload', async ({ page, request }, testInfo) => {
    const org = await freshOrganization(request);
    const opensAt = new Date(Date.now() + 15_000);
    const { cls } = await termWithClass(request, org.token, opensAt);
    // Only the page's own requests: the countdown must not ask the server every second.
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/')) calls.push(r.url());
    });
    await page.goto(`/org/${org.organizationId}`);
    const card = page.locator('.class-card', { hasText: 'Wheel Throwing' });
    await expect(page.getByRole('heading', { name: 'Summer Season' })).toBeVisible();
    await expect(card).toContainText(`Registration opens ${openingWords(opensAt, cls.registrationWindow.timeZone)}`);
    await expect(card.locator('.registration-opening__countdown')).toContainText(/Opens in \d{2}:\d{2}:\d{2}/);
    await expect(card.getByRole('link', { name: 'Register' })).toHaveCount(0);
    await page.screenshot({ path: `/tmp/h24a-countdown-${testInfo.project.name}.png`, fullPage: true });
    const before = calls.length;
    await expect(card.getByRole('link', { name: 'Register' })).toBeVisible({ timeout: 30_000 });
    expect(Date.now()).toBeGreaterThanOrEqual(opensAt.getTime() - 1500);
    await expect(card).not.toContainText('Registration opens');
    // Waiting 15 s asked the server nothing more.
    expect(calls.length - before).toBeLessThanOrEqual(1);
    await page.screenshot({ path: `/tmp/h24a-register-${testInfo.project.name}.png`, fullPage: true });
    await card.getByRole('link', { name: 'Register' }).click();
    await expect(page).toHaveURL(new RegExp(`/register/${cls.id}`));
  });

  test('should manage terms in Settings, pick one in the class form and filter the class list by it', async ({
    page,
    request,
  }, testInfo) => {
    const org = await freshOrganization(request);
    await termWithClass(request, org.token, new Date(Date.now() + 3 * 86_400_000));
    await signInUi(page, org.email, org.password);
    await expect(page).toHaveURL(/\/admin/);
    await page.goto('/admin/settings?tab=terms');
    await expect(page.getByRole('heading', { name: 'Terms', exact: true })).toBeVisible();
    await page.getByLabel('Name').fill('Fall Season');
    await page.getByLabel('First day').fill('2027-09-06');
    await page.getByLabel('Last day').fill('2027-12-10');
    await page.getByLabel('Registration opens').fill('2027-06-01T06:00');
    await page.getByLabel('Registration closes').fill('2027-05-01T06:00');
    await page.getByRole('button', { name: 'Create term' }).click();
    await expect(page.getByText('Registration must close after it opens')).toBeVisible();
    await page.getByLabel('Registration closes').fill('2027-09-13T06:00');
    await page.getByRole('button', { name: 'Create term' }).click();
    await expect(page.getByText('Term Fall Season saved')).toBeVisible();
    const table = page.getByRole('table', { name: 'Terms' });
    await expect(table.getByRole('row', { name: /Fall Season/ })).toBeVisible();
    // A term with a class is kept, with the reason.
    await table
      .getByRole('row', { name: /Summer Season/ })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText('This term still has classes.', { exact: false })).toBeVisible();
    await page.screenshot({ path: `/tmp/h24a-settings-terms-${testInfo.project.name}.png`, fullPage: true });

    await page.goto('/admin/classes');
    const termFilter = page.getByRole('combobox', { name: /^Term/ });
    await termFilter.click();
    await page.getByRole('option', { name: 'Fall Season' }).click();
    await expect(page.getByText('No classes match your search.')).toBeVisible();
    await termFilter.click();
    await page.getByRole('option', { name: 'Summer Season' }).click();
    await expect(page.getByText('Wheel Throwing').first()).toBeVisible();
    await page.screenshot({ path: `/tmp/h24a-class-list-${testInfo.project.name}.png`, fullPage: true });
    // The class form: the term and the class's own opening and closing.
    await page.getByRole('button', { name: 'Create New Class' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'Class Information' }).click();
    await dialog.getByRole('combobox', { name: /^Term/ }).click();
    await page.getByRole('option', { name: 'Fall Season' }).click();
    await expect(dialog.getByLabel('Registration opens')).toBeVisible();
    await dialog.screenshot({ path: `/tmp/h24a-class-form-${testInfo.project.name}.png` });
  });
});
