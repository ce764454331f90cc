import { expect, test, type Page } from '@playwright/test';
import { SEO } from '../../public-site/src/lib/seo-pages';
import { DEMO_ORG_ID, DEMO_ORG_NAME } from './public-helpers';

/**
 * Undefined overrides erased each page's entry (title "Classlane", description "undefined", and the
 * sign-in, reset and confirmation pages lost noindex). Title, description and robots, page by page.
 */
async function expectHead(page: Page, head: { title: string; description: string; noindex: boolean }) {
  await expect(page).toHaveTitle(head.title);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', head.description);
  if (head.noindex) await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  else await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
}

const PAGES: [path: string, key: string, title: string][] = [
  ['/', 'home', SEO.home.title],
  ['/pricing', 'pricing', 'Pricing | Classlane'],
  ['/about-us', 'about-us', 'About Us | Classlane'],
  ['/contact-us', 'contact', 'Contact Us | Classlane'],
  ['/help', 'help', 'Help | Classlane'],
  ['/accessibility', 'accessibility', 'Accessibility statement | Classlane'],
  ['/terms', 'terms-of-service', 'Terms of Service | Classlane'],
  ['/privacy', 'privacy-policy', 'Privacy Policy | Classlane'],
  ['/teacher-terms', 'teacher-terms', 'Terms for Organizations and Teachers | Classlane'],
  ['/teacher-privacy', 'teacher-privacy', 'Privacy Policy for Organizations and Teachers | Classlane'],
  ['/use-cases/arts-crafts', 'arts-crafts', 'For Arts & Crafts | Classlane'],
  ['/senior-centers', 'senior-centers', 'Class Registration for Senior Centers | Classlane'],
  ['/community-colleges', 'community-colleges', 'Class Registration for Community Colleges | Classlane'],
  ['/signin', 'signin', 'Sign In | Classlane'],
  ['/reset-password', 'reset-password', 'Reset Password | Classlane'],
  ['/confirmation', 'confirmation', 'Registration Successful | Classlane'],
];

test.describe('Public SEO head', () => {
  for (const [path, key, title] of PAGES) {
    test(`should give ${path} its title, description and robots`, async ({ page }) => {
      await page.goto(path);
      await expectHead(page, { title, description: SEO[key].description, noindex: SEO[key].noindex === true });
    });
  }

  test('should name the organization on its class list and a class page', async ({ page }) => {
    await page.goto(`/org/${DEMO_ORG_ID}`);
    await expectHead(page, {
      title: DEMO_ORG_NAME,
      description: `Browse classes offered by ${DEMO_ORG_NAME} and register online.`,
      noindex: false,
    });
    await page.getByRole('link', { name: 'Watercolor Basics', exact: true }).first().click();
    await expect(page).toHaveTitle(`Watercolor Basics | ${DEMO_ORG_NAME}`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^Watercolor Basics: .+ starting /);
    await page.getByRole('link', { name: 'Register Now' }).first().click();
    await expectHead(page, { title: `Register for Class | ${DEMO_ORG_NAME}`, description: SEO.register.description, noindex: false });
  });

  test('should keep paths without a page out of the keys and the sitemap', async ({ request }) => {
    expect(Object.keys(SEO)).not.toContain('classes');
    expect(Object.keys(SEO)).not.toContain('student');
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const path of ['/pricing', '/senior-centers', '/community-colleges']) expect(sitemap).toContain(`${path}</loc>`);
    expect(sitemap).not.toMatch(/\/(classes|student|signin|reset-password|confirmation)<\/loc>/);
  });
});
