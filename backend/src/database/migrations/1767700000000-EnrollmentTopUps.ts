import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A registration paid by card that switches to a dearer class pays the difference with a second card payment (owned
 * by the payments module). While that payment is open, the row holds a seat in the class switched to (counted in its
 * enrolled seats, like a card registration's held seat) until `hold_expires_at`; the switch happens only when Stripe
 * confirms the payment. At most one open top-up per registration. When the organization allows it, the difference may
 * instead be left due in person: the switch happens at once and the row records the amount due until it is paid.
 *
 * `refunds.payment_intent_id`: which card payment a refund went back to, so a registration paid in two payments is
 * refunded against each (newest first) and each payment's refunds are known. Null on older rows: the registration's
 * first payment.
 */
export class EnrollmentTopUps1767700000000 implements MigrationInterface {
  name = 'EnrollmentTopUps1767700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE enrollment_top_ups (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        enrollment_id uuid NOT NULL REFERENCES enrollments(id) ON DELETE CASCADE,
        from_class_id uuid NOT NULL,
        to_class_id uuid NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
        amount_cents integer NOT NULL CHECK (amount_cents > 0),
        new_amount_due_cents integer NOT NULL,
        price_breakdown jsonb NOT NULL DEFAULT '[]'::jsonb,
        -- card: paid online through a held seat; in_person: the organization lets the switch happen at once with the
        -- difference due at class ('due' until a teacher or admin marks it paid).
        method text NOT NULL DEFAULT 'card' CHECK (method IN ('card', 'in_person')),
        status text NOT NULL DEFAULT 'held' CHECK (status IN ('held', 'due', 'completed', 'expired', 'failed', 'refunded')),
        stripe_payment_intent_id text UNIQUE,
        stripe_charge_id text,
        platform_fee_cents integer NOT NULL DEFAULT 0,
        hold_expires_at timestamptz,
        by_student boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz
      );
      CREATE UNIQUE INDEX enrollment_top_ups_one_open ON enrollment_top_ups (enrollment_id) WHERE status = 'held';
      CREATE INDEX enrollment_top_ups_expiry ON enrollment_top_ups (hold_expires_at) WHERE status = 'held';
      CREATE INDEX enrollment_top_ups_enrollment ON enrollment_top_ups (enrollment_id);
      ALTER TABLE refunds ADD COLUMN payment_intent_id text;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE refunds DROP COLUMN payment_intent_id; DROP TABLE enrollment_top_ups;');
  }
}
