import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { returning } from '../../common/db/returning';

/**
 * The enrollment's side of a payment plan (PlanEnrollmentMoney, plan-enrollment-money.ts): what a payment plan's instalments change on the enrollment they pay for (issue 40 §2): each instalment paid adds to
 * what was paid, in the same columns as the deposit (card) or a payment at the door, so refunds, reports, statements
 * and the student panel see every cent; and the past-due flag the rosters and the teacher's roll call show. The
 * payments module calls these in the transaction that records the instalment.
 */
@Injectable()
export class PlanEnrollmentMoneyRepository {
  /**
   * One instalment paid: `cents` more paid, `feeCents` of it the platform's (0 at the door). Only on a paid, live
   * enrollment (the deposit was recorded); false when there is none (cancelled meanwhile: the caller refunds).
   */
  async addInstalment(m: EntityManager, organizationId: string, enrollmentId: string, cents: number, feeCents: number): Promise<boolean> {
    const rows = await returning<{ id: string }>(
      m,
      `UPDATE enrollments SET amount_paid_cents = amount_paid_cents + $3::int, platform_fee_cents = platform_fee_cents + $4::int,
              organization_amount_cents = coalesce(organization_amount_cents, 0) + $3::int - $4::int
        WHERE id = $1 AND organization_id = $2 AND payment_status = 'completed' AND status = 'active' RETURNING id`,
      [enrollmentId, organizationId, cents, feeCents],
    );
    return rows.length > 0;
  }

  /**
   * One instalment's payment taken back (its dispute was lost): `cents` less paid, `feeCents` of it the platform's, on
   * a live enrollment that counted it; false when there is none (cancelled meanwhile: its refund settled the money).
   */
  async removeInstalment(
    m: EntityManager,
    organizationId: string,
    enrollmentId: string,
    cents: number,
    feeCents: number,
  ): Promise<boolean> {
    const rows = await returning<{ id: string }>(
      m,
      `UPDATE enrollments SET amount_paid_cents = amount_paid_cents - $3::int, platform_fee_cents = greatest(platform_fee_cents - $4::int, 0),
              organization_amount_cents = coalesce(organization_amount_cents, 0) - $3::int + $4::int
        WHERE id = $1 AND organization_id = $2 AND status = 'active' AND amount_paid_cents >= $3::int RETURNING id`,
      [enrollmentId, organizationId, cents, feeCents],
    );
    return rows.length > 0;
  }

  /** The enrollment past due since `since`, or no longer (null). Changes nothing when it already says so. */
  async setPastDue(m: EntityManager, organizationId: string, enrollmentId: string, since: Date | null): Promise<boolean> {
    const rows = await returning<{ id: string }>(
      m,
      `UPDATE enrollments SET past_due_since = $3
        WHERE id = $1 AND organization_id = $2 AND (past_due_since IS NULL) <> ($3::timestamptz IS NULL) RETURNING id`,
      [enrollmentId, organizationId, since],
    );
    return rows.length > 0;
  }
}
