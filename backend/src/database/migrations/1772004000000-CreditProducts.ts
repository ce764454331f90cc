import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What an organization sells on the credits ledger (issue 41 §2), owned by the credit-products module.
 *
 * - `credit_products`: a pack (N uses, valid N days from the sale), a membership (a monthly or yearly price, uses per
 *   period or unlimited) or account credit (a gift: cents of credit). What its uses buy (`scope`: every class, listed
 *   classes, drop-ins only), whether the public site sells it (`sold_online`) and whether it is an intro offer (once per
 *   person). `active` false: no longer sold; the sales already made keep it.
 * - `credit_sales`: one sale of a product to one person, in person (the admin marks it paid) or by card (a PaymentIntent;
 *   paid only when Stripe's signed event says so). The buyer's email is kept lowercased so an intro offer is one per
 *   person whatever the channel (a partial unique index: one open or paid intro sale per product and email). The
 *   entitlement the payment granted is named by `entitlement_id` (the credits module's row; no foreign key across
 *   modules, as the ledger names enrollments).
 */
export class CreditProducts1772004000000 implements MigrationInterface {
  name = 'CreditProducts1772004000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE credit_products (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('pack', 'membership', 'account_credit')),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
        description text,
        price_cents integer NOT NULL CHECK (price_cents BETWEEN 0 AND 100000000),
        uses integer CHECK (uses IS NULL OR uses BETWEEN 1 AND 10000),
        credit_cents integer CHECK (credit_cents IS NULL OR credit_cents BETWEEN 1 AND 100000000),
        validity_days integer CHECK (validity_days IS NULL OR validity_days BETWEEN 1 AND 3660),
        period text CHECK (period IS NULL OR period IN ('month', 'year')),
        scope text NOT NULL DEFAULT 'all' CHECK (scope IN ('all', 'classes', 'drop_ins')),
        scope_class_ids uuid[] NOT NULL DEFAULT '{}',
        sold_online boolean NOT NULL DEFAULT true,
        intro_offer boolean NOT NULL DEFAULT false,
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT credit_products_org_id_key UNIQUE (organization_id, id),
        CONSTRAINT credit_products_pack CHECK (kind <> 'pack' OR (uses IS NOT NULL AND period IS NULL AND credit_cents IS NULL)),
        CONSTRAINT credit_products_membership CHECK (kind <> 'membership' OR (period IS NOT NULL AND validity_days IS NULL AND credit_cents IS NULL)),
        CONSTRAINT credit_products_account_credit CHECK (kind <> 'account_credit' OR (credit_cents IS NOT NULL AND uses IS NULL AND period IS NULL)),
        CONSTRAINT credit_products_scope_classes CHECK (scope <> 'classes' OR cardinality(scope_class_ids) > 0)
      );
      CREATE INDEX credit_products_org_idx ON credit_products (organization_id, created_at);

      CREATE TABLE credit_sales (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        product_id uuid NOT NULL,
        student_id uuid REFERENCES students(id) ON DELETE SET NULL,
        buyer_email text NOT NULL CHECK (buyer_email = lower(buyer_email)),
        buyer jsonb NOT NULL DEFAULT '{}',
        channel text NOT NULL CHECK (channel IN ('card', 'in_person')),
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'cancelled')),
        amount_cents integer NOT NULL CHECK (amount_cents BETWEEN 0 AND 100000000),
        platform_fee_cents integer NOT NULL DEFAULT 0 CHECK (platform_fee_cents >= 0),
        intro boolean NOT NULL DEFAULT false,
        stripe_payment_intent_id text UNIQUE,
        stripe_charge_id text,
        entitlement_id uuid,
        marked_by_user_id uuid,
        paid_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT credit_sales_org_id_key UNIQUE (organization_id, id),
        CONSTRAINT credit_sales_product_fk FOREIGN KEY (organization_id, product_id)
          REFERENCES credit_products (organization_id, id) ON DELETE RESTRICT,
        CONSTRAINT credit_sales_paid CHECK ((status = 'paid') = (paid_at IS NOT NULL))
      );
      CREATE INDEX credit_sales_org_idx ON credit_sales (organization_id, created_at);
      CREATE INDEX credit_sales_org_student_idx ON credit_sales (organization_id, student_id);
      -- An intro offer once per person: one open or paid sale of it per email (a cancelled one frees it).
      CREATE UNIQUE INDEX credit_sales_intro_once ON credit_sales (organization_id, product_id, buyer_email)
        WHERE intro AND status <> 'cancelled';
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS credit_sales; DROP TABLE IF EXISTS credit_products;');
  }
}
