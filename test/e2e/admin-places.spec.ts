import { expect, test } from '@playwright/test';
import { freshOrganization, localDateTime, pickOption, signInUi } from './admin-helpers';

test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the places journey adds nothing on the phone project');
});

// Issue 39 §2: a location with a room and an instructor made in Settings, then picked in the class form; the class
// says the records' names where it said free text.
test.describe('admin: places and instructors', () => {
  test('should create a location, a room and an instructor, and pick them in the class form', async ({ page, request }) => {
    const org = await freshOrganization(request);
    await signInUi(page, org.email, org.password);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/admin/settings?tab=places');

    const locations = page.getByRole('region', { name: 'Locations and rooms' });
    await locations.getByLabel('Location name').fill('Riverside Center');
    await locations.getByLabel('Address').fill('12 River Rd');
    await locations.getByRole('button', { name: 'Create location' }).click();
    await expect(locations.getByText('Riverside Center saved')).toBeVisible();
    await expect(locations.getByRole('cell', { name: 'Riverside Center 12 River Rd', exact: true })).toBeVisible();

    await pickOption(page, 'At location', 'Riverside Center');
    await locations.getByLabel('Room name').fill('Studio B');
    await locations.getByLabel('Capacity').fill('16');
    await locations.getByRole('button', { name: 'Create room' }).click();
    await expect(locations.getByText('Studio B saved')).toBeVisible();
    await expect(locations.getByText('Studio B · 16 people')).toBeVisible();

    const instructors = page.getByRole('region', { name: 'Instructors' });
    await instructors.getByLabel('Instructor name').fill('Maya Lopez');
    await instructors.getByLabel('Email').fill('maya@example.com');
    await instructors.getByRole('button', { name: 'Create instructor' }).click();
    await expect(instructors.getByRole('cell', { name: 'Maya Lopez', exact: true })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('places-settings.png'), fullPage: true });

    await page.goto('/admin/classes');
    await page.getByRole('button', { name: 'Create New Class' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Class' });
    await dialog.getByLabel('Title').fill('Wheel Throwing');
    await dialog.getByLabel('Description').fill('Centering and pulling walls.');
    await pickOption(page, 'Pick a teacher', 'Maya Lopez');
    // A record picked: no free text to type.
    await expect(dialog.getByRole('textbox', { name: 'Instructor' })).toHaveCount(0);
    await pickOption(page, 'Pick a venue', 'Riverside Center');
    await pickOption(page, 'Room', /Studio B/);
    await dialog.getByLabel('Start date and time').fill(localDateTime(10));
    await dialog.getByRole('spinbutton', { name: 'Price ($)', exact: true }).fill('45');
    await page.screenshot({ path: test.info().outputPath('class-form-places.png') });
    await dialog.getByRole('button', { name: 'Create Class' }).click();
    await expect(page.getByText('Class created successfully!')).toBeVisible();
    const details = page.getByRole('region', { name: 'Class details' });
    await expect(details.getByText('Maya Lopez')).toBeVisible();
    await expect(details.getByText('Riverside Center — Studio B')).toBeVisible();

    // The edit form shows the records it names.
    await details.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Class' });
    await expect(edit.getByRole('combobox', { name: 'Pick a teacher' })).toHaveText('Maya Lopez');
    await expect(edit.getByRole('combobox', { name: 'Room' })).toHaveText(/Studio B/);
  });
});
