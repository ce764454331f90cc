import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The sweep of the waiting-room lines deletes the lines of openings long past (`opens_at` below a cut-off, every
 * organization): the primary key leads with the organization, so without this index each sweep would read the whole
 * table. A place in line updates `issued` and `last_admit_at` only, never `opens_at`, so that update stays a HOT
 * update that does not touch this index; only a line's first place adds an entry.
 */
export class WaitingRoomLinesOpensAt1769200000000 implements MigrationInterface {
  name = 'WaitingRoomLinesOpensAt1769200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE INDEX waiting_room_lines_opens_at_idx ON waiting_room_lines (opens_at)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX waiting_room_lines_opens_at_idx');
  }
}
