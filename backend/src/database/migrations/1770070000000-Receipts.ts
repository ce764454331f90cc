import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Numbered receipts and credit notes (docs/decisions/receipt-numbers.md). `receipt_counters` holds, per organization,
 * kind and calendar year, the last number given. A receipt is inserted without a number in the transaction that
 * records the payment; a deferred constraint trigger gives it the next number at that transaction's commit, with one
 * upsert of the counter row: the row lock orders concurrent payments of one organization, is held only from the
 * commit's start to its end (not for the rest of the payment's work, which would make every payment of the
 * organization wait on the slowest), and a transaction that rolls back takes nothing: no gap, no duplicate.
 *
 * A receipt copies what it says (payer, students, lines, issuer's legal details) when it is issued: it is a record
 * of that moment, not a view of today's rows, so it has no foreign key to the enrollment or the refund it tells of.
 * `tx_id` is the issuing transaction (pg_current_xact_id): the payments of one household paid together, announced one
 * by one in that transaction, join one receipt; a later transaction never changes a receipt issued before.
 */
export class Receipts1770070000000 implements MigrationInterface {
  name = 'Receipts1770070000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE receipt_counters (
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('receipt', 'credit_note')),
        year integer NOT NULL,
        last_number integer NOT NULL CHECK (last_number > 0),
        PRIMARY KEY (organization_id, kind, year)
      );
      CREATE TABLE receipts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('receipt', 'credit_note')),
        -- Set at commit by receipts_take_number (null only inside the issuing transaction).
        year integer,
        seq integer CHECK (seq > 0),
        number text,
        -- The organization's time zone when issued: the year of the number is the year there.
        time_zone text NOT NULL,
        -- The receipt a credit note gives money back on (null: none found, e.g. a payment from before receipts).
        original_receipt_id uuid REFERENCES receipts(id) ON DELETE SET NULL,
        payer_student_id uuid,
        payer jsonb NOT NULL,
        student_ids uuid[] NOT NULL DEFAULT '{}',
        students jsonb NOT NULL DEFAULT '[]'::jsonb,
        enrollment_ids uuid[] NOT NULL DEFAULT '{}',
        lines jsonb NOT NULL DEFAULT '[]'::jsonb,
        total_cents integer NOT NULL CHECK (total_cents >= 0),
        currency text NOT NULL DEFAULT 'USD',
        payment_method text NOT NULL CHECK (payment_method IN ('card', 'in-person')),
        stripe_payment_intent_id text,
        stripe_charge_id text,
        stripe_refund_id text,
        refund_ids uuid[] NOT NULL DEFAULT '{}',
        top_up_id uuid,
        reason text,
        issuer jsonb NOT NULL,
        issued_at timestamptz NOT NULL DEFAULT now(),
        tx_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
        UNIQUE (organization_id, kind, year, seq),
        UNIQUE (organization_id, number)
      );
      CREATE INDEX receipts_org_issued ON receipts (organization_id, issued_at DESC, id DESC);
      CREATE INDEX receipts_students ON receipts USING gin (student_ids);
      CREATE INDEX receipts_payer ON receipts (organization_id, payer_student_id);
      CREATE INDEX receipts_intent ON receipts (organization_id, stripe_payment_intent_id) WHERE stripe_payment_intent_id IS NOT NULL;
      CREATE INDEX receipts_enrollments ON receipts USING gin (enrollment_ids);

      CREATE FUNCTION receipts_take_number() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        y integer := extract(year FROM NEW.issued_at AT TIME ZONE NEW.time_zone)::int;
        n integer;
      BEGIN
        INSERT INTO receipt_counters AS c (organization_id, kind, year, last_number) VALUES (NEW.organization_id, NEW.kind, y, 1)
          ON CONFLICT (organization_id, kind, year) DO UPDATE SET last_number = c.last_number + 1
          RETURNING last_number INTO n;
        -- R-2026-000123 / CN-2026-000004; past 999999 the sequence simply grows a digit.
        UPDATE receipts
           SET year = y, seq = n,
               number = CASE NEW.kind WHEN 'receipt' THEN 'R-' ELSE 'CN-' END || y || '-' || CASE WHEN n < 1000000 THEN lpad(n::text, 6, '0') ELSE n::text END
         WHERE id = NEW.id;
        RETURN NULL;
      END $$;
      CREATE CONSTRAINT TRIGGER receipts_number AFTER INSERT ON receipts
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION receipts_take_number();
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE receipts; DROP TABLE receipt_counters; DROP FUNCTION receipts_take_number();');
  }
}
