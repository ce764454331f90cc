import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** A report's range: calendar dates (inclusive) read in the organization's zone, optionally one class. */
export interface ReportRange {
  organizationId: string;
  startDate: string;
  endDate: string;
  timeZone: string;
  classId?: string;
}

export interface OrganizationHeader {
  name: string;
  timeZone: string | null;
  primaryColor: string | null;
  secondaryColor: string | null;
}

export interface EnrollmentRow {
  classId: string;
  className: string;
  classStart: Date;
  enrolled: number;
  cancelled: number;
  capacity: number;
}

export interface RevenueRow {
  classId: string;
  className: string;
  grossCents: number;
  cardCents: number;
  inPersonCents: number;
  platformFeeCents: number;
  organizationCents: number;
  refundsCents: number;
  payments: number;
}

/**
 * One discount line (a rule such as 'Early bird discount', or 'Promo code X') over the payments of a range in one
 * class (an enrollment is in one class, so summing a label's rows over the classes counts each enrollment once).
 */
export interface DiscountLineRow {
  classId: string;
  label: string;
  enrollments: number;
  amountCents: number;
}

export interface AttendanceRow {
  classId: string;
  className: string;
  sessionIndex: number;
  sessionDate: Date;
  date: string;
  enrolled: number;
  present: number;
  absent: number;
}

/*
 * The range as a half-open interval of instants: from midnight of startDate to midnight after endDate, both in
 * the organization's zone ($2, $3 dates; $4 the zone). Every report uses these two expressions.
 */
const LO = `(($2::date)::timestamp AT TIME ZONE $4)`;
const HI = `((($3::date) + 1)::timestamp AT TIME ZONE $4)`;
/** A class filter that is a no-op when $5 is null. */
const CLASS = `($5::uuid IS NULL OR c.id = $5::uuid)`;
/**
 * A succeeded refund `rf` with its enrollment `e` (class and status), looked up by the enrollment's primary key. A
 * plain join lets the planner hash every money row of the table to match the few refunds of the range (a seq scan
 * of 100,000 enrollments for 5,000 refunds: about 40% of the revenue report's database time); OFFSET 0 keeps the
 * subquery from being folded into a join, so each refund costs one index probe whatever the statistics say.
 */
const REFUND_WITH_ENROLLMENT = `refunds rf CROSS JOIN LATERAL (
    SELECT x.class_id, x.status FROM enrollments x WHERE x.id = rf.enrollment_id OFFSET 0) e`;
/** The same filter and "not an archived class" on an enrollment `e`, without joining classes row by row. */
const CLASS_OF_E = `($5::uuid IS NULL OR e.class_id = $5::uuid)
  AND e.class_id NOT IN (SELECT id FROM classes WHERE organization_id = $1 AND status = 'Archived')`;

/**
 * Money that counts (the decision is recorded in docs/decisions/money-that-counts.md): what `active` and
 * `cancelled` enrollments really paid (a cancelled one keeps its money trail; its refunds are netted out
 * separately). `held` and `expired` rows never count: their money is not the organization's (a late payment into an
 * expired hold is refunded in full).
 */
const MONEY_STATUSES = `('active', 'cancelled')`;

/**
 * Read model of the reports: aggregates over classes, enrollments, refunds and attendance (owned and
 * written by their modules), one query per report so a report over 100,000 enrollments stays one round trip.
 * Archived classes are left out of every report (spec 3 §4).
 */
