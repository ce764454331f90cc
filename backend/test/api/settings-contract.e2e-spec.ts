import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { getMetadataStorage } from 'class-validator';
import { OrganizationSettingsDto, SettingsDto } from '../../src/modules/organizations/dto/organization-settings.dto';
import { UpdateSettingsDto } from '../../src/modules/settings/dto/settings.dto';
import { createOrg, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

/** JSON with the keys of every object sorted: jsonb keeps its own key order. */
const canonical = (v: unknown): string =>
  JSON.stringify(v, (_, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b))) : x,
  );

/** The settings that differ between two settings objects, each with both values. */
const changed = (got: Record<string, unknown>, want: Record<string, unknown>) =>
  [...new Set([...Object.keys(got), ...Object.keys(want)])]
    .filter((k) => canonical(got[k]) !== canonical(want[k]))
    .map((k) => `${k}: ${canonical(got[k])}, not ${canonical(want[k])}`);

/** The fields a DTO takes, as the validation sees them (inherited ones included). */
const fieldsOf = (dto: new () => object) =>
  [
    ...new Set(
      getMetadataStorage()
        .getTargetValidationMetadatas(dto, '', false, false)
        .map((m) => m.propertyName),
    ),
  ].sort();

type Setting = keyof OrganizationSettingsDto;

/**
 * A value for every setting, none of them the default, as PUT /api/organizations/{id} takes them (the discounts as
 * their stored list). Typed by the DTO and checked against its validation below: a setting added to the DTO and not
 * here fails this file.
 */
const VIA_ORGANIZATION: Record<Setting, unknown> = {
  cancellationPolicies: [
    { daysBeforeClass: 14, refundPercentage: 100 },
    { daysBeforeClass: 3, refundPercentage: 50 },
  ],
  discounts: [
    { name: 'Staff', value: 30 },
    { name: 'Senior', value: 5 },
  ],
  notifications: { reminderHours: 36, emailEnabled: false, smsEnabled: true },
  timeZone: 'America/Denver',
  waitlistOfferHours: 6,
  classConfirmedMessages: true,
  sessionCancelRemedy: 'nothing',
  defaultLanguage: 'es',
  selfService: false,
  selfServiceCancelHoursBefore: 48,
  selfServiceTransfers: false,
  selfServiceTransferDifferenceInPerson: true,
  discountRules: {
    earlyBird: { kind: 'percent', value: 10, daysBefore: 14 },
    returning: { kind: 'amount', value: 12.5 },
    senior: { kind: 'percent', value: 15, minAge: 65 },
    siblings: { kind: 'amount', value: 5 },
    combine: 'stack',
  },
  embedDomains: ['https://www.example.com'],
  lateRegistration: false,
  waitingRoom: true,
  waitingRoomAdmitPerMinute: 600,
  waitingRoomMinutes: 90,
  legalDetails: { legalName: 'Harbor Arts LLC', address: '1 Pier Road', taxIdLabel: 'EIN', taxId: '12-3456789' },
  taxes: { pricesIncludeTax: false, rates: [{ label: 'GST', rate: 5, compound: false, appliesTo: ['tuition'] }], exemptClassIds: [] },
  registrationFee: { label: 'Annual registration fee', amount: 25, per: 'household', period: 'year' },
};

/** Another value for every setting, as PUT /api/settings takes them (the settings screen's three named discounts). */
const VIA_SETTINGS: Record<Setting, unknown> = {
  cancellationPolicies: [{ daysBeforeClass: 7, refundPercentage: 80 }],
  discounts: { earlyBird: 12, senior: 20, returning: 7 },
  notifications: { reminderHours: 24, emailEnabled: true, smsEnabled: true },
  timeZone: 'Europe/Paris',
  waitlistOfferHours: 48,
  classConfirmedMessages: false,
  sessionCancelRemedy: 'refund',
  defaultLanguage: 'fr',
  selfService: true,
  selfServiceCancelHoursBefore: 2,
  selfServiceTransfers: true,
  selfServiceTransferDifferenceInPerson: false,
  discountRules: {
    earlyBird: null,
    returning: { kind: 'percent', value: 5 },
    senior: null,
    siblings: { kind: 'percent', value: 25 },
    combine: 'best',
  },
  embedDomains: ['https://shop.example.org', 'https://www.example.com'],
  lateRegistration: true,
  waitingRoom: false,
  waitingRoomAdmitPerMinute: 3000,
  waitingRoomMinutes: 30,
  legalDetails: { legalName: 'Harbor Arts SARL', address: '2 Quai Bleu, Paris', taxIdLabel: 'VAT number', taxId: 'FR12345678901' },
  taxes: {
    pricesIncludeTax: true,
    rates: [{ label: 'VAT', rate: 20, compound: false, appliesTo: ['tuition', 'registrationFee'] }],
    exemptClassIds: [],
  },
  registrationFee: { label: 'Term fee', amount: 10, per: 'student', period: 'term' },
};
/** What VIA_SETTINGS stores: the three named discounts first, the others kept from before. */
const VIA_SETTINGS_STORED = {
  ...VIA_SETTINGS,
  discounts: [
    { name: 'Early bird', value: 12 },
    { name: 'Senior', value: 20 },
    { name: 'Returning student', value: 7 },
    { name: 'Staff', value: 30 },
  ],
};

