import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** A period as a half-open range [start, end) and the one before it [previousStart, start). */
export interface PeriodRange {
  start: Date;
  end: Date;
  previousStart: Date;
}

interface DashboardCounts {
  revenueCents: number;
  previousRevenueCents: number;
  enrollments: number;
  previousEnrollments: number;
  newStudents: number;
  previousNewStudents: number;
  totalStudents: number;
  activeStudents: number;
  repeatStudents: number;
  totalClasses: number;
  openClasses: number;
  upcomingClasses: number;
  fullClasses: number;
}

interface TopClass {
  id: string;
  title: string;
  enrollments: number;
  revenueCents: number;
}

const NUMERIC_FIELDS: (keyof DashboardCounts)[] = ['revenueCents', 'previousRevenueCents'];

/**
 * A read model on purpose: the dashboard's figures are aggregates over classes, students and enrollments
 * (read only; their modules own and write them), one query per widget instead of a call per service.
 */
export interface AtRiskClass {
  id: string;
  title: string;
  startDate: Date;
  enrolled: number;
  minEnrollment: number;
  decisionAt: Date;
}

@Injectable()
export class DashboardRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Every count of the summary in one round trip. Enrollments and students count registered (active) enrollments
   * only (an open card hold, a cancelled or expired one is not a student at a class). Revenue is what completed
   * enrollments paid less what was refunded (a cancelled card enrollment keeps its trail), dated by
   * enrollment date (the only date an enrollment has). Archived classes are hidden from reports
   * (spec 3 §4), so class counts and active students leave them out; money received stays in revenue.
   */
  // A join to classes names the organization too (the enrollment's already does): without it PostgreSQL hashes every
  // organization's classes to find this one's (the breadth bench's plans at 10,000 organizations).
  async counts(organizationId: string, p: PeriodRange, now: Date): Promise<DashboardCounts> {
    const [row] = await this.db.query(
      `SELECT
         (SELECT COALESCE(sum(amount_paid_cents - refunded_cents), 0) FROM enrollments
           WHERE organization_id = $1 AND paid_at >= $2 AND paid_at < $3) AS "revenueCents",
         (SELECT COALESCE(sum(amount_paid_cents - refunded_cents), 0) FROM enrollments
           WHERE organization_id = $1 AND paid_at >= $4 AND paid_at < $2) AS "previousRevenueCents",
         (SELECT count(*)::int FROM enrollments WHERE organization_id = $1 AND status = 'active'
           AND enrollment_date >= $2 AND enrollment_date < $3) AS "enrollments",
         (SELECT count(*)::int FROM enrollments WHERE organization_id = $1 AND status = 'active'
           AND enrollment_date >= $4 AND enrollment_date < $2) AS "previousEnrollments",
         (SELECT count(*)::int FROM students WHERE organization_id = $1 AND registration_date >= $2 AND registration_date < $3) AS "newStudents",
         (SELECT count(*)::int FROM students WHERE organization_id = $1 AND registration_date >= $4 AND registration_date < $2) AS "previousNewStudents",
         (SELECT count(*)::int FROM students WHERE organization_id = $1) AS "totalStudents",
         (SELECT count(DISTINCT e.student_id)::int FROM enrollments e JOIN classes c ON c.id = e.class_id AND c.organization_id = $1
           WHERE e.organization_id = $1 AND e.status = 'active' AND c.status <> 'Archived') AS "activeStudents",
         (SELECT count(*)::int FROM (SELECT 1 FROM enrollments WHERE organization_id = $1 AND status = 'active'
           GROUP BY student_id HAVING count(*) >= 2) r) AS "repeatStudents",
         count(*) FILTER (WHERE c.status <> 'Archived')::int AS "totalClasses",
         count(*) FILTER (WHERE c.status IN ('Open', 'Scheduled') AND c.start_date > $5)::int AS "openClasses",
         count(*) FILTER (WHERE c.status NOT IN ('Archived', 'Cancelled') AND c.start_date > $5)::int AS "upcomingClasses",
         count(*) FILTER (WHERE c.status <> 'Archived' AND c.enrolled_students >= c.max_students)::int AS "fullClasses"
       FROM classes c WHERE c.organization_id = $1`,
      [organizationId, p.start, p.end, p.previousStart, now],
    );
    // sum() of integers is a bigint, which pg hands over as a string.
    for (const f of NUMERIC_FIELDS) row[f] = Number(row[f]);
    return row;
  }

  /**
   * Classes at risk: a minimum, not confirmed or cancelled, not started, fewer active enrollments than
   * the minimum, and the go/no-go within 7 days (or passed without auto-cancel: the admin was told and still decides).
   * Soonest decision first.
   */
  classesAtRisk(organizationId: string, now: Date): Promise<AtRiskClass[]> {
    return this.db.query(
      `SELECT c.id, c.title, c.start_date AS "startDate", a.enrolled, c.min_enrollment AS "minEnrollment",
              c.start_date - make_interval(hours => c.decision_hours_before) AS "decisionAt"
         FROM classes c
         CROSS JOIN LATERAL (SELECT count(*)::int AS enrolled FROM enrollments e WHERE e.class_id = c.id AND e.status = 'active') a
        WHERE c.organization_id = $1 AND c.min_enrollment > 0 AND c.go_no_go = 'pending'
          AND c.status IN ('Open', 'Scheduled', 'Closed') AND c.start_date > $2
          AND c.start_date - make_interval(hours => c.decision_hours_before) <= $2 + interval '7 days'
          AND a.enrolled < c.min_enrollment
        ORDER BY "decisionAt", c.id
        LIMIT 50`,
      [organizationId, now],
    );
  }

  /** The non-archived class with the most revenue (then enrollments) from enrollments made in the period. */
  async topClass(organizationId: string, p: PeriodRange): Promise<TopClass | null> {
    const rows = await this.db.query(
      `SELECT c.id, c.title, count(*)::int AS enrollments,
              COALESCE(sum(e.amount_paid_cents - e.refunded_cents) FILTER (WHERE e.payment_status = 'completed'), 0)::int AS "revenueCents"
         FROM enrollments e JOIN classes c ON c.id = e.class_id AND c.organization_id = $1
        WHERE e.organization_id = $1 AND e.status = 'active' AND c.status <> 'Archived'
          AND e.enrollment_date >= $2 AND e.enrollment_date < $3
        GROUP BY c.id, c.title
        ORDER BY "revenueCents" DESC, enrollments DESC, c.title, c.id
        LIMIT 1`,
      [organizationId, p.start, p.end],
    );
    return rows[0] ?? null;
  }

  /** Active enrollments made in [from, to). */
  async enrollmentCount(organizationId: string, from: Date, to: Date): Promise<number> {
    const [row] = await this.db.query(
      `SELECT count(*)::int AS n FROM enrollments WHERE organization_id = $1 AND status = 'active' AND enrollment_date >= $2 AND enrollment_date < $3`,
      [organizationId, from, to],
    );
    return row.n;
  }
}
