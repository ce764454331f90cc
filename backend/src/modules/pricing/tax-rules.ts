/**
 * The arithmetic of sales taxes, with no database in sight (docs/decisions/taxes-and-registration-fees.md). Amounts
 * are whole cents; a rate is a percentage with at most 3 decimals, worked in thousandths of a percent so that no
 * binary fraction decides a rounding. Each tax is rounded half-up to the cent once per charge line (a person's
 * tuition after discounts, a fee): the quote's tax line is the sum of those.
 */

/** One rate as the arithmetic needs it (the settings' TaxRate without what it applies to). */
export interface RateRule {
  label: string;
  rate: number;
  compound: boolean;
}

/** The tax of one rate on one or more charge lines. `included`: already inside the prices (tax-inclusive pricing). */
export interface AppliedTax {
  label: string;
  rate: number;
  cents: number;
  included: boolean;
}

/** How a tax line reads: 'GST 5%', 'QST 9.975%', with '(included)' when prices hold it. */
export const taxLabel = (t: Pick<AppliedTax, 'label' | 'rate' | 'included'>) => `${t.label} ${t.rate}%${t.included ? ' (included)' : ''}`;

const PER_CENT = 100_000n; // 100 % in thousandths of a percent
const milli = (rate: number) => BigInt(Math.round(rate * 1000));

/** num / den rounded half-up (half away from zero for a negative num); den > 0. */
export function divHalfUp(num: bigint, den: bigint): number {
  const neg = num < 0n;
  const a = neg ? -num : num;
  const q = (2n * a + den) / (2n * den);
  return Number(neg ? -q : q);
}

/**
 * The taxes on one charge line of `cents`. Exclusive prices: each non-compound rate on the line, each compound rate
 * on the line plus the non-compound taxes. Inclusive prices: the line already holds its taxes; each is worked from
 * the exact net (line / ((1 + non-compound rates) × (1 + compound rates))) and rounded, and the net is what remains.
 */
export function lineTaxes(cents: number, rates: RateRule[], inclusive: boolean): AppliedTax[] {
  if (!rates.length || cents === 0) return [];
  const c = BigInt(cents);
  const simple = rates.filter((r) => !r.compound);
  const compound = rates.filter((r) => r.compound);
  const out = new Map<RateRule, number>();
  if (!inclusive) {
    for (const r of simple) out.set(r, divHalfUp(c * milli(r.rate), PER_CENT));
    const withSimple = c + BigInt(simple.reduce((n, r) => n + out.get(r)!, 0));
    for (const r of compound) out.set(r, divHalfUp(withSimple * milli(r.rate), PER_CENT));
  } else {
    const R = simple.reduce((n, r) => n + milli(r.rate), 0n);
    const C = compound.reduce((n, r) => n + milli(r.rate), 0n);
    // net = c·1e10 / ((1e5+R)(1e5+C)); a simple tax is net·r/1e5; a compound one is net·(1+R)·r = c·r/(1e5+C).
    for (const r of simple) out.set(r, divHalfUp(c * milli(r.rate) * PER_CENT, (PER_CENT + R) * (PER_CENT + C)));
    for (const r of compound) out.set(r, divHalfUp(c * milli(r.rate), PER_CENT + C));
  }
  return rates.map((r) => ({ label: r.label, rate: r.rate, cents: out.get(r)!, included: inclusive }));
}

/** Taxes of several lines added up per rate (same label and rate), in the order first met. */
export function sumTaxes(lists: AppliedTax[][]): AppliedTax[] {
  const byKey = new Map<string, AppliedTax>();
  for (const t of lists.flat()) {
    const key = `${t.label}|${t.rate}|${t.included}`;
    const seen = byKey.get(key);
    if (seen) seen.cents += t.cents;
    else byKey.set(key, { ...t });
  }
  return [...byKey.values()].filter((t) => t.cents !== 0);
}

/** What taxes add to a total: nothing when they are included in the prices. */
export const addedTax = (taxes: AppliedTax[]) => taxes.reduce((n, t) => n + (t.included ? 0 : t.cents), 0);

/**
 * The tax inside a refund: each tax of the payment in proportion to the part refunded (refund / paid), rounded
 * half-up per tax. A whole refund gives back exactly the tax paid.
 */
export function refundTaxes(refundCents: number, paidCents: number, paidTaxes: AppliedTax[]): AppliedTax[] {
  if (paidCents <= 0 || refundCents <= 0) return [];
  return paidTaxes
    .map((t) => ({ ...t, cents: refundCents >= paidCents ? t.cents : divHalfUp(BigInt(refundCents) * BigInt(t.cents), BigInt(paidCents)) }))
    .filter((t) => t.cents !== 0);
}
