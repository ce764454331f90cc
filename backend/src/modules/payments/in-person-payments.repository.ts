import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { returning } from '../../common/db/returning';
import type { EnrollmentEntity, PaymentMethod, PaymentStatus } from '../students/student.entity';

export interface PaymentContext {
  studentName: string | null;
  classTitle: string | null;
  priceCents: number | null;
  discountPriceCents: number | null;
}

export interface LockedEnrollment {
  id: string;
  paymentStatus: PaymentStatus;
  paymentMethod: PaymentMethod;
  amountPaidCents: number;
}

/** The enrollment columns RETURNING gives back, in the shape of EnrollmentEntity. */
const RETURNING = `RETURNING id, organization_id AS "organizationId", student_id AS "studentId", class_id AS "classId",
  enrollment_date AS "enrollmentDate", payment_status AS "paymentStatus", payment_method AS "paymentMethod",
  amount_paid_cents AS "amountPaidCents", paid_at AS "paidAt"`;

@Injectable()
export class InPersonPaymentsRepository {
  /** The student's name and the class's title and prices, each null when not in this organization. */
  async findContext(manager: EntityManager, organizationId: string, studentId: string, classId: string): Promise<PaymentContext> {
    const [row] = await manager.query(
      `SELECT s.first_name || ' ' || s.last_name AS "studentName", c.title AS "classTitle",
              c.price_cents AS "priceCents", c.discount_price_cents AS "discountPriceCents"
         FROM (SELECT 1) one
         LEFT JOIN students s ON s.id = $2 AND s.organization_id = $1
         LEFT JOIN classes c ON c.id = $3 AND c.organization_id = $1`,
      [organizationId, studentId, classId],
    );
    return row;
  }

  /** Locks the enrollment row for the transaction, so two marks of one enrollment run one after the other. */
  async lockEnrollment(manager: EntityManager, organizationId: string, studentId: string, classId: string): Promise<LockedEnrollment | null> {
    const rows = await manager.query(
      `SELECT id, payment_status AS "paymentStatus", payment_method AS "paymentMethod", amount_paid_cents AS "amountPaidCents"
         FROM enrollments WHERE organization_id = $1 AND student_id = $2 AND class_id = $3 FOR UPDATE`,
      [organizationId, studentId, classId],
    );
    return rows[0] ?? null;
  }

  /**
   * pending -> completed, in person, for the amount due. The WHERE re-checks the status, so a second
   * click updates nothing and cannot record a second payment.
   */
  async markPaid(manager: EntityManager, enrollmentId: string, amountCents: number): Promise<EnrollmentEntity | null> {
    const rows = await returning<EnrollmentEntity>(
      manager,
      `UPDATE enrollments SET payment_status = 'completed', payment_method = 'in-person', amount_paid_cents = $2
        WHERE id = $1 AND payment_status = 'pending' ${RETURNING}`,
      [enrollmentId, amountCents],
    );
    return rows[0] ?? null;
  }

  /** completed (in person only) -> pending with nothing paid; a card payment is never undone here. */
  async markUnpaid(manager: EntityManager, enrollmentId: string): Promise<EnrollmentEntity | null> {
    const rows = await returning<EnrollmentEntity>(
      manager,
      `UPDATE enrollments SET payment_status = 'pending', amount_paid_cents = 0
        WHERE id = $1 AND payment_status = 'completed' AND payment_method = 'in-person' ${RETURNING}`,
      [enrollmentId],
    );
    return rows[0] ?? null;
  }
}
