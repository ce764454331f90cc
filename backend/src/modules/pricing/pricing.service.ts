import { Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { amountDueCents, toCents, type ClassEntity } from '../classes/class.entity';
import { DropInSeats, dropInView, isDropInView } from '../classes/drop-in-seats.service';
import { ClassesService } from '../classes/classes.service';
import { sessionsLeft } from '../terms/registration-window';
import type { OrganizationEntity, OrganizationSettings } from '../organizations/organization.entity';
import { OrganizationsService } from '../organizations/organizations.service';
import type { PriceQuoteDto, PromoCodeDto } from './dto/pricing.dto';
import { NO_DISCOUNT_RULES, priceQuote, type Adjustment, type DiscountRules, type QuoteLine } from './price-rules';
import {
  PricingError,
  PricingException,
  PROMO_EXPIRED,
  PROMO_NOT_YET,
  PROMO_OTHER_CLASS,
  PROMO_TAKEN,
  PROMO_UNKNOWN,
  PROMO_USED_BY_EMAIL,
  PROMO_USED_UP,
} from './pricing.exception';
import { PlanQuotesService } from '../payment-plans/plan-quotes.service';
import { quotePaymentPlan } from './quote-payment-plan';
import type { TaxableKind } from '../organizations/tax-settings';
import { withTaxesAndFees } from './quote-taxes';
import { RegistrationFees, type FeeCovered, type FeeDue } from './registration-fees';
import type { AppliedTax } from './tax-rules';
import { PricingRepository, type PromoCodeRow, type PromoCodeWrite, type PromoUsage, type UsageRange } from './pricing.repository';

/** What a registration asks a price for. */
export interface QuoteRequest {
  organizationId: string;
  cls: ClassEntity;
  /** One entry per person (a household); absent: one person. */
  attendees?: { dateOfBirth?: string | null; firstName?: string | null; lastName?: string | null }[];
  /** The registering email: the returning-student discount and a code's per-email limit read it. */
  email?: string | null;
  promoCode?: string | null;
  /** The organization, when the caller already read it for this request (its settings hold the discount rules). */
  org?: OrganizationEntity;
  /** What kind of charge this is for the taxes (issue 43 §1); absent: tuition. */
  kind?: TaxableKind;
  /** A registration: the period's registration fee is due when not yet charged (walk-ins and balances leave it out). */
  registration?: boolean;
}

/** A price quote, amounts in cents. */
export interface Quote {
  currency: 'usd';
  lines: QuoteLine[];
  totalCents: number;
  /** What each attendee pays and the lines of that share (each enrollment of a household keeps its own). */
  perAttendee: { amountCents: number; lines: QuoteLine[] }[];
  promo: { code: string; applied: boolean; message: string } | null;
  /** The code that applied (its redemption is written with the seat), or null. */
  promoCodeId: string | null;
  promoCents: number;
  /** The organization has a senior discount (a date of birth changes the price). */
  asksDateOfBirth: boolean;
  /** The taxes in the total, per rate (included ones are inside the prices). */
  taxes: AppliedTax[];
  /** The registration fees charged (written with the registration by `redeem`). */
  fees: FeeDue[];
  /** The payers whose period fee an earlier registration paid (this one is written as covered by it). */
  feeCovered?: FeeCovered[];
}

/** The lines as an enrollment keeps them and the API shows them: dollars. */
export const breakdown = (lines: QuoteLine[]) =>
  lines.map((l) => ({ label: l.label, amount: l.amountCents / 100, ...(l.tax ? { tax: l.tax } : {}), ...(l.fee ? { fee: true } : {}) }));

/** How a quote names a promo code's line ('Promo code SPRING10'). */
const PROMO_LINE = 'Promo code ';

const isUniqueViolation = (e: unknown) => (e as { code?: string } | null)?.code === '23505';

/** Discount rules as settings store them (amounts in dollars) into the cents the arithmetic uses. */
function rulesOf(settings: OrganizationSettings): DiscountRules {
  const r = settings.discountRules;
  if (!r) return NO_DISCOUNT_RULES;
  const cents = <T extends Adjustment>(a: T | null | undefined): T | null =>
    a ? { ...a, value: a.kind === 'amount' ? toCents(a.value) : a.value } : null;
  return {
    earlyBird: cents(r.earlyBird),
    returning: cents(r.returning),
    senior: cents(r.senior),
    siblings: cents(r.siblings),
    combine: r.combine === 'stack' ? 'stack' : 'best',
  };
}

const describe = (p: Pick<PromoCodeRow, 'kind' | 'value'>) =>
  p.kind === 'percent' ? `${p.value}% off` : `$${(p.value / 100).toFixed(2)} off`;

/**
 * The one place a price is computed. Every path that charges or records a price (card intents, in-person and
 * household registration, waitlist offers, transfers) asks `quote` and charges exactly its total; the enrollment
 * keeps the lines. Promo codes live here too: a code's redemption is written by `redeem` inside the caller's seat
 * transaction, after the code's row is locked, so the last redemptions go to exactly as many people as are left.
 */
@Injectable()
export class PricingService {
  constructor(
    private readonly repo: PricingRepository,
    private readonly orgs: OrganizationsService,
    private readonly classes: ClassesService,
    private readonly plans: PlanQuotesService,
    private readonly dropIns: DropInSeats,
    private readonly fees: RegistrationFees,
  ) {}

  async quote(req: QuoteRequest, now = new Date()): Promise<Quote> {
    const org = req.org?.id === req.organizationId ? req.org : await this.orgs.require(req.organizationId);
    const rules = rulesOf(org.settings);
    const email = req.email?.trim() || null;
    const returning = !!rules.returning && !!email && (await this.repo.isReturning(req.organizationId, email));
    const code = req.promoCode?.trim() || null;
    let promo: Quote['promo'] = null;
    let row: PromoCodeRow | null = null;
    if (code) {
      row = await this.repo.byCode(req.organizationId, code);
      const refusal = await this.refusal(row, req.cls.id, email, now);
      promo = refusal
        ? { code, applied: false, message: refusal }
        : { code: row!.code, applied: true, message: `Code ${row!.code} applied: ${describe(row!)}` };
      if (refusal) row = null;
    }
    const attendees = req.attendees?.length ? req.attendees : [{}];
    const result = priceQuote({
      baseCents: amountDueCents(req.cls),
      classStart: new Date(req.cls.startDate),
      now,
      rules,
      attendees,
      returning,
      promo: row ? { kind: row.kind, value: row.value, code: row.code } : null,
      // A class that has started is sold for the sessions left (when the organization takes late registrations at all).
      late: now >= new Date(req.cls.startDate) && org.settings.lateRegistration !== false ? sessionsLeft(req.cls, now) : null,
      // A drop-in's receipt and confirmation say what was bought: one session, not the class.
      baseLabel: isDropInView(req.cls) ? 'Drop-in price' : undefined,
    });
    const priced = {
      currency: 'usd' as const,
      lines: result.lines,
      totalCents: result.totalCents,
      perAttendee: result.perAttendeeCents.map((amountCents, i) => ({ amountCents, lines: result.perAttendeeLines[i] })),
      promo,
      promoCodeId: row?.id ?? null,
      promoCents: result.promoCents,
      asksDateOfBirth: !!rules.senior,
    };
    // Issue 43: the registration fee and the taxes, after every discount (quote-taxes.ts).
    const { fees, covered } = req.registration
      ? await this.fees.due(
          { organizationId: req.organizationId, settings: org.settings, cls: req.cls },
          email,
          req.attendees?.length ? req.attendees : null,
        )
      : { fees: [], covered: [] };
    const taxed = withTaxesAndFees(priced, {
      taxes: org.settings.taxes,
      // A drop-in (the class as one session buys it) is taxed by the drop-in rule, not tuition's.
      kind: req.kind ?? (isDropInView(req.cls) ? 'dropIns' : 'tuition'),
      exempt: !!org.settings.taxes?.exemptClassIds.includes(req.cls.id),
      fees,
    });
    return { ...taxed, feeCovered: covered };
  }

  /** A quote for a registration that sent a code: a code that does not apply is refused with its reason. */
  async quoteForRegistration(req: QuoteRequest): Promise<Quote> {
    const q = await this.quote({ ...req, registration: true });
    if (q.promo && !q.promo.applied)
      throw new PricingException(PricingError.PromoCodeRefused, q.promo.message, { errors: { promoCode: q.promo.message } });
    return q;
  }

  /**
   * The redemption of the quote's code by a registration, in the transaction that takes its seat. The code's row is
   * locked and its limits read again: of racing registrations only as many as are left get through, the others are
   * refused (their transaction, and with it their seat, rolls back).
   */
  async redeem(m: EntityManager, q: Quote, r: { organizationId: string; enrollmentId: string; email: string; classId: string }) {
    if (q.fees.length || q.feeCovered?.length) await this.fees.record(m, r.organizationId, r.enrollmentId, q.fees, q.feeCovered);
    if (!q.promoCodeId || !q.promo) return;
    const row = await this.repo.byCode(r.organizationId, q.promo.code, m, true);
    const refusal = await this.refusal(row, r.classId, r.email, new Date(), m, r.enrollmentId);
    if (refusal || row?.id !== q.promoCodeId)
      throw new PricingException(PricingError.PromoCodeRefused, refusal ?? PROMO_UNKNOWN, {
        errors: { promoCode: refusal ?? PROMO_UNKNOWN },
      });
    await this.repo.redeem(m, {
      organizationId: r.organizationId,
      promoCodeId: row.id,
      enrollmentId: r.enrollmentId,
      email: r.email,
      discountCents: q.promoCents,
      chargedCents: q.totalCents,
    });
  }

  /** Why a code does not apply to this class and email now, or null when it does. */
  private async refusal(
    row: PromoCodeRow | null,
    classId: string,
    email: string | null,
    now: Date,
    m?: EntityManager,
    enrollmentId?: string,
  ): Promise<string | null> {
    if (!row || !row.active) return PROMO_UNKNOWN;
    if (row.validFrom && now < new Date(row.validFrom)) return PROMO_NOT_YET;
    if (row.validUntil && now > new Date(row.validUntil)) return PROMO_EXPIRED;
    if (row.classIds.length && !row.classIds.includes(classId)) return PROMO_OTHER_CLASS;
    const used = await this.repo.usage(row.id, email, m, enrollmentId);
    if (row.maxRedemptions !== null && used.all >= row.maxRedemptions) return PROMO_USED_UP;
    if (email && used.byEmail >= row.maxPerEmail) return PROMO_USED_BY_EMAIL;
    return null;
  }

  /**
   * What a registration moving to another class is worth there (docs/decisions/transfers-keep-persons-discounts.md):
   * the target class's price with the discounts of the original registration's person, evaluated as
   * at that registration (returning student and early bird at its time, senior from the person's date of birth,
   * sibling when it was a later attendee of a household). Its promo code carries over only while the code is valid
   * for the target class.
   */
  async transferQuote(r: {
    organizationId: string;
    cls: Pick<ClassEntity, 'id' | 'priceCents' | 'discountPriceCents' | 'startDate'>;
    original: {
      enrollmentId: string;
      enrollmentDate: Date;
      email: string;
      dateOfBirth: string | null;
      sibling: boolean;
      priceBreakdown: { label: string; amount: number; fee?: boolean }[] | null;
    };
  }): Promise<{ totalCents: number; lines: QuoteLine[] }> {
    const o = r.original;
    const org = await this.orgs.require(r.organizationId);
    const rules = rulesOf(org.settings);
    const at = new Date(o.enrollmentDate);
    const returning =
      !!rules.returning && (await this.repo.isReturning(r.organizationId, o.email, { before: at, exceptEnrollmentId: o.enrollmentId }));
    const used = o.priceBreakdown?.find((l) => l.label.startsWith(PROMO_LINE))?.label.slice(PROMO_LINE.length) ?? null;
    const row = used ? await this.repo.byCode(r.organizationId, used) : null;
    const carried = row && !(await this.refusal(row, r.cls.id, o.email, at, undefined, o.enrollmentId)) ? row : null;
    const person = { dateOfBirth: o.dateOfBirth };
    const result = priceQuote({
      baseCents: amountDueCents(r.cls),
      classStart: new Date(r.cls.startDate),
      now: at,
      rules,
      // A later attendee of a household keeps the sibling discount: priced as the second person.
      attendees: o.sibling ? [{}, person] : [person],
      returning,
      promo: carried ? { kind: carried.kind, value: carried.value, code: carried.code } : null,
    });
    const i = o.sibling ? 1 : 0;
    // The target class's taxes as a new quote would charge them. No new registration fee: the registration moves, and
    // the fee it paid moves with it (kept in its price, taxed by the fee's rule), so a switch neither charges nor refunds it.
    const share = { amountCents: result.perAttendeeCents[i], lines: result.perAttendeeLines[i] };
    const taxed = withTaxesAndFees(
      { lines: share.lines, totalCents: share.amountCents, perAttendee: [share] },
      {
        taxes: org.settings.taxes,
        kind: 'tuition',
        exempt: !!org.settings.taxes?.exemptClassIds.includes(r.cls.id),
        fees: keptFees(o.priceBreakdown),
      },
    );
    return { totalCents: taxed.totalCents, lines: taxed.perAttendee[0].lines };
  }

  /** POST /api/public/price-quote: the class of that organization (an archived or another one's is not found). */
  async publicQuote(dto: PriceQuoteDto) {
    const found = await this.classes.require(dto.classId, dto.organizationId);
    if (found.status === 'Archived') throw new NotFoundException(`Class with ID ${dto.classId} not found`);
    // A drop-in is priced as the one session it buys (the refusal when that session is not sold).
    const cls = dto.classSessionId
      ? dropInView(found, await this.dropIns.bookable(dto.organizationId, dto.classId, dto.classSessionId))
      : found;
    const org = await this.orgs.require(dto.organizationId);
    const q = await this.quote({
      organizationId: dto.organizationId,
      org,
      cls,
      attendees: dto.attendees,
      email: dto.email,
      promoCode: dto.promoCode,
      registration: true,
    });
    return {
      currency: q.currency,
      lines: breakdown(q.lines),
      total: q.totalCents / 100,
      tax: q.taxes.reduce((n, t) => n + t.cents, 0) / 100,
      promo: q.promo,
      asksDateOfBirth: q.asksDateOfBirth,
      ...(await quotePaymentPlan(this.plans, org, cls, q.totalCents, dto.paymentPlanId)),
    };
  }

  // --- promo codes (admin) ---

  async listCodes(organizationId: string) {
    return (await this.repo.list(organizationId)).map(mapCode);
  }

  /**
   * The usage of each code redeemed in a range, counted as the usage screen counts it (the same query): the revenue
   * report's per-code rows.
   */
  async codeUsage(organizationId: string, range: UsageRange) {
    return (await this.repo.usageInRange(organizationId, range)).map((u) => ({
      code: u.code,
      redemptions: u.redemptions,
      discountGiven: u.discountCents / 100,
      revenue: u.revenueCents / 100,
    }));
  }

  /** One of the organization's codes with its usage (the admin's edit form). */
  code(organizationId: string, id: string) {
    return this.one(organizationId, id);
  }

  async createCode(organizationId: string, dto: PromoCodeDto) {
    const id = await this.write(() => this.repo.insert(organizationId, toWrite(dto)));
    return this.one(organizationId, id);
  }

  async updateCode(organizationId: string, id: string, dto: PromoCodeDto) {
    const found = await this.write(() => this.repo.update(organizationId, id, toWrite(dto)));
    if (!found) throw new NotFoundException(`Promo code ${id} not found`);
    return this.one(organizationId, id);
  }

  async removeCode(organizationId: string, id: string) {
    const done = await this.repo.remove(organizationId, id);
    if (!done) throw new NotFoundException(`Promo code ${id} not found`);
    return { id, status: done };
  }

  private async one(organizationId: string, id: string) {
    const row = (await this.repo.list(organizationId)).find((r) => r.id === id);
    if (!row) throw new NotFoundException(`Promo code ${id} not found`);
    return mapCode(row);
  }

  private async write<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (e) {
      if (isUniqueViolation(e)) throw new PricingException(PricingError.PromoCodeTaken, PROMO_TAKEN, { errors: { code: PROMO_TAKEN } });
      throw e;
    }
  }
}

