import { expect, test } from '@playwright/test';
import { apiSignIn, classPayload, freshOrganization } from './admin-helpers';
import { DEMO_ORG_ID, fillStudent, uniqueEmail } from './public-helpers';
import { screenshot } from './screenshots';

test.describe('Public calendar and a closed registration', () => {
  test("should mark the cancelled class 'Cancelled' and strike it through on the calendar", async ({ page }, testInfo) => {
    await page.goto(`/org/${DEMO_ORG_ID}`);
    await page.getByRole('button', { name: 'Calendar' }).click();
    const calendar = page.locator('.calendar');
    // Desktop: a cell of the month grid; mobile: the list grouped by day.
    const events = 'a.calendar__event, a.calendar__list-event';
    const cancelled = calendar.locator(events, { hasText: 'Spanish Conversation Circle' });
    // The seeded class starts 5 days from now: possibly next month.
    if ((await cancelled.count()) === 0) await page.getByRole('button', { name: /Next/ }).click();
    await expect(cancelled.first()).toContainText('Cancelled');
    await expect(cancelled.first().locator('s')).toHaveText('Spanish Conversation Circle');
    const open = calendar.locator(events, { hasNotText: 'Spanish Conversation Circle' }).first();
    await expect(open.locator('s')).toHaveCount(0);
    await screenshot(page, { path: `.tmp/screens/calendar-cancelled-${testInfo.project.name}.png`, fullPage: true });
  });

  test('should stop a new student at step 1 when the plan has no room, naming the organization and its contact', async ({
    page,
    request,
  }) => {
    const org = await freshOrganization(request); // Free plan: 10 students
    const auth = { Authorization: `Bearer ${org.token}` };
    const current = (await (await request.get(`/api/organizations/${org.organizationId}`, { headers: auth })).json()).data as {
      name: string;
    };
    const settings = await request.put(`/api/organizations/${org.organizationId}`, {
      headers: auth,
      data: { name: current.name, contactInfo: { email: 'desk@limit.example', phone: '5595550100', address: '1 Main St, Clovis, CA' } },
    });
    expect(settings.ok(), await settings.text()).toBeTruthy();
    const created = await request.post('/api/classes', { headers: auth, data: { ...classPayload('Clay for Everyone'), maxStudents: 20 } });
    expect(created.ok(), await created.text()).toBeTruthy();
    const classId = (await created.json()).data.id as string;
    for (let i = 0; i < 10; i++) {
      const res = await request.post('/api/students/register', {
        data: {
          firstName: 'Early',
          lastName: 'Bird',
          email: uniqueEmail(`e2e.full${i}`),
          phone: `559555${1100 + i}`,
          communicationOptIn: true,
          organizationId: org.organizationId,
          classEnrollments: [{ classId, paymentMethod: 'in-person', paymentStatus: 'pending' }],
        },
      });
      expect(res.status(), await res.text()).toBe(201);
    }

    await page.goto(`/register/${classId}?org=${org.organizationId}`);
    await fillStudent(page, { firstName: 'Late', lastName: 'Comer', email: uniqueEmail('e2e.closed'), phone: '5595551234' });
    await page.getByRole('button', { name: 'Continue to Payment' }).click();

    const closed = page.getByRole('alert').filter({ hasText: 'Registration is closed' });
    await expect(closed).toContainText(/E2E Limit Studio \d+ is not accepting new online registrations right now/);
    await expect(page.getByRole('heading', { name: 'Payment Method' })).toHaveCount(0);
    await expect(page.getByText('Failed to reserve spot. Please try again.')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'desk@limit.example' })).toBeVisible();
    await expect(page.getByRole('link', { name: '(559) 555-0100' })).toBeVisible();
    await screenshot(page, { path: '.tmp/screens/registration-closed.png', fullPage: true });

    const admin = await apiSignIn(request, org.email, org.password);
    const events = await request.get('/api/activity-events?limit=5', { headers: { Authorization: `Bearer ${admin.token}` } });
    const list = (await events.json()).data as { eventType: string; description: string }[];
    expect(list.find((e) => e.eventType === 'registration_blocked')?.description).toContain('Clay for Everyone');
  });
});
