import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Registration fees charged (issue 43 §2, docs/decisions/taxes-and-registration-fees.md): one row per fee a
 * registration was charged, keyed by the period (`term:<id>` or `year:<yyyy>`) and the payer it is due from
 * (`household:<email>`, `student:<email>`; null for a household's further attendee, always charged). A fee counts as
 * charged while its registration stands (not expired, not cancelled), so a lapsed card hold or a cancelled
 * registration gives the period's fee back to the next registration. No foreign key to the enrollment, as
 * promo_redemptions: an admin may delete an enrollment.
 */
export class RegistrationFeeCharges1771008000000 implements MigrationInterface {
  name = 'RegistrationFeeCharges1771008000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE registration_fee_charges (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        enrollment_id uuid NOT NULL,
        period_key text NOT NULL,
        payer_key text,
        label text NOT NULL,
        amount_cents integer NOT NULL CHECK (amount_cents > 0),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX registration_fee_charges_payer ON registration_fee_charges (organization_id, period_key, payer_key)');
    await q.query('CREATE INDEX registration_fee_charges_enrollment ON registration_fee_charges (enrollment_id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE registration_fee_charges');
  }
}
