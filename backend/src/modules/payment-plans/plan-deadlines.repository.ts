import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { returning } from '../../common/db/returning';

/** An instalment whose payer is reminded of it now. */
export interface ReminderDue {
  id: string;
  organizationId: string;
  payerPlanId: string;
  enrollmentId: string;
  seq: number;
  amountCents: number;
  dueAt: Date;
}

/** A plan that just went past due, or whose seat is to be released now. */
export interface PlanPastDue {
  id: string;
  organizationId: string;
  enrollmentId: string;
  overdueCents: number;
  /** When the seat will be released (the setting says release), or null (flag only). */
  releaseAt: Date | null;
}

/** Unpaid and tried at least once (a failed one, or a soft decline waiting for its retry), due longer ago than the grace. */
const OVERDUE = `i.payer_plan_id = p.id AND (i.status = 'failed' OR (i.status = 'scheduled' AND i.attempts > 0))
  AND i.due_at + make_interval(days => coalesce(s.grace_days, 7)) < now()`;

/**
 * The dates a plan's payer and organization are told about (issue 40 §2, §3): reminders before a due date, past due
 * after the grace days, and the seat's release after more days when the organization chose it. Each claim is one
 * conditional UPDATE (the row it marks is what the next run skips), so however many instances run the job, each
 * reminder, past-due notice and release happens once.
 */
@Injectable()
export class PlanDeadlinesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Scheduled instalments due within the organization's reminder days, not yet reminded of this due date. */
  claimReminders(m: EntityManager, limit: number): Promise<ReminderDue[]> {
    return returning<ReminderDue>(
      m,
      `UPDATE payment_plan_instalments i SET reminded_for = i.due_at
         FROM payer_plans p LEFT JOIN payment_plan_settings s ON s.organization_id = p.organization_id
        WHERE p.id = i.payer_plan_id AND i.id IN (
          SELECT x.id FROM payment_plan_instalments x
            JOIN payer_plans xp ON xp.id = x.payer_plan_id AND xp.status = 'active' AND xp.paused_at IS NULL
            LEFT JOIN payment_plan_settings xs ON xs.organization_id = xp.organization_id
           WHERE x.status = 'scheduled' AND x.attempts = 0 AND coalesce(xs.reminder_days, 3) > 0 AND x.due_at > now()
             AND x.due_at <= now() + make_interval(days => coalesce(xs.reminder_days, 3))
             AND x.reminded_for IS DISTINCT FROM x.due_at
           ORDER BY x.due_at LIMIT $1 FOR UPDATE OF x SKIP LOCKED)
        RETURNING i.id, i.organization_id AS "organizationId", i.payer_plan_id AS "payerPlanId", p.enrollment_id AS "enrollmentId",
                  i.seq, i.amount_cents AS "amountCents", i.due_at AS "dueAt"`,
      [limit],
    );
  }

  /** Active plans with an instalment overdue past the grace days, marked past due now (once). */
  claimPastDue(m: EntityManager, limit: number): Promise<PlanPastDue[]> {
    return returning<PlanPastDue>(
      m,
      `WITH due AS (
         SELECT p.id FROM payer_plans p LEFT JOIN payment_plan_settings s ON s.organization_id = p.organization_id
          WHERE p.status = 'active' AND p.past_due_since IS NULL
            AND EXISTS (SELECT 1 FROM payment_plan_instalments i WHERE ${OVERDUE})
          LIMIT $1 FOR UPDATE OF p SKIP LOCKED)
       UPDATE payer_plans p SET past_due_since = now() FROM due WHERE p.id = due.id
       RETURNING p.id, p.organization_id AS "organizationId", p.enrollment_id AS "enrollmentId",
         (SELECT coalesce(sum(i.amount_cents), 0)::int FROM payment_plan_instalments i
            LEFT JOIN payment_plan_settings s ON s.organization_id = p.organization_id WHERE ${OVERDUE}) AS "overdueCents",
         (SELECT now() + make_interval(days => coalesce(s.release_after_days, 7)) FROM payment_plan_settings s
           WHERE s.organization_id = p.organization_id AND s.past_due_action = 'release') AS "releaseAt"`,
      [limit],
    );
  }

  /** Past-due plans whose release day came (the organization releases seats), not yet released. */
  releasesDue(limit: number): Promise<PlanPastDue[]> {
    return this.db.query(
      `SELECT p.id, p.organization_id AS "organizationId", p.enrollment_id AS "enrollmentId", 0 AS "overdueCents", now() AS "releaseAt"
         FROM payer_plans p JOIN payment_plan_settings s ON s.organization_id = p.organization_id
        WHERE p.status = 'active' AND p.released_at IS NULL AND p.past_due_since IS NOT NULL AND s.past_due_action = 'release'
          AND p.past_due_since + make_interval(days => coalesce(s.release_after_days, 7)) <= now()
        ORDER BY p.past_due_since LIMIT $1`,
      [limit],
    );
  }

  /** The plan's seat was released (the cancellation cancelled the plan too): recorded once. */
  async markReleased(m: EntityManager, payerPlanId: string): Promise<void> {
    await m.query(`UPDATE payer_plans SET released_at = now() WHERE id = $1 AND released_at IS NULL`, [payerPlanId]);
  }

  /** The plan is no longer past due when nothing overdue is left (paid, waived, cancelled); true when it changed. */
  async clearPastDue(m: EntityManager, payerPlanId: string): Promise<boolean> {
    const rows = await returning<{ id: string }>(
      m,
      `UPDATE payer_plans p SET past_due_since = NULL
        WHERE p.id = $1 AND p.past_due_since IS NOT NULL AND NOT EXISTS (
          SELECT 1 FROM payment_plan_instalments i LEFT JOIN payment_plan_settings s ON s.organization_id = p.organization_id
           WHERE ${OVERDUE})
        RETURNING p.id`,
      [payerPlanId],
    );
    return rows.length > 0;
  }

  /** The plan of an enrollment, for the cancellation path: cancelled with every instalment not yet paid. Its total, or null. */
  async cancelWithEnrollment(m: EntityManager, organizationId: string, enrollmentId: string): Promise<{ totalCents: number } | null> {
    const plans = await returning<{ id: string; totalCents: number }>(
      m,
      `UPDATE payer_plans SET status = 'cancelled', paused_at = NULL, past_due_since = NULL
        WHERE organization_id = $1 AND enrollment_id = $2 AND status IN ('active', 'pending')
        RETURNING id, total_cents AS "totalCents"`,
      [organizationId, enrollmentId],
    );
    if (!plans.length) return null;
    await m.query(
      `UPDATE payment_plan_instalments SET status = 'cancelled', next_attempt_at = NULL, updated_at = now()
        WHERE organization_id = $1 AND payer_plan_id = $2 AND status IN ('scheduled', 'failed')`,
      [organizationId, plans[0].id],
    );
    return { totalCents: plans[0].totalCents };
  }
}
