import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { returning } from '../../common/db/returning';

/** A promo code row, amounts as stored: `value` is a whole percent or cents, by kind. */
export interface PromoCodeRow {
  id: string;
  organizationId: string;
  code: string;
  kind: 'percent' | 'amount';
  value: number;
  classIds: string[];
  validFrom: Date | null;
  validUntil: Date | null;
  maxRedemptions: number | null;
  maxPerEmail: number;
  active: boolean;
  createdAt: Date;
}

export type PromoCodeWrite = Omit<PromoCodeRow, 'id' | 'organizationId' | 'createdAt'>;

/** Usage of one code: redemptions that still hold (a card hold that lapsed gives its redemption back). */
export interface PromoUsage {
  redemptions: number;
  discountCents: number;
  revenueCents: number;
}

/** Which redemptions a usage count covers: made between two instants, optionally for one class's registrations. */
export interface UsageRange {
  from: Date;
  to: Date;
  classId?: string | null;
}

const columns = (p = '') =>
  `${p}id, ${p}organization_id AS "organizationId", ${p}code, ${p}kind, ${p}value, ${p}class_ids AS "classIds", ${p}valid_from AS "validFrom",
   ${p}valid_until AS "validUntil", ${p}max_redemptions AS "maxRedemptions", ${p}max_per_email AS "maxPerEmail", ${p}active,
   ${p}created_at AS "createdAt"`;
const COLUMNS = columns();

/**
 * A redemption counts while its enrollment has not lapsed: a card hold never paid gives the code back, a registration
 * later cancelled or refunded keeps it used (as a sold ticket does; releasing it would let a capped code be used again
 * by cancelling). Reads the registration module's enrollments (a declared read model in docs/architecture.md).
 */
const HOLDING = `EXISTS (SELECT 1 FROM enrollments e WHERE e.id = r.enrollment_id AND e.status <> 'expired')`;

/**
 * The usage of codes, one row per code that has any, over the redemptions that hold: how many, the discount they were
 * given, and the revenue they bring. Revenue is what the registration (the enrollment, or its whole household group,
 * which redeems once) paid net of its refunds; one not paid yet counts its quote's total while it stands (an in-person
 * registration pays at class) and nothing once cancelled. Both the usage screen and the revenue report read this one
 * query, so they cannot disagree. $1 organization; $2/$3 optional range of redemption times; $4 optional class.
 */
const USAGE_BY_CODE = `
  SELECT r.promo_code_id AS "promoCodeId", count(*)::int AS redemptions, coalesce(sum(r.discount_cents), 0)::int AS "discountCents",
         coalesce(sum(CASE WHEN g.paid > 0 THEN g.paid - g.refunded WHEN e.status = 'cancelled' THEN 0 ELSE r.charged_cents END), 0)::int
           AS "revenueCents"
    FROM promo_redemptions r
    JOIN enrollments e ON e.id = r.enrollment_id AND e.organization_id = r.organization_id AND e.status <> 'expired'
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(x.amount_paid_cents), 0) AS paid, coalesce(sum(x.refunded_cents), 0) AS refunded
        FROM enrollments x
       WHERE x.organization_id = e.organization_id AND (x.id = e.id OR x.household_group_id = e.household_group_id)) g
   WHERE r.organization_id = $1
     AND ($2::timestamptz IS NULL OR r.created_at >= $2) AND ($3::timestamptz IS NULL OR r.created_at < $3)
     AND ($4::uuid IS NULL OR e.class_id = $4::uuid)
   GROUP BY r.promo_code_id`;

