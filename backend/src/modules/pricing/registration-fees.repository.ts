import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

/** One fee a registration was charged (registration_fee_charges). */
export interface FeeChargeWrite {
  organizationId: string;
  enrollmentId: string;
  periodKey: string;
  payerKey: string | null;
  label: string;
  amountCents: number;
}

/**
 * A fee counts as charged while its registration stands: a card hold that lapsed (expired) or a registration
 * cancelled gives the period's fee back. Reads the registration module's enrollments (the read model pricing
 * declares in docs/architecture.md).
 */
const STANDING = `EXISTS (SELECT 1 FROM enrollments e WHERE e.id = f.enrollment_id AND e.organization_id = f.organization_id
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
      `INSERT INTO registration_fee_charges (organization_id, enrollment_id, period_key, payer_key, label, amount_cents)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [f.organizationId, f.enrollmentId, f.periodKey, f.payerKey, f.label, f.amountCents],
    );
  }
}
