import { expect, test } from '@playwright/test';
import { ADMIN, signInUi } from './admin-helpers';
import { DEMO_ORG_ID } from './public-helpers';
import { screenshot } from './screenshots';

const shot = (name: string) => ({ path: `.tmp/screenshots/accessibility-${name}.png`, fullPage: true });

/** The accessibility statement, its parts, and a link to it from every footer. */
test.describe('accessibility statement', () => {
  test('should state the claim, the testing, the known exceptions and a contact', async ({ page }, info) => {
    await page.goto('/accessibility');
    await expect(page.getByRole('heading', { level: 1, name: 'Accessibility statement' })).toBeVisible();
    await expect(page).toHaveTitle('Accessibility statement | Classlane');
    const claim = page.getByRole('region', { name: 'Our goal and where we stand' });
    await expect(claim).toContainText('WCAG) 2.1 at level AA');
    await expect(claim).toContainText('partially conformant');
    await expect(page.getByRole('region', { name: 'How we test' })).toContainText('axe-core');
    await expect(page.getByRole('region', { name: 'How we test' })).toContainText('Keyboard walk-throughs');
    await expect(page.getByRole('region', { name: 'Known exceptions' }).getByRole('listitem')).not.toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Not yet tested' })).toContainText('screen readers');
    const contact = page.getByRole('region', { name: 'Tell us about a problem' });
    await expect(contact.getByRole('link', { name: 'contact page' })).toHaveAttribute('href', '/contact-us');
    await screenshot(page, shot(info.project.name));
  });

  test('should be reachable from the footer of public pages and of the admin app', async ({ page }) => {
    for (const path of ['/', `/org/${DEMO_ORG_ID}`, '/pricing', '/contact-us']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility' })).toHaveAttribute('href', '/accessibility');
    }
    await page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Accessibility statement' })).toBeVisible();
    await signInUi(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin/);
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility' })).toHaveAttribute('href', '/accessibility');
  });

  test('should be usable with the keyboard: skip link, then the contact link', async ({ page }) => {
    await page.goto('/accessibility');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
    await page.keyboard.press('Enter');
    const contact = page.getByRole('link', { name: 'contact page' });
    for (let i = 0; i < 10 && !(await contact.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(contact).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/contact-us$/);
  });
});
