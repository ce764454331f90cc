import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { SERVER_TIME_ZONE } from '../../common/time-zone';
import type { MembershipPeriod } from './credit-product.types';

export interface Membership {
  id: string;
  organizationId: string;
  productId: string;
  saleId: string;
  studentId: string;
  status: 'active' | 'pending_renewal' | 'cancelled';
  period: MembershipPeriod;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
}

const COLUMNS = `id, organization_id AS "organizationId", product_id AS "productId", sale_id AS "saleId", student_id AS "studentId",
  status, period, to_char(current_period_start, 'YYYY-MM-DD') AS "currentPeriodStart",
  to_char(current_period_end, 'YYYY-MM-DD') AS "currentPeriodEnd", cancel_at_period_end AS "cancelAtPeriodEnd"`;

/**
 * memberships: one per membership sold, with its current period. Reads organizations (the zone of "today": the first
 * period starts on the day of the sale and ends the day before the same date a month or a year later).
 */
@Injectable()
export class MembershipsRepository {
  async start(
    m: EntityManager,
    s: { organizationId: string; productId: string; saleId: string; studentId: string; period: MembershipPeriod },
  ): Promise<Membership> {
    const rows: Membership[] = await m.query(
      `INSERT INTO memberships (organization_id, product_id, sale_id, student_id, period, current_period_start, current_period_end)
       SELECT $1, $2, $3, $4, $5, d, (d + CASE WHEN $5 = 'year' THEN interval '1 year' ELSE interval '1 month' END - interval '1 day')::date
         FROM (SELECT (now() AT TIME ZONE coalesce(nullif(o.settings->>'timeZone', ''), $6))::date AS d
                 FROM organizations o WHERE o.id = $1) x
       RETURNING ${COLUMNS}`,
      [s.organizationId, s.productId, s.saleId, s.studentId, s.period, SERVER_TIME_ZONE],
    );
    return rows[0];
  }

  async ofSale(m: EntityManager, organizationId: string, saleId: string): Promise<Membership | null> {
    const rows: Membership[] = await m.query(`SELECT ${COLUMNS} FROM memberships WHERE organization_id = $1 AND sale_id = $2`, [
      organizationId,
      saleId,
    ]);
    return rows[0] ?? null;
  }
}
