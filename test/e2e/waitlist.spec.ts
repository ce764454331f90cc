import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ADMIN, apiSignIn, classPayload, freshOrganization, signInUi } from './admin-helpers';
import { fillStudent, uniqueEmail } from './public-helpers';
import { onboardDemoOrganization, serveStripeJsDouble } from './stripe-helpers';
import { screenshot } from './screenshots';
import { expectNoSeriousViolations } from './axe-helpers';

/**
 * A full class fills itself again from its waitlist. Join on the public site (and again with the
 * same email), see and reorder the list as the admin, free a seat by cancelling an enrollment, open the offer link
 * from the outbox and register into the held seat; the used link is refused; the next person leaves through their
 * link. axe on every new screen; screenshots of each in both viewports.
 */
const shot = (page: Page, name: string, project: string) =>
  screenshot(page, { path: `.tmp/screenshots/waitlist-${name}-${project}.png`, fullPage: true });
/** The admin's class panel alone (a full-page shot of the admin app repeats its sticky header mid-page). */
const panelShot = (panel: Locator, name: string, project: string) =>
  screenshot(panel, { path: `.tmp/screenshots/waitlist-${name}-${project}.png` });

/** Opens the class's panel once the admin app has settled (the panel mounts again when the layout is known). */
async function openPanel(page: Page, title: string) {
  await page.goto('/admin/classes');
  await page.getByRole('button', { name: `View ${title}` }).click();
  await page.waitForLoadState('networkidle');
}

/** A phone must never scroll sideways (a long email address once widened the page). */
async function expectNoSideScroll(page: Page, label: string) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(wide, `${label} scrolls sideways by ${wide}px`).toBeLessThanOrEqual(0);
}

type Person = { firstName: string; lastName: string; email: string; phone: string };
const person = (firstName: string, lastName: string, phone: string): Person => ({
  firstName,
  lastName,
  email: uniqueEmail(`wl.${firstName.toLowerCase()}`),
  phone,
});

