import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { returning } from '../../common/db/returning';
import { SERVER_TIME_ZONE } from '../../common/time-zone';
import type { MembershipPeriod, SaleChannel } from './credit-product.types';

export type MembershipStatus = 'active' | 'pending_renewal' | 'cancelled' | 'lapsed';

export interface Membership {
  id: string;
  organizationId: string;
  productId: string;
  saleId: string;
  studentId: string;
  status: MembershipStatus;
  period: MembershipPeriod;
  channel: SaleChannel;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
  /** Whether a saved method is on file for off-session renewals (the ids themselves are never shown). */
  hasSavedMethod: boolean;
  renewalAttempts: number;
  renewalNextAttemptAt: Date | null;
  /** A renewal the payer must pay on-session (authentication required, or the card refused for good). */
  renewalAwaitingPayer: boolean;
  renewalLastOutcome: string | null;
  renewalLastDeclineCode: string | null;
  renewedAt: Date | null;
  frozenFrom: string | null;
  frozenUntil: string | null;
  createdAt: Date;
}

/** The columns of memberships `ms` as a Membership (also used by the renewals repository). */
export const MEMBERSHIP_COLUMNS = `ms.id, ms.organization_id AS "organizationId", ms.product_id AS "productId", ms.sale_id AS "saleId",
  ms.student_id AS "studentId", ms.status, ms.period, ms.channel,
  to_char(ms.current_period_start, 'YYYY-MM-DD') AS "currentPeriodStart", to_char(ms.current_period_end, 'YYYY-MM-DD') AS "currentPeriodEnd",
  ms.cancel_at_period_end AS "cancelAtPeriodEnd", (ms.stripe_payment_method_id IS NOT NULL) AS "hasSavedMethod",
  ms.renewal_attempts AS "renewalAttempts", ms.renewal_next_attempt_at AS "renewalNextAttemptAt",
  ms.renewal_awaiting_payer AS "renewalAwaitingPayer", ms.renewal_last_outcome AS "renewalLastOutcome",
  ms.renewal_last_decline_code AS "renewalLastDeclineCode", ms.renewed_at AS "renewedAt",
  to_char(ms.frozen_from, 'YYYY-MM-DD') AS "frozenFrom", to_char(ms.frozen_until, 'YYYY-MM-DD') AS "frozenUntil", ms.created_at AS "createdAt"`;

/** Today (a date) in the zone of the organization `o` (joined by the query). */
export const ORG_TODAY = `(now() AT TIME ZONE coalesce(nullif(o.settings->>'timeZone', ''), '${SERVER_TIME_ZONE.replace(/'/g, "''")}'))::date`;

/**
 * memberships: one per membership sold, with its current period. Reads organizations (the zone of "today": the first
 * period starts on the day of the sale and ends the day before the same date a month or a year later).
 */
@Injectable()
export class MembershipsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async start(
    m: EntityManager,
    s: {
      organizationId: string;
      productId: string;
      saleId: string;
      studentId: string;
      period: MembershipPeriod;
      channel: SaleChannel;
      stripeCustomerId: string | null;
      stripePaymentMethodId: string | null;
    },
  ): Promise<Membership> {
    const rows: Membership[] = await m.query(
      `INSERT INTO memberships AS ms (organization_id, product_id, sale_id, student_id, period, current_period_start, current_period_end,
                                      channel, stripe_customer_id, stripe_payment_method_id)
       SELECT $1, $2, $3, $4, $5, d, (d + CASE WHEN $5 = 'year' THEN interval '1 year' ELSE interval '1 month' END - interval '1 day')::date,
              $6, $7, $8
         FROM (SELECT ${ORG_TODAY} AS d FROM organizations o WHERE o.id = $1) x
       RETURNING ${MEMBERSHIP_COLUMNS}`,
      [s.organizationId, s.productId, s.saleId, s.studentId, s.period, s.channel, s.stripeCustomerId, s.stripePaymentMethodId],
    );
    return rows[0];
  }

  async ofSale(m: EntityManager, organizationId: string, saleId: string): Promise<Membership | null> {
    const rows: Membership[] = await m.query(
      `SELECT ${MEMBERSHIP_COLUMNS} FROM memberships ms WHERE ms.organization_id = $1 AND ms.sale_id = $2`,
      [organizationId, saleId],
    );
    return rows[0] ?? null;
  }

  /** The membership, locked for the caller's transaction when `lock`. */
  async find(m: EntityManager, organizationId: string, id: string, lock = false): Promise<Membership | null> {
    const rows: Membership[] = await m.query(
      `SELECT ${MEMBERSHIP_COLUMNS} FROM memberships ms WHERE ms.organization_id = $1 AND ms.id = $2${lock ? ' FOR UPDATE' : ''}`,
      [organizationId, id],
    );
    return rows[0] ?? null;
  }

  /** The memberships of these students (a member and their household, in the portal). */
  ofStudents(organizationId: string, studentIds: string[]): Promise<Membership[]> {
    return this.db.query(
      `SELECT ${MEMBERSHIP_COLUMNS} FROM memberships ms WHERE ms.organization_id = $1 AND ms.student_id = ANY($2::uuid[])
        ORDER BY ms.created_at DESC, ms.id`,
      [organizationId, studentIds],
    );
  }

  list(organizationId: string, studentId?: string): Promise<Membership[]> {
    return this.db.query(
      `SELECT ${MEMBERSHIP_COLUMNS} FROM memberships ms WHERE ms.organization_id = $1 AND ($2::uuid IS NULL OR ms.student_id = $2)
        ORDER BY ms.created_at DESC, ms.id LIMIT 500`,
      [organizationId, studentId ?? null],
    );
  }

  /** Today in the organization's zone (YYYY-MM-DD): what a freeze's first day is checked against. */
  async today(m: EntityManager, organizationId: string): Promise<string> {
    const rows: { d: string }[] = await m.query(`SELECT to_char(${ORG_TODAY}, 'YYYY-MM-DD') AS d FROM organizations o WHERE o.id = $1`, [
      organizationId,
    ]);
    return rows[0].d;
  }

  async setCancelAtPeriodEnd(m: EntityManager, organizationId: string, id: string, cancel: boolean): Promise<Membership | null> {
    const rows = await returning<Membership>(
      m,
      `UPDATE memberships ms SET cancel_at_period_end = $3, updated_at = now()
        WHERE ms.organization_id = $1 AND ms.id = $2 RETURNING ${MEMBERSHIP_COLUMNS}`,
      [organizationId, id, cancel],
    );
    return rows[0] ?? null;
  }

  /** Sets (or, with nulls, ends) the freeze. */
  async setFreeze(
    m: EntityManager,
    organizationId: string,
    id: string,
    from: string | null,
    until: string | null,
  ): Promise<Membership | null> {
    const rows = await returning<Membership>(
      m,
      `UPDATE memberships ms SET frozen_from = $3::date, frozen_until = $4::date, updated_at = now()
        WHERE ms.organization_id = $1 AND ms.id = $2 RETURNING ${MEMBERSHIP_COLUMNS}`,
      [organizationId, id, from, until],
    );
    return rows[0] ?? null;
  }
}
