import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** How a plan looks in the lists: its stored status, or `pastDue` while an active plan has a failed instalment. */
export type PlanListStatus = 'pending' | 'active' | 'pastDue' | 'completed' | 'cancelled';

export interface PlanListFilter {
  status?: PlanListStatus;
  classId?: string;
  termId?: string;
}

/** One payer's plan with who and what it is for, and where its money stands (cents). */
export interface PlanListRow {
  id: string;
  organizationId: string;
  enrollmentId: string;
  planName: string;
  status: PlanListStatus;
  studentId: string;
  studentName: string;
  studentEmail: string;
  classId: string;
  classTitle: string;
  termId: string | null;
  termName: string | null;
  totalCents: number;
  paidCents: number;
  nextDueAt: Date | null;
  nextAmountCents: number | null;
  createdAt: Date;
}

/** One instalment with its last attempt as the charging job recorded it. */
export interface InstalmentDetailRow {
  id: string;
  seq: number;
  dueAt: Date;
  amountCents: number;
  status: string;
  attempts: number;
  stripePaymentIntentId: string | null;
  lastOutcome: string | null;
  lastDeclineCode: string | null;
  nextAttemptAt: Date | null;
  paidAt: Date | null;
  /** A dispute of the charge that paid it: open, won, or lost (then it is unpaid again); null when never disputed. */
  disputeStatus: 'open' | 'won' | 'lost' | null;
}

/** One try to pay an instalment (payment_plan_attempts), oldest first. */
export interface AttemptRow {
  instalmentId: string;
  attemptedAt: Date;
  outcome: string;
  declineCode: string | null;
  stripePaymentIntentId: string | null;
  attemptKey: string | null;
}

export interface PlanDetailRow extends PlanListRow {
  depositCents: number;
  surchargeCents: number;
  stripeCustomerId: string;
  stripePaymentMethodId: string | null;
  stripeIntentId: string | null;
  consentText: string;
  consentVersion: number;
  consentedAt: Date;
  consentIp: string | null;
  consentUserAgent: string | null;
  activatedAt: Date | null;
}

/**
 * A read model for the plan screens (issue 40 §3-4): one query answers a list row with the payer's name, the class and
 * its term, and the money paid so far (the deposit once the plan is active, plus every paid instalment), where a chain
 * of service calls would take a round trip per plan. Reads only; every change of a plan belongs to
 * payment-plans.repository.ts and the ledger.
 */
const LIST = `
  SELECT p.id, p.organization_id AS "organizationId", p.enrollment_id AS "enrollmentId", p.plan_name AS "planName",
         CASE WHEN p.status = 'active' AND EXISTS (SELECT 1 FROM payment_plan_instalments f
                WHERE f.organization_id = p.organization_id AND f.payer_plan_id = p.id AND f.status = 'failed')
              THEN 'pastDue' ELSE p.status END AS status,
         p.student_id AS "studentId", trim(s.first_name || ' ' || s.last_name) AS "studentName", s.email AS "studentEmail",
         c.id AS "classId", c.title AS "classTitle", t.id AS "termId", t.name AS "termName",
         p.total_cents AS "totalCents",
         (CASE WHEN p.activated_at IS NULL THEN 0 ELSE p.deposit_cents END
           + coalesce((SELECT sum(i.amount_cents) FROM payment_plan_instalments i
                WHERE i.organization_id = p.organization_id AND i.payer_plan_id = p.id AND i.status = 'paid'), 0))::int AS "paidCents",
         n.due_at AS "nextDueAt", n.amount_cents AS "nextAmountCents", p.created_at AS "createdAt"`;
const FROM = `
    FROM payer_plans p
    JOIN enrollments e ON e.id = p.enrollment_id AND e.organization_id = p.organization_id
    JOIN students s ON s.id = p.student_id AND s.organization_id = p.organization_id
    JOIN classes c ON c.id = e.class_id AND c.organization_id = p.organization_id
    LEFT JOIN terms t ON t.id = c.term_id AND t.organization_id = p.organization_id
    LEFT JOIN LATERAL (SELECT due_at, amount_cents FROM payment_plan_instalments i
       WHERE i.organization_id = p.organization_id AND i.payer_plan_id = p.id AND i.status IN ('scheduled', 'failed', 'processing')
       ORDER BY i.seq LIMIT 1) n ON true`;
