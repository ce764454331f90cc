import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { addDays, datesBetween, isIanaTimeZone, localDate, SERVER_TIME_ZONE } from '../../common/time-zone';
import { PricingService } from '../pricing/pricing.service';
import { UsageService } from '../subscriptions/usage.service';
import { reportDay } from './report-day';
import { type ReportRange, ReportsRepository } from './reports.repository';

/** How a price quote names a promo code's line ('Promo code SPRING10'). */
const PROMO_LINE = 'Promo code ';

export const REPORT_TYPES = ['enrollment', 'revenue', 'attendance'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** The spec's ranges (spec 3 §9) as a number of days ending today. */
export const TIMEFRAMES = { '7d': 7, '14d': 14, '30d': 30, '90d': 90, '365d': 365 } as const;
export type Timeframe = keyof typeof TIMEFRAMES;

/** Longest range a report answers: two years of days keeps a per-day series and a PDF a sane size. */
export const MAX_RANGE_DAYS = 731;

const dollars = (cents: number) => Math.round(cents) / 100;
/** A rounded percent (spec 3 §9: fill rate and attendance rate are rounded percentages); null without a whole. */
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : null);
/** Dollars to 2 decimals of cents / count; null without a count. */
const average = (cents: number, count: number) => (count > 0 ? Math.round(cents / count) / 100 : null);

export interface RangeQuery {
  startDate?: string;
  endDate?: string;
  timeframe?: Timeframe;
  classId?: string;
}

export interface Header {
  organizationName: string;
  primaryColor: string;
  secondaryColor: string;
}

/**
 * The organization's reports, computed from what happened (decision 9): enrollments, money (with refunds netted
 * out) and attendance, bucketed by calendar day in the organization's time zone. All gated by advancedReporting.
 */
@Injectable()
export class ReportsService {
  constructor(
    private readonly repo: ReportsRepository,
    private readonly usage: UsageService,
    private readonly pricing: PricingService,
  ) {}

  assertReporting(organizationId: string) {
    return this.usage.assertFeature(organizationId, 'advancedReporting');
  }

  /** The organization's zone: its setting when valid, otherwise the server's. */
  async timeZoneOf(organizationId: string): Promise<string> {
    const org = await this.repo.organization(organizationId);
    if (!org) throw new NotFoundException(`Organization ${organizationId} not found`);
    return isIanaTimeZone(org.timeZone) ? org.timeZone : SERVER_TIME_ZONE;
  }

  async header(organizationId: string): Promise<Header> {
    const org = await this.repo.organization(organizationId);
    return {
      organizationName: org?.name ?? '',
      primaryColor: org?.primaryColor || '#15385F',
      secondaryColor: org?.secondaryColor || '#3384A9',
    };
  }

  /**
   * startDate/endDate (inclusive calendar dates; a date-time is the day it falls on in the organization's zone, so
   * the reply and the per-day series are always in days) or a timeframe ending today in the organization's zone; the
   * default is the last 30 days. A class filter must name one of the organization's reportable classes (404
   * otherwise: another organization's class is never told apart from a missing one).
   */
  async range(organizationId: string, q: RangeQuery): Promise<ReportRange> {
    const timeZone = await this.timeZoneOf(organizationId);
    let startDate = q.startDate && this.day('startDate', q.startDate, timeZone);
    let endDate = q.endDate && this.day('endDate', q.endDate, timeZone);
    if (!startDate || !endDate) {
      if (startDate || endDate) throw new BadRequestException('Send both startDate and endDate, or neither');
      const today = localDate(new Date(), timeZone);
      endDate = today;
      startDate = addDays(today, -(TIMEFRAMES[q.timeframe ?? '30d'] - 1));
    }
    if (startDate > endDate) throw new BadRequestException('startDate must not be after endDate');
    if (datesBetween(startDate, endDate).length > MAX_RANGE_DAYS)
      throw new BadRequestException(`A report covers at most ${MAX_RANGE_DAYS} days`);
    if (q.classId && !(await this.repo.hasClass(organizationId, q.classId)))
      throw new NotFoundException(`Class with ID ${q.classId} not found`);
    return { organizationId, startDate, endDate, timeZone, classId: q.classId };
  }

  private day(field: string, value: string, timeZone: string): string {
    const day = reportDay(value, timeZone);
    if (!day) {
      const message = `${field} must be a date (YYYY-MM-DD) or an ISO date-time`;
      throw new BadRequestException({ message, errors: { [field]: message } });
    }
    return day;
  }

