import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Promo codes and their redemptions (the pricing module's), and the price breakdown each enrollment keeps: the quote's
 * lines as they were when the seat was taken, so receipts, refunds and reports read what was charged, not what the
 * class costs today. A code is unique per organization whatever its case (the index is on lower(code)).
 */
export class Pricing1766300000000 implements MigrationInterface {
  name = 'Pricing1766300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE promo_codes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        code text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('percent', 'amount')),
        -- A whole percent (1-100) or an amount in cents, per kind.
        value integer NOT NULL CHECK (value >= 1),
        class_ids uuid[] NOT NULL DEFAULT '{}',
        valid_from timestamptz,
        valid_until timestamptz,
        max_redemptions integer CHECK (max_redemptions IS NULL OR max_redemptions >= 1),
        max_per_email integer NOT NULL DEFAULT 1 CHECK (max_per_email >= 1),
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (kind <> 'percent' OR value <= 100)
      )`);
    await q.query('CREATE UNIQUE INDEX promo_codes_org_code ON promo_codes (organization_id, lower(code))');
    await q.query(`
      CREATE TABLE promo_redemptions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        promo_code_id uuid NOT NULL REFERENCES promo_codes(id) ON DELETE CASCADE,
        enrollment_id uuid NOT NULL,
        email text NOT NULL,
        discount_cents integer NOT NULL CHECK (discount_cents >= 0),
        charged_cents integer NOT NULL CHECK (charged_cents >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (enrollment_id)
      )`);
    await q.query('CREATE INDEX promo_redemptions_code ON promo_redemptions (promo_code_id, lower(email))');
    await q.query('ALTER TABLE enrollments ADD COLUMN price_breakdown jsonb');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE enrollments DROP COLUMN price_breakdown');
    await q.query('DROP TABLE promo_redemptions');
    await q.query('DROP TABLE promo_codes');
  }
}
