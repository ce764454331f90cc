import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { SERVER_TIME_ZONE } from '../../common/time-zone';
import { toCents } from '../classes/class.entity';
import type { OrganizationSettings } from '../organizations/organization.entity';
import { FEE_CHANGED, FEE_RELEASED, PricingError, PricingException } from './pricing.exception';
import { RegistrationFeesRepository } from './registration-fees.repository';
import type { AppliedTax } from './tax-rules';

/** A registration fee a quote charges: whose (attendee), for which period and payer (null: not tracked, always charged). */
export interface FeeDue {
  label: string;
  cents: number;
  attendeeIndex: number;
  periodKey: string;
  payerKey: string | null;
  /** The fee's own taxes (set by the quote's tax step). */
  taxes?: AppliedTax[];
}

/** A payer whose period's fee an earlier registration paid: this registration is written as covered by it. */
export interface FeeCovered {
  periodKey: string;
  payerKey: string;
}

/** The calendar year of an instant in a time zone. */
const yearIn = (at: Date, timeZone: string) => Number(new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' }).format(at));

/** The period a class's registration counts in: its term, or the calendar year of its start (a yearly fee, or no term). */
export function periodKey(period: 'term' | 'year', cls: { termId?: string | null; startDate: Date | string }, timeZone: string) {
  return period === 'term' && cls.termId ? `term:${cls.termId}` : `year:${yearIn(new Date(cls.startDate), timeZone)}`;
}

/** A name as a key compares it: trimmed, lower case, inner spaces as one. */
const norm = (s: string | null | undefined) => (s ?? '').trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * Who a per-student fee is due from: the registrant (`student:<email>`); a household's attendee by the contact's
 * email and the attendee's name (`student:<email>#<first last>`), as the household writer finds a child registered
 * before; an attendee with no name given, of a household of several, is not tracked (null: always charged).
 */
function studentKey(who: string | null, p: { firstName?: string | null; lastName?: string | null }, people: unknown[] | null) {
  if (!who) return null;
  const name = norm(`${p.firstName ?? ''} ${p.lastName ?? ''}`);
  if (name) return `student:${who}#${name}`;
  return !people || people.length === 1 ? `student:${who}` : null;
}

/**
 * Issue 43 §2: the organization's registration fee, charged once per period per student or per household with the
 * first registration of that period. A student or household is known by the registering email; a household
 * registration's attendees have no email of their own, so each is known by that email and their name (studentKey).
 */
@Injectable()
export class RegistrationFees {
  constructor(private readonly repo: RegistrationFeesRepository) {}

  /** The fees a registration of this class by this email (for `attendees` people) is due now, and the payers already covered. */
  async due(
    r: { organizationId: string; settings: OrganizationSettings; cls: { termId?: string | null; startDate: Date | string } },
    email: string | null,
    /** A household's attendees (their names as far as known); null: one person, the registrant. */
    people: { firstName?: string | null; lastName?: string | null }[] | null,
  ): Promise<{ fees: FeeDue[]; covered: FeeCovered[] }> {
    const fee = r.settings.registrationFee;
    if (!fee) return { fees: [], covered: [] };
    const period = periodKey(fee.period, r.cls, r.settings.timeZone ?? SERVER_TIME_ZONE);
    const who = email?.trim().toLowerCase() || null;
    const wanted: Pick<FeeDue, 'attendeeIndex' | 'payerKey'>[] =
      fee.per === 'household'
        ? [{ attendeeIndex: 0, payerKey: who && `household:${who}` }]
        : (people ?? [{}]).map((p, i) => ({ attendeeIndex: i, payerKey: studentKey(who, p, people) }));
    const keys = wanted.map((w) => w.payerKey).filter((k): k is string => !!k);
    const charged = await this.repo.charged(r.organizationId, period, keys);
    return {
      fees: wanted
        .filter((w) => !w.payerKey || !charged.has(w.payerKey))
        .map((w) => ({ ...w, label: fee.label, cents: toCents(fee.amount), periodKey: period })),
      covered: [...charged].map((payerKey) => ({ periodKey: period, payerKey })),
    };
  }

  /**
   * The quote's fees written with the registration, in its seat transaction. Each payer's fee is locked and read again:
   * of two first registrations of a period racing, the second is refused (409, ask for a new quote) rather than
   * charged twice.
   */
  async record(m: EntityManager, organizationId: string, enrollmentId: string, fees: FeeDue[], covered: FeeCovered[] = []): Promise<void> {
    // A registration the fee covers is written too (amount 0), so a cancellation knows who else registered in the
    // period. Its payer's fee must still stand: a cancellation that gave it back meanwhile means a new quote (409).
    for (const c of covered) {
      await this.repo.lock(m, organizationId, c.periodKey, c.payerKey);
      if (!(await this.repo.charged(organizationId, c.periodKey, [c.payerKey], m)).size)
        throw new PricingException(PricingError.RegistrationFeeChanged, FEE_RELEASED);
      await this.repo.insert(m, {
        organizationId,
        enrollmentId,
        periodKey: c.periodKey,
        payerKey: c.payerKey,
        label: '',
        amountCents: 0,
        taxes: [],
      });
    }
    for (const f of fees) {
      if (f.payerKey) {
        await this.repo.lock(m, organizationId, f.periodKey, f.payerKey);
        if ((await this.repo.charged(organizationId, f.periodKey, [f.payerKey], m)).size)
          throw new PricingException(PricingError.RegistrationFeeChanged, FEE_CHANGED);
      }
      await this.repo.insert(m, {
        organizationId,
        enrollmentId,
        periodKey: f.periodKey,
        payerKey: f.payerKey,
        label: f.label,
        amountCents: f.cents,
        taxes: f.taxes ?? [],
      });
    }
  }

  /**
   * The fees this registration's payment holds, for its credit notes (receipt-issuer.ts): `kept`, handed on to another
   * registration of the period that stands (a refund of this payment leaves them and their tax out); `released`, handed
   * on and that registration cancelled too (the refund that gives them back is theirs alone).
   */
  async ofPayment(m: EntityManager, organizationId: string, enrollmentId: string): Promise<{ kept: FeeHeld[]; released: FeeHeld[] }> {
    const out = { kept: [] as FeeHeld[], released: [] as FeeHeld[] };
    for (const f of await this.repo.paidBy(m, organizationId, enrollmentId)) {
      if (!f.holderId || f.holderId === enrollmentId) continue;
      (f.holderStands ? out.kept : out.released).push({ label: '', cents: f.cents, taxes: f.taxes });
    }
    return out;
  }

  /**
   * A registration is being cancelled (in the cancel's transaction): each period fee it holds passes to another
   * registration of the same payer and period that stands (the earliest active one), so the fee is refunded only when
   * every registration of its period is cancelled. Answers what this cancellation keeps of its own payment (the fees
   * it paid that now count under another registration, with their taxes) and the fees an earlier, already cancelled
   * registration paid that nothing holds any more: those are now refundable from that registration's payment.
   */
  async handOn(m: EntityManager, organizationId: string, enrollmentId: string): Promise<FeeHandOn> {
    const out: FeeHandOn = { kept: [], released: [] };
    for (const row of await this.repo.heldBy(m, organizationId, enrollmentId)) {
      await this.repo.lock(m, organizationId, row.periodKey, row.payerKey);
      const next = await this.repo.successor(m, organizationId, row.periodKey, row.payerKey, enrollmentId);
      const fee = { label: row.label, cents: row.amountCents, taxes: row.taxes };
      if (next) {
        await this.repo.holdBy(m, row.id, next);
        if (row.enrollmentId === enrollmentId) out.kept.push(fee);
      } else if (row.enrollmentId !== enrollmentId) out.released.push({ ...fee, paidByEnrollmentId: row.enrollmentId });
    }
    return out;
  }
}

/** A fee as a cancellation keeps or gives it back: its label, amount and own taxes. */
export interface FeeHeld {
  label: string;
  cents: number;
  taxes: AppliedTax[];
}

/** What `handOn` answers: fees kept from this payment, and fees paid by another (cancelled) registration now released. */
export interface FeeHandOn {
  kept: FeeHeld[];
  released: (FeeHeld & { paidByEnrollmentId: string })[];
}