async function register(request: APIRequestContext, organizationId: string, classId: string, p: Person) {
  const res = await request.post('/api/students/register', {
    data: {
      ...p,
      communicationOptIn: true,
      organizationId,
      classEnrollments: [{ classId, paymentMethod: 'in-person', paymentStatus: 'pending' }],
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const body = (await res.json()).data as { id: string; classEnrollments: { id: string; classId: string }[] };
  return body.classEnrollments.find((e) => e.classId === classId)!.id;
}

/** The link of the kind given from the newest waitlist message to `email` in the outbox (queued or already sent). */
async function linkFromOutbox(request: APIRequestContext, token: string, email: string, kind: 'offer' | 'leave'): Promise<string> {
  const auth = { Authorization: `Bearer ${token}` };
  const pattern = new RegExp(`/waitlist/${kind}/[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+`);
  let found: string | null = null;
  await expect
    .poll(
      async () => {
        for (const path of ['/api/communications/scheduled?limit=200', '/api/communications/logs?limit=200']) {
          const rows = ((await (await request.get(path, { headers: auth })).json()).data ?? []) as { to: string; message: string }[];
          const row = rows.find((r) => r.to === email && pattern.test(r.message));
          if (row) found = pattern.exec(row.message)![0];
        }
        return found;
      },
      { message: `the ${kind} link sent to ${email}`, timeout: 20_000 },
    )
    .not.toBeNull();
  return found!;
}

async function waitlistOf(request: APIRequestContext, token: string, classId: string) {
  const res = await request.get(`/api/classes/${classId}/waitlist`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()).data as { email: string; status: string; position: number | null }[];
}

test('a full class fills itself again from its waitlist: join, offer, register into the held seat, leave', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const project = testInfo.project.name;
  const org = await freshOrganization(request);
  const auth = { Authorization: `Bearer ${org.token}` };
  const title = `E2E Waitlist Pottery ${Date.now()}`;
  const cls = await request.post('/api/classes', { headers: auth, data: { ...classPayload(title), maxStudents: 2 } });
  expect(cls.ok(), await cls.text()).toBeTruthy();
  const classId = (await cls.json()).data.id as string;
  const ana = person('Ana', 'First', '5595550101');
  const ben = person('Ben', 'Second', '5595550102');
  const cleo = person('Cleo', 'Waiting', '5595550103');
  const dev = person('Dev', 'Later', '5595550104');
  const anaEnrollment = await register(request, org.organizationId, classId, ana);
  const benEnrollment = await register(request, org.organizationId, classId, ben);

  // --- public: the full class offers its waitlist ---
  await page.goto(`/class/${classId}?organizationId=${org.organizationId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Class is full: waitlist open')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Register Now' })).toHaveCount(0);
  await expectNoSeriousViolations(page, 'class page (full)');
  await shot(page, 'class-full', project);
  await expectNoSideScroll(page, 'class-full');
  await page.getByRole('link', { name: 'Join the waitlist' }).first().click();
  await expect(page.getByRole('heading', { level: 2, name: 'Join the waitlist' })).toBeVisible();
  await expect(page.getByText('All 2 spots are taken.', { exact: false })).toBeVisible();
  await expectNoSeriousViolations(page, 'join the waitlist');
  await shot(page, 'join', project);
  await expectNoSideScroll(page, 'join');
  await fillStudent(page, cleo);
  await page.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(page.getByRole('heading', { name: 'You are on the waitlist' })).toBeFocused();
  await expect(page.getByText('You are number 1 on the waitlist')).toBeVisible();
  await expectNoSeriousViolations(page, 'joined the waitlist');
  await shot(page, 'joined', project);
  await expectNoSideScroll(page, 'joined');

  // the same email again answers the same place
  await page.goto(`/register/${classId}?org=${org.organizationId}`);
  await fillStudent(page, cleo);
  await page.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(page.getByText('You are number 1 on the waitlist')).toBeVisible();
  const devJoin = await request.post(`/api/classes/${classId}/waitlist`, {
    data: { organizationId: org.organizationId, ...dev, communicationOptIn: false },
  });
  expect(devJoin.ok(), await devJoin.text()).toBeTruthy();
  expect((await devJoin.json()).data.position).toBe(2);

  // --- admin: the class panel lists the waitlist; reorder; no seat to offer yet ---
  await signInUi(page, org.email, org.password);
  await expect(page).toHaveURL(/\/admin$/);
  await openPanel(page, title);
  const details = page.getByRole('region', { name: 'Class details' }).last();
  const waitlist = details.getByRole('list', { name: 'Waitlist' });
  const entries = waitlist.getByTestId('waitlist-entry');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText('1. Cleo Waiting');
  await expect(entries.nth(0)).toContainText(cleo.email);
  await expect(entries.nth(1)).toContainText('2. Dev Later');
  await details.getByRole('button', { name: 'Move Dev Later up' }).click();
  await expect(entries.nth(0)).toContainText('1. Dev Later');
  await details.getByRole('button', { name: 'Move Cleo Waiting up' }).click();
  await expect(entries.nth(0)).toContainText('1. Cleo Waiting');
  await details.getByRole('button', { name: 'Offer seat now to Cleo Waiting' }).click();
  await expect(details.getByText('No seat is free to offer')).toBeVisible();
  await expectNoSeriousViolations(page, 'admin class panel with its waitlist');
  await panelShot(details, 'admin-waitlist', project);

  // --- admin frees a seat: cancelling Ana's enrollment offers it to Cleo at once ---
  if (project === 'desktop') {
    await page.goto('/admin/students');
    await page.getByLabel('Search students by name, email or phone').fill(ana.email);
    await page.getByRole('row', { name: new RegExp(ana.email) }).click();
    const student = page.getByRole('region', { name: 'Student details' });
    await student.getByRole('button', { name: `Cancel enrollment in ${title}` }).click();
    await page.getByRole('dialog', { name: 'Cancel enrollment' }).getByRole('button', { name: 'Cancel Enrollment' }).click();
    await expect(page.getByText('Enrollment cancelled')).toBeVisible();
  } else {
    // the student panel's cancel is covered on desktop (admin-enrollment-money.spec.ts); the phone frees it by API
    const cancel = await request.post(`/api/enrollments/${anaEnrollment}/cancel`, {
      headers: { ...auth, 'Idempotency-Key': `wl-${Date.now()}` },
      data: { refund: false },
    });
    expect(cancel.ok(), await cancel.text()).toBeTruthy();
  }
  await openPanel(page, title);
  await expect(entries.nth(0)).toContainText('Seat offered');
  await expect(entries.nth(0)).toContainText('Offer expires');
  await panelShot(details, 'admin-offered', project);

  // --- Cleo opens the offer link from the outbox and registers into the held seat ---
  const offerPath = await linkFromOutbox(request, org.token, cleo.email, 'offer');
  await page.goto(offerPath);
  await expect(page.getByRole('heading', { level: 1, name: 'Your seat from the waitlist' })).toBeVisible();
  await expect(page.locator('.hold-timer__clock')).toHaveText(/^2[34]:\d\d:\d\d$/);
  await expect(page.getByLabel(/^Email Address/)).toHaveValue(cleo.email);
  await expect(page.getByText('$25').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'waitlist offer');
  await shot(page, 'offer', project);
  await expectNoSideScroll(page, 'offer');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Payment Method' })).toBeVisible();
  await expectNoSeriousViolations(page, 'waitlist offer payment');
  await shot(page, 'offer-payment', project);
  await expectNoSideScroll(page, 'offer-payment');
  await page.getByRole('button', { name: 'Reserve My Spot' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Registration Successful!' })).toBeVisible();
  await expect(page.getByText(title).first()).toBeVisible();
  const afterAccept = await waitlistOf(request, org.token, classId);
  expect(afterAccept.find((e) => e.email === cleo.email)?.status).toBe('accepted');
  const full = (await (await request.get(`/api/classes/${classId}`, { headers: auth })).json()).data;
  expect(full.enrolledStudents).toBe(2); // the held seat was used, no second one taken

  // the used link is refused plainly
  await page.goto(offerPath);
  await expect(page.getByText('This offer is no longer available')).toBeVisible();
  await expectNoSeriousViolations(page, 'waitlist offer ended');
  await shot(page, 'offer-ended', project);
  await expectNoSideScroll(page, 'offer-ended');

  // --- the next seat goes to Dev, who leaves through the link in his message ---
  const cancelBen = await request.post(`/api/enrollments/${benEnrollment}/cancel`, {
    headers: { ...auth, 'Idempotency-Key': `wl-${Date.now()}-2` },
    data: { refund: false },
  });
  expect(cancelBen.ok(), await cancelBen.text()).toBeTruthy();
  const leavePath = await linkFromOutbox(request, org.token, dev.email, 'leave');
  await page.goto(leavePath);
  await expect(page.getByRole('heading', { level: 1, name: 'Leave the waitlist' })).toBeVisible();
  expect((await waitlistOf(request, org.token, classId)).find((e) => e.email === dev.email)?.status).toBe('offered');
  await expectNoSeriousViolations(page, 'leave the waitlist');
  await shot(page, 'leave', project);
  await expectNoSideScroll(page, 'leave');
  await page.getByRole('button', { name: 'Leave the waitlist' }).click();
  await expect(page.getByRole('heading', { name: 'You have left the waitlist' })).toBeVisible();
  await shot(page, 'left', project);
  await expectNoSideScroll(page, 'left');
  expect((await waitlistOf(request, org.token, classId)).find((e) => e.email === dev.email)?.status).toBe('left');

  // the list is empty again and the seat Dev held is free for anyone
  await openPanel(page, title);
  await expect(details.getByText('No one is on the waitlist.')).toBeVisible();
  await expect(details.getByRole('list', { name: 'Earlier waitlist entries' })).toContainText('Dev Later · Left the list');
  await expectNoSeriousViolations(page, 'admin class panel, empty waitlist');
  await panelShot(details, 'admin-empty', project);
  const reopened = (await (await request.get(`/api/classes/${classId}`, { headers: auth })).json()).data;
  expect(reopened.enrolledStudents).toBe(1);

  // --- Cleo's registration from the offer is cancelled later: her entry says so, not 'Registered' ---
  const found = await request.get('/api/students', { headers: auth, params: { filter: JSON.stringify({ q: cleo.email }) } });
  const cleoRecord = ((await found.json()).data as { email: string; classEnrollments: { id: string; classId: string }[] }[]).find(
    (s) => s.email === cleo.email,
  )!;
  const cleoEnrollment = cleoRecord.classEnrollments.find((e) => e.classId === classId)!.id;
  const cancelCleo = await request.post(`/api/enrollments/${cleoEnrollment}/cancel`, {
    headers: { ...auth, 'Idempotency-Key': `wl-${Date.now()}-3` },
    data: { refund: false },
  });
  expect(cancelCleo.ok(), await cancelCleo.text()).toBeTruthy();
  expect((await waitlistOf(request, org.token, classId)).find((e) => e.email === cleo.email)?.status).toBe('registration_cancelled');
  await openPanel(page, title);
  await expect(details.getByRole('list', { name: 'Earlier waitlist entries' })).toContainText('Cleo Waiting · Registration cancelled on');
  await panelShot(details, 'admin-registration-cancelled', project);
});

test('an offer taken by card: the card hold is the seat the offer holds, and the server verifies the payment', async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the card step on a phone is covered by public-card-payment.spec.ts');
  const organizationId = await onboardDemoOrganization(request);
  const admin = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const auth = { Authorization: `Bearer ${admin.token}` };
  const title = `E2E Waitlist Card ${Date.now()}`;
  const cls = await request.post('/api/classes', { headers: auth, data: { ...classPayload(title), maxStudents: 1 } });
  expect(cls.ok(), await cls.text()).toBeTruthy();
  const classId = (await cls.json()).data.id as string;
  const seated = await register(request, organizationId, classId, person('Ezra', 'Seated', '5595550105'));
  const waiting = person('Fay', 'Card', '5595550106');
  const join = await request.post(`/api/classes/${classId}/waitlist`, { data: { organizationId, ...waiting, communicationOptIn: true } });
  expect(join.ok(), await join.text()).toBeTruthy();
  const cancel = await request.post(`/api/enrollments/${seated}/cancel`, {
    headers: { ...auth, 'Idempotency-Key': `wl-card-${Date.now()}` },
    data: { refund: false },
  });
  expect(cancel.ok(), await cancel.text()).toBeTruthy();

  await serveStripeJsDouble(page);
  await page.goto(await linkFromOutbox(request, admin.token, waiting.email, 'offer'));
  await expect(page.getByRole('heading', { level: 1, name: 'Your seat from the waitlist' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('radio', { name: /Pay by Card/ })).toBeChecked();
  const card = page.getByRole('group', { name: 'Payment details' });
  await card.getByLabel('Card number').fill('4242 4242 4242 4242');
  await card.getByLabel('Expiration date MM / YY').fill('12 / 34');
  await card.getByLabel('Security code').fill('123');
  await card.getByLabel('ZIP').fill('93612');
  await shot(page, 'offer-card', testInfo.project.name);
  await page.getByRole('button', { name: 'Pay $25' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Registration Successful!' })).toBeVisible();
  await expect(page.getByText('Payment Confirmed')).toBeVisible();
  expect((await waitlistOf(request, admin.token, classId)).find((e) => e.email === waiting.email)?.status).toBe('accepted');
  const after = (await (await request.get(`/api/classes/${classId}`, { headers: auth })).json()).data;
  expect(after.enrolledStudents).toBe(1); // the offer's seat, not a second one
});

test('a person still waiting leaves through the link in the join email', async ({ page, request }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the leave page on a phone is covered by the journey above');
  const org = await freshOrganization(request);
  const auth = { Authorization: `Bearer ${org.token}` };
  const cls = await request.post('/api/classes', {
    headers: auth,
    data: { ...classPayload(`E2E Waitlist Leave ${Date.now()}`), maxStudents: 1 },
  });
  expect(cls.ok(), await cls.text()).toBeTruthy();
  const classId = (await cls.json()).data.id as string;
  await register(request, org.organizationId, classId, person('Gil', 'Seated', '5595550107'));
  const waiting = person('Hana', 'Waits', '5595550108');
  const join = await request.post(`/api/classes/${classId}/waitlist`, {
    data: { organizationId: org.organizationId, ...waiting, communicationOptIn: false },
  });
  expect(join.ok(), await join.text()).toBeTruthy();
  await page.goto(await linkFromOutbox(request, org.token, waiting.email, 'leave'));
  await page.getByRole('button', { name: 'Leave the waitlist' }).click();
  await expect(page.getByRole('heading', { name: 'You have left the waitlist' })).toBeFocused();
  expect((await waitlistOf(request, org.token, classId)).find((e) => e.email === waiting.email)).toMatchObject({
    status: 'left',
    position: null,
  });
  // the link again changes nothing and says the same
  await page.reload();
  await page.getByRole('button', { name: 'Leave the waitlist' }).click();
  await expect(page.getByRole('heading', { name: 'You have left the waitlist' })).toBeVisible();
  await shot(page, 'leave-again', testInfo.project.name);
});

test('the waitlist links are pages that search engines never index', async ({ page }) => {
  for (const [path, title] of [
    ['/waitlist/offer/o1.not-a-signature', 'Your Seat from the Waitlist | Classlane'],
    ['/waitlist/leave/l1.not-a-signature', 'Leave the Waitlist | Classlane'],
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(title);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  }
  // a bad offer link says so plainly
  await page.goto('/waitlist/offer/o1.not-a-signature');
  await expect(page.getByRole('alert')).toContainText('This waitlist link is not valid.');
});