/** promo_codes and promo_redemptions, and the two reads of enrollments a price needs (returning students, usage). */
@Injectable()
export class PricingRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  list(organizationId: string): Promise<(PromoCodeRow & PromoUsage)[]> {
    return this.db.query(
      `SELECT ${columns('p.')}, coalesce(u.redemptions, 0) AS redemptions, coalesce(u."discountCents", 0) AS "discountCents",
          coalesce(u."revenueCents", 0) AS "revenueCents"
        FROM promo_codes p LEFT JOIN (${USAGE_BY_CODE}) u ON u."promoCodeId" = p.id
       WHERE p.organization_id = $1 ORDER BY p.created_at DESC, p.id`,
      [organizationId, null, null, null],
    );
  }

  /** The usage of the codes used in a range (the revenue report's per-code rows), by code. */
  usageInRange(organizationId: string, r: UsageRange): Promise<({ code: string } & PromoUsage)[]> {
    return this.db.query(
      `SELECT p.code, u.redemptions, u."discountCents", u."revenueCents"
         FROM (${USAGE_BY_CODE}) u JOIN promo_codes p ON p.id = u."promoCodeId" ORDER BY p.code`,
      [organizationId, r.from, r.to, r.classId ?? null],
    );
  }

  async byCode(organizationId: string, code: string, manager?: EntityManager, lock = false): Promise<PromoCodeRow | null> {
    const rows: PromoCodeRow[] = await (manager ?? this.db).query(
      `SELECT ${COLUMNS} FROM promo_codes WHERE organization_id = $1 AND lower(code) = lower($2)${lock ? ' FOR UPDATE' : ''}`,
      [organizationId, code],
    );
    return rows[0] ?? null;
  }

  async byId(organizationId: string, id: string): Promise<PromoCodeRow | null> {
    const rows: PromoCodeRow[] = await this.db.query(`SELECT ${COLUMNS} FROM promo_codes WHERE organization_id = $1 AND id = $2`, [
      organizationId,
      id,
    ]);
    return rows[0] ?? null;
  }

  async insert(organizationId: string, p: PromoCodeWrite): Promise<string> {
    const [row] = await this.db.query(
      `INSERT INTO promo_codes (organization_id, code, kind, value, class_ids, valid_from, valid_until, max_redemptions, max_per_email, active)
       VALUES ($1, $2, $3, $4, $5::uuid[], $6, $7, $8, $9, $10) RETURNING id`,
      [organizationId, p.code, p.kind, p.value, p.classIds, p.validFrom, p.validUntil, p.maxRedemptions, p.maxPerEmail, p.active],
    );
    return (row as { id: string }).id;
  }

  async update(organizationId: string, id: string, p: PromoCodeWrite): Promise<boolean> {
    const rows = await returning<{ id: string }>(
      this.db.manager,
      `UPDATE promo_codes SET code = $3, kind = $4, value = $5, class_ids = $6::uuid[], valid_from = $7, valid_until = $8,
          max_redemptions = $9, max_per_email = $10, active = $11, updated_at = now()
        WHERE organization_id = $1 AND id = $2 RETURNING id`,
      [organizationId, id, p.code, p.kind, p.value, p.classIds, p.validFrom, p.validUntil, p.maxRedemptions, p.maxPerEmail, p.active],
    );
    return rows.length > 0;
  }

  /** A code never used is deleted; one with redemptions is only deactivated (the report keeps its history). */
  async remove(organizationId: string, id: string): Promise<'deleted' | 'deactivated' | null> {
    return this.db.transaction(async (m) => {
      const used = await m.query(
        'SELECT 1 FROM promo_codes p WHERE p.organization_id = $1 AND p.id = $2 AND EXISTS (SELECT 1 FROM promo_redemptions r WHERE r.promo_code_id = p.id)',
        [organizationId, id],
      );
      if (used.length) {
        await m.query('UPDATE promo_codes SET active = false, updated_at = now() WHERE organization_id = $1 AND id = $2', [
          organizationId,
          id,
        ]);
        return 'deactivated';
      }
      const gone = await returning<{ id: string }>(m, 'DELETE FROM promo_codes WHERE organization_id = $1 AND id = $2 RETURNING id', [
        organizationId,
        id,
      ]);
      return gone.length ? 'deleted' : null;
    });
  }

  /** Redemptions of a code that still hold, in all and by this email. */
  async usage(
    promoCodeId: string,
    email: string | null,
    manager?: EntityManager,
    exceptEnrollmentId?: string,
  ): Promise<{ all: number; byEmail: number }> {
    const [row] = await (manager ?? this.db).query(
      `SELECT count(*)::int AS "all", count(*) FILTER (WHERE lower(r.email) = lower($2))::int AS "byEmail"
         FROM promo_redemptions r WHERE r.promo_code_id = $1 AND ${HOLDING} AND r.enrollment_id IS DISTINCT FROM $3::uuid`,
      [promoCodeId, email ?? '', exceptEnrollmentId ?? null],
    );
    return row as { all: number; byEmail: number };
  }

  /** One use of a code by one registration (a household counts once); the same enrollment twice is one use. */
  async redeem(
    manager: EntityManager,
    r: { organizationId: string; promoCodeId: string; enrollmentId: string; email: string; discountCents: number; chargedCents: number },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO promo_redemptions (organization_id, promo_code_id, enrollment_id, email, discount_cents, charged_cents)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (enrollment_id) DO NOTHING`,
      [r.organizationId, r.promoCodeId, r.enrollmentId, r.email, r.discountCents, r.chargedCents],
    );
  }

  /** Someone (by email) with an earlier completed enrollment in the organization: paid, and not cancelled. */
  async isReturning(organizationId: string, email: string, asOf?: { before: Date; exceptEnrollmentId: string }): Promise<boolean> {
    // asOf: as it was when an earlier registration was made (paid before it, that registration itself left out).
    const rows = await this.db.query(
      `SELECT 1 FROM enrollments e JOIN students s ON s.id = e.student_id
        WHERE e.organization_id = $1 AND lower(s.email) = lower($2) AND e.status = 'active' AND e.payment_status = 'completed'
          AND ($3::timestamptz IS NULL OR e.paid_at < $3::timestamptz) AND e.id IS DISTINCT FROM $4::uuid LIMIT 1`,
      [organizationId, email, asOf?.before ?? null, asOf?.exceptEnrollmentId ?? null],
    );
    return rows.length > 0;
  }
}
