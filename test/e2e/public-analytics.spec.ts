import { expect, test } from '@playwright/test';

/** The A/B assignment reaches the server's beacon instead of staying in the page. */
test('should send the home page A/B assignments to the analytics beacon', async ({ page }) => {
  const beacon = page.waitForResponse((r) => r.url().endsWith('/api/analytics/events') && r.request().method() === 'POST');
  await page.goto('/');
  const response = await beacon;
  expect(response.status()).toBe(202);
  const sent = JSON.parse(response.request().postData() ?? '{}') as {
    organizationId: string | null;
    events: { name: string; properties: Record<string, string> }[];
  };
  expect(sent.organizationId).toBeNull();
  expect(
    sent.events
      .filter((e) => e.name === 'ab_assigned')
      .map((e) => e.properties.experiment)
      .sort(),
  ).toEqual(['cta', 'headline']);
  expect((await response.json()).data).toEqual({ accepted: sent.events.length });
});
