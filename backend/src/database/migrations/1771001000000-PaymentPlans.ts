import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payment plans (issue 40), owned by the payment-plans module:
 * - `payment_plan_definitions`: the plans an organization offers, for one class or every class of a term (a class's own
 *   plans win over its term's). A deposit (amount or percent), then instalments every interval until a date, or on
 *   explicit dates (`due_dates`, each with an optional share of the balance).
 * - `payment_plan_settings`: one row per organization (charge hour, retries, grace days, past-due action, bank debit,
 *   consent text); an organization without a row has the defaults.
 * - `payment_plan_customers`: the Stripe Customer of a payer in one organization, never shared with another.
 * - `payer_plans`: the plan a registration chose (one per enrollment), with the consent the payer gave and the saved
 *   payment method once Stripe confirms the deposit or the setup; `pending_schedule` holds the quoted instalments until
 *   then, when they become `payment_plan_instalments` rows (what the charging job will claim by `status, due_at`).
 */
export class PaymentPlans1771001000000 implements MigrationInterface {
  name = 'PaymentPlans1771001000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE payment_plan_definitions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        class_id uuid REFERENCES classes(id) ON DELETE CASCADE,
        term_id uuid REFERENCES terms(id) ON DELETE CASCADE,
        name text NOT NULL,
        deposit_kind text NOT NULL CHECK (deposit_kind IN ('amount', 'percent')),
        deposit_value integer NOT NULL CHECK (deposit_value >= 0),
        instalment_count integer CHECK (instalment_count > 0),
        due_dates jsonb,
        plan_interval text CHECK (plan_interval IN ('weekly', 'biweekly', 'monthly')),
        first_due_date date,
        paid_in_full_by date,
        min_price_cents integer NOT NULL DEFAULT 0 CHECK (min_price_cents >= 0),
        surcharge_cents integer NOT NULL DEFAULT 0 CHECK (surcharge_cents >= 0),
        choose_by date,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT payment_plan_definitions_org_id_key UNIQUE (organization_id, id),
        CONSTRAINT payment_plan_definitions_one_scope CHECK ((class_id IS NULL) <> (term_id IS NULL)),
        CONSTRAINT payment_plan_definitions_one_rule CHECK ((due_dates IS NULL) <> (plan_interval IS NULL))
      );
      CREATE INDEX payment_plan_definitions_org_idx ON payment_plan_definitions (organization_id, class_id, term_id);

      CREATE TABLE payment_plan_settings (
        organization_id uuid PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
        charge_hour integer NOT NULL DEFAULT 9 CHECK (charge_hour BETWEEN 0 AND 23),
        retry_days integer[] NOT NULL DEFAULT '{1,3,5}',
        grace_days integer NOT NULL DEFAULT 7 CHECK (grace_days BETWEEN 0 AND 60),
        past_due_action text NOT NULL DEFAULT 'flag' CHECK (past_due_action IN ('flag', 'release')),
        release_after_days integer CHECK (release_after_days BETWEEN 1 AND 90),
        bank_debit boolean NOT NULL DEFAULT false,
        consent_text text,
        consent_version integer NOT NULL DEFAULT 1,
        updated_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE payment_plan_customers (
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        student_id uuid NOT NULL REFERENCES students(id) ON DELETE CASCADE,
        stripe_customer_id text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (organization_id, student_id)
      );

      CREATE TABLE payer_plans (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        enrollment_id uuid NOT NULL UNIQUE REFERENCES enrollments(id) ON DELETE CASCADE,
        definition_id uuid,
        plan_name text NOT NULL,
        student_id uuid NOT NULL,
        stripe_customer_id text NOT NULL,
        stripe_payment_method_id text,
        -- The deposit's PaymentIntent (pi_…) or, for a zero deposit, the SetupIntent (seti_…).
        stripe_intent_id text,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'active', 'completed', 'cancelled')),
        total_cents integer NOT NULL CHECK (total_cents >= 0),
        deposit_cents integer NOT NULL CHECK (deposit_cents >= 0),
        surcharge_cents integer NOT NULL DEFAULT 0,
        pending_schedule jsonb NOT NULL DEFAULT '[]'::jsonb,
        consent_text text NOT NULL,
        consent_version integer NOT NULL,
        consented_at timestamptz NOT NULL,
        consent_ip text,
        consent_user_agent text,
        activated_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT payer_plans_org_id_key UNIQUE (organization_id, id),
        FOREIGN KEY (organization_id, definition_id) REFERENCES payment_plan_definitions (organization_id, id) ON DELETE SET NULL (definition_id)
      );
      CREATE INDEX payer_plans_org_idx ON payer_plans (organization_id, status);
      CREATE INDEX payer_plans_intent_idx ON payer_plans (stripe_intent_id);

      CREATE TABLE payment_plan_instalments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL,
        payer_plan_id uuid NOT NULL,
        seq integer NOT NULL CHECK (seq > 0),
        due_at timestamptz NOT NULL,
        amount_cents integer NOT NULL CHECK (amount_cents > 0),
        status text NOT NULL DEFAULT 'scheduled'
          CHECK (status IN ('scheduled', 'paid', 'processing', 'failed', 'waived', 'cancelled')),
        attempts integer NOT NULL DEFAULT 0,
        stripe_payment_intent_id text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (payer_plan_id, seq),
        FOREIGN KEY (organization_id, payer_plan_id) REFERENCES payer_plans (organization_id, id) ON DELETE CASCADE
      );
      CREATE INDEX payment_plan_instalments_org_idx ON payment_plan_instalments (organization_id, payer_plan_id);
      -- What the charging job will claim: due scheduled instalments, oldest first.
      CREATE INDEX payment_plan_instalments_due_idx ON payment_plan_instalments (due_at) WHERE status = 'scheduled';
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE payment_plan_instalments;
      DROP TABLE payer_plans;
      DROP TABLE payment_plan_customers;
      DROP TABLE payment_plan_settings;
      DROP TABLE payment_plan_definitions;
    `);
  }
}
