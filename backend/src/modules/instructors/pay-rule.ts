import { registerDecorator } from 'class-validator';

/**
 * How an instructor is paid, as the API takes and answers it (dollars):
 * - `per_session`: `amount` for every session taught;
 * - `per_hour`: `amount` per hour taught (a 90-minute session is 1.5 hours);
 * - `per_head`: `tiers`, each `{ from, amount }`: every head of a session is paid the amount of the highest tier whose
 *   `from` the session's headcount reaches (tiers ascending, the first from 1);
 * - `flat`: `amount` once `per` class or `per` month, whatever was taught.
 * The pay report that applies it to what was taught comes with sessions as records (issue 39 §2).
 */
export const PAY_RULE_KINDS = ['per_session', 'per_hour', 'per_head', 'flat'] as const;
export type PayRuleKind = (typeof PAY_RULE_KINDS)[number];

export interface PayTier {
  from: number;
  amount: number;
}

export type PayRule =
  | { kind: 'per_session' | 'per_hour'; amount: number }
  | { kind: 'flat'; amount: number; per: 'class' | 'month' }
  | { kind: 'per_head'; tiers: PayTier[] };

/** As stored (jsonb): cents, as every amount of money in the database. */
export type StoredPayRule =
  | { kind: 'per_session' | 'per_hour'; amountCents: number }
  | { kind: 'flat'; amountCents: number; per: 'class' | 'month' }
  | { kind: 'per_head'; tiers: { from: number; amountCents: number }[] };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isMoney = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 100_000 && Math.round(v * 100) === v * 100;
const MONEY = 'must be an amount of dollars between 0 and 100000 with at most 2 decimals';

/** What is wrong with a pay rule, in words for the form; null when it is a valid rule. Unknown keys are refused. */
export function payRuleProblem(v: unknown): string | null {
  if (!isObject(v)) return 'payRule must be an object or null';
  if (!PAY_RULE_KINDS.includes(v.kind as PayRuleKind)) return `payRule.kind must be one of ${PAY_RULE_KINDS.join(', ')}`;
  const allowed = v.kind === 'per_head' ? ['kind', 'tiers'] : v.kind === 'flat' ? ['kind', 'amount', 'per'] : ['kind', 'amount'];
  const extra = Object.keys(v).find((k) => !allowed.includes(k));
  if (extra) return `payRule.${extra} is not a field of a ${String(v.kind)} rule`;
  if (v.kind !== 'per_head') {
    if (!isMoney(v.amount)) return `payRule.amount ${MONEY}`;
    if (v.kind === 'flat' && v.per !== 'class' && v.per !== 'month') return 'payRule.per must be class or month';
    return null;
  }
  if (!Array.isArray(v.tiers) || v.tiers.length === 0 || v.tiers.length > 20) return 'payRule.tiers must list 1 to 20 tiers';
  let previous = 0;
  for (const [i, t] of v.tiers.entries()) {
    if (!isObject(t) || Object.keys(t).some((k) => k !== 'from' && k !== 'amount')) return `payRule.tiers[${i}] must be { from, amount }`;
    if (!Number.isInteger(t.from) || (t.from as number) <= previous || (t.from as number) > 10_000)
      return i === 0 ? 'payRule.tiers[0].from must be 1' : `payRule.tiers[${i}].from must be a whole number above the tier before`;
    if (i === 0 && t.from !== 1) return 'payRule.tiers[0].from must be 1';
    if (!isMoney(t.amount)) return `payRule.tiers[${i}].amount ${MONEY}`;
    previous = t.from as number;
  }
  return null;
}

export function IsPayRule() {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'isPayRule',
      target: object.constructor,
      propertyName,
      options: { message: (a) => payRuleProblem(a.value) ?? 'payRule is not valid' },
      validator: { validate: (value: unknown) => payRuleProblem(value) === null },
    });
}

const cents = (dollars: number) => Math.round(dollars * 100);
const dollars = (c: number) => c / 100;

export function storePayRule(r: PayRule): StoredPayRule {
  if (r.kind === 'per_head') return { kind: r.kind, tiers: r.tiers.map((t) => ({ from: t.from, amountCents: cents(t.amount) })) };
  if (r.kind === 'flat') return { kind: r.kind, amountCents: cents(r.amount), per: r.per };
  return { kind: r.kind, amountCents: cents(r.amount) };
}

export function readPayRule(r: StoredPayRule | null): PayRule | null {
  if (!r) return null;
  if (r.kind === 'per_head') return { kind: r.kind, tiers: r.tiers.map((t) => ({ from: t.from, amount: dollars(t.amountCents) })) };
  if (r.kind === 'flat') return { kind: r.kind, amount: dollars(r.amountCents), per: r.per };
  return { kind: r.kind, amount: dollars(r.amountCents) };
}

/**
 * What one session earns under the rule: `minutes` taught, `headcount` on its roll. Flat rules are paid per class or
 * month by the report, not per session (0 here).
 */
export function sessionPayCents(r: StoredPayRule, minutes: number, headcount: number): number {
  if (r.kind === 'per_head') {
    const tier = [...r.tiers].reverse().find((t) => headcount >= t.from);
    return tier ? tier.amountCents * headcount : 0;
  }
  if (r.kind === 'flat') return 0;
  return r.kind === 'per_session' ? r.amountCents : Math.round((r.amountCents * minutes) / 60);
}
