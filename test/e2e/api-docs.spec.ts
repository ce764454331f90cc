import { expect, test } from '@playwright/test';

/** Swagger UI at /api/docs works under the app's Content-Security-Policy (issue 8 §3). */
test.describe('API documentation', () => {
  test('should render every operation of the OpenAPI document without a CSP violation', async ({ page, request }) => {
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    const document = await (await request.get('/api/docs-json')).json();
    const operations = Object.values(document.paths as Record<string, object>).reduce((n, ops) => n + Object.keys(ops).length, 0);

    const response = await page.goto('/api/docs');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page.getByRole('heading', { name: /Classlane API/ })).toBeVisible();
    await expect(page.locator('.opblock')).toHaveCount(operations);
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
