/**
 * The product form (issue 41 §2) as the admin types it, and the CreditProductDto the API takes: which fields belong to
 * which kind (a pack's uses and validity, a membership's period and uses per period, account credit's dollars).
 */
import type { components } from '@shared/api/schema';

export type CreditProduct = components['schemas']['CreditProductResponseDto'];
export type CreditProductInput = components['schemas']['CreditProductDto'];

export const PRODUCT_KIND_LABELS: Record<string, string> = {
  pack: 'Class pack',
  membership: 'Membership',
  account_credit: 'Account credit',
};
export const PRODUCT_SCOPE_LABELS: Record<string, string> = { all: 'All classes', classes: 'Some classes', drop_ins: 'Drop-ins only' };

export interface ProductForm {
  kind: 'pack' | 'membership' | 'account_credit';
  name: string;
  description: string;
  price: string;
  uses: string;
  credit: string;
  validityDays: string;
  period: 'month' | 'year';
  scope: 'all' | 'classes' | 'drop_ins';
  classIds: string[];
  soldOnline: boolean;
  introOffer: boolean;
  active: boolean;
}

export const EMPTY_PRODUCT: ProductForm = {
  kind: 'pack',
  name: '',
  description: '',
  price: '',
  uses: '',
  credit: '',
  validityDays: '',
  period: 'month',
  scope: 'all',
  classIds: [],
  soldOnline: true,
  introOffer: false,
  active: true,
};

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

export function productFormOf(p: CreditProduct): ProductForm {
  return {
    kind: p.kind as ProductForm['kind'],
    name: p.name,
    description: p.description ?? '',
    price: text(p.price),
    uses: text(p.uses),
    credit: text(p.credit),
    validityDays: text(p.validityDays),
    period: (p.period as ProductForm['period'] | null) ?? 'month',
    scope: p.scope as ProductForm['scope'],
    classIds: p.classIds,
    soldOnline: p.soldOnline,
    introOffer: p.introOffer,
    active: p.active,
  };
}

const whole = (s: string) => /^\d+$/.test(s.trim());
const dollars = (s: string) => /^\d+(\.\d{1,2})?$/.test(s.trim());

/** The body to send, or the first thing wrong with the form. */
export function productInputOf(f: ProductForm): { body?: CreditProductInput; error?: string } {
  if (!f.name.trim()) return { error: 'Enter a name' };
  if (!dollars(f.price)) return { error: 'Enter a price in dollars' };
  const base = {
    kind: f.kind,
    name: f.name.trim(),
    description: f.description.trim() || null,
    price: Number(f.price),
    soldOnline: f.soldOnline,
    introOffer: f.introOffer,
    active: f.active,
  };
  if (f.kind === 'account_credit') {
    if (!dollars(f.credit) || Number(f.credit) <= 0) return { error: 'Enter the dollars of credit it gives' };
    return { body: { ...base, credit: Number(f.credit), uses: null, validityDays: null, period: null } };
  }
  if (f.scope === 'classes' && f.classIds.length === 0) return { error: 'Choose the classes it pays for' };
  const scoped = { scope: f.scope, classIds: f.scope === 'all' ? [] : f.classIds };
  if (f.kind === 'pack') {
    if (!whole(f.uses) || Number(f.uses) < 1) return { error: 'Enter the number of uses' };
    if (f.validityDays.trim() && !whole(f.validityDays)) return { error: 'Days valid is a whole number' };
    return {
      body: {
        ...base,
        ...scoped,
        uses: Number(f.uses),
        validityDays: f.validityDays.trim() ? Number(f.validityDays) : null,
        credit: null,
        period: null,
      },
    };
  }
  if (f.uses.trim() && (!whole(f.uses) || Number(f.uses) < 1)) return { error: 'Uses per period is a whole number (empty: unlimited)' };
  return { body: { ...base, ...scoped, period: f.period, uses: f.uses.trim() ? Number(f.uses) : null, credit: null, validityDays: null } };
}

/** What the list says a product gives: "10 uses, 90 days", "8 uses a month", "Unlimited, a year", "$50.00 of credit". */
export function givesText(p: Pick<CreditProduct, 'kind' | 'uses' | 'credit' | 'validityDays' | 'period'>): string {
  if (p.kind === 'account_credit') return `$${(p.credit ?? 0).toFixed(2)} of credit`;
  if (p.kind === 'membership') return `${p.uses === null ? 'Unlimited' : `${p.uses} uses`} a ${p.period ?? 'month'}`;
  return `${p.uses ?? 0} uses, ${p.validityDays === null ? 'no expiry' : `${p.validityDays} days`}`;
}
