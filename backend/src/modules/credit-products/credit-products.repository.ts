import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { returning } from '../../common/db/returning';
import type { CreditProduct, ProductFields } from './credit-product.types';

const COLUMNS = `id, organization_id AS "organizationId", kind, name, description, price_cents AS "priceCents", uses,
  credit_cents AS "creditCents", validity_days AS "validityDays", period, scope, scope_class_ids AS "scopeClassIds",
  sold_online AS "soldOnline", intro_offer AS "introOffer", active, created_at AS "createdAt", updated_at AS "updatedAt"`;

const values = (f: ProductFields) => [
  f.kind,
  f.name,
  f.description,
  f.priceCents,
  f.uses,
  f.creditCents,
  f.validityDays,
  f.period,
  f.scope,
  f.scopeClassIds,
  f.soldOnline,
  f.introOffer,
  f.active,
];

/** credit_products: the organization's packs, memberships and account credit. Reads classes (eligible classes are the organization's). */
@Injectable()
export class CreditProductsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  list(organizationId: string): Promise<CreditProduct[]> {
    return this.db.query(`SELECT ${COLUMNS} FROM credit_products WHERE organization_id = $1 ORDER BY created_at, id`, [organizationId]);
  }

  /** Active products the public site sells. */
  listOnline(organizationId: string): Promise<CreditProduct[]> {
    return this.db.query(
      `SELECT ${COLUMNS} FROM credit_products WHERE organization_id = $1 AND active AND sold_online ORDER BY price_cents, created_at, id`,
      [organizationId],
    );
  }

  async find(organizationId: string, id: string, m: EntityManager = this.db.manager): Promise<CreditProduct | null> {
    const rows: CreditProduct[] = await m.query(`SELECT ${COLUMNS} FROM credit_products WHERE organization_id = $1 AND id = $2`, [
      organizationId,
      id,
    ]);
    return rows[0] ?? null;
  }

  async insert(organizationId: string, f: ProductFields): Promise<CreditProduct> {
    const rows: CreditProduct[] = await this.db.query(
      `INSERT INTO credit_products (organization_id, kind, name, description, price_cents, uses, credit_cents, validity_days, period,
                                    scope, scope_class_ids, sold_online, intro_offer, active)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::uuid[], $12, $13, $14) RETURNING ${COLUMNS}`,
      [organizationId, ...values(f)],
    );
    return rows[0];
  }

  async update(organizationId: string, id: string, f: ProductFields): Promise<CreditProduct | null> {
    const rows = await returning<CreditProduct>(
      this.db,
      `UPDATE credit_products SET kind = $3, name = $4, description = $5, price_cents = $6, uses = $7, credit_cents = $8,
              validity_days = $9, period = $10, scope = $11, scope_class_ids = $12::uuid[], sold_online = $13, intro_offer = $14,
              active = $15, updated_at = now()
        WHERE organization_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
      [organizationId, id, ...values(f)],
    );
    return rows[0] ?? null;
  }

  /** Deleted when never sold: 'deleted', 'sold' (a sale names it), or 'missing'. */
  async remove(organizationId: string, id: string): Promise<'deleted' | 'sold' | 'missing'> {
    return this.db.transaction(async (m) => {
      const [p] = await m.query('SELECT id FROM credit_products WHERE organization_id = $1 AND id = $2 FOR UPDATE', [organizationId, id]);
      if (!p) return 'missing';
      const [sold] = await m.query('SELECT 1 FROM credit_sales WHERE organization_id = $1 AND product_id = $2 LIMIT 1', [
        organizationId,
        id,
      ]);
      if (sold) return 'sold';
      await m.query('DELETE FROM credit_products WHERE organization_id = $1 AND id = $2', [organizationId, id]);
      return 'deleted';
    });
  }

  /** Which of these classes are not the organization's (an eligible class must be). */
  async foreignClasses(organizationId: string, classIds: string[]): Promise<string[]> {
    if (!classIds.length) return [];
    const rows: { id: string }[] = await this.db.query(
      `SELECT x.id FROM unnest($2::uuid[]) AS x(id) WHERE NOT EXISTS (SELECT 1 FROM classes c WHERE c.organization_id = $1 AND c.id = x.id)`,
      [organizationId, classIds],
    );
    return rows.map((r) => r.id);
  }
}
