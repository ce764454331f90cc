import type { Locator, Page } from '@playwright/test';

/**
 * Pictures of screens for a person to look at (a new screen in review, a layout on the phone). No assertion reads them,
 * and the end-to-end run took about a hundred of them, most of the full page, on every run: they are taken only when
 * E2E_SCREENSHOTS=1 (`E2E_SCREENSHOTS=1 npx playwright test -c test/e2e/playwright.config.ts <spec>`).
 */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

export async function screenshot(target: Page | Locator, options: { path: string; fullPage?: boolean }): Promise<void> {
  if (SCREENSHOTS) {
    await target.screenshot(options);
    return;
  }
  // An element's screenshot first waits for the element to be visible: the test still does, so it checks as before.
  if ('waitFor' in target) await target.waitFor({ state: 'visible' });
}
