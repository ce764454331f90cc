import { Injectable, NotFoundException } from '@nestjs/common';
import { SERVER_TIME_ZONE } from '../../common/time-zone';
import type { ClassEntity } from '../classes/class.entity';
import type { OrganizationEntity } from '../organizations/organization.entity';
import { classEndDate, classPriceCents } from './class-end';
import { PaymentPlanError, PaymentPlanException, DEFAULT_CONSENT_TEXT } from './payment-plans.exception';
import { PaymentPlansRepository, type PlanDefinitionRow, type PlanSettingsRow } from './payment-plans.repository';
import { localDateOf, planSchedule, type Schedule } from './plan-schedule';

/** A plan's schedule for one registration: what is charged today and each instalment after it (cents). */
export interface QuotedPlan {
  id: string;
  name: string;
  /** The quote's total plus the plan's surcharge: deposit and instalments add up to exactly this. */
  totalCents: number;
  surchargeCents: number;
  depositCents: number;
  instalments: Schedule['instalments'];
  consent: { text: string; version: number };
}

/** The quote's `paymentPlan` as the API shows it: dollars, each due date local and as an instant. */
export const planReply = (p: QuotedPlan) => ({
  id: p.id,
  name: p.name,
  total: p.totalCents / 100,
  surcharge: p.surchargeCents / 100,
  deposit: p.depositCents / 100,
  instalments: p.instalments.map((i) => ({ dueDate: i.dueDate, dueAt: i.dueAt.toISOString(), amount: i.amountCents / 100 })),
  consent: p.consent,
});

const notOffered = (message: string) =>
  new PaymentPlanException(PaymentPlanError.NotOffered, message, { errors: { paymentPlanId: message } });

/**
 * Which plans a class offers, and a chosen plan's schedule for a registration's total (after every discount and
 * promo code: the caller passes the quote's total). The same answer serves the public quote and the card registration,
 * which charges exactly it.
 */
@Injectable()
export class PlanQuotesService {
  constructor(private readonly repo: PaymentPlansRepository) {}

  /** The plans a registration could choose now (name and id), for the quote's list. */
  async offered(org: OrganizationEntity, cls: ClassEntity, totalCents: number, now = new Date()) {
    if (totalCents <= 0 || classPriceCents(cls) === 0) return [];
    const defs = await this.repo.forClass(org.id, cls.id, cls.termId);
    if (!defs.length) return [];
    const settings = await this.repo.settings(org.id);
    return defs.filter((d) => this.reason(d, org, cls, totalCents, settings, now) === null).map((d) => ({ id: d.id, name: d.name }));
  }

  /** The chosen plan's schedule, or a 409 saying why it is not offered to this registration (404: no such plan here). */
  async schedule(org: OrganizationEntity, cls: ClassEntity, totalCents: number, planId: string, now = new Date()): Promise<QuotedPlan> {
    const def = await this.repo.definition(org.id, planId);
    if (!def) throw new NotFoundException(`Payment plan with ID ${planId} not found`);
    const settings = await this.repo.settings(org.id);
    const mine =
      def.classId === cls.id ||
      (def.termId !== null && (await this.repo.forClass(org.id, cls.id, cls.termId)).some((d) => d.id === def.id));
    if (!mine) throw notOffered('This payment plan is not offered for this class');
    const why = this.reason(def, org, cls, totalCents, settings, now);
    const end = why ? this.lastDueAfterEnd(def, org, cls, totalCents, settings, now) : null;
    if (end)
      // A term's plan whose last instalment falls after this class's last session: the plan itself is wrong for this
      // class, not the moment it is chosen (400, as the definition of such a plan on the class itself is refused).
      throw new PaymentPlanException(
        PaymentPlanError.AfterClassEnds,
        `This payment plan's last instalment (${end.last}) falls after the class's last session (${end.classEnd})`,
        { errors: { paymentPlanId: `The last instalment must be due by ${end.classEnd}` } },
      );
    if (why) throw notOffered(why);
    return this.quoted(def, org, cls, totalCents, settings, now)!;
  }

  private zone(org: OrganizationEntity) {
    return org.settings.timeZone ?? SERVER_TIME_ZONE;
  }

  /** The plan's last due date and the class's last day when the schedule ends after the class, else null. */
  private lastDueAfterEnd(
    def: PlanDefinitionRow,
    org: OrganizationEntity,
    cls: ClassEntity,
    totalCents: number,
    settings: PlanSettingsRow,
    now: Date,
  ): { last: string; classEnd: string } | null {
    const s = this.planned(def, org, totalCents, settings, now);
    const classEnd = classEndDate(cls, this.zone(org));
    const last = s?.instalments.at(-1)?.dueDate;
    return last && last > classEnd ? { last, classEnd } : null;
  }

  private planned(def: PlanDefinitionRow, org: OrganizationEntity, totalCents: number, settings: PlanSettingsRow, now: Date) {
    const zone = this.zone(org);
    return planSchedule({
      totalCents: totalCents + def.surchargeCents,
      deposit: def.depositKind === 'amount' ? { kind: 'amount', cents: def.depositValue } : { kind: 'percent', percent: def.depositValue },
      rule: def.dueDates
        ? { kind: 'dates', dues: def.dueDates }
        : {
            kind: 'interval',
            interval: def.interval!,
            count: def.instalmentCount,
            firstDueDate: def.firstDueDate,
            paidInFullBy: def.paidInFullBy!,
          },
      today: localDateOf(now, zone),
      chargeHour: settings.chargeHour,
      timeZone: zone,
    });
  }

  private quoted(
    def: PlanDefinitionRow,
    org: OrganizationEntity,
    cls: ClassEntity,
    totalCents: number,
    settings: PlanSettingsRow,
    now: Date,
  ) {
    const zone = this.zone(org);
    const total = totalCents + def.surchargeCents;
    const s = this.planned(def, org, totalCents, settings, now);
    if (!s || s.instalments.at(-1)!.dueDate > classEndDate(cls, zone)) return null;
    return {
      id: def.id,
      name: def.name,
      totalCents: total,
      surchargeCents: def.surchargeCents,
      depositCents: s.depositCents,
      instalments: s.instalments,
      consent: { text: settings.consentText ?? DEFAULT_CONSENT_TEXT, version: settings.consentVersion },
    } satisfies QuotedPlan;
  }

  /** Why this plan is not offered to this registration now, or null. */
  private reason(
    def: PlanDefinitionRow,
    org: OrganizationEntity,
    cls: ClassEntity,
    totalCents: number,
    settings: PlanSettingsRow,
    now: Date,
  ): string | null {
    const today = localDateOf(now, this.zone(org));
    if (def.chooseBy && today > def.chooseBy) return `The last day to choose this payment plan was ${def.chooseBy}`;
    if (totalCents <= 0 || classPriceCents(cls) === 0) return 'This registration is free: there is nothing to pay in instalments';
    if (classPriceCents(cls) < def.minPriceCents)
      return `This payment plan is offered on classes from $${(def.minPriceCents / 100).toFixed(2)}`;
    if (!this.quoted(def, org, cls, totalCents, settings, now)) return 'It is too late to pay this class in instalments';
    return null;
  }
}
