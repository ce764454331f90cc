import { expect, test } from '@playwright/test';
import { DEMO_ORG_ID, DEMO_ORG_NAME, uniqueEmail } from './public-helpers';

const UNKNOWN_ORG = '00000000-0000-4000-8000-00000000beef';

test.describe('About page', () => {
  test('should show the organization About from the query and from the route parameter', async ({ page, request }) => {
    // Other specs edit the demo organization's contact details: expect what the API says now.
    const org = (await (await request.get(`/api/public/organization/${DEMO_ORG_ID}`)).json()).data;
    const { email, phone, address } = org.contactInfo as { email: string; phone: string; address: string };
    for (const path of [`/about-us?organizationId=${DEMO_ORG_ID}`, `/about-us/${DEMO_ORG_ID}`]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: `About ${DEMO_ORG_NAME}` })).toBeVisible();
      const contact = page.getByRole('region', { name: 'Contact' });
      await expect(contact.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
      // Shown as the spec formats phones, dialled in E.164 (it showed 5595551234).
      const digits = phone.replace(/\D/g, '').slice(-10);
      const shown = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
      await expect(contact.getByRole('link', { name: shown })).toHaveAttribute('href', `tel:+1${digits}`);
      await expect(contact.getByRole('link', { name: address })).toHaveAttribute('href', /google\.com\/maps\/search/);
      await expect(page.getByRole('link', { name: 'View Our Classes' })).toHaveAttribute('href', `/org/${DEMO_ORG_ID}`);
    }
  });

  test('should show the product About without an organization, with a link to /contact', async ({ page }) => {
    await page.goto('/about-us');
    await expect(page.getByRole('heading', { level: 1, name: 'About Classlane' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
  });

  test('should say "Organization not found" and show the product header for an unknown organization', async ({ page }) => {
    await page.goto(`/about-us?organizationId=${UNKNOWN_ORG}`);
    await expect(page.getByText('Organization not found')).toBeVisible();
    const menu = page.getByRole('button', { name: 'Menu' });
    if (await menu.isVisible()) await menu.click(); // phone: the links sit behind the menu button
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Pricing' })).toHaveCount(1);
    await expect(nav.getByRole('link', { name: 'Classes' })).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).not.toContainText('Powered by');
  });
});

test.describe('Contact page', () => {
  test('should send a message to the organization and clear the form', async ({ page }) => {
    await page.goto(`/contact-us?organizationId=${DEMO_ORG_ID}`);
    await expect(page.getByRole('heading', { level: 1, name: `Contact ${DEMO_ORG_NAME}` })).toBeVisible();
    await expect(page.getByLabel('Subject')).toBeVisible();
    await expect(page.getByLabel('Inquiry Type')).toHaveCount(0);
    await expect(page.getByText('We usually reply within 24 hours.')).toBeVisible();

    const send = page.getByRole('button', { name: 'Send Message' });
    await page.getByLabel(/^Full Name/).fill('   ');
    await send.click();
    await expect(page.getByText('Please fill in all required fields.')).toBeVisible();
    // editing clears the message
    await page.getByLabel(/^Full Name/).fill('Casey Contact');
    await expect(page.getByText('Please fill in all required fields.')).toHaveCount(0);

    await page.getByLabel(/^Email Address/).fill(uniqueEmail('e2e.contact'));
    await page.getByLabel('Subject').fill('Parking');
    await page.getByLabel(/^Message/).fill('Is there parking near Studio A?');
    await send.click();
    await expect(page.getByText("Your message has been sent successfully! We'll get back to you soon.")).toBeVisible();
    await expect(page.getByLabel(/^Full Name/)).toHaveValue('');
    await expect(page.getByLabel(/^Message/)).toHaveValue('');
  });

  test('should show the platform form with inquiry types and the server or fallback failure text', async ({ page }) => {
    await page.goto('/contact-us');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    await expect(page.getByLabel('Subject')).toHaveCount(0);
    const inquiry = page.getByLabel('Inquiry Type');
    await expect(inquiry.getByRole('option')).toHaveText([
      'Select an inquiry type',
      'General question',
      'Technical support',
      'Business partnership',
      'I am an educator or organization',
      'I am a student',
      'Billing',
    ]);
    await expect(page.getByText(/within 2-4 hours during business hours.*'URGENT' in the subject line/)).toBeVisible();

    await page.getByLabel(/^Full Name/).fill('Casey Contact');
    await page.getByLabel(/^Email Address/).fill('not-an-email');
    await inquiry.selectOption('technical');
    await page.getByLabel(/^Message/).fill('Hello');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please enter a valid email address' })).toBeVisible();

    // A failure without a server message shows the spec's fallback, not the client's "Request failed".
    await page.route('**/api/contact', (route) => route.fulfill({ status: 500, body: '' }));
    await page.getByLabel(/^Email Address/).fill(uniqueEmail('e2e.contact'));
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Failed to send message. Please try again later.')).toBeVisible();
  });

  test('should show a readable error under "Contact Us" when the organization cannot be loaded', async ({ page }) => {
    await page.goto(`/contact-us?organizationId=${UNKNOWN_ORG}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    const error = page.getByRole('alert').filter({ hasText: 'Organization not found' });
    await expect(error).toBeVisible();
    // dark red on its white chip (the hero's white text colour once made it invisible)
    await expect(error).toHaveCSS('color', 'rgb(164, 22, 26)');
  });
});