  report(type: ReportType, r: ReportRange) {
    if (type === 'enrollment') return this.enrollment(r);
    if (type === 'revenue') return this.revenue(r);
    return this.attendance(r);
  }

  private meta(type: ReportType, r: ReportRange) {
    return { report: type, startDate: r.startDate, endDate: r.endDate, timeZone: r.timeZone, classId: r.classId ?? null };
  }

  async enrollment(r: ReportRange) {
    const [classes, days] = await Promise.all([this.repo.enrollmentByClass(r), this.repo.enrollmentByDay(r)]);
    const byDay = new Map(days.map((d) => [d.date, d.enrollments]));
    const rows = classes.map((c) => ({
      classId: c.classId,
      className: c.className,
      classStartDate: c.classStart,
      enrolled: c.enrolled,
      cancelled: c.cancelled,
      capacity: c.capacity,
      fillRate: percent(c.enrolled, c.capacity),
    }));
    const enrolled = rows.reduce((s, x) => s + x.enrolled, 0);
    const capacity = rows.reduce((s, x) => s + x.capacity, 0);
    return {
      ...this.meta('enrollment', r),
      rows,
      series: datesBetween(r.startDate, r.endDate).map((date) => ({ date, enrollments: byDay.get(date) ?? 0 })),
      totals: {
        classes: rows.length,
        enrolled,
        cancelled: rows.reduce((s, x) => s + x.cancelled, 0),
        capacity,
        fillRate: percent(enrolled, capacity),
      },
    };
  }

  async revenue(r: ReportRange) {
    const [classes, days, discountLines, codes] = await Promise.all([
      this.repo.revenueByClass(r),
      this.repo.revenueByDay(r),
      this.repo.discountLines(r),
      this.repo.instants(r).then((at) => this.pricing.codeUsage(r.organizationId, { ...at, classId: r.classId })),
    ]);
    const byDay = new Map(days.map((d) => [d.date, d]));
    // The quotes' discount lines, per class (every line, promo codes too) and per rule (in the label order they come in).
    const discountsOf = new Map<string, number>();
    const rules = new Map<string, { label: string; enrollments: number; amountCents: number }>();
    for (const l of discountLines) {
      discountsOf.set(l.classId, (discountsOf.get(l.classId) ?? 0) + l.amountCents);
      if (l.label.startsWith(PROMO_LINE)) continue;
      const rule = rules.get(l.label) ?? rules.set(l.label, { label: l.label, enrollments: 0, amountCents: 0 }).get(l.label)!;
      rule.enrollments += l.enrollments;
      rule.amountCents += l.amountCents;
    }
    const rows = classes.map((c) => {
      const netCents = c.grossCents - c.refundsCents;
      return {
        classId: c.classId,
        className: c.className,
        payments: c.payments,
        gross: dollars(c.grossCents),
        refunds: dollars(c.refundsCents),
        total: dollars(netCents),
        averagePerStudent: average(netCents, c.payments),
        card: dollars(c.cardCents),
        inPerson: dollars(c.inPersonCents),
        platformFee: dollars(c.platformFeeCents),
        organizationAmount: dollars(c.organizationCents - c.refundsCents),
        discounts: dollars(discountsOf.get(c.classId) ?? 0),
      };
    });
    const sum = (f: (c: (typeof classes)[number]) => number) => classes.reduce((s, c) => s + f(c), 0);
    const netCents = sum((c) => c.grossCents - c.refundsCents);
    const payments = sum((c) => c.payments);
    return {
      ...this.meta('revenue', r),
      rows,
      series: datesBetween(r.startDate, r.endDate).map((date) => {
        const d = byDay.get(date);
        return { date, revenue: dollars((d?.grossCents ?? 0) - (d?.refundsCents ?? 0)), refunds: dollars(d?.refundsCents ?? 0) };
      }),
      totals: {
        classes: rows.length,
        payments,
        gross: dollars(sum((c) => c.grossCents)),
        refunds: dollars(sum((c) => c.refundsCents)),
        total: dollars(netCents),
        averagePerStudent: average(netCents, payments),
        card: dollars(sum((c) => c.cardCents)),
        inPerson: dollars(sum((c) => c.inPersonCents)),
        platformFee: dollars(sum((c) => c.platformFeeCents)),
        organizationAmount: dollars(sum((c) => c.organizationCents - c.refundsCents)),
        discounts: dollars(sum((c) => discountsOf.get(c.classId) ?? 0)),
      },
      // The discounts given: per automatic rule, read from the price quotes the payments were charged on; per promo code,
      // the code's redemptions made in the range, counted by the pricing module exactly as the usage screen counts them
      // (a cancelled or refunded registration keeps its use; a card hold that lapsed gives it back).
      discountsGiven: {
        rules: [...rules.values()].map((l) => ({ label: l.label, enrollments: l.enrollments, amount: dollars(l.amountCents) })),
        codes: codes.map((c) => ({
          code: c.code,
          redemptions: c.redemptions,
          amount: c.discountGiven,
          revenue: c.revenue,
        })),
      },
    };
  }

