import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** One plan with money still to come (cents), for the outstanding balances report. */
export interface OutstandingRow {
  planId: string;
  studentName: string;
  studentEmail: string;
  classTitle: string;
  termName: string | null;
  planName: string;
  pastDue: boolean;
  totalCents: number;
  paidCents: number;
  balanceCents: number;
  overdueCents: number;
  nextDueAt: Date | null;
}

/** One month of instalments (in the organization's zone), by what became of them (cents). */
export interface DueMonthRow {
  month: string;
  instalments: number;
  dueCents: number;
  paidCents: number;
  processingCents: number;
  outstandingCents: number;
  overdueCents: number;
}

/** Unpaid: scheduled, failed (a decline or a dispute lost) or still processing. Overdue: unpaid and due before now. */
const UNPAID = `i.status IN ('scheduled', 'failed')`;

/**
 * The receivables of an organization's payment plans (issue 40 §4 "Reports"), for the reporting module: what each
 * open plan still owes (and how much of it is overdue), and the instalments due month by month. Reads of the
 * payment-plans tables and, for the names, the students, classes and terms they point at (a read model).
 */
@Injectable()
export class PlanReceivablesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  outstanding(organizationId: string): Promise<OutstandingRow[]> {
    return this.db.query(
      `SELECT p.id AS "planId", trim(s.first_name || ' ' || s.last_name) AS "studentName", s.email AS "studentEmail",
              c.title AS "classTitle", t.name AS "termName", p.plan_name AS "planName", p.past_due_since IS NOT NULL AS "pastDue",
              p.total_cents AS "totalCents", x.paid AS "paidCents", p.total_cents - x.paid AS "balanceCents", x.overdue AS "overdueCents",
              x.next AS "nextDueAt"
         FROM payer_plans p
         JOIN students s ON s.id = p.student_id AND s.organization_id = p.organization_id
         JOIN enrollments e ON e.id = p.enrollment_id AND e.organization_id = p.organization_id
         JOIN classes c ON c.id = e.class_id AND c.organization_id = p.organization_id
         LEFT JOIN terms t ON t.id = c.term_id AND t.organization_id = p.organization_id
         CROSS JOIN LATERAL (
           SELECT (p.deposit_cents + coalesce(sum(i.amount_cents) FILTER (WHERE i.status = 'paid'), 0))::int AS paid,
                  coalesce(sum(i.amount_cents) FILTER (WHERE ${UNPAID} AND i.due_at < now()), 0)::int AS overdue,
                  min(i.due_at) FILTER (WHERE ${UNPAID} OR i.status = 'processing') AS next
             FROM payment_plan_instalments i WHERE i.organization_id = p.organization_id AND i.payer_plan_id = p.id) x
        WHERE p.organization_id = $1 AND p.status = 'active'
        ORDER BY x.overdue DESC, "studentName", p.id`,
      [organizationId],
    );
  }

  dueByMonth(organizationId: string, timeZone: string): Promise<DueMonthRow[]> {
    return this.db.query(
      `SELECT to_char(i.due_at AT TIME ZONE $2, 'YYYY-MM') AS month, count(*)::int AS instalments,
              sum(i.amount_cents)::int AS "dueCents",
              coalesce(sum(i.amount_cents) FILTER (WHERE i.status = 'paid'), 0)::int AS "paidCents",
              coalesce(sum(i.amount_cents) FILTER (WHERE i.status = 'processing'), 0)::int AS "processingCents",
              coalesce(sum(i.amount_cents) FILTER (WHERE ${UNPAID}), 0)::int AS "outstandingCents",
              coalesce(sum(i.amount_cents) FILTER (WHERE ${UNPAID} AND i.due_at < now()), 0)::int AS "overdueCents"
         FROM payment_plan_instalments i
         JOIN payer_plans p ON p.id = i.payer_plan_id AND p.organization_id = i.organization_id
        WHERE i.organization_id = $1 AND p.status IN ('active', 'completed') AND i.status NOT IN ('waived', 'cancelled')
        GROUP BY 1 ORDER BY 1`,
      [organizationId, timeZone],
    );
  }
}
