import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { returning } from '../../common/db/returning';
import type { CancellationPolicy, PriceLine } from '../registration/enrollment.entity';

/** A registration as the portal shows it: the enrollment with its class and person (a read model, declared in docs/architecture.md). */
export interface PortalEnrollment {
  id: string;
  studentId: string;
  firstName: string;
  lastName: string;
  classId: string;
  classTitle: string;
  description: string;
  location: string;
  instructor: string;
  /** A drop-in's (classSessionId set): its session's start, and one day. */
  startDate: Date;
  days: number;
  schedule: 'Weekly' | 'Consecutive';
  /** A drop-in's session (issue 39 §3); null: the whole class. */
  classSessionId: string | null;
  /** The starts of the sessions held and of those cancelled, in order (a drop-in's: its own session only); null: none. */
  sessionStarts: Date[] | null;
  cancelledStarts: Date[] | null;
  duration: number;
  priceCents: number;
  discountPriceCents: number | null;
  status: 'held' | 'active' | 'cancelled' | 'expired';
  paymentMethod: 'card' | 'in-person';
  paymentStatus: 'pending' | 'completed' | 'failed';
  amountPaidCents: number;
  refundedCents: number;
  cancellationPolicy: CancellationPolicy[] | null;
  enrollmentDate: Date;
  cancelledAt: Date | null;
  stripePaymentIntentId: string | null;
  /** The price quoted when the seat was taken, and its lines (dollars, discounts negative); null before price quotes. */
  amountDueCents: number | null;
  priceBreakdown: PriceLine[] | null;
  /** The person's email, date of birth and household group: what a transfer keeps of the original price. */
  email: string;
  dateOfBirth: string | null;
  householdGroupId: string | null;
}

export interface PortalRefund {
  id: string;
  enrollmentId: string;
  amountCents: number;
  status: string;
  reason: string;
  source: string;
  stripeRefundId: string | null;
  createdAt: Date;
}

const ENROLLMENT = `e.id, e.student_id AS "studentId", s.first_name AS "firstName", s.last_name AS "lastName", e.class_id AS "classId",
  c.title AS "classTitle", c.description, c.location, c.instructor, coalesce(cs.starts_at, c.start_date) AS "startDate",
  CASE WHEN cs.id IS NULL THEN c.days ELSE 1 END AS days, c.schedule, c.duration, e.class_session_id AS "classSessionId",
  c.price_cents AS "priceCents", c.discount_price_cents AS "discountPriceCents", e.status, e.payment_method AS "paymentMethod",
  e.payment_status AS "paymentStatus", e.amount_paid_cents AS "amountPaidCents", e.refunded_cents AS "refundedCents",
  e.cancellation_policy AS "cancellationPolicy", e.enrollment_date AS "enrollmentDate", e.cancelled_at AS "cancelledAt",
  e.stripe_payment_intent_id AS "stripePaymentIntentId", e.amount_due_cents AS "amountDueCents", e.price_breakdown AS "priceBreakdown",
  s.email, s.date_of_birth::text AS "dateOfBirth", e.household_group_id AS "householdGroupId",
  (SELECT array_agg(x.starts_at ORDER BY x.session_index) FROM class_sessions x
    WHERE x.class_id = c.id AND x.status = 'scheduled' AND (cs.id IS NULL OR x.id = cs.id)) AS "sessionStarts",
  (SELECT array_agg(x.starts_at ORDER BY x.session_index) FROM class_sessions x
    WHERE x.class_id = c.id AND x.status = 'cancelled' AND (cs.id IS NULL OR x.id = cs.id)) AS "cancelledStarts"
  FROM enrollments e JOIN classes c ON c.id = e.class_id JOIN students s ON s.id = e.student_id
  LEFT JOIN class_sessions cs ON cs.id = e.class_session_id`;

/**
 * `portal_links` (this module's table: the sign-in links, stored as hashes) and the portal's read model of a
 * student's registrations: enrollments, classes, students, refunds and waitlist entries, read in one query each
 * instead of a round trip per registration. Every read is scoped by the organization and the student ids the
 * signed-in student may see.
 */
