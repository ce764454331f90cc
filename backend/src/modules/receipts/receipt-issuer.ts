import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { SERVER_TIME_ZONE } from '../../common/time-zone';
import { issuerOf } from '../organizations/legal-details';
import { PaymentEventHooks, type PaymentEventHook, type PaymentSucceeded, type RefundRecorded } from '../webhooks/payment-event.hooks';
import { addedTax, refundTaxes, sumTaxes, taxLabel, type AppliedTax } from '../pricing/tax-rules';
import type { ReceiptDraft, ReceiptLine } from './receipt.types';
import { ReceiptsRepository, type PaidEnrollment } from './receipts.repository';
import { receiptedOf, taxToQuote, type QuotedLine } from './repriced-tax';
import { RegistrationFees, type FeeHeld } from '../pricing/registration-fees';

/**
 * Issues a numbered receipt for every payment recorded as succeeded and a credit note for every refund recorded,
 * inside the transaction that records it (PaymentEventHooks). Its number is given when that transaction commits (a
 * deferred trigger), so a payment that fails never reaches this and one that rolls back takes no number
 * (docs/decisions/receipt-numbers.md).
 */
@Injectable()
export class ReceiptIssuer implements PaymentEventHook, OnModuleInit {
  private readonly logger = new Logger(ReceiptIssuer.name);

  constructor(
    private readonly repo: ReceiptsRepository,
    private readonly hooks: PaymentEventHooks,
    private readonly fees: RegistrationFees,
  ) {}

  onModuleInit(): void {
    this.hooks.register(this);
  }

  async paymentSucceeded(m: EntityManager, organizationId: string, p: PaymentSucceeded): Promise<void> {
    const e = await this.repo.paidEnrollment(m, organizationId, p.enrollmentId);
    if (!e) return this.logger.error(`No receipt for enrollment ${p.enrollmentId}: it is not in organization ${organizationId}`);
    // A switch's difference (by card or in person) is a payment of its own, with the top-up's own PaymentIntent.
    const topUp = p.instalment ? null : await this.repo.topUpPaidNow(m, e.id, p.amountCents);
    const card = p.paymentMethod === 'card';
    // A switch's difference or a balance: the tax it holds is what the new price adds to the tax already receipted.
    const settles = async () =>
      taxToQuote(quotedCents(e), receiptedOf(await this.repo.issuedFor(m, organizationId, e.id), e.studentId), p.amountCents);
    const lines = p.instalment
      ? [line(e, `${p.instalment.label}: ${e.classTitle}`, p.amountCents)]
      : topUp
        ? withTax(e, `Class switch difference: ${e.classTitle}`, p.amountCents, (await settles()) ?? [])
        : (paymentLines(e, p.amountCents) ?? withTax(e, e.classTitle, p.amountCents, (await settles()) ?? []));
    // A plan's instalment is a payment of its own, with its own PaymentIntent (none at the door).
    const pi = p.instalment ? p.instalment.paymentIntentId : card ? (topUp ? topUp.paymentIntentId : e.stripePaymentIntentId) : null;
    const chargeId = p.instalment ? p.instalment.chargeId : card ? (topUp ? topUp.chargeId : e.stripeChargeId) : null;
    await this.issue(m, pi, {
      ...common(e, 'receipt'),
      enrollmentIds: [e.id],
      lines,
      totalCents: p.amountCents,
      paymentMethod: p.paymentMethod,
      stripePaymentIntentId: pi,
      stripeChargeId: chargeId,
      stripeRefundId: null,
      refundIds: [],
      topUpId: topUp?.id ?? null,
      originalReceiptId: null,
      reason: null,
    });
  }

  async paymentRefunded(m: EntityManager, organizationId: string, r: RefundRecorded): Promise<void> {
    const e = await this.repo.paidEnrollment(m, organizationId, r.enrollmentId);
    if (!e) return this.logger.error(`No credit note for enrollment ${r.enrollmentId}: it is not in organization ${organizationId}`);
    const refund = await this.repo.refundRecordedNow(m, e.id, r.amountCents);
    const pi = refund?.paymentIntentId ?? e.stripePaymentIntentId;
    await this.issue(m, refund?.stripeRefundId ?? null, {
      ...common(e, 'credit_note'),
      enrollmentIds: [e.id],
      lines: await this.refundLines(m, e, r.amountCents),
      totalCents: r.amountCents,
      paymentMethod: 'card',
      stripePaymentIntentId: pi,
      stripeChargeId: null,
      stripeRefundId: refund?.stripeRefundId ?? null,
      refundIds: refund ? [refund.id] : [],
      topUpId: null,
      originalReceiptId: await this.repo.originalReceipt(m, organizationId, e.id, pi),
      reason: r.reason,
    });
  }

