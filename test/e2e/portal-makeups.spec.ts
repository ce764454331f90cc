import { expect, test, type Page } from '@playwright/test';
import { freshOrganization } from './admin-helpers';
import { expectNoSeriousViolations, expectNoSideScroll, signInByLink } from './portal-helpers';
import { screenshot } from './screenshots';

/**
 * Make-ups in the portal (issue 41 §3): the organization's policy gives a token for an absence announced a day ahead;
 * a student signs in by the emailed link, says "I can't make it" to their next session, sees the token with its last
 * day, books a make-up in another class's session with a seat, and the booking shows in their registrations. axe on
 * each step, on a phone and on a desktop.
 */
const shot = (page: Page, name: string, project: string) =>
  screenshot(page, { path: `/tmp/h5-makeups-${name}-${project}.png`, fullPage: true });

test('a student reports an absence and books a make-up with the token it earned', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const project = testInfo.project.name;
  const request = page.request;
  const org = await freshOrganization(request);
  const auth = { Authorization: `Bearer ${org.token}` };
  const stamp = Date.now();
  const makeClass = async (title: string, days: number) => {
    const res = await request.post('/api/classes', {
      headers: auth,
      data: {
        title,
        description: 'Created by the end-to-end tests.',
        instructor: 'Test Instructor',
        location: 'Studio A',
        status: 'Open',
        startDate: new Date(Date.now() + days * 86_400_000).toISOString(),
        days: 2,
        schedule: 'Weekly',
        duration: 60,
        price: 40,
        discountPrice: null,
        maxStudents: 8,
        information: '',
        materials: [],
      },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
    return (await res.json()).data as { id: string };
  };
  const swim = `Swim ${stamp}`;
  const missed = await makeClass(swim, 3);
  const other = `Splash ${stamp}`;
  await makeClass(other, 4);
  const policy = await request.put('/api/makeup-policies', {
    headers: auth,
    data: { announceHoursBefore: 24, expiryDays: 30, eligible: 'any', bookAheadDays: 60, bookUntilHoursBefore: 2 },
  });
  expect(policy.ok(), await policy.text()).toBeTruthy();
  const email = `e2e.makeups.${stamp}@example.com`;
  const student = await request.post('/api/students', {
    headers: auth,
    data: {
      firstName: 'Maya',
      lastName: 'Lin',
      email,
      phone: '5595550177',
      communicationOptIn: true,
      classEnrollments: [{ classId: missed.id }],
    },
  });
  expect(student.ok(), await student.text()).toBeTruthy();

  await signInByLink(page, auth, org.organizationId, email);
  const section = page.getByRole('region', { name: 'Make-ups' });
  await expect(section.getByRole('heading', { name: 'Upcoming sessions' })).toBeVisible();
  await expect(section.getByText('You have no make-up tokens.')).toBeVisible();
  await expectNoSeriousViolations(page, 'make-ups');
  await expectNoSideScroll(page, 'make-ups');
  await shot(page, 'upcoming', project);

  // "I can't make it" on the first session of the class: the absence is recorded and the token granted at once.
  await section
    .getByRole('button', { name: new RegExp(`^I can't make it to ${swim}`) })
    .first()
    .click();
  await expect(section.getByText(/Absence reported\. You have a make-up to book by/)).toBeVisible();
  await expect(section.getByText('Absence reported', { exact: true })).toBeVisible();
  await expect(section.getByText(/use by/)).toBeVisible();
  await expectNoSeriousViolations(page, 'absence reported');
  await shot(page, 'reported', project);

  // "Book a make-up": only sessions with a seat the token may take, none of the student's own class.
  await section.getByRole('button', { name: 'Book a make-up' }).click();
  const pick = section.getByRole('group', { name: 'Choose a session for your make-up' });
  await expect(pick.getByText(new RegExp(`${other}.*8 seats left`)).first()).toBeVisible();
  await expect(pick.getByText(swim)).toHaveCount(0);
  await expectNoSeriousViolations(page, 'choose a session');
  await expectNoSideScroll(page, 'choose a session');
  await shot(page, 'choose', project);
  await pick
    .getByRole('button', { name: new RegExp(`^Book ${other}`) })
    .first()
    .click();
  await expect(section.getByText(new RegExp(`Make-up booked: ${other}`))).toBeVisible();
  await expect(section.getByText('used', { exact: false })).toBeVisible();
  // The booking is one of the student's registrations now.
  await expect(page.getByRole('region', { name: 'Current registrations' }).getByText(other)).toBeVisible();
  await expectNoSeriousViolations(page, 'make-up booked');
  await shot(page, 'booked', project);
});
