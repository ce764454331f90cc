/** Shared steps for the public-site specs. Locate by role or label; never wait on timers. */
import { expect, type Page } from '@playwright/test';

export const DEMO_ORG_ID = 'a0000000-0000-4000-8000-000000000001';
export const DEMO_ORG_NAME = 'Sunrise Community Arts';

export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Opens the demo organization's class list and then the named class's detail page. */
export async function openClass(page: Page, title: string) {
  await page.goto(`/org/${DEMO_ORG_ID}`);
  await expect(page.getByRole('heading', { level: 1, name: `Welcome to ${DEMO_ORG_NAME}` })).toBeVisible();
  await page.getByRole('link', { name: title, exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

/** The enrolled count from the class page's enrollment bar. */
export async function enrolledCount(page: Page): Promise<number> {
  const bar = page.getByRole('progressbar', { name: 'Enrollment' });
  await expect(bar).toBeVisible();
  return Number(await bar.getAttribute('aria-valuenow'));
}

export async function fillStudent(page: Page, student: { firstName: string; lastName: string; email: string; phone: string }) {
  await page.getByLabel(/^First Name/).fill(student.firstName);
  await page.getByLabel(/^Last Name/).fill(student.lastName);
  await page.getByLabel(/^Email Address/).fill(student.email);
  await page.getByLabel(/^Phone Number/).pressSequentially(student.phone);
}
