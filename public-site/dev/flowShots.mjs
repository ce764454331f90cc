/** Screenshots of interactive states (payment step, confirmation, dialogs, share panel) against a running server. */
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://localhost:3012';
const org = 'a0000000-0000-4000-8000-000000000001';
const out = new URL('../../.tmp/shots/public/', import.meta.url).pathname;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['mobile', { width: 390, height: 844 }],
]) {
  const page = await (await browser.newContext({ viewport })).newPage();
  page.on('console', (m) => m.type() === 'error' && console.error(`[${label}]`, m.text()));
  const shot = (name) => page.screenshot({ path: `${out}${name}-${label}.png`, fullPage: true });
  await page.goto(`${base}/org/${org}`);
  await page.getByRole('list', { name: 'Classes' }).getByRole('link', { name: 'Gentle Yoga for Seniors' }).click();
  await page.getByRole('link', { name: 'Register Now' }).first().click();
  await page.getByLabel(/^First Name/).fill('Shot');
  await page.getByLabel(/^Last Name/).fill('Taker');
  await page.getByLabel(/^Email Address/).fill(`shot.${label}.${Date.now()}@example.com`);
  await page.getByLabel(/^Phone Number/).pressSequentially('5595551234');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByRole('heading', { name: 'Payment Method' }).waitFor();
  await page.getByText('Payment System Unavailable').waitFor();
  await shot('register-step2');
  await page.getByRole('button', { name: 'Reserve My Spot' }).click();
  await page.getByRole('heading', { name: 'Registration Successful!' }).waitFor();
  await shot('confirmation');
  await page.goto(`${base}/org/${org}`);
  await page.getByRole('list', { name: 'Classes' }).getByRole('link', { name: 'Watercolor Basics' }).click();
  await page.getByRole('link', { name: 'Register Now' }).first().click();
  await page.getByLabel(/^First Name/).fill('Olivia');
  await page.getByLabel(/^Last Name/).fill('Martinez');
  await page.getByLabel(/^Email Address/).fill('olivia.martinez@example.com');
  await page.getByLabel(/^Phone Number/).pressSequentially('5595550101');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByRole('dialog').waitFor();
  await page.screenshot({ path: `${out}already-enrolled-${label}.png` });
  await page.goto(`${base}/`);
  await page.getByRole('list', { name: 'Plans' }).getByRole('button', { name: 'Start Free' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.screenshot({ path: `${out}org-dialog-${label}.png` });
  await page.evaluate((o) => {
    localStorage.setItem(
      'classlane.user',
      JSON.stringify({ id: 'x', email: 'a@b.c', role: 'admin', firstName: 'A', lastName: 'B', organizationId: o }),
    );
  }, org);
  await page.goto(`${base}/org/${org}`);
  await page.getByRole('button', { name: 'Show QR Code' }).click();
  await page.getByRole('img', { name: /QR code/ }).waitFor();
  await page.screenshot({ path: `${out}org-admin-${label}.png` });
  await page.getByRole('link', { name: 'Watercolor Basics' }).first().click();
  await page.getByRole('heading', { level: 1, name: 'Watercolor Basics' }).waitFor();
  await shot('class-admin');
}
await browser.close();
console.log('done');
