import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { SERVER_TIME_ZONE } from '../../common/time-zone';
import { toCents } from '../classes/class.entity';
import type { OrganizationSettings } from '../organizations/organization.entity';
import { FEE_CHANGED, PricingError, PricingException } from './pricing.exception';
import { RegistrationFeesRepository } from './registration-fees.repository';

/** A registration fee a quote charges: whose (attendee), for which period and payer (null: not tracked, always charged). */
export interface FeeDue {
  label: string;
  cents: number;
  attendeeIndex: number;
  periodKey: string;
  payerKey: string | null;
}

/** The calendar year of an instant in a time zone. */
const yearIn = (at: Date, timeZone: string) => Number(new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' }).format(at));

/** The period a class's registration counts in: its term, or the calendar year of its start (a yearly fee, or no term). */
export function periodKey(period: 'term' | 'year', cls: { termId?: string | null; startDate: Date | string }, timeZone: string) {
  return period === 'term' && cls.termId ? `term:${cls.termId}` : `year:${yearIn(new Date(cls.startDate), timeZone)}`;
}

/**
 * Issue 43 §2: the organization's registration fee, charged once per period per student or per household with the
 * first registration of that period. A student or household is known by the registering email; a household
 * registration's attendees have no email of their own, so a per-student fee charges each of them (see the decision).
 */
@Injectable()
export class RegistrationFees {
  constructor(private readonly repo: RegistrationFeesRepository) {}

  /** The fees a registration of this class by this email (for `attendees` people) is due now. */
  async due(
    r: { organizationId: string; settings: OrganizationSettings; cls: { termId?: string | null; startDate: Date | string } },
    email: string | null,
    attendees: number,
  ): Promise<FeeDue[]> {
    const fee = r.settings.registrationFee;
    if (!fee) return [];
    const period = periodKey(fee.period, r.cls, r.settings.timeZone ?? SERVER_TIME_ZONE);
    const who = email?.trim().toLowerCase() || null;
    const wanted: Pick<FeeDue, 'attendeeIndex' | 'payerKey'>[] =
      fee.per === 'household'
        ? [{ attendeeIndex: 0, payerKey: who && `household:${who}` }]
        : Array.from({ length: attendees }, (_, i) => ({ attendeeIndex: i, payerKey: attendees === 1 && who ? `student:${who}` : null }));
    const keys = wanted.map((w) => w.payerKey).filter((k): k is string => !!k);
    const charged = await this.repo.charged(r.organizationId, period, keys);
    return wanted
      .filter((w) => !w.payerKey || !charged.has(w.payerKey))
      .map((w) => ({ ...w, label: fee.label, cents: toCents(fee.amount), periodKey: period }));
  }

  /**
   * The quote's fees written with the registration, in its seat transaction. Each payer's fee is locked and read again:
   * of two first registrations of a period racing, the second is refused (409, ask for a new quote) rather than
   * charged twice.
   */
  async record(m: EntityManager, organizationId: string, enrollmentId: string, fees: FeeDue[]): Promise<void> {
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
      });
    }
  }
}
