import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createOrg, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

const AMOUNT = 'An amount must be a number from 0.01 to 100000 with at most 2 decimals';
const PERCENT = 'A percent value must be a whole number from 1 to 100';
const NO_RULES = { earlyBird: null, returning: null, senior: null, siblings: null, combine: 'best' };

/** Every value of an amount the validation must refuse, whatever else it would have done with it. */
const BAD_AMOUNTS: unknown[] = [150000, 100000.01, '10', true, [5], 14.999, -5, 0, 0.001, null, 1e308];
/** Amounts on the edges of the rule, kept to the cent. */
const GOOD_AMOUNTS = [0.01, 14.99, 15, 99999.99, 100000];
const BAD_PERCENTS: unknown[] = [0, 101, 150, 10.5, '10', null, -5];
const GOOD_PERCENTS = [1, 50, 100];

/**
 * A discount's `value` beside its `kind` (promo codes, the automatic discounts): an amount is dollars from 0.01 to
 * 100000 with at most 2 decimals, a percent a whole number from 1 to 100; anything else is a 400 naming `value`, on
 * create and on replace alike, and nothing is written. Also the optional links and contact email that may be blank
 * but never null.
 */
describe('discount values and blank-or-valid fields', () => {
  let t: TestApp;
  let org: OrgFixture;
  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t, { plan: 'professional' });
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (body: Record<string, unknown>) => t.http.post('/api/promo-codes').set(org.auth).send(body);
  const put = (id: string, body: Record<string, unknown>) => t.http.put(`/api/promo-codes/${id}`).set(org.auth).send(body);
  const stored = async (id: string) =>
    (await t.db.query('SELECT kind, value FROM promo_codes WHERE id = $1', [id]))[0] as { kind: string; value: number };
  let n = 0;
  const code = () => `V${++n}`;

  /** The reply's failures, one line each, so one run lists every value that was let through. */
  const refusedValue = (res: { status: number; body: { errors?: Record<string, string> } }, message: string) =>
    res.status === 400 && res.body.errors?.value === message;

  describe('promo codes', () => {
    it('should refuse every amount outside 0.01-100000 or finer than cents on create, naming value', async () => {
      const failures: string[] = [];
      for (const value of BAD_AMOUNTS) {
        const res = await post({ code: code(), kind: 'amount', value });
        if (!refusedValue(res, AMOUNT)) failures.push(`${JSON.stringify(value)} -> ${res.status} ${JSON.stringify(res.body)}`);
      }
      expect(failures).toEqual([]);
      const [{ count }] = await t.db.query('SELECT count(*)::int AS count FROM promo_codes WHERE organization_id = $1', [org.orgId]);
      expect(count).toBe(0);
    });

    it('should take every amount of the rule on create and keep it to the cent', async () => {
      for (const value of GOOD_AMOUNTS) {
        const made = (await post({ code: code(), kind: 'amount', value }).expect(201)).body.data;
        expect(made).toMatchObject({ kind: 'amount', value });
        expect(await stored(made.id)).toEqual({ kind: 'amount', value: Math.round(value * 100) });
      }
    });

    it('should hold the percent rules for kind percent on create', async () => {
      const failures: string[] = [];
      for (const value of BAD_PERCENTS) {
        const res = await post({ code: code(), kind: 'percent', value });
        if (!refusedValue(res, PERCENT)) failures.push(`${JSON.stringify(value)} -> ${res.status} ${JSON.stringify(res.body)}`);
      }
      expect(failures).toEqual([]);
      for (const value of GOOD_PERCENTS) {
        const made = (await post({ code: code(), kind: 'percent', value }).expect(201)).body.data;
        expect(await stored(made.id)).toEqual({ kind: 'percent', value });
      }
    });

    it('should refuse the same values on replace, also when only the kind or only the value changes, and keep the code', async () => {
      const amount = (await post({ code: 'KEEPAMOUNT', kind: 'amount', value: 15.5 }).expect(201)).body.data;
      const percent = (await post({ code: 'KEEPPERCENT', kind: 'percent', value: 20 }).expect(201)).body.data;
      const failures: string[] = [];
      const expectRefused = async (id: string, body: Record<string, unknown>, message: string) => {
        const res = await put(id, body);
        if (!refusedValue(res, message)) failures.push(`${JSON.stringify(body)} -> ${res.status} ${JSON.stringify(res.body)}`);
      };
      for (const value of BAD_AMOUNTS) {
        await expectRefused(amount.id, { code: 'KEEPAMOUNT', kind: 'amount', value }, AMOUNT);
        // A percent code turned into an amount with a value no amount may have.
        await expectRefused(percent.id, { code: 'KEEPPERCENT', kind: 'amount', value }, AMOUNT);
      }
      for (const value of BAD_PERCENTS) await expectRefused(percent.id, { code: 'KEEPPERCENT', kind: 'percent', value }, PERCENT);
      // Only the kind changes: 15.50 dollars is no whole percentage; 150 dollars is no percentage at all.
      await expectRefused(amount.id, { code: 'KEEPAMOUNT', kind: 'percent', value: 15.5 }, PERCENT);
      await expectRefused(amount.id, { code: 'KEEPAMOUNT', kind: 'percent', value: 150 }, PERCENT);
      expect(failures).toEqual([]);
      expect(await stored(amount.id)).toEqual({ kind: 'amount', value: 1550 });
      expect(await stored(percent.id)).toEqual({ kind: 'percent', value: 20 });

      for (const value of GOOD_AMOUNTS) {
        expect((await put(amount.id, { code: 'KEEPAMOUNT', kind: 'amount', value }).expect(200)).body.data).toMatchObject({ value });
        expect(await stored(amount.id)).toEqual({ kind: 'amount', value: Math.round(value * 100) });
      }
      // Only the kind changes, to a pair that holds: 20 percent becomes 20 dollars, and back.
      expect((await put(percent.id, { code: 'KEEPPERCENT', kind: 'amount', value: 20 }).expect(200)).body.data).toMatchObject({
        kind: 'amount',
        value: 20,
      });
      expect(await stored(percent.id)).toEqual({ kind: 'amount', value: 2000 });
      await put(percent.id, { code: 'KEEPPERCENT', kind: 'percent', value: 20 }).expect(200);
      expect(await stored(percent.id)).toEqual({ kind: 'percent', value: 20 });
    });
  });

  describe('automatic discounts (PUT /api/settings discountRules)', () => {
    const rules = (adjustment: Record<string, unknown>) =>
      t.http
        .put('/api/settings')
        .set(org.auth)
        .send({ discountRules: { ...NO_RULES, returning: adjustment, siblings: adjustment } });
    const saved = async () => (await t.db.query('SELECT settings FROM organizations WHERE id = $1', [org.orgId]))[0].settings.discountRules;

    it('should refuse an amount or percent outside its rule, naming the value of each discount, and write nothing', async () => {
      await rules({ kind: 'amount', value: 5 }).expect(200);
      const before = await saved();
      const failures: string[] = [];
      const cases: [string, unknown[], string][] = [
        ['amount', BAD_AMOUNTS, AMOUNT],
        ['percent', BAD_PERCENTS, PERCENT],
      ];
      for (const [kind, values, message] of cases)
        for (const value of values) {
          const res = await rules({ kind, value });
          const errors = res.body.errors ?? {};
          if (
            res.status !== 400 ||
            errors['discountRules.returning.value'] !== message ||
            errors['discountRules.siblings.value'] !== message
          )
            failures.push(`${kind} ${JSON.stringify(value)} -> ${res.status} ${JSON.stringify(res.body)}`);
        }
      expect(failures).toEqual([]);
      expect(await saved()).toEqual(before);
    });

    it('should take every amount and percent of the rules', async () => {
      for (const value of GOOD_AMOUNTS) {
        await rules({ kind: 'amount', value }).expect(200);
        expect((await saved()).returning).toEqual({ kind: 'amount', value });
      }
      for (const value of GOOD_PERCENTS) {
        await rules({ kind: 'percent', value }).expect(200);
        expect((await saved()).siblings).toEqual({ kind: 'percent', value });
      }
    });
  });

  describe('links and contact email: blank or valid, never null', () => {
    const row = async () => (await t.db.query('SELECT branding, contact_info FROM organizations WHERE id = $1', [org.orgId]))[0];

    it('should refuse null for each link and the contact email, naming the field, and keep what is stored', async () => {
      const before = await row();
      const failures: string[] = [];
      const cases: [string, Record<string, unknown>, string][] = [
        ['/api/settings/branding', { branding: { logoUrl: null } }, 'branding.logoUrl'],
        ['/api/settings/branding', { branding: { websiteUrl: null } }, 'branding.websiteUrl'],
        ...['facebook', 'twitter', 'instagram', 'youtube', 'linkedin'].map((link): [string, Record<string, unknown>, string] => [
          '/api/settings/branding',
          { branding: { socialLinks: { [link]: null } } },
          `branding.socialLinks.${link}`,
        ]),
        ['/api/settings/contact', { contactInfo: { email: null } }, 'contactInfo.email'],
      ];
      for (const [path, body, field] of cases) {
        const res = await t.http.put(path).set(org.auth).send(body);
        const name = field.split('.').pop();
        if (res.status !== 400 || res.body.errors?.[field] !== `${name} must not be null`)
          failures.push(`${path} ${JSON.stringify(body)} -> ${res.status} ${JSON.stringify(res.body)}`);
      }
      // The organization route takes the same objects.
      const own = (await t.http.get(`/api/organizations/${org.orgId}`).set(org.auth).expect(200)).body.data;
      const viaOrg = await t.http
        .put(`/api/organizations/${org.orgId}`)
        .set(org.auth)
        .send({ name: own.name, branding: { logoUrl: null }, contactInfo: { email: null } });
      if (viaOrg.status !== 400 || !viaOrg.body.errors?.['branding.logoUrl'] || !viaOrg.body.errors?.['contactInfo.email'])
        failures.push(`PUT /api/organizations -> ${viaOrg.status} ${JSON.stringify(viaOrg.body)}`);
      expect(failures).toEqual([]);
      expect(await row()).toEqual(before);
    });

    it('should still take a blank link or email (a cleared field) and a valid one, and refuse a malformed one', async () => {
      await t.http
        .put('/api/settings/contact')
        .set(org.auth)
        .send({ contactInfo: { email: '' } })
        .expect(200);
      await t.http
        .put('/api/settings/branding')
        .set(org.auth)
        .send({ branding: { websiteUrl: '', socialLinks: { facebook: 'https://facebook.com/harbor' } } })
        .expect(200);
      expect(await row()).toMatchObject({
        contact_info: { email: '' },
        branding: { websiteUrl: '', socialLinks: { facebook: 'https://facebook.com/harbor' } },
      });
      const bad = await t.http
        .put('/api/settings/branding')
        .set(org.auth)
        .send({ branding: { logoUrl: 'not a link' } })
        .expect(400);
      expect(bad.body.errors).toEqual({ 'branding.logoUrl': 'logoUrl must be an http(s) address' });
    });
  });
});