@Injectable()
export class ReportsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async organization(organizationId: string): Promise<OrganizationHeader | null> {
    const [row] = await this.db.query(
      `SELECT COALESCE(NULLIF(branding->>'businessName', ''), name) AS name, settings->>'timeZone' AS "timeZone",
              branding->>'primaryColor' AS "primaryColor", branding->>'secondaryColor' AS "secondaryColor"
         FROM organizations WHERE id = $1`,
      [organizationId],
    );
    return row ?? null;
  }

  /** Whether the class is one of the organization's reportable (non-archived) classes. */
  async hasClass(organizationId: string, classId: string): Promise<boolean> {
    const rows = await this.db.query(`SELECT 1 FROM classes WHERE id = $1 AND organization_id = $2 AND status <> 'Archived'`, [
      classId,
      organizationId,
    ]);
    return rows.length > 0;
  }

  private args(r: ReportRange) {
    return [r.organizationId, r.startDate, r.endDate, r.timeZone, r.classId ?? null];
  }

  /**
   * Per class: enrollments made in the range that are active (enrolled) or were cancelled since, and the
   * capacity. A class shows when it had an enrollment in the range or starts in it.
   */
  enrollmentByClass(r: ReportRange): Promise<EnrollmentRow[]> {
    return this.db.query(
      `SELECT c.id AS "classId", c.title AS "className", c.start_date AS "classStart", c.max_students AS capacity,
              COALESCE(e.enrolled, 0)::int AS enrolled, COALESCE(e.cancelled, 0)::int AS cancelled
         FROM classes c
         LEFT JOIN (
           SELECT class_id, count(*) FILTER (WHERE status = 'active') AS enrolled, count(*) FILTER (WHERE status = 'cancelled') AS cancelled
             FROM enrollments
            WHERE organization_id = $1 AND enrollment_date >= ${LO} AND enrollment_date < ${HI}
            GROUP BY class_id
         ) e ON e.class_id = c.id
        WHERE c.organization_id = $1 AND c.status <> 'Archived' AND ${CLASS}
          AND (e.class_id IS NOT NULL OR (c.start_date >= ${LO} AND c.start_date < ${HI}))
        ORDER BY c.start_date, c.title, c.id`,
      this.args(r),
    );
  }

  /** Active enrollments per local day of the range (days without any are filled in by the service). */
  enrollmentByDay(r: ReportRange): Promise<{ date: string; enrollments: number }[]> {
    return this.db.query(
      // Counted per quarter hour first (plain arithmetic, every zone's offset is a multiple of 15 minutes), then
      // the few thousand bins are put on their local day: a year of enrollments never goes through the zone rules.
      `SELECT to_char(day, 'YYYY-MM-DD') AS date, sum(n)::int AS enrollments FROM (
         SELECT (bin AT TIME ZONE $4)::date AS day, n FROM (
           SELECT date_bin('15 minutes', e.enrollment_date, '2000-01-01T00:00:00Z') AS bin, count(*) AS n
             FROM enrollments e
            WHERE e.organization_id = $1 AND e.status = 'active' AND ${CLASS_OF_E}
              AND e.enrollment_date >= ${LO} AND e.enrollment_date < ${HI}
            GROUP BY 1) b) d GROUP BY day ORDER BY day`,
      this.args(r),
    );
  }

  /**
   * Per class: payments received in the range (by paid_at) and succeeded refunds made in the range (by their
   * date), so a refund lowers the period it happened in. The organization's share of a card payment is what
   * Stripe transferred (organization_amount_cents); of an in-person payment, all of it. Refunds come out of the
   * organization's share (the platform fee is not returned on a refund).
   */
  revenueByClass(r: ReportRange): Promise<RevenueRow[]> {
    return this.db
      .query(
        `WITH paid AS (
           SELECT e.class_id, sum(e.amount_paid_cents) AS gross,
                  sum(e.amount_paid_cents) FILTER (WHERE e.payment_method = 'card') AS card,
                  sum(e.amount_paid_cents) FILTER (WHERE e.payment_method <> 'card') AS in_person,
                  sum(CASE WHEN e.payment_method = 'card' THEN e.platform_fee_cents ELSE 0 END) AS fee,
                  sum(CASE WHEN e.payment_method = 'card' THEN e.organization_amount_cents ELSE e.amount_paid_cents END) AS org,
                  count(*) AS payments
             FROM enrollments e
            WHERE e.organization_id = $1 AND e.status IN ${MONEY_STATUSES} AND e.amount_paid_cents > 0
              AND e.paid_at >= ${LO} AND e.paid_at < ${HI}
            GROUP BY e.class_id
         ), refunded AS (
           SELECT e.class_id, sum(rf.amount_cents) AS refunds
             FROM ${REFUND_WITH_ENROLLMENT}
            WHERE rf.organization_id = $1 AND rf.status = 'succeeded' AND e.status IN ${MONEY_STATUSES}
              AND rf.created_at >= ${LO} AND rf.created_at < ${HI}
            GROUP BY e.class_id
         )
         SELECT c.id AS "classId", c.title AS "className",
                COALESCE(p.gross, 0)::bigint AS "grossCents", COALESCE(p.card, 0)::bigint AS "cardCents",
                COALESCE(p.in_person, 0)::bigint AS "inPersonCents", COALESCE(p.fee, 0)::bigint AS "platformFeeCents",
                COALESCE(p.org, 0)::bigint AS "organizationCents", COALESCE(rf.refunds, 0)::bigint AS "refundsCents",
                COALESCE(p.payments, 0)::int AS payments
           FROM classes c
           LEFT JOIN paid p ON p.class_id = c.id
           LEFT JOIN refunded rf ON rf.class_id = c.id
          WHERE c.organization_id = $1 AND c.status <> 'Archived' AND ${CLASS}
            AND (p.class_id IS NOT NULL OR rf.class_id IS NOT NULL)
          ORDER BY c.start_date, c.title, c.id`,
        this.args(r),
      )
      .then(
        (rows: Record<string, string | number>[]) =>
          rows.map((x) => ({
            ...x,
            // bigint sums arrive as strings; cents of an organization stay far below 2^53.
            grossCents: Number(x.grossCents),
            cardCents: Number(x.cardCents),
            inPersonCents: Number(x.inPersonCents),
            platformFeeCents: Number(x.platformFeeCents),
            organizationCents: Number(x.organizationCents),
            refundsCents: Number(x.refundsCents),
          })) as RevenueRow[],
      );
  }

  /**
   * The discounts given on the payments received in the range (the same payments as revenueByClass), per class and
   * line of the enrollments' price quotes: each automatic discount rule and each promo code, with how many paid
   * enrollments it took something off and how much in all. The report's per-class discounts are these rows summed
   * by class: one pass over the quotes (summing each enrollment's quote inside revenueByClass instead ran a subquery
   * per payment and cost more than the rest of that statement). Only quotes with a negative line are read: the
   * `@?` condition is the partial index enrollments_org_discounted_paid_idx's, word for word (keep them the same,
   * or the planner cannot use it and reads every payment of the range instead).
   */
  async discountLines(r: ReportRange): Promise<DiscountLineRow[]> {
    const rows: { classId: string; label: string; enrollments: number; cents: string }[] = await this.db.query(
      `SELECT e.class_id AS "classId", l->>'label' AS label, count(DISTINCT e.id)::int AS enrollments,
              sum(round(-(l->>'amount')::numeric * 100)) AS cents
         FROM enrollments e CROSS JOIN LATERAL jsonb_array_elements(e.price_breakdown) l
        WHERE e.organization_id = $1 AND e.status IN ${MONEY_STATUSES} AND e.amount_paid_cents > 0
          AND ${CLASS_OF_E} AND e.paid_at >= ${LO} AND e.paid_at < ${HI}
          AND e.price_breakdown @? '$[*] ? (@.amount < 0)' AND (l->>'amount')::numeric < 0
        GROUP BY 1, 2 ORDER BY 2, 1`,
      this.args(r),
    );
    return rows.map((x) => ({ classId: x.classId, label: x.label, enrollments: x.enrollments, amountCents: Number(x.cents) }));
  }

  /** The instants a range of local days starts and ends at, in the organization's zone. */
  async instants(r: ReportRange): Promise<{ from: Date; to: Date }> {
    // The range's own SQL bounds ($1, the organization, is unused but keeps the parameters' numbering).
    const [row] = await this.db.query(`SELECT ${LO} AS "from", ${HI} AS "to" WHERE $1::uuid IS NOT NULL`, [
      r.organizationId,
      r.startDate,
      r.endDate,
      r.timeZone,
    ]);
    return row as { from: Date; to: Date };
  }

  /** Net money per local day: payments received minus refunds made that day. */
  async revenueByDay(r: ReportRange): Promise<{ date: string; grossCents: number; refundsCents: number }[]> {
    const rows: { date: string; gross: string; refunds: string }[] = await this.db.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS date, sum(gross) AS gross, sum(refunds) AS refunds FROM (
         SELECT (bin AT TIME ZONE $4)::date AS day, gross, refunds FROM (
           SELECT date_bin('15 minutes', e.paid_at, '2000-01-01T00:00:00Z') AS bin, sum(e.amount_paid_cents) AS gross, 0 AS refunds
             FROM enrollments e
            WHERE e.organization_id = $1 AND e.status IN ${MONEY_STATUSES} AND e.amount_paid_cents > 0
              AND ${CLASS_OF_E} AND e.paid_at >= ${LO} AND e.paid_at < ${HI}
            GROUP BY 1
           UNION ALL
           SELECT date_bin('15 minutes', rf.created_at, '2000-01-01T00:00:00Z'), 0, sum(rf.amount_cents)
             FROM ${REFUND_WITH_ENROLLMENT}
            WHERE rf.organization_id = $1 AND rf.status = 'succeeded' AND e.status IN ${MONEY_STATUSES}
              AND ${CLASS_OF_E} AND rf.created_at >= ${LO} AND rf.created_at < ${HI}
            GROUP BY 1) b
       ) m GROUP BY day ORDER BY day`,
      this.args(r),
    );
    return rows.map((x) => ({ date: x.date, grossCents: Number(x.gross), refundsCents: Number(x.refunds) }));
  }

  /**
   * Per class and session held in the range (sessions follow the class's schedule: the class_session_start SQL
   * function, the same rule as sessionDates()). Only currently active enrollments count, as on the attendance screen;
   * cancelled classes held no session. The marks come from `attendance_tallies` (present and absent per class
   * and session over active enrollments, kept by triggers: migration 1765500000000), so a year is one row per
   * session instead of every mark of the organization joined with its enrollments; the roster is an
   * index-only count per class in the range. One round trip.
   */
  attendanceBySession(r: ReportRange): Promise<AttendanceRow[]> {
    return this.db.query(
      `WITH s AS MATERIALIZED (
         SELECT id AS "classId", title AS "className", idx AS "sessionIndex", at AS "sessionDate",
                to_char(at AT TIME ZONE $4, 'YYYY-MM-DD') AS date
           FROM (
             SELECT c.id, c.title, s.idx,
                    class_session_start(c.start_date, c.schedule, s.idx) AS at
               FROM classes c CROSS JOIN LATERAL generate_series(0, LEAST(c.days, 366) - 1) AS s(idx)
              WHERE c.organization_id = $1 AND c.status NOT IN ('Archived', 'Cancelled') AND ${CLASS} AND c.start_date < ${HI}
           ) x
          WHERE at >= ${LO} AND at < ${HI}
       ), roster AS MATERIALIZED (
         SELECT k.id, (SELECT count(*) FROM enrollments e WHERE e.class_id = k.id AND e.status = 'active')::int AS n
           FROM (SELECT DISTINCT "classId" AS id FROM s) k
       )
       SELECT s."classId", s."className", s."sessionIndex", s."sessionDate", s.date, COALESCE(r.n, 0) AS enrolled,
              COALESCE(t.present, 0) AS present, COALESCE(t.absent, 0) AS absent
         FROM s
         LEFT JOIN roster r ON r.id = s."classId"
         LEFT JOIN attendance_tallies t ON t.class_id = s."classId" AND t.session_index = s."sessionIndex"
        ORDER BY s."sessionDate", s."className", s."classId"`,
      this.args(r),
    );
  }

  /** The period metrics of one calendar month in the organization's zone (spec 3 §3). */
  async periodMetrics(r: ReportRange) {
    const [row] = await this.db.query(
      `SELECT
         (SELECT COALESCE(sum(e.amount_paid_cents), 0) FROM enrollments e JOIN classes c ON c.id = e.class_id
           WHERE e.organization_id = $1 AND e.status IN ${MONEY_STATUSES} AND c.status <> 'Archived' AND ${CLASS}
             AND e.paid_at >= ${LO} AND e.paid_at < ${HI})::bigint AS "grossCents",
         (SELECT COALESCE(sum(rf.amount_cents), 0) FROM refunds rf JOIN enrollments e ON e.id = rf.enrollment_id JOIN classes c ON c.id = e.class_id
           WHERE rf.organization_id = $1 AND rf.status = 'succeeded' AND e.status IN ${MONEY_STATUSES} AND c.status <> 'Archived' AND ${CLASS}
             AND rf.created_at >= ${LO} AND rf.created_at < ${HI})::bigint AS "refundsCents",
         (SELECT count(*) FROM enrollments e JOIN classes c ON c.id = e.class_id WHERE e.organization_id = $1 AND e.status = 'active'
             AND c.status <> 'Archived' AND ${CLASS} AND e.enrollment_date >= ${LO} AND e.enrollment_date < ${HI})::int AS enrollments,
         (SELECT count(*) FROM students s WHERE s.organization_id = $1
             AND s.registration_date >= ${LO} AND s.registration_date < ${HI})::int AS "newStudents",
         (SELECT count(*) FROM classes c WHERE c.organization_id = $1 AND c.status NOT IN ('Archived', 'Cancelled') AND ${CLASS}
             AND c.start_date >= ${LO} AND c.start_date < ${HI})::int AS "classesHeld",
         (SELECT avg(n) FROM (SELECT count(e.id) AS n FROM classes c LEFT JOIN enrollments e ON e.class_id = c.id AND e.status = 'active'
             WHERE c.organization_id = $1 AND c.status NOT IN ('Archived', 'Cancelled') AND ${CLASS}
               AND c.start_date >= ${LO} AND c.start_date < ${HI} GROUP BY c.id) k)::float AS "averageClassSize",
         (SELECT avg(sr.rating) FROM satisfaction_ratings sr
           WHERE sr.organization_id = $1 AND sr.created_at >= ${LO} AND sr.created_at < ${HI})::float AS "satisfaction"`,
      this.args(r),
    );
    return {
      grossCents: Number(row.grossCents),
      refundsCents: Number(row.refundsCents),
      enrollments: row.enrollments as number,
      newStudents: row.newStudents as number,
      classesHeld: row.classesHeld as number,
      averageClassSize: row.averageClassSize as number | null,
      satisfaction: row.satisfaction as number | null,
    };
  }

  /** Payments received in a range, one per enrollment (the spec's revenue transactions), newest first. */
  revenueTransactions(r: ReportRange, limit: number) {
    return this.db.query(
      `SELECT e.id, e.amount_paid_cents AS "amountCents", e.refunded_cents AS "refundedCents", e.class_id AS "classId",
              c.title AS "className", e.paid_at AS "transactionDate", e.payment_method AS "paymentMethod", e.status AS "enrollmentStatus"
         FROM enrollments e JOIN classes c ON c.id = e.class_id
        WHERE e.organization_id = $1 AND e.status IN ${MONEY_STATUSES} AND e.amount_paid_cents > 0
          AND c.status <> 'Archived' AND ${CLASS} AND e.paid_at >= ${LO} AND e.paid_at < ${HI}
        ORDER BY e.paid_at DESC, e.id LIMIT ${Number(limit)}`,
      this.args(r),
    );
  }

  /** Enrollments made in the range with their source (from the class_enrollment events). */
  enrollmentEvents(r: ReportRange, limit: number) {
    return this.db.query(
      `SELECT ev.id, ev.event_date AS "eventDate", ev.metadata->>'classId' AS "classId", ev.metadata->>'className' AS "className",
              ev.metadata->>'studentId' AS "studentId", COALESCE(ev.metadata->>'source', 'online') AS source
         FROM activity_events ev
        WHERE ev.organization_id = $1 AND ev.event_type = 'class_enrollment' AND NOT ev.client_reported
          AND ev.event_date >= ${LO} AND ev.event_date < ${HI} AND ($5::uuid IS NULL OR ev.metadata->>'classId' = $5::text)
        ORDER BY ev.event_date DESC, ev.id LIMIT ${Number(limit)}`,
      this.args(r),
    );
  }

  /** The classes whose last session passed in the range, with their ratings. */
  classCompletionEvents(r: ReportRange, limit: number) {
    return this.db.query(
      `SELECT ev.id, ev.event_date AS "eventDate", c.id AS "classId", c.title AS "className",
              (SELECT avg(rating)::float FROM satisfaction_ratings sr WHERE sr.class_id = c.id) AS "satisfactionRating",
              (SELECT count(*)::int FROM satisfaction_ratings sr WHERE sr.class_id = c.id) AS "ratings",
              (ev.metadata->>'studentsCount')::int AS "studentsCount"
         FROM activity_events ev JOIN classes c ON c.id = (ev.metadata->>'classId')::uuid
        WHERE ev.organization_id = $1 AND ev.event_type = 'class_completion' AND NOT ev.client_reported AND c.status <> 'Archived'
          AND ${CLASS} AND ev.event_date >= ${LO} AND ev.event_date < ${HI}
        ORDER BY ev.event_date DESC, ev.id LIMIT ${Number(limit)}`,
      this.args(r),
    );
  }
}
