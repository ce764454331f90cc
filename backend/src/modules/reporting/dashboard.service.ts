import { Injectable } from '@nestjs/common';
import { ActivityService } from '../activity/activity.service';
import { DashboardRepository, type PeriodRange } from './dashboard.repository';
import { RatingsRepository } from './ratings.repository';
import type { Period } from './dto/dashboard-query.dto';

/** The summary fetches the latest 10 activities (spec 3 §7). */
const RECENT_ACTIVITY = 10;

/**
 * The current calendar period (server local time) and the whole previous one. The current period is
 * still running, so early in a month the change against the full previous month is naturally low.
 */
function periodRange(period: Period, now = new Date()): PeriodRange {
  const y = now.getFullYear();
  const m = now.getMonth();
  if (period === 'year') return { start: new Date(y, 0, 1), end: new Date(y + 1, 0, 1), previousStart: new Date(y - 1, 0, 1) };
  const months = period === 'quarter' ? 3 : 1;
  const first = m - (m % months);
  return { start: new Date(y, first, 1), end: new Date(y, first + months, 1), previousStart: new Date(y, first - months, 1) };
}

/** Percent change with one decimal; null when there is nothing to compare with (never a made-up figure). */
function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

const percentOf = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 1000) / 10);

/**
 * System Overview of the admin dashboard (spec 3 §2.2, §3 "Dashboard summary"), computed from the
 * organization's data. Satisfaction and rating come from the students' ratings, growth from enrollments; each is
 * null while there is nothing to compute it from, and the screen says "No data yet" (spec README decision 8).
 */
@Injectable()
export class DashboardService {
  constructor(
    private readonly repo: DashboardRepository,
    private readonly activity: ActivityService,
    private readonly ratings: RatingsRepository,
  ) {}

  async summary(organizationId: string, period: Period = 'month') {
    const now = new Date();
    const range = periodRange(period, now);
    const month = periodRange('month', now);
    const [c, top, recentActivity, rating, previousRating, allRatings, thisMonth, lastMonth, classesAtRisk] = await Promise.all([
      this.repo.counts(organizationId, range, now),
      this.repo.topClass(organizationId, range),
      this.activity.latest(organizationId, RECENT_ACTIVITY),
      this.ratings.ratingStats(organizationId, range.start, range.end),
      this.ratings.ratingStats(organizationId, range.previousStart, range.start),
      this.ratings.ratingStats(organizationId, new Date(0), now),
      this.repo.enrollmentCount(organizationId, month.start, month.end),
      this.repo.enrollmentCount(organizationId, month.previousStart, month.start),
      this.repo.classesAtRisk(organizationId, now),
    ]);
    const oneDecimal = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);
    return {
      period,
      periodStart: range.start,
      periodEnd: range.end,
      totalRevenue: c.revenueCents / 100,
      revenueChange: percentChange(c.revenueCents, c.previousRevenueCents),
      totalStudents: c.totalStudents,
      activeStudents: c.activeStudents,
      newStudents: c.newStudents,
      studentChange: percentChange(c.newStudents, c.previousNewStudents),
      enrollments: c.enrollments,
      enrollmentChange: percentChange(c.enrollments, c.previousEnrollments),
      totalClasses: c.totalClasses,
      openClasses: c.openClasses,
      upcomingClasses: c.upcomingClasses,
      fullClasses: c.fullClasses,
      repeatStudents: c.repeatStudents,
      repeatRate: percentOf(c.repeatStudents, c.totalStudents),
      topPerformingClass: top ? { id: top.id, title: top.title, enrollments: top.enrollments, revenue: top.revenueCents / 100 } : null,
      // From the 1-5 ratings of the one-click links; null until there is one (decision 8).
      averageSatisfaction: oneDecimal(rating.average),
      averageRating: oneDecimal(allRatings.average),
      ratingChange:
        rating.average !== null && previousRating.average !== null ? percentChange(rating.average, previousRating.average) : null,
      // Active enrollments of this calendar month over the previous month's; null without a previous month.
      monthlyGrowthRate: percentChange(thisMonth, lastMonth),
      recentActivity,
      classesAtRisk,
    };
  }
}
