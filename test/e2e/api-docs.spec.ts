import { expect, test } from '@playwright/test';

/** Swagger UI at /api/docs works under the app's Content-Security-Policy. */
test.describe('API documentation', () => {
  test('should render every operation of the OpenAPI document without a CSP violation', async ({ page, request }) => {
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    const document = await (await request.get('/api/docs-json')).json();
    // The routes and the webhooks (the requests Classlane makes to an endpoint) are each an operation on the page.
    const operations = [document.paths, document.webhooks ?? {}]
      .flatMap((section) => Object.values(section as Record<string, object>))
      .reduce((n, ops) => n + Object.keys(ops).length, 0);

    const response = await page.goto('/api/docs');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page.getByRole('heading', { name: /Classlane API/ })).toBeVisible();
    // Swagger UI renders only the operations near the viewport once a document is this large: scroll through the
    // page and collect every operation that was rendered (each has its own element id).
    await expect(page.locator('.opblock').first()).toBeVisible();
    const seen = new Set<string>();
    // Each poll records what is rendered, scrolls half a screen, and records again, until every operation was seen.
    const scrollAndCollect = async () => {
      const rendered = () => page.locator('.opblock').evaluateAll((els) => els.map((e) => e.id));
      for (const id of await rendered()) seen.add(id);
      await page.evaluate(() => window.scrollBy(0, window.innerHeight / 2));
      for (const id of await rendered()) seen.add(id);
      return seen.size;
    };
    await expect.poll(scrollAndCollect, { timeout: 30_000, intervals: [50] }).toBe(operations);
    await page.evaluate(() => window.scrollTo(0, 0));
    // The staff and organization schemes are both offered by the Authorize dialog.
    await page
      .getByRole('button', { name: /Authorize/ })
      .first()
      .click();
    await expect(page.getByText('bearer  (http, Bearer)')).toBeVisible();
    await expect(page.getByText('staff  (http, Bearer)')).toBeVisible();
    expect(problems).toEqual([]);
  });
});
