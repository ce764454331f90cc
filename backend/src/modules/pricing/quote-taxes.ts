import type { TaxableKind, TaxSettings } from '../organizations/tax-settings';
import type { QuoteLine } from './price-rules';
import type { FeeDue } from './registration-fees';
import { addedTax, lineTaxes, sumTaxes, taxLabel, type AppliedTax, type RateRule } from './tax-rules';

/** The part of a quote this step reads and extends: its lines, its total and each attendee's share. */
export interface PricedQuote {
  lines: QuoteLine[];
  totalCents: number;
  perAttendee: { amountCents: number; lines: QuoteLine[] }[];
}

/** What the step is told: the organization's taxes, the kind of charge, whether the class is exempt, the fees due. */
export interface TaxStep {
  taxes: TaxSettings | undefined;
  kind: TaxableKind;
  /** The class is exempt (the organization listed it): its tuition and drop-ins; its fee is still taxed by the fee's rule. */
  exempt: boolean;
  fees: FeeDue[];
}

const rulesFor = (t: TaxSettings | undefined, kind: TaxableKind): RateRule[] =>
  (t?.rates ?? []).filter((r) => r.appliesTo.includes(kind)).map((r) => ({ label: r.label, rate: r.rate, compound: r.compound }));

const taxLine = (t: AppliedTax): QuoteLine => ({
  label: taxLabel(t),
  amountCents: t.cents,
  tax: { label: t.label, rate: t.rate, included: t.included },
});

/**
 * The quote's last step (after every discount): each attendee's registration fee as its own line, then each tax
 * line, worked per charge line (a person's price, a fee) and rounded half-up there (tax-rules.ts). With exclusive
 * prices the taxes add to the total; with inclusive ones they are shown as included and the total is unchanged. The
 * attendee shares carry their own fee and tax lines, so each enrollment of a household keeps what it paid.
 */
export function withTaxesAndFees<Q extends PricedQuote>(q: Q, step: TaxStep): Q & { taxes: AppliedTax[]; fees: FeeDue[] } {
  const inclusive = step.taxes?.pricesIncludeTax === true;
  const chargeRules = step.exempt && (step.kind === 'tuition' || step.kind === 'dropIns') ? [] : rulesFor(step.taxes, step.kind);
  const feeRules = rulesFor(step.taxes, 'registrationFee');
  const all: AppliedTax[][] = [];
  const perAttendee = q.perAttendee.map((share, i) => {
    const fees = step.fees.filter((f) => f.attendeeIndex === i);
    const taxes = sumTaxes([
      lineTaxes(share.amountCents, chargeRules, inclusive),
      ...fees.map((f) => lineTaxes(f.cents, feeRules, inclusive)),
    ]);
    all.push(taxes);
    const feeCents = fees.reduce((n, f) => n + f.cents, 0);
    return {
      amountCents: share.amountCents + feeCents + addedTax(taxes),
      lines: [...share.lines, ...fees.map((f): QuoteLine => ({ label: f.label, amountCents: f.cents, fee: true })), ...taxes.map(taxLine)],
    };
  });
  const taxes = sumTaxes(all);
  return {
    ...q,
    lines: [...q.lines, ...feeLines(step.fees), ...taxes.map(taxLine)],
    totalCents: perAttendee.reduce((n, s) => n + s.amountCents, 0),
    perAttendee,
    taxes,
    // Each fee keeps its own taxes: the part of a payment a cancelled registration keeps (or gives back later) is then exact.
    fees: step.fees.map((f) => ({ ...f, taxes: lineTaxes(f.cents, feeRules, inclusive) })),
  };
}

/** The fees of the whole quote as lines: one per label, '× n' when several people are charged it. */
function feeLines(fees: FeeDue[]): QuoteLine[] {
  const byLabel = new Map<string, { cents: number; n: number }>();
  for (const f of fees) {
    const seen = byLabel.get(f.label) ?? { cents: 0, n: 0 };
    byLabel.set(f.label, { cents: seen.cents + f.cents, n: seen.n + 1 });
  }
  return [...byLabel].map(([label, { cents, n }]) => ({ label: n > 1 ? `${label} × ${n}` : label, amountCents: cents, fee: true }));
}
