import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page, type TestInfo } from '@playwright/test';
import { classPayload, freshOrganization } from './admin-helpers';
import { fillStudent, uniqueEmail } from './public-helpers';
import { fillCard, onboardOrganization, serveStripeJsDouble, subscribeOrganization } from './stripe-helpers';
import { screenshot } from './screenshots';

/**
 * The opening's waiting room on the public site: at a class's opening people take a place in line, see their turn
 * count down, and the form opens by itself at their turn. The organization is the test's own (a fresh one), so the
 * waiting room it turns on cannot reach any other spec's class; its class opens a few seconds after the test starts.
 */

/** The place the page keeps for this tab (sessionStorage), as the server gave it. */
interface KeptPlace {
  ticket: string;
  position: number;
  opensAt: string;
  admitAt: string;
  expiresAt: string;
  admitPerMinute: number;
}

async function keptPlace(page: Page): Promise<KeptPlace> {
  const raw = await page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((k) => k.startsWith('classlane:waiting-room:'));
    return key ? sessionStorage.getItem(key) : null;
  });
  expect(raw, 'the page keeps its place in line').toBeTruthy();
  return JSON.parse(raw!) as KeptPlace;
}

/** 'Your turn in 1:05' on the line, in seconds. */
async function shownWait(page: Page): Promise<number> {
  const text = (await page.locator('.waiting-room__clock').textContent()) ?? '';
  const m = /^(\d+):(\d\d)$/.exec(text.trim());
  expect(m, `a m:ss wait, not '${text}'`).toBeTruthy();
  return Number(m![1]) * 60 + Number(m![2]);
}

/** 'People ahead of you: 1,234' under the countdown, as a number. */
async function shownAhead(page: Page): Promise<number> {
  const text = (await page.locator('.waiting-room__ahead').textContent()) ?? '';
  const m = /^People ahead of you: (\d{1,3}(,\d{3})*)$/.exec(text.trim());
  expect(m, `a count of the people ahead, not '${text}'`).toBeTruthy();
  return Number(m![1].replace(/,/g, ''));
}

/** The position of the place the page keeps, or null while it keeps none. */
async function keptPosition(page: Page): Promise<number | null> {
  return page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((k) => k.startsWith('classlane:waiting-room:'));
    const raw = key ? sessionStorage.getItem(key) : null;
    return raw ? (JSON.parse(raw) as { position: number }).position : null;
  });
}

/** Makes the kept place one the server never signed (as a forged or tampered ticket): the next seat request is refused. */
async function forgeKeptPlace(page: Page) {
  await page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((k) => k.startsWith('classlane:waiting-room:'))!;
    sessionStorage.setItem(key, JSON.stringify({ ...JSON.parse(sessionStorage.getItem(key)!), ticket: 'not-a-signed-place' }));
  });
}

/** A second person in their own browser (no shared storage), with the project's device settings. */
async function otherPerson(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch });
  return context.newPage();
}

