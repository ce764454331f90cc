import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { classPayload, freshOrganization, signInUi } from './admin-helpers';
import { fillStudent, uniqueEmail } from './public-helpers';
import { screenshot } from './screenshots';

/** A registration answering the organization's questions and signing its waiver, then the signed PDF (desktop and phone). */
test('should register with questions and a waiver, and give the admin the signed waiver as a PDF', async ({ page, request, browser }) => {
  // Registration, settings, the teacher's roll and the re-sign page in one story: longer than the default minute.
  test.setTimeout(180_000);
  // Stripe.js cannot load: the payment step keeps in person.
  await page.route('https://js.stripe.com/**', (route) => route.abort('internetdisconnected'));
  const org = await freshOrganization(request);
  const auth = { Authorization: `Bearer ${org.token}` };
  const post = async (url: string, data: Record<string, unknown>) => {
    const res = await request.post(url, { headers: auth, data });
    expect(res.ok(), await res.text()).toBeTruthy();
    return (await res.json()).data;
  };
  const cls = await post('/api/classes', classPayload('Kiln Basics'));
  await post('/api/registration-questions', {
    label: 'Allergies',
    hint: 'Food, latex, anything we should know',
    type: 'long_text',
    required: true,
    showToTeacher: true,
    classIds: [cls.id],
  });
  await post('/api/registration-questions', {
    label: 'Experience',
    type: 'single_choice',
    options: ['None', 'Some', 'Lots'],
    required: true,
  });
  const waiver = await post('/api/waivers', {
    title: 'Kiln safety waiver',
    body: '# Kiln safety\n\nKilns reach 1,200 °C. I follow the studio rules and wear closed shoes.\n\nI accept the risks of working with clay and glazes.',
  });

  await page.goto(`/register/${cls.id}?org=${org.organizationId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Register for Class' })).toBeVisible();
  const email = uniqueEmail('e2e.forms');
  await fillStudent(page, { firstName: 'Maya', lastName: 'Lindqvist', email, phone: '5595554321' });
  await expect(page.getByRole('group', { name: 'A few questions' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Kiln safety waiver (version 1)' })).toContainText('Kilns reach 1,200 °C');

  // Nothing answered: each error is tied to its field.
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  const allergies = page.getByRole('textbox', { name: /^Allergies/ });
  await expect(allergies).toHaveAttribute('aria-invalid', 'true');
  await expect(allergies).toHaveAccessibleDescription(/Allergies is required/);
  await expect(page.getByText('Please read and accept “Kiln safety waiver”')).toBeVisible();
  const axe = await new AxeBuilder({ page }).include('.register-page').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await screenshot(page, { path: '/tmp/h22-register-errors.png', fullPage: true });

  await allergies.fill('Latex');
  await page.getByRole('radio', { name: 'Some' }).check();
  await page.getByRole('checkbox', { name: 'I have read and agree' }).check();
  const signature = page.getByRole('textbox', { name: /Type your full name to sign/ });
  await signature.fill('Someone Else');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(signature).toHaveAccessibleDescription(/Type your full name exactly as given above \(Maya Lindqvist\)/);
  await signature.fill('Maya Lindqvist');
  await screenshot(page, { path: '/tmp/h22-register-filled.png', fullPage: true });
  // The form ignores a second submit within a second of the first (debounce): press again until it goes through.
  await expect(async () => {
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByRole('heading', { name: 'Payment Method' })).toBeVisible({ timeout: 1500 });
  }).toPass();
  await page.getByRole('button', { name: 'Reserve My Spot' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Registration Successful!' })).toBeVisible();

  // The admin sees the answers on the roster and the signature, and downloads the signed waiver.
  const roster = (await (await request.get(`/api/students/class/${cls.id}`, { headers: auth })).json()).data;
  const enrollment = roster[0].classEnrollments[0];
  expect(enrollment.answers.map((a: { label: string; value: unknown }) => [a.label, a.value])).toEqual([
    ['Allergies', 'Latex'],
    ['Experience', 'Some'],
  ]);
  const signed = (await (await request.get(`/api/enrollments/${enrollment.id}/waivers`, { headers: auth })).json()).data;
  expect(signed).toEqual([
    expect.objectContaining({ waiverId: waiver.id, version: 1, signedName: 'Maya Lindqvist', sha256: waiver.currentVersion.sha256 }),
  ]);
  const pdf = await request.get(`/api/waiver-acceptances/${signed[0].id}/pdf`, { headers: auth });
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const bytes = await pdf.body();
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

  // Settings: the questions in order, and the waiver with its version and who signed it.
  await signInUi(page, org.email, org.password);
  await expect(page).toHaveURL(/\/admin/);
  await page.goto('/admin/settings?tab=form');
  const questions = page.getByRole('list', { name: 'Questions in order' });
  await expect(questions.getByRole('listitem')).toHaveCount(2);
  await expect(questions.getByRole('listitem').first()).toContainText('Allergies');
  await screenshot(page, { path: '/tmp/h22-settings-form.png', fullPage: true });
  await page.getByRole('button', { name: 'Move Experience up' }).click();
  await expect(questions.getByRole('listitem').first()).toContainText('Experience');
  // Edit a question: its label and options change; its type is locked because it has answers.
  await page.getByRole('button', { name: 'Edit Experience' }).click();
  await expect(page.getByRole('heading', { name: 'Edit “Experience”' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Answer type' })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByText(/Locked: this question has answers/)).toBeVisible();
  await page.getByRole('textbox', { name: 'Question' }).fill('Clay experience');
  await page.getByRole('textbox', { name: 'Options, separated by commas' }).fill('None, Some, Lots, Teaching');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('“Clay experience” saved')).toBeVisible();
  await expect(questions.getByRole('listitem').first()).toContainText('Options: None, Some, Lots, Teaching');
  // The preview shows the form for a class as the student sees it: Allergies only for Kiln Basics.
  const preview = page.getByRole('group', { name: 'Form preview' });
  await expect(preview.getByRole('radio', { name: 'Teaching' })).toBeVisible();
  await expect(preview.getByRole('textbox', { name: /Allergies/ })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Registration for' }).click();
  await page.getByRole('option', { name: 'Kiln Basics' }).click();
  await expect(preview.getByRole('textbox', { name: /Allergies/ })).toBeVisible();
  await expect(preview.getByText('Food, latex, anything we should know')).toBeVisible();
  await screenshot(page, { path: '/tmp/h22b-settings-form-edit.png', fullPage: true });
  // The student panel: the answers and the signed waiver under the enrollment.
  // By address: the phone layout folds the section links into a menu.
  await page.goto('/admin/students');
  await page.getByLabel('Search students by name, email or phone').fill(email);
  // A table row on a wide screen, a card on a phone.
  if (test.info().project.name === 'mobile') await page.getByRole('button', { name: 'View Maya Lindqvist' }).click();
  else await page.getByRole('row', { name: new RegExp(email) }).click();
  const details = page.getByRole('region', { name: 'Student details' });
  await expect(details.getByText('Allergies:')).toBeVisible();
  await expect(details.getByText(/Signed “Kiln safety waiver” \(version 1\) as Maya Lindqvist/)).toBeVisible();
  await expect(details.getByRole('button', { name: 'Download the signed Kiln safety waiver' })).toBeVisible();
  await screenshot(page, { path: '/tmp/h22-student-panel.png', fullPage: true });
  await page.goto('/admin/settings?tab=waivers');
  await expect(page.getByRole('heading', { name: 'Kiln safety waiver' })).toBeVisible();
  // The current text is rendered from its Markdown; the waiver's classes can be chosen.
  await expect(
    page.getByRole('region', { name: 'Kiln safety waiver, version 1' }).getByRole('heading', { name: 'Kiln safety' }),
  ).toBeVisible();
  await page.getByRole('combobox', { name: 'Classes that sign Kiln safety waiver' }).click();
  await page.getByRole('option', { name: 'Kiln Basics' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Save classes' }).click();
  await expect(page.getByText('Signed for the chosen classes only')).toBeVisible();
  const saved = (await (await request.get(`/api/waivers/${waiver.id}`, { headers: auth })).json()).data;
  expect(saved.classIds).toEqual([cls.id]);
  await page.getByRole('textbox', { name: 'New version text (Markdown)' }).fill('## Draft\n\n**Bold** rule');
  await page.getByRole('button', { name: 'Preview as students see it' }).first().click();
  await expect(page.getByRole('region', { name: 'Preview of the new version of Kiln safety waiver' }).locator('strong')).toHaveText('Bold');
  await page.getByRole('textbox', { name: 'New version text (Markdown)' }).fill('');
  await page.getByRole('button', { name: 'Who signed' }).click();
  await expect(page.getByRole('table', { name: 'Signatures of Kiln safety waiver' })).toContainText('Maya Lindqvist');
  const settingsAxe = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(settingsAxe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await screenshot(page, { path: '/tmp/h22-settings-waivers.png', fullPage: true });

  // The teacher's roll: the answer shown to teachers, and the waiver flagged once a newer version exists.
  await post(`/api/waivers/${waiver.id}/versions`, {
    body: '## New studio rules\n\nKilns reach 1,200 °C.\n\n- **Closed shoes**\n- Tied-back hair\n\n<script>alert(1)</script>',
  });
  const teacher = { email: uniqueEmail('e2e.teacher'), password: 'Teach123!x' };
  await post('/api/auth/users', { ...teacher, firstName: 'Tess', lastName: 'Teacher', role: 'teacher' });
  const teacherContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const tp = await teacherContext.newPage();
  await signInUi(tp, teacher.email, teacher.password);
  await expect(tp).toHaveURL(/\/teacher/);
  await tp.goto(`/teacher/session/${cls.id}`);
  await expect(tp.getByText('Allergies: Latex')).toBeVisible();
  await expect(tp.getByText('Waiver not signed: Kiln safety waiver')).toBeVisible();
  await expect(tp.getByText(/Experience:/)).toHaveCount(0);
  await screenshot(tp, { path: '/tmp/h22-teacher-roll.png', fullPage: true });

  // Maya signed version 1: she is emailed a link to sign version 2. Opening it changes nothing; Sign does.
  const linkPath = await resignLinkFromOutbox(request, auth, email);
  const student = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const sp = await student.newPage();
  await sp.goto(linkPath);
  await expect(sp.getByRole('heading', { level: 1, name: 'Sign the updated “Kiln safety waiver”' })).toBeVisible();
  const text = sp.getByRole('region', { name: 'Kiln safety waiver (version 2)' });
  await expect(text.getByRole('heading', { name: 'New studio rules' })).toBeVisible();
  await expect(text.locator('strong', { hasText: 'Closed shoes' })).toBeVisible();
  await expect(text).toContainText('<script>alert(1)</script>');
  await expect(sp.getByText('Maya Lindqvist, Kiln Basics (for yourself)')).toBeVisible();
  await tp.reload();
  await expect(tp.getByText('Waiver not signed: Kiln safety waiver')).toBeVisible();
  const signAxe = await new AxeBuilder({ page: sp }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(signAxe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await sp.getByRole('button', { name: 'Sign' }).click();
  await expect(sp.getByText('Tick “I have read and agree” to sign.')).toBeVisible();
  await sp.getByRole('checkbox', { name: 'I have read and agree' }).check();
  const typed = sp.getByRole('textbox', { name: /Type your full name to sign/ });
  await typed.fill('Someone Else');
  await sp.getByRole('button', { name: 'Sign' }).click();
  await expect(typed).toHaveAccessibleDescription('Type your full name exactly as on your registration (Maya Lindqvist) to sign');
  await screenshot(sp, { path: '/tmp/h22b-resign-page.png', fullPage: true });
  await typed.fill('Maya Lindqvist');
  await sp.getByRole('button', { name: 'Sign' }).click();
  await expect(sp.getByRole('heading', { name: 'Thank you, your signature is recorded' })).toBeFocused();
  await screenshot(sp, { path: '/tmp/h22b-resign-done.png', fullPage: true });
  // The roll's flag clears, and the link is used up.
  await tp.reload();
  await expect(tp.getByText('Allergies: Latex')).toBeVisible();
  await expect(tp.getByText('Waiver not signed: Kiln safety waiver')).toHaveCount(0);
  await sp.goto(linkPath);
  await expect(sp.getByText('This waiver was already signed with this link. Thank you.')).toBeVisible();
  await student.close();
  await teacherContext.close();
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
