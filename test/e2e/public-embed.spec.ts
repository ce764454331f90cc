import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type FrameLocator, type Page } from '@playwright/test';
import { ADMIN, apiSignIn, signInUi } from './admin-helpers';
import { DEMO_ORG_ID, DEMO_ORG_NAME, fillStudent, uniqueEmail } from './public-helpers';
import { E2E_PORT } from './stripe-env';
import { onboardDemoOrganization, serveStripeJsDouble } from './stripe-helpers';
import { screenshot } from './screenshots';

/**
 * The booking widget on an organization's own website: a page served by another origin (its own HTTP server here,
 * on 127.0.0.1, while Classlane is on localhost) pastes the embed.js snippet. Classlane lets that origin frame the
 * widget only once the organization declares it in its embed domains; any other origin is refused by the browser.
 */
const CLASSLANE = `http://localhost:${E2E_PORT}`;
const CLASS = 'Gentle Yoga for Seniors'; // $60, discounted to $45

/** A host website on its own origin: `/` is the organization's page with the widget, `/frame?src=…` frames any page. */
async function startHostSite(): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://host');
    const body =
      url.pathname === '/frame'
        ? `<iframe title="Direct frame" src="${url.searchParams.get('src')}" style="width:100%;height:500px"></iframe>`
        : `<h1>Our studio's own website</h1><p>Book a class below.</p>
           <script src="${CLASSLANE}/embed.js" data-organization="${url.searchParams.get('org') ?? DEMO_ORG_ID}"${
             url.searchParams.get('class') ? ` data-class="${url.searchParams.get('class')}"` : ''
           } async></script><footer>Studio footer</footer>`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><title>Studio</title></head><body>${body}</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function setEmbedDomains(request: APIRequestContext, embedDomains: string[]) {
  const admin = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const res = await request.put('/api/settings', { headers: { Authorization: `Bearer ${admin.token}` }, data: { embedDomains } });
  expect(res.ok(), await res.text()).toBeTruthy();
}

const widget = (page: Page): FrameLocator => page.frameLocator('iframe[title="Classes and registration"]');

/** Opens the class in the widget and walks to the payment step. */
async function toPaymentStep(frame: FrameLocator, email: string, firstName: string) {
  await expect(frame.getByRole('heading', { level: 1, name: `Welcome to ${DEMO_ORG_NAME}` })).toBeVisible();
  await frame.getByRole('link', { name: CLASS, exact: true }).first().click();
  await expect(frame.getByRole('heading', { level: 1, name: CLASS })).toBeVisible();
  await frame.getByRole('link', { name: 'Register Now' }).first().click();
  await fillStudent(frame as unknown as Page, { firstName, lastName: 'Widget', email, phone: '5595550142' });
  await frame.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(frame.getByRole('heading', { name: 'Payment Method' })).toBeVisible();
}

