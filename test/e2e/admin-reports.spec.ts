import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, DEMO_ORG_ID, TEACHER, apiSignIn, classPayload, freshOrganization, pickOption, signInUi } from './admin-helpers';
import { screenshot } from './screenshots';

/** The reports screen, its chart, table and downloads; the upsell; the teacher's View Reports. */
test.describe('reports', () => {
  let title: string;

  test.beforeAll(async ({ request }, info) => {
    test.skip(info.project.name !== 'desktop', 'the screen is checked once, on desktop');
    const { token } = await apiSignIn(request, ADMIN.email, ADMIN.password);
    const auth = { Authorization: `Bearer ${token}` };
    title = `Reported Class ${Date.now()}`;
    const cls = await request.post('/api/classes', { headers: auth, data: classPayload(title) });
    expect(cls.ok(), await cls.text()).toBeTruthy();
    const classId = (await cls.json()).data.id as string;
    for (const n of [1, 2]) {
      const reg = await request.post('/api/students/register', {
        data: {
          firstName: 'Rita',
          lastName: n === 1 ? 'Reporter' : 'Reportson',
          email: `rita-${n}-${Date.now()}@example.com`,
          phone: `559555${1200 + n}`,
          communicationOptIn: true,
          organizationId: DEMO_ORG_ID,
          classEnrollments: [{ classId, paymentMethod: 'in-person', paymentStatus: 'pending' }],
        },
      });
      expect(reg.ok(), await reg.text()).toBeTruthy();
      if (n === 1) {
        const paid = await request.post('/api/payments/mark-paid', {
          headers: auth,
          data: { studentId: (await reg.json()).data.id, classId },
        });
        expect(paid.ok(), await paid.text()).toBeTruthy();
      }
    }
  });

  async function showReport(page: Page, type: 'Enrollment' | 'Revenue' | 'Attendance', range: string) {
    await pickOption(page, 'Report type', type);
    await pickOption(page, 'Date range', range);
    const kind = type.toLowerCase();
    await expect(page.getByTestId('report-chart').or(page.getByText(`No ${kind} data found for the selected date range.`))).toBeVisible();
  }

  test('should show each report as a chart and a table over each range, and download CSV and PDF files', async ({ page }) => {
    await signInUi(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/admin/reports');
    await expect(page.getByRole('heading', { name: 'Reports' })).toBeVisible();

    for (const range of ['7 days', '2 weeks', 'Month (30 days)', 'Quarter (90 days)', 'Year (365 days)']) {
      await showReport(page, 'Enrollment', range);
      await expect(page.getByRole('table', { name: 'enrollment report table' }).getByRole('cell', { name: title })).toBeVisible();
    }
    await screenshot(page, { path: '.tmp/screens/reports-enrollment.png', fullPage: true });

    await showReport(page, 'Revenue', '7 days');
    const revenue = page.getByRole('table', { name: 'revenue report table' });
    await expect(revenue.getByRole('row', { name: new RegExp(title) })).toContainText('$25.00');
    await expect(page.getByTestId('report-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
    await screenshot(page, { path: '.tmp/screens/reports-revenue.png', fullPage: true });

    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(csv.suggestedFilename()).toMatch(/^revenue-report_\d{4}-\d\d-\d\d_\d{4}-\d\d-\d\d\.csv$/);
    const csvText = fs.readFileSync(await csv.path(), 'utf8').replace(/^\uFEFF/, '');
    expect(csvText.split('\r\n')[0]).toBe(
      'Class,Payments,Received ($),Refunds ($),Total ($),Average per student ($),Card ($),In person ($),Platform fee ($),Organization amount ($),Discounts given ($)',
    );
    expect(csvText).toContain(`${title},1,25.00,0.00,25.00,25.00,0.00,25.00,0.00,25.00`);

    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(pdf.suggestedFilename()).toMatch(/^revenue-report_.*\.pdf$/);
    expect(
      fs
        .readFileSync(await pdf.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // Attendance over a custom range that holds the class's session (a week from now).
    await pickOption(page, 'Report type', 'Attendance');
    await pickOption(page, 'Date range', 'Custom');
    const iso = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('Start date').fill(iso(1));
    await page.getByLabel('End date').fill(iso(14));
    const attendance = page.getByRole('table', { name: 'attendance report table' });
    await expect(attendance.getByRole('row', { name: new RegExp(title) })).toContainText('2');
    await expect(page.getByTestId('report-chart')).toBeVisible();
    await screenshot(page, { path: '.tmp/screens/reports-attendance.png', fullPage: true });
    const [attCsv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(attCsv.suggestedFilename()).toBe(`attendance-report_${iso(1)}_${iso(14)}.csv`);
    expect(fs.readFileSync(await attCsv.path(), 'utf8')).toContain(title);

    // A range with nothing in it: the empty text of spec 3 §8.
    await page.getByLabel('Start date').fill('2020-01-01');
    await page.getByLabel('End date').fill('2020-01-07');
    await expect(page.getByText('No attendance data found for the selected date range.')).toBeVisible();
  });

  test('should show the upsell screen without advancedReporting', async ({ page, request }) => {
    const org = await freshOrganization(request);
    await signInUi(page, org.email, org.password);
    await expect(page).toHaveURL(/\/admin/);
    await page.goto('/admin/reports');
    await expect(page.getByRole('heading', { name: 'Advanced Reports' })).toBeVisible();
    await expect(page.getByText('Advanced reporting is a feature of the Essential plan. Upgrade to Essential to use it.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Plans' })).toHaveAttribute('href', '/admin/subscription?tab=plans');
    await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/admin/dashboard');
    await screenshot(page, { path: '.tmp/screens/reports-upsell.png', fullPage: true });
  });

  test("should open the attendance report of the teacher's class from View Reports", async ({ page }) => {
    await signInUi(page, TEACHER.email, TEACHER.password);
    const today = page.getByRole('region', { name: "Today's Classes" });
    await today
      .getByRole('article')
      .first()
      .getByRole('link', { name: /^Manage Class/ })
      .click();
    await expect(page).toHaveURL(/\/teacher\/payment-view\//);
    const classId = page.url().split('/').pop();
    await page.getByRole('link', { name: 'View Reports' }).click();
    await expect(page).toHaveURL(new RegExp(`/teacher/reports/${classId}$`));
    await expect(page.getByRole('heading', { name: /^Attendance report - / })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Report type' })).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'attendance report table' })).toBeVisible();
    await expect(page.getByTestId('report-chart').locator('.recharts-cartesian-axis').first()).toBeVisible();
    await screenshot(page, { path: '.tmp/screens/reports-teacher.png', fullPage: true });
  });

  test("should tell a teacher without advanced reporting to ask an admin, with no button to the admin's pages", async ({
    page,
    request,
  }) => {
    const org = await freshOrganization(request);
    const auth = { Authorization: `Bearer ${org.token}` };
    const cls = await request.post('/api/classes', { headers: auth, data: classPayload(`Free Plan Class ${Date.now()}`) });
    expect(cls.ok(), await cls.text()).toBeTruthy();
    const classId = (await cls.json()).data.id as string;
    const teacher = { email: `free-teacher-${Date.now()}@example.com`, password: 'Teach123!' };
    const created = await request.post('/api/auth/users', {
      headers: auth,
      data: { ...teacher, firstName: 'Tia', lastName: 'Freeplan', role: 'teacher' },
    });
    expect(created.ok(), await created.text()).toBeTruthy();

    await signInUi(page, teacher.email, teacher.password);
    await expect(page).toHaveURL(/\/teacher$/);
    await page.goto(`/teacher/payment-view/${classId}`);
    await page.getByRole('link', { name: 'View Reports' }).click();
    await expect(page).toHaveURL(new RegExp(`/teacher/reports/${classId}$`));
    await expect(page.getByRole('heading', { name: 'Reports are not available' })).toBeVisible();
    await expect(page.getByText(/Ask an admin of your organization/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Advanced Reports' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'View Plans' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Back to the class' })).toHaveAttribute('href', `/teacher/payment-view/${classId}`);
    await screenshot(page, { path: '/tmp/h20-settings-teacher-reports.png', fullPage: true });
    await page.getByRole('link', { name: 'Back to the class' }).click();
    await expect(page.getByRole('heading', { name: /^Class Management - Free Plan Class/ })).toBeVisible();
  });

  test('should count report days in the time zone chosen on the General settings tab', async ({ page }) => {
    await signInUi(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/admin/settings?tab=general');
    await expect(page.getByRole('tab', { name: 'General', selected: true })).toBeVisible();
    await page.getByRole('combobox', { name: 'Time zone' }).fill('America/Chicago');
    await page.getByRole('option', { name: 'America/Chicago' }).click();
    await page.getByRole('button', { name: 'Save time zone' }).click();
    await expect(page.getByText('Time zone saved successfully!')).toBeVisible();
    await screenshot(page, { path: '.tmp/screens/settings-general.png', fullPage: true });
    await page.goto('/admin/reports');
    await expect(page.getByText(/ · America\/Chicago$/)).toBeVisible();
  });
});
