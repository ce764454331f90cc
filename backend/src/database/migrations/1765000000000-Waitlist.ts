import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The waitlist with timed seat offers. An `offered` entry holds one seat of the class (counted in
 * `classes.enrolled_students` like a card hold) until `offer_expires_at`. `sort_key` orders the list; the position
 * shown is the rank among live entries (waiting, offered). One live entry per email and class. The offer link's
 * token is signed; only its hash is kept, so a newer offer to the same entry makes the older link stale.
 * Message kinds `waitlist_joined` (the place on the list and the leave link) and `waitlist_offer` go through the
 * communications outbox.
 */
export class Waitlist1765000000000 implements MigrationInterface {
  name = 'Waitlist1765000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE waitlist_entries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        class_id uuid NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
        first_name text NOT NULL,
        last_name text NOT NULL,
        email text NOT NULL,
        phone text NOT NULL,
        communication_opt_in boolean NOT NULL DEFAULT true,
        status text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'offered', 'accepted', 'lapsed', 'removed', 'left')),
        sort_key integer NOT NULL,
        offer_count integer NOT NULL DEFAULT 0,
        offered_at timestamptz,
        offer_expires_at timestamptz,
        offer_token_hash text,
        accepted_enrollment_id uuid REFERENCES enrollments(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (status <> 'offered' OR (offer_expires_at IS NOT NULL AND offer_token_hash IS NOT NULL))
      );
      CREATE UNIQUE INDEX waitlist_entries_live_email ON waitlist_entries (class_id, lower(email)) WHERE status IN ('waiting', 'offered');
      CREATE INDEX waitlist_entries_class ON waitlist_entries (class_id, sort_key) WHERE status IN ('waiting', 'offered');
      CREATE INDEX waitlist_entries_organization ON waitlist_entries (organization_id);
      CREATE INDEX waitlist_entries_offer_expiry ON waitlist_entries (offer_expires_at) WHERE status = 'offered';

      ALTER TABLE communications DROP CONSTRAINT communications_kind_check;
      ALTER TABLE communications ADD CONSTRAINT communications_kind_check
        CHECK (kind IN ('manual', 'reminder', 'confirmation', 'receipt', 'refund', 'rating', 'system', 'waitlist_joined', 'waitlist_offer'));
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DELETE FROM communications WHERE kind IN ('waitlist_joined', 'waitlist_offer');
      ALTER TABLE communications DROP CONSTRAINT communications_kind_check;
      ALTER TABLE communications ADD CONSTRAINT communications_kind_check
        CHECK (kind IN ('manual', 'reminder', 'confirmation', 'receipt', 'refund', 'rating', 'system'));
      DROP TABLE waitlist_entries;
    `);
  }
}