@Injectable()
export class PortalRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * True when the student may be sent another link: fewer than `limit` since `since`. Two requests at once for one
   * student wait on a transaction lock here, so the budget holds under concurrency (and on several instances).
   */
  async lockBudget(m: EntityManager, studentId: string, since: Date, limit: number): Promise<boolean> {
    await m.query("SELECT pg_advisory_xact_lock(hashtext('portal-link:' || $1))", [studentId]);
    const [row] = await m.query('SELECT count(*)::int AS n FROM portal_links WHERE student_id = $1 AND created_at > $2', [
      studentId,
      since,
    ]);
    return row.n < limit;
  }

  async insertLink(
    m: EntityManager,
    l: { organizationId: string; studentId: string; tokenHash: string; expiresAt: Date },
  ): Promise<string> {
    const [row] = await m.query(
      'INSERT INTO portal_links (organization_id, student_id, token_hash, expires_at) VALUES ($1, $2, $3, $4) RETURNING id',
      [l.organizationId, l.studentId, l.tokenHash, l.expiresAt],
    );
    return row.id;
  }

  /** Uses the link once: one UPDATE, so two concurrent exchanges of one link sign in once. Null: unknown, used or expired. */
  async consumeLink(tokenHash: string): Promise<{ id: string; organizationId: string; studentId: string } | null> {
    const rows = await returning<{ id: string; organizationId: string; studentId: string }>(
      this.db,
      `UPDATE portal_links SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
       RETURNING id, organization_id AS "organizationId", student_id AS "studentId"`,
      [tokenHash],
    );
    return rows[0] ?? null;
  }

  /** The signed-in student of a session (its link used, not signed out, the person not erased since), or null. */
  async sessionStudent(linkId: string, studentId: string) {
    const rows: { studentId: string; organizationId: string; firstName: string; lastName: string; email: string }[] = await this.db.query(
      `SELECT s.id AS "studentId", s.organization_id AS "organizationId", s.first_name AS "firstName", s.last_name AS "lastName", s.email
         FROM portal_links l JOIN students s ON s.id = l.student_id AND s.organization_id = l.organization_id
        WHERE l.id = $1 AND l.student_id = $2 AND l.used_at IS NOT NULL AND l.signed_out_at IS NULL AND s.status <> 'erased'`,
      [linkId, studentId],
    );
    return rows[0] ?? null;
  }

  async signOut(linkId: string): Promise<void> {
    await this.db.query('UPDATE portal_links SET signed_out_at = now() WHERE id = $1 AND signed_out_at IS NULL', [linkId]);
  }

  /** The registrations of these students (an expired card hold never was one), the next class first. */
  enrollments(organizationId: string, studentIds: string[]): Promise<PortalEnrollment[]> {
    return this.db.query(
      `SELECT ${ENROLLMENT} WHERE e.organization_id = $1 AND e.student_id = ANY($2::uuid[]) AND e.status <> 'expired'
        ORDER BY c.start_date, lower(s.first_name), e.id`,
      [organizationId, studentIds],
    );
  }

  /** One registration of these students, or null (another student's or organization's id reads as not found). */
  async enrollment(organizationId: string, studentIds: string[], id: string): Promise<PortalEnrollment | null> {
    const rows: PortalEnrollment[] = await this.db.query(
      `SELECT ${ENROLLMENT} WHERE e.id = $1 AND e.organization_id = $2 AND e.student_id = ANY($3::uuid[])`,
      [id, organizationId, studentIds],
    );
    return rows[0] ?? null;
  }

  refunds(enrollmentIds: string[]): Promise<PortalRefund[]> {
    if (!enrollmentIds.length) return Promise.resolve([]);
    return this.db.query(
      `SELECT id, enrollment_id AS "enrollmentId", amount_cents AS "amountCents", status, reason, source, stripe_refund_id AS "stripeRefundId",
              created_at AS "createdAt"
         FROM refunds WHERE enrollment_id = ANY($1::uuid[]) ORDER BY created_at, id`,
      [enrollmentIds],
    );
  }

  /** The email's live waitlist places, with their position in line (1 = next) and any offer. */
  waitlist(organizationId: string, email: string) {
    return this.db.query(
      `SELECT w.id, w.class_id AS "classId", c.title AS "classTitle", c.start_date AS "startDate", w.status,
              w.offer_expires_at AS "offerExpiresAt",
              (SELECT count(*)::int FROM waitlist_entries o
                WHERE o.class_id = w.class_id AND o.status IN ('waiting', 'offered') AND o.sort_key <= w.sort_key) AS position
         FROM waitlist_entries w JOIN classes c ON c.id = w.class_id
        WHERE w.organization_id = $1 AND lower(w.email) = lower($2) AND w.status IN ('waiting', 'offered')
        ORDER BY c.start_date, w.id`,
      [organizationId, email],
    ) as Promise<
      { id: string; classId: string; classTitle: string; startDate: Date; status: string; offerExpiresAt: Date | null; position: number }[]
    >;
  }
}
