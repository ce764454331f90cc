import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { classPayload, freshOrganization, signInUi } from './admin-helpers';
import { screenshot } from './screenshots';

const GST = { label: 'GST', rate: 5, compound: false, appliesTo: ['tuition'] };

/** Two people registered in person and marked paid at a GST organization: two numbered receipts of $84 ($4 GST). */
async function twoReceipts(request: APIRequestContext) {
  const org = await freshOrganization(request);
  const headers = { Authorization: `Bearer ${org.token}` };
  const saved = await request.put('/api/settings', {
    headers,
    data: { taxes: { pricesIncludeTax: false, rates: [GST], exemptClassIds: [] } },
  });
  expect(saved.ok(), await saved.text()).toBeTruthy();
  const cls = await request.post('/api/classes', { headers, data: { ...classPayload(`Wheel Throwing ${Date.now()}`), price: 80 } });
  expect(cls.ok(), await cls.text()).toBeTruthy();
  const classId = (await cls.json()).data.id as string;
  for (const [firstName, lastName] of [
    ['Ana', 'Roy'],
    ['Ben', 'Stone'],
  ]) {
    const reg = await request.post('/api/students/register', {
      data: {
        firstName,
        lastName,
        email: `${firstName.toLowerCase()}-${Date.now()}@example.com`,
        phone: '5595551234',
        communicationOptIn: true,
        organizationId: org.organizationId,
        classEnrollments: [{ classId, paymentMethod: 'in-person', paymentStatus: 'pending' }],
      },
    });
    expect(reg.ok(), await reg.text()).toBeTruthy();
    const paid = await request.post('/api/payments/mark-paid', { headers, data: { studentId: (await reg.json()).data.id, classId } });
    expect(paid.ok(), await paid.text()).toBeTruthy();
  }
  return org;
}

/**
 * Issue 43 §3: the admin's Receipts screen, in the admin's navigation (also linked from Settings › Taxes and fees): each receipt's number, day,
 * payer, amount and tax; a search narrows it; the selection downloads as CSV and a receipt as its PDF.
 */
test('should list the receipts with their tax, filter them, and download the CSV and a PDF', async ({ page, request }, info) => {
  const org = await twoReceipts(request);
  const year = new Date().getFullYear();
  await signInUi(page, org.email, org.password);
  await expect(page).toHaveURL(/\/admin/);
  // On a desktop the header's navigation; on a phone the menu.
  if (info.project.name === 'desktop') await page.getByRole('link', { name: 'Receipts', exact: true }).click();
  else {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Receipts', exact: true }).click();
  }
  await expect(page).toHaveURL(/\/admin\/receipts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Receipts' })).toBeVisible();
  // A table on a desktop (a header row first); on a phone a list, one item per receipt.
  const desktop = info.project.name === 'desktop';
  const rows = desktop
    ? page.getByRole('table', { name: 'Receipts and credit notes' }).getByRole('row')
    : page.getByRole('list', { name: 'Receipts and credit notes' }).getByRole('listitem');
  const first = desktop ? 1 : 0;
  // Newest first.
  await expect(rows).toHaveCount(first + 2);
  await expect(rows.nth(first)).toContainText(`R-${year}-000002`);
  await expect(rows.nth(first)).toContainText('Ben Stone');
  await expect(rows.nth(first)).toContainText('$84.00');
  await expect(rows.nth(first)).toContainText('$4.00');
  await expect(rows.nth(first + 1)).toContainText(`R-${year}-000001`);
  await screenshot(page, { path: `/tmp/h7-admin-receipts-${info.project.name}.png`, fullPage: true });
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  await page.getByLabel('Search receipts').fill('roy');
  await expect(rows).toHaveCount(first + 1);
  await expect(rows.nth(first)).toContainText('Ana Roy');

  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the receipts shown as CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toBe('receipts.csv');
  const lines = (await readFile((await csv.path())!, 'utf8')).split('\r\n').filter(Boolean);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(new RegExp(`^R-${year}-000001,receipt,.*,Ana Roy,.*,84\\.00,4\\.00,USD,in-person`));

  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: `Download R-${year}-000001 as PDF` }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toBe(`R-${year}-000001.pdf`);
  expect((await readFile((await pdf.path())!)).subarray(0, 5).toString()).toBe('%PDF-');

  await page.getByLabel('Search receipts').fill('nobody');
  await expect(page.getByText('No receipts match.', { exact: false })).toBeVisible();
});