  /**
   * A refund's lines: the amount back, and inside it the tax given back. A switch to a cheaper class gives back the
   * difference of tax between the two prices (repriced-tax.ts); any other refund each tax of the payment in proportion
   * to the part refunded (refund / what the quote charged, rounded half-up per tax: tax-rules.ts). An added tax is its
   * own line (the class line is the rest); an included one is shown inside it.
   */
  private async refundLines(m: EntityManager, e: PaidEnrollment, amountCents: number): Promise<ReceiptLine[]> {
    const quoted = quotedLines(e);
    const settled = taxToQuote(
      quotedCents(e),
      receiptedOf(await this.repo.issuedFor(m, e.organizationId, e.id), e.studentId),
      -amountCents,
    );
    const charged = quoted.reduce((n, l) => n + (l.tax?.included ? 0 : l.cents), 0);
    const paidTaxes = quoted.filter((l) => l.tax).map((l) => ({ ...l.tax!, cents: l.cents }));
    if (settled) return withTax(e, `Refund: ${e.classTitle}`, amountCents, settled);
    const [base, taxes] = proportionalBase(charged, paidTaxes, await this.fees.ofPayment(m, e.organizationId, e.id));
    return withTax(e, `Refund: ${e.classTitle}`, amountCents, refundTaxes(amountCents, base, taxes));
  }

  /**
   * One document per payment (or Stripe refund): a household's people, announced one by one in the transaction that
   * took their one payment, join the receipt the first of them opened; anything else takes the next number.
   */
  private async issue(m: EntityManager, stripeId: string | null, d: ReceiptDraft): Promise<void> {
    const open = stripeId ? await this.repo.issuedInThisTransaction(m, d.organizationId, d.kind, stripeId) : null;
    if (open) {
      await this.repo.add(m, open, {
        student: d.students[0],
        enrollmentId: d.enrollmentIds[0],
        lines: d.lines,
        cents: d.totalCents,
        refundIds: d.refundIds,
      });
      return;
    }
    // Numbered when the transaction commits (the receipts_number trigger), so the series waits on no payment's work.
    await this.repo.insert(m, d);
  }
}

/** What every document of this enrollment says whatever its kind: the issuer, the payer, the student. */
function common(e: PaidEnrollment, kind: ReceiptDraft['kind']) {
  return {
    organizationId: e.organizationId,
    kind,
    payer: { studentId: e.payerId, name: e.payerName, email: e.payerEmail },
    students: [{ id: e.studentId, name: e.studentName }],
    currency: 'USD',
    issuer: issuerOf({ name: e.orgName, settings: e.orgSettings }),
    timeZone: e.orgSettings?.timeZone ?? SERVER_TIME_ZONE,
  };
}

function line(e: PaidEnrollment, description: string, amountCents: number, tax?: ReceiptLine['tax']): ReceiptLine {
  return {
    description,
    amountCents,
    ...(tax ? { tax } : {}),
    studentId: e.studentId,
    studentName: e.studentName,
    className: e.classTitle,
    serviceStart: e.serviceStart ? new Date(e.serviceStart).toISOString() : null,
    serviceEnd: e.serviceEnd ? new Date(e.serviceEnd).toISOString() : null,
  };
}

/**
 * The lines of a registration's payment: the price quote's lines (class price, each discount) when they add up to
 * what was paid, so the receipt shows what was charged; otherwise null (a balance, a payment from before quotes: one
 * line, with the tax it settles).
 */
function paymentLines(e: PaidEnrollment, amountCents: number): ReceiptLine[] | null {
  const quoted = quotedLines(e);
  // An included tax is inside the price line: it is shown, not added (receipt.types.ts `counted`).
  if (quoted.length && quoted.reduce((n, l) => n + (l.tax?.included ? 0 : l.cents), 0) === amountCents)
    return quoted.map((l) => line(e, l.tax ? l.label : `${e.classTitle}: ${l.label}`, l.cents, l.tax));
  return null;
}

const quotedLines = (e: PaidEnrollment) =>
  (e.priceBreakdown ?? []).map((l) => ({ label: l.label, cents: Math.round(l.amount * 100), tax: l.tax }));

/**
 * What a refund's tax is in proportion to (issue 43 §2, docs/decisions/registration-fee-refunds.md): what the quote
 * charged and its taxes, less the registration fees this payment paid that now count under another registration of
 * their period (kept: neither they nor their tax are refunded); or, once such a fee is released (every registration
 * of its period cancelled), that fee and its tax alone: the refund is the fee's.
 */
function proportionalBase(
  charged: number,
  paidTaxes: AppliedTax[],
  fees: { kept: FeeHeld[]; released: FeeHeld[] },
): [number, AppliedTax[]] {
  const total = (list: FeeHeld[]) => list.reduce((n, f) => n + f.cents + addedTax(f.taxes), 0);
  if (fees.released.length) return [total(fees.released), sumTaxes(fees.released.map((f) => f.taxes))];
  const keptTaxes = fees.kept.map((f) => f.taxes.map((t) => ({ ...t, cents: -t.cents })));
  return [charged - total(fees.kept), sumTaxes([paidTaxes, ...keptTaxes]).filter((t) => t.cents > 0)];
}

/** The quote's lines in cents, as repriced-tax.ts reads them. */
const quotedCents = (e: PaidEnrollment): QuotedLine[] => quotedLines(e).map((l) => ({ cents: l.cents, tax: l.tax }));

/** One line of `amountCents` less the added taxes in it, then one line per tax (an included one shown inside it). */
function withTax(e: PaidEnrollment, description: string, amountCents: number, taxes: AppliedTax[]): ReceiptLine[] {
  const taxLines = taxes.map((t) => line(e, taxLabel(t), t.cents, { label: t.label, rate: t.rate, included: t.included }));
  return [line(e, description, amountCents - addedTax(taxes)), ...taxLines];
}
