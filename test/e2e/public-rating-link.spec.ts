import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ADMIN, DEMO_ORG_ID, apiSignIn, classPayload } from './admin-helpers';
import { E2E_PORT } from './stripe-env';
import { screenshot } from './screenshots';

/**
 * The 'How was {class}?' email's links in a real browser: a link only opens a page (a mail scanner fetching all five
 * records nothing), the page's button records the score, a changed link shows 'Link not valid'.
 */
test.describe('rating links', () => {
  let title: string;
  let link: (rating: number) => string;

  test.beforeAll(async ({ request }, info) => {
    test.skip(info.project.name !== 'desktop', 'the pages are checked once, on desktop');
    const { token } = await apiSignIn(request, ADMIN.email, ADMIN.password);
    title = `Rated Class ${Date.now()}`;
    const cls = await request.post('/api/classes', { headers: { Authorization: `Bearer ${token}` }, data: classPayload(title) });
    expect(cls.ok(), await cls.text()).toBeTruthy();
    const classId = (await cls.json()).data.id as string;
    const reg = await request.post('/api/students/register', {
      data: {
        firstName: 'Rosa',
        lastName: 'Rater',
        email: `rosa-${Date.now()}@example.com`,
        phone: '5595551299',
        communicationOptIn: true,
        organizationId: DEMO_ORG_ID,
        classEnrollments: [{ classId, paymentMethod: 'in-person', paymentStatus: 'pending' }],
      },
    });
    expect(reg.ok(), await reg.text()).toBeTruthy();
    const studentId = (await reg.json()).data.id as string;
    // The links the email carries, signed as the server signs them (RatingLinks) with the secret the server keeps
    // beside its database when JWT_SECRET is not set (as in this run).
    const secret = fs.readFileSync(path.resolve(__dirname, '..', '..', '.tmp', `e2e-data-${E2E_PORT}`, 'jwt-secret'), 'utf8').trim();
    const key = createHmac('sha256', secret).update('classlane-rating-links').digest();
    link = (rating) =>
      `/api/ratings?class=${classId}&student=${studentId}&rating=${rating}&sig=${createHmac('sha256', key)
        .update(`${classId}.${studentId}.${rating}`)
        .digest('base64url')}`;
  });

  test('should record nothing when the links are only opened, and the score once its button is pressed', async ({ page, request }) => {
    // A mail security gateway fetches every link of the message.
    for (const r of [1, 2, 3, 4, 5]) expect((await request.get(link(r), { headers: { Accept: 'text/html' } })).status()).toBe(200);

    const opened = await page.goto(link(4));
    expect(opened?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: `How was ${title}?` })).toBeVisible();
    await expect(page.getByText('Your rating: 4 out of 5.')).toBeVisible();
    // Nothing was recorded by the scanner's visits: the page would say what was given before.
    await expect(page.getByText(/before; sending a rating replaces it/)).toHaveCount(0);
    for (const r of [1, 2, 3, 5]) await expect(page.getByRole('button', { name: `Rate ${r} out of 5` })).toBeVisible();
    await screenshot(page, { path: '.tmp/screenshots/rating-choice.png', fullPage: true });

    await page.getByRole('button', { name: 'Send my rating: 4 out of 5' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
    await expect(page.getByText(`You rated ${title} 4 out of 5. You can close this page.`)).toBeVisible();
    await screenshot(page, { path: '.tmp/screenshots/rating-thanks.png', fullPage: true });

    // Another score from the page replaces it.
    await page.goto(link(2));
    await expect(page.getByText('You rated this class 4 out of 5 before; sending a rating replaces it.')).toBeVisible();
    await page.getByRole('button', { name: 'Rate 5 out of 5' }).click();
    await expect(page.getByText(`You rated ${title} 5 out of 5. You can close this page.`)).toBeVisible();
    await page.goto(link(1));
    await expect(page.getByText('You rated this class 5 out of 5 before; sending a rating replaces it.')).toBeVisible();
  });

  test("should show 'Link not valid' with a 400 for a changed link", async ({ page }) => {
    const changed = link(2).replace('rating=2', 'rating=5');
    const res = await page.goto(changed);
    expect(res?.status()).toBe(400);
    await expect(page.getByRole('heading', { name: 'Link not valid' })).toBeVisible();
    await expect(page.getByText('This rating link is not valid. Please use the link from your email.')).toBeVisible();
    await screenshot(page, { path: '.tmp/screenshots/rating-not-valid.png', fullPage: true });
  });
});
