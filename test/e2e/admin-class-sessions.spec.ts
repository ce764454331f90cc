import { expect, test, type APIRequestContext } from '@playwright/test';
import { classPayload, freshOrganization, pickOption, signInUi } from './admin-helpers';
import { screenshot } from './screenshots';

type Org = Awaited<ReturnType<typeof freshOrganization>>;

test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the sessions journey adds nothing on the phone project');
});

const api = (request: APIRequestContext, org: Org) => ({
  post: async (path: string, data: Record<string, unknown>) => {
    const res = await request.post(`/api/${path}`, { headers: { Authorization: `Bearer ${org.token}` }, data });
    expect(res.ok(), await res.text()).toBeTruthy();
    return (await res.json()).data;
  },
  get: async (path: string) => {
    const res = await request.get(`/api/${path}`, { headers: { Authorization: `Bearer ${org.token}` } });
    expect(res.ok(), await res.text()).toBeTruthy();
    return (await res.json()).data;
  },
});

// Issue 39: a session cancelled from the class panel, its students told once; a room booked twice refused, and the
// Conflicts screen.
test.describe('admin: class sessions', () => {
  test('should cancel one session from the class panel and tell the student once', async ({ page, request }) => {
    const org = await freshOrganization(request);
    const call = api(request, org);
    const title = `Snow ${Date.now()}`;
    const cls = await call.post('classes', { ...classPayload(title), days: 3, schedule: 'Weekly' });
    const reg = await request.post('/api/students/register', {
      data: {
        firstName: 'Avery',
        lastName: 'Potter',
        email: `e2e-sessions-${Date.now()}@example.com`,
        phone: '5595550141',
        communicationOptIn: true,
        organizationId: org.organizationId,
        classEnrollments: [{ classId: cls.id, paymentMethod: 'in-person', paymentStatus: 'pending' }],
      },
    });
    expect(reg.ok(), await reg.text()).toBeTruthy();
    const studentId = (await reg.json()).data.id as string;
    const notices = async () =>
      ((await call.get(`students/${studentId}/communications`)) as { subject: string | null; communication_type: string }[]).filter(
        (m) => m.communication_type === 'email' && (m.subject ?? '').startsWith(`Cancelled: ${title}`),
      );

    await signInUi(page, org.email, org.password);
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Classes', exact: true }).click();
    await page.getByRole('button', { name: `View ${title}` }).click();
    const sessions = page.getByRole('region', { name: 'Class details' }).getByRole('region', { name: 'Sessions' });
    await expect(sessions.getByRole('listitem')).toHaveCount(3);
    await sessions.getByRole('button', { name: 'Cancel session 2' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel session 2?' });
    await dialog.getByLabel('Reason').fill('Snow day');
    await expect(dialog.getByLabel('Tell the enrolled students and the teachers')).toBeChecked();
    // What the students get: the setting's unless chosen here (a make-up token for this one).
    await dialog.getByRole('combobox', { name: 'What the students get' }).click();
    await page.getByRole('option', { name: 'A make-up token' }).click();
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await screenshot(page, { path: '.tmp/screenshots/session-cancel-dialog.png' });
    await dialog.getByRole('button', { name: 'Cancel session', exact: true }).click();
    await expect(sessions.getByText(/Session 2 cancelled; \d+ messages? queued; 1 make-up token$/)).toBeVisible();
    await expect(sessions.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(sessions.getByRole('button', { name: 'Cancel session 2' })).toHaveCount(0);
    await screenshot(page, { path: '.tmp/screenshots/session-cancelled.png', fullPage: true });

    expect(await notices()).toHaveLength(1);
    // Asked again (another tab, a retry): refused, and nobody is told twice.
    const again = await request.post(`/api/class-sessions/${(await call.get(`classes/${cls.id}/sessions`))[1].id}/cancel`, {
      headers: { Authorization: `Bearer ${org.token}` },
      data: { reason: 'Snow day', notify: true },
    });
    expect(again.status()).toBe(409);
    expect((await again.json()).code).toBe('SESSION_CANCELLED');
    expect(await notices()).toHaveLength(1);
  });

  test('should refuse a session put into a booked room, naming the other class, and list conflicts', async ({ page, request }) => {
    const org = await freshOrganization(request);
    const call = api(request, org);
    const hall = await call.post('locations', { name: 'Main Hall' });
    const studio1 = await call.post('rooms', { locationId: hall.id, name: 'Studio 1' });
    const studio2 = await call.post('rooms', { locationId: hall.id, name: 'Studio 2' });
    const maria = await call.post('instructors', { name: 'Maria Lopez' });
    const base = { ...classPayload('x'), location: undefined, instructor: undefined, instructorId: maria.id };
    await call.post('classes', { ...base, title: 'Pottery', roomId: studio1.id });
    // Same time, same instructor, the other room: kept after the warning.
    await call.post('classes', { ...base, title: 'Yoga', roomId: studio2.id, allowInstructorConflict: true });

    await signInUi(page, org.email, org.password);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/admin/classes');
    await page.getByRole('button', { name: 'View Yoga' }).click();
    const sessions = page.getByRole('region', { name: 'Class details' }).getByRole('region', { name: 'Sessions' });
    await sessions.getByRole('button', { name: 'Change session 1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit session 1' });
    await pickOption(page, 'Room', 'Main Hall — Studio 1');
    await dialog.getByRole('button', { name: 'Save session' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Studio 1 is already booked for "Pottery"');
    await screenshot(page, { path: '.tmp/screenshots/session-room-conflict.png' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.goto('/admin/conflicts');
    await expect(page.getByRole('heading', { name: 'Conflicts', level: 1 })).toBeVisible();
    const row = page.getByRole('table', { name: 'Conflicts' }).getByRole('row').nth(1);
    await expect(row).toContainText('Instructor');
    await expect(row).toContainText('Maria Lopez');
    await expect(row).toContainText('Pottery');
    await expect(row).toContainText('Yoga');
    await screenshot(page, { path: '.tmp/screenshots/conflicts.png', fullPage: true });
  });
});
