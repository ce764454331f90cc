import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Memberships sold (issue 41 §2), owned by the credit-products module: one row per membership sold, with its current
 * period as local dates in the organization's zone (the period's allowance is an entitlement on the credits ledger,
 * `source` `membership_period`, `source_ref` the membership's id). `status` active, `pending_renewal` (a renewal not paid
 * yet: no uses of the new period) or cancelled; `cancel_at_period_end` stops it at the end of the period.
 */
export class Memberships1772004000001 implements MigrationInterface {
  name = 'Memberships1772004000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE memberships (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        product_id uuid NOT NULL,
        sale_id uuid NOT NULL,
        student_id uuid NOT NULL REFERENCES students(id) ON DELETE CASCADE,
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'pending_renewal', 'cancelled')),
        period text NOT NULL CHECK (period IN ('month', 'year')),
        current_period_start date NOT NULL,
        current_period_end date NOT NULL,
        cancel_at_period_end boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT memberships_org_id_key UNIQUE (organization_id, id),
        CONSTRAINT memberships_sale_key UNIQUE (organization_id, sale_id),
        CONSTRAINT memberships_product_fk FOREIGN KEY (organization_id, product_id) REFERENCES credit_products (organization_id, id) ON DELETE RESTRICT,
        CONSTRAINT memberships_sale_fk FOREIGN KEY (organization_id, sale_id) REFERENCES credit_sales (organization_id, id) ON DELETE RESTRICT,
        CONSTRAINT memberships_period CHECK (current_period_end >= current_period_start)
      );
      CREATE INDEX memberships_org_student_idx ON memberships (organization_id, student_id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS memberships;');
  }
}
