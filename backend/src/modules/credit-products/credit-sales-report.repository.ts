import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** One product's paid sales in a range of days. */
export interface ProductSalesRow {
  productId: string;
  name: string;
  kind: string;
  sales: number;
  inPerson: number;
  card: number;
  /** What the sales took, in cents. */
  cents: number;
}

/**
 * The credit-products module's tables read for reports (issue 41 §4): the paid sales of each product, counted on the
 * day they were paid in the organization's zone (`$4`), from `$2` to `$3` inclusive.
 */
@Injectable()
export class CreditSalesReportRepository {
  async salesByProduct(
    m: EntityManager,
    organizationId: string,
    startDate: string,
    endDate: string,
    timeZone: string,
  ): Promise<ProductSalesRow[]> {
    const rows: (Omit<ProductSalesRow, 'cents'> & { cents: string })[] = await m.query(
      `SELECT p.id AS "productId", p.name, p.kind, count(*)::int AS sales,
              count(*) FILTER (WHERE s.channel = 'in_person')::int AS "inPerson",
              count(*) FILTER (WHERE s.channel = 'card')::int AS card,
              sum(s.amount_cents)::bigint AS cents
         FROM credit_sales s JOIN credit_products p ON p.organization_id = s.organization_id AND p.id = s.product_id
        WHERE s.organization_id = $1 AND s.status = 'paid'
          AND (s.paid_at AT TIME ZONE $4)::date BETWEEN $2::date AND $3::date
        GROUP BY p.id, p.name, p.kind
        ORDER BY sum(s.amount_cents) DESC, p.name`,
      [organizationId, startDate, endDate, timeZone],
    );
    return rows.map((r) => ({ ...r, cents: Number(r.cents) }));
  }
}