async function takePlaceByApi(request: APIRequestContext, organizationId: string, classId: string) {
  const res = await request.post(`/api/public/organizations/${organizationId}/waiting-room/tickets`, { data: { classId } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data as KeptPlace;
}

test.describe("The opening's waiting room", () => {
  // Undone after the test, passed or failed: the waiting room off and the class deleted.
  let cleanup: (() => Promise<void>) | null = null;

  test.afterEach(async () => {
    await cleanup?.();
    cleanup = null;
  });

  test('should line people up at the opening, count down to their turn and open the form by itself', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const org = await freshOrganization(request);
    const headers = { Authorization: `Bearer ${org.token}` };
    // The lowest rate: one person every 2 s, so a short line is long enough to watch.
    const on = await request.put('/api/settings', {
      headers,
      data: { waitingRoom: true, waitingRoomAdmitPerMinute: 30, waitingRoomMinutes: 5 },
    });
    expect(on.ok(), await on.text()).toBeTruthy();
    // The class starts weeks from now; its registration opens 12 s from now (whole seconds, as stored).
    const opensAt = new Date(Math.ceil((Date.now() + 12_000) / 1000) * 1000);
    const created = await request.post('/api/classes', {
      headers,
      data: {
        ...classPayload(`Waiting Room Wheel ${Date.now()}`),
        startDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        registrationOpensAt: opensAt.toISOString(),
      },
    });
    expect(created.ok(), await created.text()).toBeTruthy();
    const cls = (await created.json()).data as { id: string; title: string; registrationWindow: { waitingRoomUntil: string | null } };
    cleanup = async () => {
      const off = await request.put('/api/settings', { headers, data: { waitingRoom: false } });
      expect(off.ok(), await off.text()).toBeTruthy();
      const deleted = await request.delete(`/api/classes/${cls.id}`, { headers });
      expect(deleted.ok(), await deleted.text()).toBeTruthy();
    };
    expect(new Date(cls.registrationWindow.waitingRoomUntil!).getTime()).toBe(opensAt.getTime() + 5 * 60_000);

    // The first person waits on the class page: the countdown to the opening, then Register.
    await page.goto(`/class/${cls.id}?organizationId=${org.organizationId}`);
    await expect(page.getByRole('heading', { level: 1, name: cls.title })).toBeVisible();
    await expect(page.locator('.registration-opening__countdown').first()).toContainText(/Opens in \d{2}:\d{2}:\d{2}/);

    // Eight people get in line just before the opening (the ticket route takes places from 5 s before; earlier it
    // answers 409 and gives no place): 16 s of line ahead of the first person.
    const ahead: KeptPlace[] = [];
    await expect
      .poll(
        async () => {
          const res = await request.post(`/api/public/organizations/${org.organizationId}/waiting-room/tickets`, {
            data: { classId: cls.id },
          });
          if (res.status() === 201) ahead.push((await res.json()).data as KeptPlace);
          return res.status();
        },
        { timeout: 20_000, intervals: [250] },
      )
      .toBe(201);
    for (let i = 0; i < 7; i++) ahead.push(await takePlaceByApi(request, org.organizationId, cls.id));
    expect(ahead.map((p) => p.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // The first place's turn is the opening itself (or the moment it was taken, on a machine too slow to take it before).
    expect(new Date(ahead[0].admitAt).getTime()).toBeGreaterThanOrEqual(opensAt.getTime());

    const register = page.getByRole('link', { name: /^Register/ }).first();
    await expect(register).toBeVisible({ timeout: 30_000 });
    expect(Date.now()).toBeGreaterThanOrEqual(opensAt.getTime() - 1500);
    await register.click();
    await expect(page).toHaveURL(new RegExp(`/register/${cls.id}`));

    // The line: why, and the turn counting down.
    await expect(page.getByRole('heading', { name: "You're in line" })).toBeVisible();
    await expect(page.getByText('Keep this page open: the form opens by itself when it is your turn.')).toBeVisible();
    await expect(
      page.getByText(
        new RegExp(
          `^Registration for ${cls.title} opened \\w+day, \\w+ \\d+ at \\d+:\\d\\d [AP]M\\. To keep registration fast for everyone, people are let in a few at a time, in the order they arrived\\.$`,
        ),
      ),
    ).toBeVisible();
    await expect(page.locator('.waiting-room__turn')).toContainText(/Your turn in \d+:\d\d/);
    await expect(page.getByLabel(/^First Name/)).toHaveCount(0);
    const first = await keptPlace(page);
    expect(first.position).toBe(9);
    expect(first.admitPerMinute).toBe(30);
    expect(new Date(first.admitAt).getTime()).toBeGreaterThanOrEqual(opensAt.getTime() + 16_000);
    const firstWait = await shownWait(page);
    expect(firstWait).toBeGreaterThan(0);
    // Under the countdown, the people ahead: one turn every 2 s, so about half the seconds left (8 at most: the 8
    // places taken before).
    await expect(page.locator('.waiting-room__ahead')).toHaveText(/^People ahead of you: \d+$/);
    const firstAhead = await shownAhead(page);
    expect(firstAhead).toBeGreaterThanOrEqual(1);
    expect(firstAhead).toBeLessThanOrEqual(8);
    expect(Math.abs(firstAhead - firstWait / 2)).toBeLessThanOrEqual(1.5);
    await screenshot(page, { path: `.tmp/screens/waiting-room-line-${testInfo.project.name}.png`, fullPage: true });
    // It counts down in the browser, and so do the people ahead, with no request to the server.
    const asked: string[] = [];
    page.on('request', (r) => r.url().includes('/api/') && asked.push(r.url()));
    await expect.poll(() => shownWait(page), { timeout: 5_000 }).toBeLessThan(firstWait);
    await expect.poll(() => shownAhead(page), { timeout: 5_000 }).toBeLessThan(firstAhead);
    expect(asked).toEqual([]);

    // A second person, in another browser, right after: a later turn, and a reload keeps their place.
    const second = await otherPerson(browser, testInfo);
    try {
      await second.goto(`/register/${cls.id}?org=${org.organizationId}`);
      await expect(second.getByRole('heading', { name: "You're in line" })).toBeVisible();
      await expect(second.locator('.waiting-room__turn')).toContainText(/Your turn in \d+:\d\d/);
      const secondPlace = await keptPlace(second);
      expect(secondPlace.position).toBe(10);
      expect(new Date(secondPlace.admitAt).getTime()).toBe(new Date(first.admitAt).getTime() + 2_000);
      const [a, b] = [await shownWait(page), await shownWait(second)];
      expect(b).toBeGreaterThan(a);
      await second.reload();
      await expect(second.getByRole('heading', { name: "You're in line" })).toBeVisible();
      await expect(second.locator('.waiting-room__turn')).toContainText(/Your turn in \d+:\d\d/);
      expect(await keptPlace(second)).toEqual(secondPlace);
      expect(await shownWait(second)).toBeLessThanOrEqual(b);
      // The line is accessible as the rest of the site (the public-a11y spec's axe rules): a heading, a live region.
      await expect(second.locator('.waiting-room__turn [role="status"]')).toHaveText(
        /^Your turn in less than 1 minute\. People ahead of you: \d+\.$/,
      );
      const axe = await new AxeBuilder({ page: second }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
      const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

      // The first person's form opens by itself at their turn.
      await expect(page.getByRole('heading', { name: 'Student Information' })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('heading', { name: 'Student Information' })).toBeFocused();
      expect(Date.now()).toBeGreaterThanOrEqual(new Date(first.admitAt).getTime() - 1500);
      await fillStudent(page, { firstName: 'Lena', lastName: 'Okoro', email: uniqueEmail('e2e.waitingroom'), phone: '5595551234' });
      const registered = page.waitForRequest((r) => r.url().endsWith('/api/students/register') && r.method() === 'POST');
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      await expect(page.getByRole('radio', { name: /Pay in Person at Class/ })).toBeChecked();
      await page.getByRole('button', { name: 'Reserve My Spot' }).click();
      expect((await registered).postDataJSON()).toMatchObject({ waitingRoomTicket: first.ticket });
      await expect(page).toHaveURL(/\/confirmation/);
      await expect(page.getByRole('heading', { level: 1, name: 'Registration Successful!' })).toBeVisible();
      await expect(page.getByText('Thank you, Lena!')).toBeVisible();

      // The second person's form opens by itself too, at their turn.
      await expect(second.getByRole('heading', { name: 'Student Information' })).toBeVisible({ timeout: 20_000 });
      await screenshot(second, { path: `/tmp/h24s-admitted-${testInfo.project.name}.png`, fullPage: true });

      // A place the server does not honour (here: not signed by it) is refused with WAITING_ROOM: the page drops it,
      // takes a new place at the back of the line and, that turn come, the registration goes through with it.
      await forgeKeptPlace(second);
      await second.reload();
      await expect(second.getByRole('heading', { name: 'Student Information' })).toBeVisible();
      await fillStudent(second, { firstName: 'Omar', lastName: 'Reyes', email: uniqueEmail('e2e.waitingroom'), phone: '5595551234' });
      await second.getByRole('button', { name: 'Continue to Payment' }).click();
      const refused = second.waitForResponse((r) => r.url().endsWith('/api/students/register') && r.request().method() === 'POST');
      await second.getByRole('button', { name: 'Reserve My Spot' }).click();
      const refusal = await refused;
      expect(refusal.status()).toBe(409);
      expect(await refusal.json()).toMatchObject({ code: 'WAITING_ROOM' });
      // Meanwhile the refused place is dropped and nothing is kept until the new one comes.
      await expect.poll(() => keptPosition(second), { timeout: 10_000 }).toBe(11);
      const retaken = await keptPlace(second);
      await expect(second.getByRole('heading', { name: 'Payment Method' })).toBeVisible({ timeout: 20_000 });
      const accepted = second.waitForRequest((r) => r.url().endsWith('/api/students/register') && r.method() === 'POST');
      await second.getByRole('button', { name: 'Reserve My Spot' }).click();
      expect((await accepted).postDataJSON()).toMatchObject({ waitingRoomTicket: retaken.ticket });
      await expect(second.getByRole('heading', { level: 1, name: 'Registration Successful!' })).toBeVisible();
    } finally {
      await second.context().close();
    }
  });
  test('should take a new place when the card hold is refused for its place, and hold and charge the seat with the new one', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const org = await freshOrganization(request);
    const headers = { Authorization: `Bearer ${org.token}` };
    // The organization takes cards (a plan with online payments, its own Connect account on the Stripe stand-in) and
    // has the waiting room on.
    await subscribeOrganization(request, org.token, org.organizationId);
    await onboardOrganization(request, org.token, org.organizationId);
    const on = await request.put('/api/settings', {
      headers,
      data: { waitingRoom: true, waitingRoomAdmitPerMinute: 30, waitingRoomMinutes: 5 },
    });
    expect(on.ok(), await on.text()).toBeTruthy();
    // Its registration opened a minute ago: the line is on, and its first place's turn is now.
    const created = await request.post('/api/classes', {
      headers,
      data: {
        ...classPayload(`Waiting Room Card Kiln ${Date.now()}`),
        startDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        registrationOpensAt: new Date(Math.floor((Date.now() - 60_000) / 1000) * 1000).toISOString(),
      },
    });
    expect(created.ok(), await created.text()).toBeTruthy();
    const cls = (await created.json()).data as { id: string; title: string };
    cleanup = async () => {
      const off = await request.put('/api/settings', { headers, data: { waitingRoom: false } });
      expect(off.ok(), await off.text()).toBeTruthy();
      const deleted = await request.delete(`/api/classes/${cls.id}`, { headers });
      expect(deleted.ok(), await deleted.text()).toBeTruthy();
    };

    await serveStripeJsDouble(page);
    await page.goto(`/register/${cls.id}?org=${org.organizationId}`);
    // First in line: the form at once, with a place kept.
    await expect(page.getByRole('heading', { name: 'Student Information' })).toBeVisible({ timeout: 20_000 });
    expect((await keptPlace(page)).position).toBe(1);

    // The kept place becomes one the server never signed; the card step still sends it.
    await forgeKeptPlace(page);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Student Information' })).toBeVisible();
    const email = uniqueEmail('e2e.waitingroom.card');
    await fillStudent(page, { firstName: 'Priya', lastName: 'Natarajan', email, phone: '5595551234' });
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByRole('radio', { name: /Pay by Card/ })).toBeChecked();
    await fillCard(page, '4242 4242 4242 4242');
    // Meanwhile four people take places: the page's new place comes after theirs (about 8 s of line at one every 2 s).
    for (let i = 0; i < 4; i++) await takePlaceByApi(request, org.organizationId, cls.id);

    const intent = (r: { url(): string; method(): string }) => r.url().endsWith('/api/payments/create-intent') && r.method() === 'POST';
    const refused = page.waitForResponse((r) => intent(r.request()));
    await page.getByRole('button', { name: 'Pay $25' }).click();
    const refusal = await refused;
    expect(refusal.request().postDataJSON()).toMatchObject({ waitingRoomTicket: 'not-a-signed-place' });
    expect(refusal.status()).toBe(409);
    expect(await refusal.json()).toMatchObject({ code: 'WAITING_ROOM' });

    // The page drops the refused place, takes a new one at the back of the line and shows the line with its count.
    await expect.poll(() => keptPosition(page), { timeout: 10_000 }).toBe(6);
    const retaken = await keptPlace(page);
    await expect(page.getByRole('heading', { name: "You're in line" })).toBeVisible();
    await expect(page.locator('.waiting-room__ahead')).toHaveText(/^People ahead of you: [1-5]$/);
    await screenshot(page, { path: `.tmp/screens/waiting-room-card-line-${testInfo.project.name}.png`, fullPage: true });

    // At its turn the card step comes back by itself; the hold goes through with the new place and the payment completes.
    await expect(page.getByRole('heading', { name: 'Payment Method' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('radio', { name: /Pay by Card/ })).toBeChecked();
    const pay = page.getByRole('button', { name: 'Pay $25' });
    // Stripe's card field went with the step while the line showed (it keeps no card details): the card is typed again.
    await expect(pay).toBeDisabled();
    await fillCard(page, '4242 4242 4242 4242');
    // The page reads the server's clock from a whole-second Date header, so it may open the step a moment before the
    // server's turn (it then shows the line again: WAITING_ROOM_NOT_YET); this test's clock is the server's.
    await expect.poll(() => Date.now(), { timeout: 5_000 }).toBeGreaterThan(new Date(retaken.admitAt).getTime());
    const accepted = page.waitForResponse((r) => intent(r.request()));
    await pay.click();
    const held = await accepted;
    expect(held.request().postDataJSON()).toMatchObject({ waitingRoomTicket: retaken.ticket });
    expect(held.status(), await held.text()).toBe(201);
    await expect(page).toHaveURL(/\/confirmation/);
    await expect(page.getByText('Payment Confirmed')).toBeVisible();
    await expect(page.getByText('We received your payment of $25.')).toBeVisible();
  });
});
