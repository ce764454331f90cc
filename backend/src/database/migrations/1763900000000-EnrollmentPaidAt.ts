import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When an enrollment was paid: revenue belongs to the day the money came in, not the day of
 * registration. A trigger keeps `paid_at` right on every write path (in-person marking, admin edits,
 * card payments to come): set when an enrollment becomes completed, cleared when it stops being so;
 * the CHECK makes a completed enrollment without a payment time impossible.
 */
export class EnrollmentPaidAt1763900000000 implements MigrationInterface {
  name = 'EnrollmentPaidAt1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE enrollments ADD COLUMN paid_at timestamptz;
      UPDATE enrollments SET paid_at = enrollment_date WHERE payment_status = 'completed';

      CREATE FUNCTION enrollments_set_paid_at() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.payment_status = 'completed' THEN
          IF NEW.paid_at IS NULL
             OR (TG_OP = 'UPDATE' AND OLD.payment_status <> 'completed' AND NEW.paid_at IS NOT DISTINCT FROM OLD.paid_at) THEN
            NEW.paid_at := now();
          END IF;
        ELSE
          NEW.paid_at := NULL;
        END IF;
        RETURN NEW;
      END $$;

      CREATE TRIGGER enrollments_paid_at BEFORE INSERT OR UPDATE ON enrollments
        FOR EACH ROW EXECUTE FUNCTION enrollments_set_paid_at();

      ALTER TABLE enrollments ADD CONSTRAINT enrollments_paid_at_check CHECK ((payment_status = 'completed') = (paid_at IS NOT NULL));
      CREATE INDEX enrollments_org_paid_idx ON enrollments (organization_id, paid_at) WHERE paid_at IS NOT NULL;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TRIGGER enrollments_paid_at ON enrollments;
      DROP FUNCTION enrollments_set_paid_at();
      ALTER TABLE enrollments DROP COLUMN paid_at;
    `);
  }
}