function toWrite(dto: PromoCodeDto): PromoCodeWrite {
  return {
    code: dto.code.trim(),
    kind: dto.kind,
    value: dto.kind === 'amount' ? toCents(dto.value) : dto.value,
    classIds: dto.classIds ?? [],
    validFrom: dto.validFrom ? new Date(dto.validFrom) : null,
    validUntil: dto.validUntil ? new Date(dto.validUntil) : null,
    maxRedemptions: dto.maxRedemptions ?? null,
    maxPerEmail: dto.maxPerEmail ?? 1,
    active: dto.active ?? true,
  };
}

function mapCode(r: PromoCodeRow & PromoUsage) {
  return {
    id: r.id,
    code: r.code,
    kind: r.kind,
    value: r.kind === 'amount' ? r.value / 100 : r.value,
    classIds: r.classIds,
    validFrom: r.validFrom,
    validUntil: r.validUntil,
    maxRedemptions: r.maxRedemptions,
    maxPerEmail: r.maxPerEmail,
    active: r.active,
    createdAt: r.createdAt,
    usage: { redemptions: r.redemptions, discountGiven: r.discountCents / 100, revenue: r.revenueCents / 100 },
  };
}

/** The registration fee lines a registration paid, as the fees its moved price keeps (never recorded again). */
function keptFees(lines: { label: string; amount: number; fee?: boolean }[] | null): FeeDue[] {
  return (lines ?? [])
    .filter((l) => l.fee)
    .map((l) => ({ label: l.label, cents: Math.round(l.amount * 100), attendeeIndex: 0, periodKey: '', payerKey: null }));
}
