import { gzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ORG_ID, DEMO_ORG_NAME, uniqueEmail } from './public-helpers';

// Issue 42, first slice: the public site in Spanish and French (English is every other public spec).

async function expectNoSeriousViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${label}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

test.describe('Public site languages', () => {
  test('should register in person in Spanish from a ?lang=es link', async ({ page }) => {
    await page.route('https://js.stripe.com/**', (route) => route.abort('internetdisconnected'));
    await page.goto(`/org/${DEMO_ORG_ID}?lang=es`);
    await expect(page.getByRole('heading', { level: 1, name: `Bienvenido a ${DEMO_ORG_NAME}` })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { name: 'Clases disponibles' })).toBeVisible();
    await expect(page.getByLabel('Idioma')).toHaveValue('es');
    await expectNoSeriousViolations(page, 'es class list');
    await shot(page, 'es-class-list');

    await page.getByRole('list', { name: 'Clases' }).getByRole('link', { name: 'Gentle Yoga for Seniors', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Gentle Yoga for Seniors' })).toBeVisible();
    await expect(page.getByText('La inscripción para esta clase está abierta')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Detalles de la clase' })).toBeVisible();
    await expectNoSeriousViolations(page, 'es class page');

    await page.getByRole('link', { name: 'Inscribirse ahora' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Inscribirse en la clase' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Información del estudiante' })).toBeVisible();
    await page.getByLabel(/^Nombre/).fill('Lucía');
    await page.getByLabel(/^Apellido/).fill('Fernández');
    await page.getByLabel(/^Correo electrónico/).fill(uniqueEmail('e2e.es'));
    await page.getByLabel(/^Número de teléfono/).pressSequentially('5595551234');
    await expectNoSeriousViolations(page, 'es register step 1');
    await shot(page, 'es-register-step-1');
    await page.getByRole('button', { name: 'Continuar al pago' }).click();

    await expect(page.getByRole('heading', { name: 'Forma de pago' })).toBeVisible();
    await expect(page.getByRole('radio', { name: /Pagar en persona en la clase/ })).toBeChecked();
    await expect(page.getByText('Sistema de pago no disponible:')).toBeVisible();
    await expectNoSeriousViolations(page, 'es payment step');
    await page.getByRole('button', { name: 'Reservar mi lugar' }).click();

    await expect(page).toHaveURL(/\/confirmation/);
    await expect(page.getByRole('heading', { level: 1, name: '¡Inscripción realizada!' })).toBeVisible();
    await expect(page.getByText('¡Gracias, Lucía!')).toBeVisible();
    await expect(page.getByText('Recordatorio de pago')).toBeVisible();
    await expectNoSeriousViolations(page, 'es confirmation');
    await shot(page, 'es-confirmation');
  });

  test('should show the class list in French from the browser language, and keep a switch back to English', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'fr-CA' });
    const page = await context.newPage();
    await page.goto(`/org/${DEMO_ORG_ID}`);
    await expect(page.getByRole('heading', { level: 1, name: `Bienvenue chez ${DEMO_ORG_NAME}` })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { name: 'Cours offerts' })).toBeVisible();
    await expect(page.getByText(/places? restantes?/).first()).toBeVisible();
    await expectNoSeriousViolations(page, 'fr class list');
    await shot(page, 'fr-class-list');
    await page.getByRole('button', { name: 'Calendrier' }).click();
    await expect(page.getByRole('heading', { name: 'Cours de ce mois-ci' })).toBeVisible();
    await expectNoSeriousViolations(page, 'fr calendar');
    await shot(page, 'fr-calendar');

    // hreflang alternates for each language and x-default.
    const hreflangs = await page
      .locator('link[rel="alternate"][hreflang]')
      .evaluateAll((links) => links.map((l) => l.getAttribute('hreflang')));
    expect(hreflangs).toEqual(['en', 'es', 'fr', 'x-default']);

    // The switcher: English now, and still English after a reload (remembered over the browser's French).
    await page.getByLabel('Langue').selectOption('en');
    await expect(page.getByRole('heading', { name: 'Available Classes' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: `Welcome to ${DEMO_ORG_NAME}` })).toBeVisible();
    await context.close();
  });

  // The budget of public-card-payment.spec.ts (100 KB gzip before interaction on /org/{id}), in each language: only
  // that language's catalog is fetched.
  for (const [lang, heading] of [
    ['en', `Welcome to ${DEMO_ORG_NAME}`],
    ['es', `Bienvenido a ${DEMO_ORG_NAME}`],
    ['fr', `Bienvenue chez ${DEMO_ORG_NAME}`],
  ] as const) {
    test(`should stay within 100 KB of gzip JavaScript on /org/{id} in ${lang}`, async ({ page }) => {
      const scripts: { url: string; gzip: number }[] = [];
      page.on('response', async (r) => {
        if (r.request().resourceType() !== 'script') return;
        scripts.push({ url: r.url(), gzip: gzipSync(await r.body(), { level: 9 }).length });
      });
      await page.goto(`/org/${DEMO_ORG_ID}?lang=${lang}`, { waitUntil: 'networkidle' });
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
      test.info().annotations.push({
        type: `org page JS (gzip), ${lang}`,
        description: `${(total / 1024).toFixed(1)} KB in ${scripts.length} scripts`,
      });
      expect(total).toBeLessThanOrEqual(100 * 1024);
      // Never another language's catalog: each is its own "common-*" chunk, one at most (English is in the entry).
      expect(scripts.filter((s) => /\/common-/.test(s.url))).toHaveLength(lang === 'en' ? 0 : 1);
    });
  }

  test('should fall back to English on an unsupported ?lang=', async ({ page }) => {
    await page.goto(`/org/${DEMO_ORG_ID}?lang=xx`);
    await expect(page.getByRole('heading', { level: 1, name: `Welcome to ${DEMO_ORG_NAME}` })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});