test.describe('Booking widget on another site', () => {
  test.describe.configure({ mode: 'serial' });
  let declared: Awaited<ReturnType<typeof startHostSite>>;
  let undeclared: Awaited<ReturnType<typeof startHostSite>>;

  test.beforeAll(async ({ request }) => {
    declared = await startHostSite();
    undeclared = await startHostSite();
    await setEmbedDomains(request, [declared.origin]);
  });
  test.afterAll(async ({ request }) => {
    await setEmbedDomains(request, []);
    await declared?.close();
    await undeclared?.close();
  });

  test('should let the admin declare the site and copy the widget code in Settings → Integrations', async ({ page, request }) => {
    await setEmbedDomains(request, []);
    await signInUi(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/admin/settings?tab=integrations');
    const section = page.getByRole('region', { name: 'Website widget' });
    const sites = section.getByRole('textbox', { name: 'Sites allowed to show the widget' });
    await sites.fill('www.example.com/classes');
    await expect(section.getByText('Not a site address: www.example.com/classes')).toBeVisible();
    await expect(section.getByRole('button', { name: 'Save widget sites' })).toBeDisabled();
    await sites.fill(`${declared.origin}/`);
    await section.getByRole('button', { name: 'Save widget sites' }).click();
    await expect(section.getByText('Website widget settings saved successfully!')).toBeVisible();
    const code = await section.getByRole('textbox', { name: 'Widget code' }).inputValue();
    expect(code).toBe(`<script src="${CLASSLANE}/embed.js" data-organization="${DEMO_ORG_ID}" async></script>`);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, { path: '/tmp/h25c-embed-settings.png', fullPage: true });
    const admin = await apiSignIn(request, ADMIN.email, ADMIN.password);
    const saved = await request.get('/api/settings', { headers: { Authorization: `Bearer ${admin.token}` } });
    expect((await saved.json()).data.embedDomains).toEqual([declared.origin]);
  });

  test('should show the class list in a frame that sizes itself, and register a student in person inside it', async ({ page }) => {
    // Stripe.js cannot load: the payment step keeps in person.
    await page.route('https://js.stripe.com/**', (route) => route.abort('internetdisconnected'));
    await page.goto(`${declared.origin}/`);
    const frame = widget(page);
    await expect(frame.getByRole('heading', { level: 1, name: `Welcome to ${DEMO_ORG_NAME}` })).toBeVisible();
    // The widget has no site header or footer of its own: the host site has them.
    await expect(frame.getByRole('banner')).toHaveCount(0);
    await expect(frame.getByRole('contentinfo')).toHaveCount(0);
    const iframe = page.locator('iframe[title="Classes and registration"]');
    // Sized from the height the framed page posted (embed.js sets style.height), to its content: no inner scrolling.
    await expect.poll(async () => iframe.evaluate((el: HTMLIFrameElement) => el.style.height)).toMatch(/^\d+px$/);
    // The host cannot read the frame's document (another origin): Playwright measures it inside the frame.
    const inner = page.frames().find((f) => f.url().includes('/embed/'))!;
    expect(inner.url()).toContain(`${CLASSLANE}/embed/${DEMO_ORG_ID}/org/${DEMO_ORG_ID}`);
    // Fits its content: nothing scrolls inside the frame, and the frame is no taller than the content.
    const fit = () =>
      inner.evaluate(() => {
        const content = Math.ceil(Math.max(document.body.scrollHeight, document.body.getBoundingClientRect().height));
        return { overflow: document.documentElement.scrollHeight > window.innerHeight, slack: window.innerHeight - content > 1 };
      });
    await expect.poll(fit).toEqual({ overflow: false, slack: false });
    await screenshot(page, { path: '/tmp/h25c-embed-list.png', fullPage: true });

    const email = uniqueEmail('e2e.widget');
    await toPaymentStep(frame, email, 'Wren');
    await expect(frame.getByRole('radio', { name: /Pay in Person at Class/ })).toBeChecked();
    await frame.getByRole('button', { name: 'Reserve My Spot' }).click();
    await expect(frame.getByRole('heading', { level: 1, name: 'Registration Successful!' })).toBeVisible();
    await expect(frame.getByText('Thank you, Wren!')).toBeVisible();
    // Still inside the widget's addresses, and the host page never navigated.
    expect(inner.url()).toContain(`/embed/${DEMO_ORG_ID}/confirmation`);
    expect(page.url()).toBe(`${declared.origin}/`);
    // A shorter page than the list: the frame shrank to it.
    await expect.poll(fit).toEqual({ overflow: false, slack: false });
    await screenshot(page, { path: '/tmp/h25c-embed-confirmed.png', fullPage: true });
  });

  test('should take a card payment inside the frame', async ({ page, request }) => {
    await onboardDemoOrganization(request);
    await serveStripeJsDouble(page);
    await page.goto(`${declared.origin}/`);
    const frame = widget(page);
    await toPaymentStep(frame, uniqueEmail('e2e.widget.card'), 'Cato');
    await expect(frame.getByRole('radio', { name: /Pay by Card/ })).toBeChecked();
    const card = frame.getByRole('group', { name: 'Payment details' });
    await card.getByLabel('Card number').fill('4242 4242 4242 4242');
    await card.getByLabel('Expiration date MM / YY').fill('12 / 34');
    await card.getByLabel('Security code').fill('123');
    await card.getByLabel('ZIP').fill('93612');
    await frame.getByRole('button', { name: 'Pay $45' }).click();
    await expect(frame.getByText('Payment Confirmed')).toBeVisible();
    await expect(frame.getByText('We received your payment of $45.')).toBeVisible();
  });

  test('should show one class when the snippet names it', async ({ page, request }) => {
    const list = await request.get(`/api/classes?organizationId=${DEMO_ORG_ID}`);
    const classes = ((await list.json()).data ?? []) as { id: string; title: string }[];
    const yoga = classes.find((c) => c.title === CLASS);
    expect(yoga, JSON.stringify(classes).slice(0, 300)).toBeTruthy();
    await page.goto(`${declared.origin}/?class=${yoga!.id}`);
    await expect(widget(page).getByRole('heading', { level: 1, name: CLASS })).toBeVisible();
  });

  test('should not be framed by an undeclared site, and the admin app by no site', async ({ page }) => {
    const refused: string[] = [];
    page.on('console', (m) => /frame-ancestors|X-Frame-Options/.test(m.text()) && refused.push(m.text()));
    await page.goto(`${undeclared.origin}/`);
    const inner = widget(page);
    // The browser refuses to render the page: the frame never shows the organization's classes.
    await expect.poll(() => refused.length).toBeGreaterThan(0);
    await expect(inner.getByRole('heading', { level: 1, name: `Welcome to ${DEMO_ORG_NAME}` })).toHaveCount(0);

    // A declared site may frame the widget, never the admin app or the ordinary public pages.
    for (const src of [`${CLASSLANE}/admin`, `${CLASSLANE}/org/${DEMO_ORG_ID}`]) {
      refused.length = 0;
      await page.goto(`${declared.origin}/frame?src=${encodeURIComponent(src)}`);
      await expect.poll(() => refused.length).toBeGreaterThan(0);
      await expect(page.frameLocator('iframe[title="Direct frame"]').getByRole('heading')).toHaveCount(0);
    }
  });
});