  async attendance(r: ReportRange) {
    const sessions = await this.repo.attendanceBySession(r);
    const rows = sessions.map((s) => {
      const unmarked = Math.max(0, s.enrolled - s.present - s.absent);
      return {
        classId: s.classId,
        className: s.className,
        sessionIndex: s.sessionIndex,
        sessionDate: s.sessionDate,
        date: s.date,
        enrolled: s.enrolled,
        present: s.present,
        absent: s.absent,
        unmarked,
        // As the attendance screen: present over the roster, null until something is marked (decision 8).
        attendanceRate: s.present + s.absent > 0 ? percent(s.present, s.enrolled) : null,
      };
    });
    const byDay = new Map<string, { present: number; absent: number }>();
    for (const x of rows) {
      const d = byDay.get(x.date) ?? { present: 0, absent: 0 };
      d.present += x.present;
      d.absent += x.absent;
      byDay.set(x.date, d);
    }
    const marked = rows.filter((x) => x.present + x.absent > 0);
    const present = rows.reduce((s, x) => s + x.present, 0);
    return {
      ...this.meta('attendance', r),
      rows,
      series: datesBetween(r.startDate, r.endDate).map((date) => ({ date, ...(byDay.get(date) ?? { present: 0, absent: 0 }) })),
      totals: {
        sessions: rows.length,
        present,
        absent: rows.reduce((s, x) => s + x.absent, 0),
        unmarked: rows.reduce((s, x) => s + x.unmarked, 0),
        // Over the sessions that have marks only: an unmarked future session is not a 0% session.
        attendanceRate: percent(
          present,
          marked.reduce((s, x) => s + x.enrolled, 0),
        ),
      },
    };
  }

  /** Spec 3 §3 period metrics of one calendar month (YYYY-MM) in the organization's zone. */
  async periodMetrics(organizationId: string, period: string) {
    const timeZone = await this.timeZoneOf(organizationId);
    const startDate = `${period}-01`;
    const [y, m] = period.split('-').map(Number);
    const endDate = addDays(`${m === 12 ? y + 1 : y}-${String(m === 12 ? 1 : m + 1).padStart(2, '0')}-01`, -1);
    const x = await this.repo.periodMetrics({ organizationId, startDate, endDate, timeZone });
    return {
      period,
      organizationId,
      timeZone,
      revenue: dollars(x.grossCents - x.refundsCents),
      enrollments: x.enrollments,
      newStudents: x.newStudents,
      classesHeld: x.classesHeld,
      averageClassSize: x.averageClassSize === null ? null : Math.round(x.averageClassSize * 10) / 10,
      satisfactionScore: x.satisfaction === null ? null : Math.round(x.satisfaction * 10) / 10,
    };
  }

  /** The spec's revenue transactions: each payment received in the range, net of its refunds. */
  async revenueTransactions(r: ReportRange) {
    const rows: {
      id: string;
      amountCents: number;
      refundedCents: number;
      classId: string;
      className: string;
      transactionDate: Date;
      paymentMethod: string;
      enrollmentStatus: string;
    }[] = await this.repo.revenueTransactions(r, 1000);
    return rows.map((t) => ({
      id: t.id,
      classId: t.classId,
      className: t.className,
      amount: dollars(t.amountCents),
      refunded: dollars(t.refundedCents),
      finalAmount: dollars(t.amountCents - t.refundedCents),
      paymentMethod: t.paymentMethod,
      transactionDate: t.transactionDate,
      status: t.refundedCents >= t.amountCents ? 'refunded' : 'completed',
      enrollmentStatus: t.enrollmentStatus,
    }));
  }

  enrollmentEvents(r: ReportRange) {
    return this.repo.enrollmentEvents(r, 1000);
  }

  classCompletionEvents(r: ReportRange) {
    return this.repo.classCompletionEvents(r, 1000);
  }
}
