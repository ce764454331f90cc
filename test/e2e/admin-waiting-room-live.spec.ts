import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator } from '@playwright/test';
import { classPayload, freshOrganization, signInUi } from './admin-helpers';
import { screenshot } from './screenshots';

/**
 * The dashboard's live card of the opening's waiting room: places taken through the public route, the admin sees
 * the line's numbers refresh, follows the link to the rate's setting, and the card goes when the room is turned off.
 * The organization is the test's own (a fresh one), so its waiting room reaches no other spec's class.
 */

/** The card's numbers as shown at one moment (read together, so they belong to the same reply). */
async function shownNumbers(card: Locator) {
  const figures = await card.getByTestId('waiting-room-figure').allTextContents();
  const inLine = /^In line now: (\d+)$/.exec(figures[0]?.trim() ?? '');
  const letIn = /^Let in so far: (\d+)$/.exec(figures[1]?.trim() ?? '');
  expect(inLine, `'In line now: n', not '${figures[0]}'`).toBeTruthy();
  expect(letIn, `'Let in so far: n', not '${figures[1]}'`).toBeTruthy();
  return { inLine: Number(inLine![1]), letIn: Number(letIn![1]), clears: figures[2]?.trim() };
}

test("should show the admin the opening's line live on the dashboard, with the way to the rate's setting", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const org = await freshOrganization(request);
  const headers = { Authorization: `Bearer ${org.token}` };
  // One person every 2 s: 20 places make a 40 s line, long enough to watch it move.
  const on = await request.put('/api/settings', {
    headers,
    data: { waitingRoom: true, waitingRoomAdmitPerMinute: 30, waitingRoomMinutes: 10 },
  });
  expect(on.ok(), await on.text()).toBeTruthy();
  // Opened a minute ago (whole seconds, as stored): the first place is let in at once, each next one 2 s later.
  const opensAt = new Date(Math.floor((Date.now() - 60_000) / 1000) * 1000);
  const created = await request.post('/api/classes', {
    headers,
    data: {
      ...classPayload(`Waiting Room Live ${Date.now()}`),
      startDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      registrationOpensAt: opensAt.toISOString(),
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const cls = (await created.json()).data as { id: string };
  let roomOn = true;
  try {
    const places: { position: number; admitAt: string }[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await request.post(`/api/public/organizations/${org.organizationId}/waiting-room/tickets`, {
        data: { classId: cls.id },
      });
      expect(res.status(), await res.text()).toBe(201);
      places.push((await res.json()).data);
    }
    expect(places.map((p) => p.position)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const turns = places.map((p) => new Date(p.admitAt).getTime());
    const settings = (await (await request.get('/api/settings', { headers })).json()).data as {
      timeZone: string | null;
      defaultTimeZone: string;
    };
    const zone = settings.timeZone ?? settings.defaultTimeZone;
    const clearsAt = new Date(turns[19]).toLocaleTimeString('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' });

    await signInUi(page, org.email, org.password);
    await expect(page).toHaveURL(/\/admin/);
    const card = page.getByRole('region', { name: 'Waiting room' });
    await expect(card).toBeVisible();
    await expect(card.getByRole('heading', { name: 'Waiting room' })).toBeVisible();

    // The numbers are the turns still to come when the server counted, and add up to the places given.
    const first = await shownNumbers(card);
    const ahead = (now: number) => turns.filter((t) => t > now).length;
    expect(first.inLine).toBeLessThanOrEqual(ahead(turns[0] - 1));
    expect(first.inLine).toBeGreaterThanOrEqual(ahead(Date.now()));
    expect(first.inLine).toBeGreaterThan(0);
    expect(first.inLine + first.letIn).toBe(20);
    expect(first.clears).toBe(`Line clears at ${clearsAt}`);
    await expect(card.getByText('Letting in 30 a minute')).toBeVisible();
    // The card passes the accessibility checks the admin screens do (WCAG 2.1 AA).
    const axe = await new AxeBuilder({ page })
      .include('[data-testid="waiting-room-card"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await screenshot(page, { path: `/tmp/h24v-dashboard-waiting-room-${testInfo.project.name}.png`, fullPage: true });
    await screenshot(card, { path: `/tmp/h24v-waiting-room-card-${testInfo.project.name}.png` });

    // It refreshes by itself (every 5 s): the line shrinks as turns come, with no reload.
    await expect.poll(async () => (await shownNumbers(card)).inLine, { timeout: 15_000, intervals: [1000] }).toBeLessThan(first.inLine);
    const later = await shownNumbers(card);
    expect(later.inLine + later.letIn).toBe(20);

    // The way to change the rate: Settings › Terms, its waiting-room section brought into view.
    await card.getByRole('link', { name: 'Change the rate' }).click();
    await expect(page).toHaveURL(/\/admin\/settings\?tab=terms#waiting-room$/);
    await expect(page.getByLabel('People let in per minute')).toHaveValue('30');
    await expect(page.getByRole('heading', { name: 'Waiting room', exact: true })).toBeInViewport();

    // The room turned off: nobody waits any more, and the dashboard shows no card (no empty one).
    await page.goto('/admin');
    await expect(card).toBeVisible();
    const off = await request.put('/api/settings', { headers, data: { waitingRoom: false } });
    expect(off.ok(), await off.text()).toBeTruthy();
    roomOn = false;
    await expect(card).toHaveCount(0, { timeout: 10_000 });
    await expect(page.getByRole('heading', { name: 'Share your classes' })).toBeVisible();
  } finally {
    if (roomOn) await request.put('/api/settings', { headers, data: { waitingRoom: false } });
    const deleted = await request.delete(`/api/classes/${cls.id}`, { headers });
    expect(deleted.ok(), await deleted.text()).toBeTruthy();
  }
});
