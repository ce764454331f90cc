import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { returning } from '../../common/db/returning';

export type RefundSource = 'admin' | 'stripe_dashboard' | 'late_payment' | 'class_cancelled';

export interface RefundRecord {
  id: string;
  enrollmentId: string;
  amountCents: number;
  stripeRefundId: string | null;
  status: 'pending' | 'succeeded' | 'failed';
  reason: string;
  source: RefundSource;
  createdAt: Date;
}

const COLUMNS = `id, enrollment_id AS "enrollmentId", amount_cents AS "amountCents", stripe_refund_id AS "stripeRefundId", status,
  reason, source, created_at AS "createdAt"`;

/** `refunds` (the payments module's table): every refund of a card enrollment, once per Stripe refund id. */
@Injectable()
export class PaymentsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Inserts a refund; null when its Stripe id (or the admin's idempotency key) is already recorded. */
  async insert(
    manager: EntityManager,
    r: {
      organizationId: string;
      enrollmentId: string;
      amountCents: number;
      stripeRefundId: string;
      status: string;
      reason: string;
      source: RefundSource;
      createdBy?: string | null;
      idempotencyKey?: string | null;
    },
  ): Promise<RefundRecord | null> {
    const rows = await returning<RefundRecord>(
      manager,
      `INSERT INTO refunds (organization_id, enrollment_id, amount_cents, stripe_refund_id, status, reason, source, created_by, idempotency_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
      [
        r.organizationId,
        r.enrollmentId,
        r.amountCents,
        r.stripeRefundId,
        r.status,
        r.reason,
        r.source,
        r.createdBy ?? null,
        r.idempotencyKey ?? null,
      ],
    );
    return rows[0] ?? null;
  }

  async byStripeId(manager: EntityManager, stripeRefundId: string): Promise<RefundRecord | null> {
    const rows = await manager.query(`SELECT ${COLUMNS} FROM refunds WHERE stripe_refund_id = $1`, [stripeRefundId]);
    return rows[0] ?? null;
  }

  async byIdempotencyKey(manager: EntityManager, enrollmentId: string, key: string): Promise<RefundRecord | null> {
    const rows = await manager.query(`SELECT ${COLUMNS} FROM refunds WHERE enrollment_id = $1 AND idempotency_key = $2`, [
      enrollmentId,
      key,
    ]);
    return rows[0] ?? null;
  }

  ofEnrollment(enrollmentId: string, manager: EntityManager = this.db.manager): Promise<RefundRecord[]> {
    return manager.query(`SELECT ${COLUMNS} FROM refunds WHERE enrollment_id = $1 ORDER BY created_at, id`, [enrollmentId]);
  }
}
