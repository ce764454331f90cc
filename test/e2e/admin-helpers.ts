/** Shared steps for the admin and teacher specs (admin-ui). Locate by role or label; never wait on timers. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_ORG_ID = 'a0000000-0000-4000-8000-000000000001';
export const ADMIN = { email: 'admin@demo.classlane.test', password: 'Demo123!' };
export const TEACHER = { email: 'teacher@demo.classlane.test', password: 'Demo123!' };

export async function signInUi(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function apiSignIn(request: APIRequestContext, email: string, password: string) {
  const res = await request.post('/api/auth/signin', { data: { email, password } });
  expect(res.ok(), await res.text()).toBeTruthy();
  const body = await res.json();
  return body.data as { token: string; user: { id: string; organizationId: string | null; role: string } };
}

/** A datetime-local value `days` days from now at 10:00 local time. */
export function localDateTime(days: number, hour = 10): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  d.setHours(hour, 0, 0, 0);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** Pick an option of a MUI select (TextField select) by its label. */
export async function pickOption(page: Page, label: string | RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

/**
 * A brand-new organization on the Free plan (2 classes): signup, create the organization, sign in
 * again so the token carries it. Returns the admin's credentials and a bearer token.
 */
export async function freshOrganization(request: APIRequestContext) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `e2e-admin-${stamp}@example.com`;
  const password = 'E2ePass123!';
  const signup = await request.post('/api/auth/signup', {
    data: { email, password, firstName: 'Erin', lastName: 'Limit', role: 'admin' },
  });
  expect(signup.ok(), await signup.text()).toBeTruthy();
  const { token } = (await signup.json()).data as { token: string };
  const org = await request.post('/api/organizations', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: `E2E Limit Studio ${stamp}` },
  });
  expect(org.ok(), await org.text()).toBeTruthy();
  const signedIn = await apiSignIn(request, email, password);
  expect(signedIn.user.organizationId).toBeTruthy();
  return { email, password, token: signedIn.token, organizationId: signedIn.user.organizationId as string };
}

export function classPayload(title: string, status = 'Open') {
  const start = new Date(Date.now() + 7 * 86_400_000);
  return {
    title,
    description: 'Created by the end-to-end tests.',
    instructor: 'Test Instructor',
    location: 'Studio A',
    status,
    startDate: start.toISOString(),
    days: 1,
    schedule: 'Consecutive',
    duration: 60,
    price: 25,
    discountPrice: null,
    maxStudents: 10,
    information: '',
    materials: [],
  };
}
