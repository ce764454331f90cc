import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The money side of payment plans after a charge (issue 40 §2, §4, §5):
 * - `payer_plans.paused_at`: an admin paused the plan; the charging job skips it until resumed (instalments that fell due
 *   meanwhile are then due, each charged once by the usual claim). `past_due_since`: when the plan went past due (a
 *   failed instalment older than the grace days); `released_at`: its seat was released by the past-due job.
 * - `payment_plan_instalments.paid_via`: how a paid instalment was paid ('card' off-session or on-session, 'in-person'
 *   at the door); `hard_declined_method`: the method a hard decline refused, so "retry now" knows whether a new one
 *   was saved since; `reminded_for`: the due date the payer was last reminded of (a moved date is reminded again).
 * - `payment_plan_settings.reminder_days`: how many days before a due date the payer is reminded (0: never).
 * - `enrollments.past_due_since`: the flag rosters, the student panel and the teacher's roll call show. Written only by
 *   the registration module (on the payment-plans job's word), so those reads stay within their own table.
 */
export class PlanMoney1772001000000 implements MigrationInterface {
  name = 'PlanMoney1772001000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE payer_plans
        ADD COLUMN paused_at timestamptz,
        ADD COLUMN past_due_since timestamptz,
        ADD COLUMN released_at timestamptz;
      ALTER TABLE payment_plan_instalments
        ADD COLUMN paid_via text CHECK (paid_via IN ('card', 'in-person')),
        ADD COLUMN hard_declined_method text,
        ADD COLUMN reminded_for timestamptz;
      ALTER TABLE payment_plan_settings
        ADD COLUMN reminder_days integer NOT NULL DEFAULT 3 CHECK (reminder_days BETWEEN 0 AND 30);
      ALTER TABLE enrollments ADD COLUMN past_due_since timestamptz;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE enrollments DROP COLUMN past_due_since;
      ALTER TABLE payment_plan_settings DROP COLUMN reminder_days;
      ALTER TABLE payment_plan_instalments DROP COLUMN paid_via, DROP COLUMN hard_declined_method, DROP COLUMN reminded_for;
      ALTER TABLE payer_plans DROP COLUMN paused_at, DROP COLUMN past_due_since, DROP COLUMN released_at;
    `);
  }
}