const DETAIL = `${LIST}, p.deposit_cents AS "depositCents", p.surcharge_cents AS "surchargeCents",
         p.stripe_customer_id AS "stripeCustomerId", p.stripe_payment_method_id AS "stripePaymentMethodId",
         p.stripe_intent_id AS "stripeIntentId", p.consent_text AS "consentText", p.consent_version AS "consentVersion",
         p.consented_at AS "consentedAt", p.consent_ip AS "consentIp", p.consent_user_agent AS "consentUserAgent",
         p.activated_at AS "activatedAt"`;

@Injectable()
export class PlanReadsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** An organization's plans, newest first, at most `limit`; the status filter sees `pastDue` as the list shows it. */
  list(organizationId: string, f: PlanListFilter, limit = 1000): Promise<PlanListRow[]> {
    return this.db.query(
      `SELECT * FROM (${LIST} ${FROM}
         WHERE p.organization_id = $1 AND ($2::uuid IS NULL OR c.id = $2) AND ($3::uuid IS NULL OR t.id = $3)) x
        WHERE $4::text IS NULL OR x.status = $4
        ORDER BY x."createdAt" DESC, x.id LIMIT $5`,
      [organizationId, f.classId ?? null, f.termId ?? null, f.status ?? null, limit],
    );
  }

  /** One plan of this organization (by its id, or the enrollment's with `byEnrollment`), or null. */
  async one(organizationId: string, id: string, byEnrollment = false): Promise<PlanDetailRow | null> {
    const rows = await this.db.query(
      `${DETAIL} ${FROM}
       WHERE p.organization_id = $1 AND ${byEnrollment ? 'p.enrollment_id' : 'p.id'} = $2`,
      [organizationId, id],
    );
    return rows[0] ?? null;
  }

  /** The plans of these students (the portal's: the signed-in student and their household), newest first; none pending. */
  ofStudents(organizationId: string, studentIds: string[]): Promise<PlanDetailRow[]> {
    return this.db.query(
      `${DETAIL} ${FROM}
       WHERE p.organization_id = $1 AND p.student_id = ANY($2::uuid[]) AND p.status <> 'pending'
       ORDER BY p.created_at DESC, p.id`,
      [organizationId, studentIds],
    );
  }

  /** Every try to pay the plan's instalments, oldest first (the admin's plan page). */
  attempts(organizationId: string, planId: string): Promise<AttemptRow[]> {
    return this.db.query(
      `SELECT a.instalment_id AS "instalmentId", a.attempted_at AS "attemptedAt", a.outcome, a.decline_code AS "declineCode",
              a.stripe_payment_intent_id AS "stripePaymentIntentId", a.attempt_key AS "attemptKey"
         FROM payment_plan_attempts a JOIN payment_plan_instalments i ON i.id = a.instalment_id AND i.organization_id = a.organization_id
        WHERE a.organization_id = $1 AND i.payer_plan_id = $2 ORDER BY a.attempted_at, a.id`,
      [organizationId, planId],
    );
  }

  instalments(organizationId: string, planId: string): Promise<InstalmentDetailRow[]> {
    return this.db.query(
      `SELECT id, seq, due_at AS "dueAt", amount_cents AS "amountCents", status, attempts,
              stripe_payment_intent_id AS "stripePaymentIntentId", last_outcome AS "lastOutcome",
              last_decline_code AS "lastDeclineCode", next_attempt_at AS "nextAttemptAt", paid_at AS "paidAt",
              dispute_status AS "disputeStatus"
         FROM payment_plan_instalments WHERE organization_id = $1 AND payer_plan_id = $2 ORDER BY seq`,
      [organizationId, planId],
    );
  }
}
