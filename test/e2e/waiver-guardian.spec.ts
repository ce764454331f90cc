import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { classPayload, freshOrganization } from './admin-helpers';
import { fillStudent, uniqueEmail } from './public-helpers';
import { screenshot } from './screenshots';

/** A date of birth `years` years before today, as a date input takes it. */
function bornYearsAgo(years: number): string {
  const d = new Date();
  return `${d.getFullYear() - years}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * Issue 37: a student under 18 on the first day of class does not sign the waiver. The registration form asks the
 * parent or guardian's name once the date of birth says so, the guardian signs, and the re-sign page asks the same.
 */
test('should have a parent or guardian sign the waiver for a 12-year-old, at registration and on the re-sign link', async ({
  page,
  request,
}) => {
  test.skip(test.info().project.name !== 'desktop', 'desktop check');
  test.setTimeout(120_000);
  await page.route('https://js.stripe.com/**', (route) => route.abort('internetdisconnected'));
  const org = await freshOrganization(request);
  const auth = { Authorization: `Bearer ${org.token}` };
  const post = async (url: string, data: Record<string, unknown>) => {
    const res = await request.post(url, { headers: auth, data });
    expect(res.ok(), await res.text()).toBeTruthy();
    return (await res.json()).data;
  };
  const cls = await post('/api/classes', classPayload('Junior Wheel'));
  const waiver = await post('/api/waivers', { title: 'Studio waiver', body: 'Clay is messy. I follow the studio rules.' });

  await page.goto(`/register/${cls.id}?org=${org.organizationId}`);
  const email = uniqueEmail('e2e.guardian');
  await fillStudent(page, { firstName: 'Jo', lastName: 'Kim', email, phone: '5595554322' });
  const guardianGroup = page.getByRole('group', { name: 'Parent or guardian' });
  await expect(guardianGroup).toHaveCount(0);
  await page.getByLabel('Date of Birth (optional)').fill(bornYearsAgo(12));
  await expect(guardianGroup).toBeVisible();
  await expect(guardianGroup).toContainText(
    'Jo Kim is under 18 on the first day of class, so a parent or guardian reads and signs the waiver below.',
  );
  await page.getByRole('checkbox', { name: 'I have read and agree' }).check();
  const signature = page.getByRole('textbox', { name: /Parent or guardian: type your full name to sign/ });
  await signature.fill('Jo Kim');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  const guardianName = page.getByRole('textbox', { name: /Parent or guardian’s full name/ });
  await expect(guardianName).toHaveAccessibleDescription(/Enter the parent or guardian’s full name/);
  const axe = await new AxeBuilder({ page }).include('.register-page').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await guardianName.fill('Sam Kim');
  await signature.fill('Sam Kim');
  await screenshot(page, { path: '/tmp/h37c-register-guardian.png', fullPage: true });
  await expect(async () => {
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByRole('heading', { name: 'Payment Method' })).toBeVisible({ timeout: 1500 });
  }).toPass();
  await page.getByRole('button', { name: 'Reserve My Spot' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Registration Successful!' })).toBeVisible();

  const roster = (await (await request.get(`/api/students/class/${cls.id}`, { headers: auth })).json()).data;
  const enrollment = roster[0].classEnrollments[0];
  const signed = (await (await request.get(`/api/enrollments/${enrollment.id}/waivers`, { headers: auth })).json()).data;
  expect(signed).toEqual([expect.objectContaining({ waiverId: waiver.id, signedName: 'Sam Kim', signedAs: 'guardian' })]);

  // A new version: the link asks the parent or guardian again, and the server refuses the student's own name.
  await post(`/api/waivers/${waiver.id}/versions`, { body: 'Clay is messy. Wear an apron.' });
  const linkPath = await resignLinkFromOutbox(request, auth, email);
  await page.goto(linkPath);
  await expect(
    page.getByText('Jo is under 18 on the first day of class, so a parent or guardian reads and signs this waiver for them.'),
  ).toBeVisible();
  await page.getByRole('checkbox', { name: 'I have read and agree' }).check();
  const typed = page.getByRole('textbox', { name: /Parent or guardian: type your full name to sign/ });
  await typed.fill('Jo Kim');
  await page.getByRole('button', { name: 'Sign' }).click();
  await expect(typed).toHaveAccessibleDescription(/The parent or guardian must be an adult other than Jo Kim/);
  await screenshot(page, { path: '/tmp/h37c-resign-guardian.png', fullPage: true });
  await typed.fill('Sam Kim');
  await page.getByRole('button', { name: 'Sign' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you, your signature is recorded' })).toBeVisible();
  const after = (await (await request.get(`/api/enrollments/${enrollment.id}/waivers`, { headers: auth })).json()).data;
  expect(after.map((a: { version: number; signedName: string; signedAs: string }) => [a.version, a.signedName, a.signedAs])).toEqual(
    expect.arrayContaining([
      [1, 'Sam Kim', 'guardian'],
      [2, 'Sam Kim', 'guardian'],
    ]),
  );
});

/** The path of the re-sign link sent to `email`, from the outbox (queued or already sent). */
async function resignLinkFromOutbox(request: APIRequestContext, auth: Record<string, string>, email: string): Promise<string> {
  let found: string | null = null;
  await expect
    .poll(
      async () => {
        for (const path of ['/api/communications/scheduled?limit=200', '/api/communications/logs?limit=200']) {
          const rows = ((await (await request.get(path, { headers: auth })).json()).data ?? []) as { to: string; message: string }[];
          const row = rows.find((r) => r.to === email && /\/waiver\/[A-Za-z0-9_-]{20,}/.test(r.message));
          if (row) found = /\/waiver\/[A-Za-z0-9_-]{20,}/.exec(row.message)![0];
        }
        return found;
      },
      { message: `the signing link sent to ${email}`, timeout: 20_000 },
    )
    .not.toBeNull();
  return found!;
}
