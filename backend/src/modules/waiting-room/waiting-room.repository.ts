import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { returning } from '../../common/db/returning';

/** The opening lines (waiting_room_lines): one row per organization and opening instant. */
@Injectable()
export class WaitingRoomRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Gives the next place in the line of the opening at `opensAt`, in one statement (a scheduled queue, GCRA): the
   * first place is let in at the opening (or now, if that is later), each next one `stepMs` after the one before it,
   * or now when the line has emptied. The row is locked only for this statement, so concurrent requests on any number
   * of instances each get their own place, in the order PostgreSQL takes them. Times are cut to the millisecond so the
   * signed ticket carries exactly the instant stored.
   */
  async take(organizationId: string, opensAt: Date, stepMs: number): Promise<{ position: number; admitAt: Date }> {
    const [row] = await returning<{ issued: number; last_admit_at: Date }>(
      this.db,
      `INSERT INTO waiting_room_lines AS l (organization_id, opens_at, issued, last_admit_at)
       VALUES ($1, $2, 1, GREATEST(date_trunc('milliseconds', now()), $2::timestamptz))
       ON CONFLICT (organization_id, opens_at) DO UPDATE SET
         issued = l.issued + 1,
         last_admit_at = GREATEST(date_trunc('milliseconds', now()), l.last_admit_at + make_interval(secs => $3::double precision / 1000))
       RETURNING issued, last_admit_at`,
      [organizationId, opensAt, stepMs],
    );
    return { position: row.issued, admitAt: new Date(row.last_admit_at) };
  }

  /**
   * Deletes the lines of openings more than `olderThanMs` ago (by the database's clock); answers how many. One DELETE
   * on the opening's index: two instances running it at once each delete what the other has not (the second waits on
   * the first's row locks, then skips the rows gone), so it is harmless anywhere.
   */
  async deleteOpenedBefore(olderThanMs: number): Promise<number> {
    const rows = await returning(
      this.db,
      `DELETE FROM waiting_room_lines WHERE opens_at < now() - make_interval(secs => $1::double precision / 1000) RETURNING 1`,
      [olderThanMs],
    );
    return rows.length;
  }
}
