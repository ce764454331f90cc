import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The registration fee refunded only when every registration of its period is cancelled (issue 43 §2,
 * docs/decisions/registration-fee-refunds.md). `registration_fee_charges` gains:
 * - rows of 0 for the registrations a period's fee already covered (amount_cents may be 0): who else registered in the
 *   period, so a cancellation knows whether the fee stays;
 * - `holder_enrollment_id`: the registration the paid fee counts under now (null: the one that paid it); a cancelled
 *   holder hands it to another standing registration of the period;
 * - `tax_lines`: the fee's own taxes as charged, so the part kept or given back carries exactly its tax.
 */
export class RegistrationFeeHolders1773005000000 implements MigrationInterface {
  name = 'RegistrationFeeHolders1773005000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE registration_fee_charges DROP CONSTRAINT registration_fee_charges_amount_cents_check');
    await q.query(
      'ALTER TABLE registration_fee_charges ADD CONSTRAINT registration_fee_charges_amount_cents_check CHECK (amount_cents >= 0)',
    );
    await q.query('ALTER TABLE registration_fee_charges ADD COLUMN holder_enrollment_id uuid');
    await q.query(`ALTER TABLE registration_fee_charges ADD COLUMN tax_lines jsonb NOT NULL DEFAULT '[]'::jsonb`);
    await q.query(
      'CREATE INDEX registration_fee_charges_holder ON registration_fee_charges (holder_enrollment_id) WHERE holder_enrollment_id IS NOT NULL',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX registration_fee_charges_holder');
    await q.query('DELETE FROM registration_fee_charges WHERE amount_cents = 0');
    await q.query('ALTER TABLE registration_fee_charges DROP COLUMN tax_lines');
    await q.query('ALTER TABLE registration_fee_charges DROP COLUMN holder_enrollment_id');
    await q.query('ALTER TABLE registration_fee_charges DROP CONSTRAINT registration_fee_charges_amount_cents_check');
    await q.query(
      'ALTER TABLE registration_fee_charges ADD CONSTRAINT registration_fee_charges_amount_cents_check CHECK (amount_cents > 0)',
    );
  }
}
