import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { returning } from '../../common/db/returning';
import type { CancellationPolicy, PriceLine } from './enrollment.entity';

/** One enrollment of a household registration, written with the group's first enrollment id. */
export interface HouseholdEnrollmentInsert {
  id: string;
  groupId: string;
  organizationId: string;
  studentId: string;
  classId: string;
  card: { holdMinutes: number } | null;
  amountDueCents: number;
  priceBreakdown: PriceLine[];
  policy: CancellationPolicy[];
  registered: { firstName: string; lastName: string; phone: string; communicationOptIn: boolean };
}

/** The enrollments a household registers together (one group, one PaymentIntent when paid by card). */
@Injectable()
export class HouseholdRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The seat-taking enrollments (held or active) of these students in the class, locked. */
  seatEnrollments(
    manager: EntityManager,
    studentIds: string[],
    classId: string,
  ): Promise<{ id: string; studentId: string; status: 'held' | 'active'; paymentIntentId: string | null }[]> {
    return manager.query(
      `SELECT id, student_id AS "studentId", status, stripe_payment_intent_id AS "paymentIntentId" FROM enrollments
        WHERE student_id = ANY($1::uuid[]) AND class_id = $2 AND status IN ('held', 'active') ORDER BY id FOR UPDATE`,
      [studentIds, classId],
    );
  }

  /** held -> expired (replaced by a new registration): the class ids whose seats the caller frees. */
  async expireHolds(manager: EntityManager, ids: string[]): Promise<string[]> {
    const rows = await returning<{ class_id: string }>(
      manager,
      `UPDATE enrollments SET status = 'expired', hold_expires_at = NULL WHERE id = ANY($1::uuid[]) AND status = 'held' RETURNING class_id`,
      [ids],
    );
    return rows.map((r) => r.class_id);
  }

  async insertEnrollment(
    manager: EntityManager,
    e: HouseholdEnrollmentInsert,
  ): Promise<{ id: string; enrollmentDate: Date; holdExpiresAt: Date | null }> {
    const [row] = await returning<{ id: string; enrollmentDate: Date; holdExpiresAt: Date | null }>(
      manager,
      `INSERT INTO enrollments (id, household_group_id, organization_id, student_id, class_id, payment_status, payment_method,
          amount_paid_cents, enrollment_date, status, hold_expires_at, amount_due_cents, cancellation_policy, registered_first_name,
          registered_last_name, registered_phone, registered_communication_opt_in, price_breakdown)
       VALUES ($1, $2, $3, $4, $5, 'pending', CASE WHEN $6::boolean THEN 'card' ELSE 'in-person' END, 0, now(),
          CASE WHEN $6::boolean THEN 'held' ELSE 'active' END,
          CASE WHEN $6::boolean THEN now() + make_interval(mins => $7::int) END, $8::int, $9::jsonb, $10, $11, $12, $13, $14::jsonb)
       RETURNING id, enrollment_date AS "enrollmentDate", hold_expires_at AS "holdExpiresAt"`,
      [
        e.id,
        e.groupId,
        e.organizationId,
        e.studentId,
        e.classId,
        e.card !== null,
        e.card?.holdMinutes ?? 0,
        e.amountDueCents,
        JSON.stringify(e.policy),
        e.registered.firstName,
        e.registered.lastName,
        e.registered.phone,
        e.registered.communicationOptIn,
        JSON.stringify(e.priceBreakdown),
      ],
    );
    return row;
  }

  /** The PaymentIntent that pays for the whole group, on each of its enrollments. */
  async setGroupPaymentIntent(groupId: string, paymentIntentId: string): Promise<void> {
    await this.db.query(
      'UPDATE enrollments SET stripe_payment_intent_id = $2 WHERE household_group_id = $1 AND stripe_payment_intent_id IS NULL',
      [groupId, paymentIntentId],
    );
  }
}
