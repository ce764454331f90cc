import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { AppliedTax } from './tax-rules';

/** One fee a registration was charged (registration_fee_charges). */
export interface FeeChargeWrite {
  organizationId: string;
  enrollmentId: string;
  periodKey: string;
  payerKey: string | null;
  label: string;
  amountCents: number;
  taxes: AppliedTax[];
}

/** A fee a registration paid: handed on (holderId) to a registration that stands or not. */
export interface PaidFee {
  cents: number;
  taxes: AppliedTax[];
  holderId: string | null;
  holderStands: boolean;
}

/** A paid fee a registration holds (the one that paid it, or the one it was handed on to). */
export interface HeldFee {
  id: string;
  enrollmentId: string;
  periodKey: string;
  payerKey: string;
  label: string;
  amountCents: number;
  taxes: AppliedTax[];
}

/**
 * A fee counts as charged while the registration holding it stands (the one that paid it, or the one a cancellation
 * handed it to): a card hold that lapsed (expired) or the period's last registration cancelled gives the period's fee
 * back. Rows of 0 only say a registration was covered. Reads the registration module's enrollments (the read model
 * pricing declares in docs/architecture.md).
 */
const STANDING = `f.amount_cents > 0 AND EXISTS (SELECT 1 FROM enrollments e
                     WHERE e.id = coalesce(f.holder_enrollment_id, f.enrollment_id) AND e.organization_id = f.organization_id
                     AND e.status NOT IN ('expired', 'cancelled'))`;

/** registration_fee_charges: which payers were charged a period's registration fee. */
@Injectable()
export class RegistrationFeesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The payer keys of `keys` charged this period's fee by a standing registration. */
  async charged(organizationId: string, periodKey: string, keys: string[], m?: EntityManager): Promise<Set<string>> {
    if (!keys.length) return new Set();
    const rows: { payerKey: string }[] = await (m ?? this.db).query(
      `SELECT DISTINCT f.payer_key AS "payerKey" FROM registration_fee_charges f
        WHERE f.organization_id = $1 AND f.period_key = $2 AND f.payer_key = ANY($3::text[]) AND ${STANDING}`,
      [organizationId, periodKey, keys],
    );
    return new Set(rows.map((r) => r.payerKey));
  }

  /** Serializes the fee of one payer and period across instances until the transaction ends. */
  async lock(m: EntityManager, organizationId: string, periodKey: string, payerKey: string): Promise<void> {
    await m.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 43))', [`fee|${organizationId}|${periodKey}|${payerKey}`]);
  }

  async insert(m: EntityManager, f: FeeChargeWrite): Promise<void> {
    await m.query(
      `INSERT INTO registration_fee_charges (organization_id, enrollment_id, period_key, payer_key, label, amount_cents, tax_lines)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)`,
      [f.organizationId, f.enrollmentId, f.periodKey, f.payerKey, f.label, f.amountCents, JSON.stringify(f.taxes)],
    );
  }

  /** The paid fees (of a known payer) this registration holds now. */
  async heldBy(m: EntityManager, organizationId: string, enrollmentId: string): Promise<HeldFee[]> {
    return m.query(
      `SELECT id, enrollment_id AS "enrollmentId", period_key AS "periodKey", payer_key AS "payerKey", label,
              amount_cents AS "amountCents", tax_lines AS "taxes"
         FROM registration_fee_charges
        WHERE organization_id = $1 AND amount_cents > 0 AND payer_key IS NOT NULL
          AND ((enrollment_id = $2 AND holder_enrollment_id IS NULL) OR holder_enrollment_id = $2)
        ORDER BY created_at, id`,
      [organizationId, enrollmentId],
    );
  }

  /** The earliest other active registration of this payer and period (paid for it, or covered by its fee), or null. */
  async successor(m: EntityManager, organizationId: string, periodKey: string, payerKey: string, exceptId: string): Promise<string | null> {
    const rows: { id: string }[] = await m.query(
      `SELECT e.id FROM registration_fee_charges f
         JOIN enrollments e ON e.id = f.enrollment_id AND e.organization_id = f.organization_id
        WHERE f.organization_id = $1 AND f.period_key = $2 AND f.payer_key = $3 AND f.enrollment_id <> $4 AND e.status = 'active'
        ORDER BY e.enrollment_date, e.id LIMIT 1`,
      [organizationId, periodKey, payerKey, exceptId],
    );
    return rows[0]?.id ?? null;
  }

  /** The fees this registration paid, with the registration each counts under when it was handed on, and whether that one stands. */
  async paidBy(m: EntityManager, organizationId: string, enrollmentId: string): Promise<PaidFee[]> {
    return m.query(
      `SELECT f.amount_cents AS "cents", f.tax_lines AS "taxes", f.holder_enrollment_id AS "holderId",
              (e.status IS NOT NULL AND e.status NOT IN ('expired', 'cancelled')) AS "holderStands"
         FROM registration_fee_charges f
         LEFT JOIN enrollments e ON e.id = f.holder_enrollment_id AND e.organization_id = f.organization_id
        WHERE f.organization_id = $1 AND f.enrollment_id = $2 AND f.amount_cents > 0`,
      [organizationId, enrollmentId],
    );
  }

  /** The fee now counts under this registration. */
  async holdBy(m: EntityManager, id: string, enrollmentId: string): Promise<void> {
    await m.query('UPDATE registration_fee_charges SET holder_enrollment_id = $2 WHERE id = $1', [id, enrollmentId]);
  }
}
