import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Numbered receipts and credit notes (docs/decisions/receipt-numbers.md). `receipt_counters` holds, per organization,
 * kind and calendar year, the last number given: a receipt takes the next one with one UPDATE (an upsert for the
 * year's first) in the transaction that records the payment, so the row lock orders concurrent payments of one
 * organization and a transaction that rolls back gives its number back: no gap, no duplicate.
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
        year integer NOT NULL,
        seq integer NOT NULL CHECK (seq > 0),
        number text NOT NULL,
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
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE receipts; DROP TABLE receipt_counters;');
  }
}