/** A refused value for every setting both routes take in the same form (all but the discounts). */
const BAD: Record<keyof SettingsDto, unknown> = {
  cancellationPolicies: [{ daysBeforeClass: 7, refundPercentage: 101 }],
  notifications: { reminderHours: 0, emailEnabled: true, smsEnabled: false },
  timeZone: 'Mars/Olympus_Mons',
  waitlistOfferHours: 0,
  classConfirmedMessages: 'yes',
  sessionCancelRemedy: 'voucher',
  defaultLanguage: 'de',
  selfService: null,
  selfServiceCancelHoursBefore: 721,
  selfServiceTransfers: 1,
  selfServiceTransferDifferenceInPerson: 'no',
  discountRules: { earlyBird: null, returning: { kind: 'amount', value: 150000 }, senior: null, siblings: null, combine: 'best' },
  embedDomains: ['http://insecure.example.com'],
  lateRegistration: 'sometimes',
  waitingRoom: null,
  waitingRoomAdmitPerMinute: 10,
  waitingRoomMinutes: 100000,
  legalDetails: { legalName: 'Harbor Arts', taxId: 42 },
  taxes: { pricesIncludeTax: 'yes', rates: [] },
  registrationFee: { label: 'Fee', amount: 'ten', per: 'student', period: 'term' },
};

/**
 * An organization's settings are one object with one contract, whichever route writes them: every setting written
 * through PUT /api/organizations/{id} or PUT /api/settings reads back the same through GET /api/settings and
 * GET /api/organizations/{id}, and a bad value is refused by both with the same message.
 */
describe('organization settings: one contract for both routes', () => {
  let t: TestApp;
  let org: OrgFixture;
  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t, { plan: 'professional', name: 'Harbor Arts' });
  });
  afterAll(async () => {
    await t.close();
  });

  const viaOrganization = (settings: unknown) =>
    t.http.put(`/api/organizations/${org.orgId}`).set(org.auth).send({ name: 'Harbor Arts', settings });
  const viaSettings = (settings: unknown) =>
    t.http
      .put('/api/settings')
      .set(org.auth)
      .send(settings as object);
  const stored = async () => (await t.db.query('SELECT settings FROM organizations WHERE id = $1', [org.orgId]))[0].settings;

  /** Each setting as both reads answer it, one line per difference from `expected`. */
  async function differences(expected: Record<string, unknown>): Promise<string[]> {
    const fromOrganization = (await t.http.get(`/api/organizations/${org.orgId}`).set(org.auth).expect(200)).body.data.settings;
    const fromSettings = (await t.http.get('/api/settings').set(org.auth).expect(200)).body.data;
    const out: string[] = [];
    for (const [setting, value] of Object.entries(expected)) {
      const want = canonical(value);
      if (canonical(fromOrganization[setting]) !== want)
        out.push(`GET /api/organizations/{id} ${setting}: ${canonical(fromOrganization[setting])}, not ${want}`);
      if (canonical(fromSettings[setting]) !== want)
        out.push(`GET /api/settings ${setting}: ${canonical(fromSettings[setting])}, not ${want}`);
    }
    return out;
  }

  it('should cover every setting of the DTOs in the fixtures', () => {
    const settings = fieldsOf(OrganizationSettingsDto);
    expect(Object.keys(VIA_ORGANIZATION).sort()).toEqual(settings);
    expect(Object.keys(VIA_SETTINGS).sort()).toEqual(settings);
    expect(fieldsOf(UpdateSettingsDto).filter((f) => f !== 'organizationId')).toEqual(settings);
    expect(Object.keys(BAD).sort()).toEqual(fieldsOf(SettingsDto));
  });

  it('should store every setting written through the organization route and read it back through both routes', async () => {
    await viaOrganization(VIA_ORGANIZATION).expect(200);
    expect(await differences(VIA_ORGANIZATION)).toEqual([]);
    expect(await stored()).toEqual(VIA_ORGANIZATION);
  });

  it('should store every setting written through PUT /api/settings and read it back through both routes', async () => {
    await viaOrganization(VIA_ORGANIZATION).expect(200);
    await viaSettings(VIA_SETTINGS).expect(200);
    expect(await differences(VIA_SETTINGS_STORED)).toEqual([]);
    expect(await stored()).toEqual(VIA_SETTINGS_STORED);
  });

  it('should merge a part of the settings the same way on both routes, keeping the rest', async () => {
    const failures: string[] = [];
    for (const setting of fieldsOf(SettingsDto) as (keyof SettingsDto)[]) {
      for (const [route, write] of [
        ['organization', viaOrganization],
        ['settings', viaSettings],
      ] as const) {
        await viaOrganization(VIA_ORGANIZATION).expect(200);
        const res = await write({ [setting]: VIA_SETTINGS[setting] });
        const want = { ...VIA_ORGANIZATION, [setting]: VIA_SETTINGS[setting] };
        const differences = changed(await stored(), want);
        if (res.status !== 200 || differences.length) failures.push(`${route} ${setting} -> ${res.status} ${differences.join('; ')}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('should refuse each bad setting on both routes with the same message, writing nothing', async () => {
    await viaOrganization(VIA_ORGANIZATION).expect(200);
    const failures: string[] = [];
    for (const [setting, value] of Object.entries(BAD)) {
      const bySettings = await viaSettings({ [setting]: value });
      const byOrganization = await viaOrganization({ [setting]: value });
      const message = (errors: Record<string, string> | undefined, prefix: string) =>
        Object.entries(errors ?? {}).find(([field]) => field === `${prefix}${setting}` || field.startsWith(`${prefix}${setting}.`));
      const a = message(bySettings.body.errors, '');
      const b = message(byOrganization.body.errors, 'settings.');
      if (bySettings.status !== 400 || byOrganization.status !== 400 || !a || !b || a[1] !== b[1] || `settings.${a[0]}` !== b[0])
        failures.push(`${setting}: ${bySettings.status} ${JSON.stringify(a)} / ${byOrganization.status} ${JSON.stringify(b)}`);
    }
    expect(failures).toEqual([]);
    expect(await stored()).toEqual(VIA_ORGANIZATION);
  });
});
