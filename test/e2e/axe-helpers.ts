import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * The public site's accessibility check (WCAG 2.1 A/AA and best practice; serious and critical findings fail). It waits
 * for the route overlay (the 300 ms brand-coloured cover of an in-app navigation) to leave first: mid fade its text is
 * half transparent over the page, which axe reads as low contrast though no one can read it then.
 */
export async function expectNoSeriousViolations(page: Page, label: string) {
  await expect(page.locator('.route-overlay')).toHaveCount(0);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${label}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
