import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The opening's waiting room: one row per organization and opening instant, the line everyone arriving at that opening
 * joins. `issued` is how many places were given, `last_admit_at` when the last one is let in; the next place is let in
 * one step after it (or now, when the line has emptied). Nothing is kept per person: the place is a signed ticket.
 */
export class WaitingRoomLines1769000000000 implements MigrationInterface {
  name = 'WaitingRoomLines1769000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE waiting_room_lines (
        organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        opens_at timestamptz NOT NULL,
        issued integer NOT NULL CHECK (issued > 0),
        last_admit_at timestamptz NOT NULL,
        PRIMARY KEY (organization_id, opens_at)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE waiting_room_lines');
  }
}
