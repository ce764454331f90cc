import { expect, test, type APIRequestContext } from '@playwright/test';
import { classPayload, freshOrganization, signInUi } from './admin-helpers';
import { fillStudent, uniqueEmail } from './public-helpers';
import { screenshot } from './screenshots';

/** 'Monday, January 5 at 6:00 AM' in a time zone: the words the class page must show. */
function openingWords(at: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric' }).format(at);
  const time = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(at);
  return `${day} at ${time}`;
}

const SUMMER = { name: 'Summer Season', startDate: '2027-06-14', endDate: '2027-08-20' };

async function termWithClass(request: APIRequestContext, token: string, opensAt: Date) {
  const headers = { Authorization: `Bearer ${token}` };
  const term = await request.post('/api/terms', {
    headers,
    data: { ...SUMMER, registrationOpensAt: opensAt.toISOString() },
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
    // A second term with its own class, for the page's term filter.
    const headers = { Authorization: `Bearer ${org.token}` };
    const fall = await request.post('/api/terms', {
      headers,
      data: {
        name: 'Fall Season',
        startDate: '2027-09-06',
        endDate: '2027-12-10',
        registrationOpensAt: new Date(Date.now() - 60_000).toISOString(),
      },
    });
    expect(fall.ok(), await fall.text()).toBeTruthy();
    const raku = await request.post('/api/classes', {
      headers,
      data: { ...classPayload('Raku Firing'), termId: (await fall.json()).data.id },
    });
    expect(raku.ok(), await raku.text()).toBeTruthy();
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
    await screenshot(page, { path: `/tmp/h24a-countdown-${testInfo.project.name}.png`, fullPage: true });
    const before = calls.length;
    await expect(card.getByRole('link', { name: 'Register' })).toBeVisible({ timeout: 30_000 });
    expect(Date.now()).toBeGreaterThanOrEqual(opensAt.getTime() - 1500);
    await expect(card).not.toContainText('Registration opens');
    // Waiting 15 s asked the server nothing more.
    expect(calls.length - before).toBeLessThanOrEqual(1);
    await screenshot(page, { path: `/tmp/h24a-register-${testInfo.project.name}.png`, fullPage: true });
    // The term filter shows one term's classes, then all again.
    const filter = page.getByRole('combobox', { name: 'Term', exact: true });
    await filter.selectOption({ label: 'Fall Season' });
    await expect(page.getByRole('heading', { name: 'Summer Season' })).toHaveCount(0);
    await expect(page.locator('.class-card', { hasText: 'Raku Firing' })).toBeVisible();
    await expect(card).toHaveCount(0);
    await filter.selectOption({ label: 'All terms' });
    await expect(page.getByRole('heading', { name: 'Fall Season' })).toBeVisible();
    await card.getByRole('link', { name: 'Register' }).click();
    await expect(page).toHaveURL(new RegExp(`/register/${cls.id}`));
  });

  test.describe('with the browser in another time zone than the organization', () => {
    // The admin's browser is in Tokyo; the organization is in Denver. Times are entered and shown in Denver's zone.
    test.use({ timezoneId: 'Asia/Tokyo' });

    test("should manage terms in Settings in the organization's time zone, pick one in the class form and filter the class list by it", async ({
      page,
      request,
    }, testInfo) => {
      const org = await freshOrganization(request);
      const headers = { Authorization: `Bearer ${org.token}` };
      const zone = await request.put('/api/settings', { headers, data: { timeZone: 'America/Denver' } });
      expect(zone.ok(), await zone.text()).toBeTruthy();
      await termWithClass(request, org.token, new Date(Date.now() + 3 * 86_400_000));
      await signInUi(page, org.email, org.password);
      await expect(page).toHaveURL(/\/admin/);
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('Asia/Tokyo');
      await page.goto('/admin/settings?tab=terms');
      await expect(page.getByRole('heading', { name: 'Terms', exact: true })).toBeVisible();
      await expect(page.getByText('Times in America/Denver').first()).toBeVisible();
      await page.getByLabel('Name').fill('Fall Season');
      await page.getByLabel('First day').fill('2027-09-06');
      await page.getByLabel('Last day').fill('2027-12-10');
      await page.getByLabel('Registration opens').fill('2027-06-01T06:00');
      await page.getByLabel('Registration closes').fill('2027-05-01T06:00');
      await page.getByRole('button', { name: 'Create term' }).click();
      await expect(page.getByText('Registration must close after it opens')).toBeVisible();
      await page.getByLabel('Registration closes').fill('2027-09-13T06:00');
      // Early access the evening before, Denver time: 6:30 PM on May 30 is 00:30 UTC on May 31 (the date moves too).
      await page.getByLabel('Early access opens').fill('2027-05-30T18:30');
      await page.getByRole('button', { name: 'Create term' }).click();
      await expect(page.getByText('Term Fall Season saved')).toBeVisible();
      const table = page.getByRole('table', { name: 'Terms' });
      const fall = table.getByRole('row', { name: /Fall Season/ });
      await expect(fall).toBeVisible();
      await expect(fall).toContainText('Jun 1, 2027, 6:00 AM');
      // The stored instants are Denver's 6:00 AM (MDT, UTC-6), not Tokyo's.
      const stored = ((await (await request.get('/api/terms', { headers })).json()).data as Record<string, string>[]).find(
        (t) => t.name === 'Fall Season',
      )!;
      expect(stored.registrationOpensAt).toBe('2027-06-01T12:00:00.000Z');
      expect(stored.registrationClosesAt).toBe('2027-09-13T12:00:00.000Z');
      expect(stored.earlyAccessOpensAt).toBe('2027-05-31T00:30:00.000Z');
      // Editing shows the same Denver wall clock back.
      await fall.getByRole('button', { name: 'Edit' }).click();
      await expect(page.getByLabel('Registration opens')).toHaveValue('2027-06-01T06:00');
      await expect(page.getByLabel('Early access opens')).toHaveValue('2027-05-30T18:30');
      await page.getByRole('button', { name: 'Cancel' }).click();
      // A term with a class is kept, with the reason.
      await table
        .getByRole('row', { name: /Summer Season/ })
        .getByRole('button', { name: 'Delete' })
        .click();
      await expect(page.getByText('This term still has classes.', { exact: false })).toBeVisible();
      await screenshot(page, { path: `/tmp/h2324c-settings-terms-${testInfo.project.name}.png`, fullPage: true });

      await page.goto('/admin/classes');
      const termFilter = page.getByRole('combobox', { name: /^Term/ });
      await termFilter.click();
      await page.getByRole('option', { name: 'Fall Season' }).click();
      await expect(page.getByText('No classes match your search.')).toBeVisible();
      await termFilter.click();
      await page.getByRole('option', { name: 'Summer Season' }).click();
      await expect(page.getByText('Wheel Throwing').first()).toBeVisible();
      await screenshot(page, { path: `/tmp/h2324c-class-list-${testInfo.project.name}.png`, fullPage: true });
      // The class form: the term and the class's own opening, in Denver's time too.
      await page.getByRole('button', { name: 'Create New Class' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Title').fill('Raku Firing');
      await dialog.getByLabel('Description').fill('Outdoor raku.');
      await dialog.getByLabel('Instructor').fill('Kai Ember');
      await dialog.getByLabel('Location').fill('Yard');
      await dialog.getByRole('tab', { name: 'Class Information' }).click();
      await dialog.getByRole('combobox', { name: /^Term/ }).click();
      await page.getByRole('option', { name: 'Fall Season' }).click();
      await dialog.getByLabel('Registration opens').fill('2027-01-05T06:00');
      await expect(dialog.getByText("Empty: the term's opening · Times in America/Denver")).toBeVisible();
      await screenshot(dialog, { path: `/tmp/h2324c-class-form-${testInfo.project.name}.png` });
      await dialog.getByRole('button', { name: 'Create Class' }).click();
      await expect(page.getByText('Class created successfully!')).toBeVisible();
      const classes = (await (await request.get('/api/classes', { headers })).json()).data as {
        title: string;
        registrationOpensAt: string | null;
      }[];
      // January: Denver is on MST (UTC-7).
      expect(classes.find((c) => c.title === 'Raku Firing')?.registrationOpensAt).toBe('2027-01-05T13:00:00.000Z');
    });
  });

  test("should tell on the register page when registration opens or that it closed, in the organization's time zone", async ({
    page,
    request,
  }, testInfo) => {
    const org = await freshOrganization(request);
    const headers = { Authorization: `Bearer ${org.token}` };
    expect((await request.put('/api/settings', { headers, data: { timeZone: 'America/Denver' } })).ok()).toBeTruthy();
    const { termId, cls } = await termWithClass(request, org.token, new Date(Date.now() - 3_600_000));
    expect(cls.registrationWindow.timeZone).toBe('America/Denver');
    // The public class reply may be reused for a few seconds (its Cache-Control): a test that reloads right after moving
    // the term waits for the server's new copy, and routes the page's requests, which turns the browser's cache off.
    await page.route('**/api/**', (route) => route.continue());
    const moveTerm = async (opensAt: Date, closesAt: Date | null) => {
      const r = await request.put(`/api/terms/${termId}`, {
        headers,
        data: { ...SUMMER, registrationOpensAt: opensAt.toISOString(), registrationClosesAt: closesAt?.toISOString() ?? null },
      });
      expect(r.ok(), await r.text()).toBeTruthy();
      await expect
        .poll(
          async () =>
            (
              (await (await request.get(`/api/classes/${cls.id}?organizationId=${org.organizationId}`)).json()).data as {
                registrationWindow: { opensAt: string | null; closesAt: string | null };
              }
            ).registrationWindow,
          { timeout: 20_000 },
        )
        .toEqual(expect.objectContaining({ opensAt: opensAt.toISOString(), closesAt: closesAt?.toISOString() ?? null }));
    };
    const registerUrl = `/register/${cls.id}?org=${org.organizationId}`;
    const notOpen = page.getByRole('status').filter({ hasText: 'Registration is not open yet' });

    // Open when the page loads; the admin then moves the opening two days later: the server refuses, the page says when.
    await page.goto(registerUrl);
    await fillStudent(page, { firstName: 'Noor', lastName: 'Haddad', email: uniqueEmail('e2e.window'), phone: '5595551234' });
    await expect(notOpen).toHaveCount(0);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByRole('heading', { name: 'Payment Method' })).toBeVisible();
    const later = new Date(Date.now() + 2 * 86_400_000);
    await moveTerm(later, null);
    await page.getByRole('button', { name: 'Reserve My Spot' }).click();
    await expect(notOpen).toContainText(`Registration opens ${openingWords(later, 'America/Denver')}`);
    await expect(notOpen).toContainText(/Opens in 2 d \d{2}:\d{2}:\d{2}/);
    await expect(page).toHaveURL(/\/register\//);
    await screenshot(page, { path: `/tmp/h2324c-register-not-open-${testInfo.project.name}.png`, fullPage: true });

    // Closed meanwhile: the next try says when it closed, and offers the other classes.
    const closedAt = new Date(Date.now() - 60_000);
    await moveTerm(new Date(Date.now() - 7_200_000), closedAt);
    await page.getByRole('button', { name: 'Reserve My Spot' }).click();
    const closed = page.getByRole('alert').filter({ hasText: 'Registration is closed' });
    await expect(closed).toContainText(`Registration for Wheel Throwing closed ${openingWords(closedAt, 'America/Denver')}.`);
    await expect(page.getByRole('link', { name: 'Browse other classes' })).toBeVisible();
    await expect(notOpen).toHaveCount(0);
    await screenshot(page, { path: `/tmp/h2324c-register-closed-${testInfo.project.name}.png`, fullPage: true });
    // Opened after the closing: the page says so at once, with no form to fill in.
    await page.goto(registerUrl);
    await expect(closed).toContainText(`Registration for Wheel Throwing closed ${openingWords(closedAt, 'America/Denver')}.`);
    await expect(page.getByLabel(/^First Name/)).toHaveCount(0);

    // Opened before the opening: when it opens, and the form can be filled in ahead.
    await moveTerm(later, null);
    await page.goto(registerUrl);
    await expect(notOpen).toContainText(`Registration opens ${openingWords(later, 'America/Denver')}`);
    await expect(page.getByLabel(/^First Name/)).toBeEditable();
  });
});
