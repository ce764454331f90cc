import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createOrg, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

/**
 * The organization's legal details (legal name, address, tax ID and its label), printed on receipts and statements:
 * saved through PUT /api/settings, read back, and each field too long for its room refused with a coded 400 that
 * writes nothing.
 */
describe('organization legal details', () => {
  let t: TestApp;
  let org: OrgFixture;
  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t, { name: 'Maple Arts' });
  });
  afterAll(async () => {
    await t.close();
  });

  const save = (legalDetails: unknown) => t.http.put('/api/settings').set(org.auth).send({ legalDetails });
  const read = async () => (await t.http.get('/api/settings').set(org.auth).expect(200)).body.data.legalDetails;

  it('should read empty details before any are set', async () => {
    expect(await read()).toEqual({ legalName: '', address: '', taxIdLabel: '', taxId: '' });
  });

  it('should save the details, trimmed, and read them back', async () => {
    const res = await save({
      legalName: ' Maple Arts Inc. ',
      address: '12 Rue Sherbrooke, Montreal QC',
      taxIdLabel: 'BN',
      taxId: '123456789 RT 0001',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.legalDetails).toEqual({
      legalName: 'Maple Arts Inc.',
      address: '12 Rue Sherbrooke, Montreal QC',
      taxIdLabel: 'BN',
      taxId: '123456789 RT 0001',
    });
    expect(await read()).toEqual(res.body.data.legalDetails);
  });

  it("should take a label of the organization's own with a tax ID up to 40 characters", async () => {
    await save({ legalName: 'Maple Arts Inc.', address: '', taxIdLabel: 'QST number', taxId: '1234567890TQ0001' }).expect(200);
    expect((await read()).taxIdLabel).toBe('QST number');
  });

  it('should refuse a tax ID longer than its label allows with TAX_ID_TOO_LONG, keeping what was stored', async () => {
    const before = await read();
    for (const [taxIdLabel, taxId, maxLength] of [
      ['EIN', '12-34567890', 10],
      ['BN', '123456789 RT 0001 X', 17],
      ['VAT number', 'FR 12 345 678 901 23', 17],
      ['Other', 'x'.repeat(41), 40],
    ] as const) {
      const res = await save({ legalName: 'Maple Arts Inc.', address: '', taxIdLabel, taxId });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'TAX_ID_TOO_LONG', field: 'taxId', maxLength });
      expect(res.body.error).toContain(`at most ${maxLength} characters`);
    }
    expect(await read()).toEqual(before);
  });

  it('should refuse a legal name, address or label too long with LEGAL_DETAIL_TOO_LONG naming the field', async () => {
    for (const [field, length, maxLength] of [
      ['legalName', 201, 200],
      ['address', 501, 500],
      ['taxIdLabel', 41, 40],
    ] as const) {
      const res = await save({ [field]: 'a'.repeat(length) });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'LEGAL_DETAIL_TOO_LONG', field, maxLength });
    }
    // The same check on the organization route, which takes the same settings.
    const res = await t.http
      .put(`/api/organizations/${org.orgId}`)
      .set(org.auth)
      .send({ name: 'Maple Arts', settings: { legalDetails: { taxIdLabel: 'EIN', taxId: '123-456-789-0' } } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('TAX_ID_TOO_LONG');
  });

  it('should refuse details that are not text with a field message', async () => {
    const res = await save({ taxId: 123 });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ 'legalDetails.taxId': 'taxId must be text' });
    expect((await save('EIN 12-3456789')).status).toBe(400);
  });
});
