import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { returning } from '../../common/db/returning';

/** A place in an opening's line: its number and when it is let in. */
export interface Place {
  position: number;
  admitAt: Date;
}

/** One opening's line as stored: the places given and when the last one is let in. */
export interface LineRow {
  opensAt: Date;
  issued: number;
  lastAdmitAt: Date;
}

/** The places asked for on this instance while the line's statement is on its way, in the order they were asked. */
interface Pending {
  waiting: { resolve: (place: Place) => void; reject: (error: unknown) => void }[];
  sending: boolean;
}

/** At most this many places in one statement (a bound on one reply's size; a burst rarely queues more). */
const MAX_PLACES_PER_STATEMENT = 500;

/** The opening lines (waiting_room_lines): one row per organization and opening instant. */
@Injectable()
export class WaitingRoomRepository {
  private readonly pending = new Map<string, Pending>();

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Gives the next place in the line of the opening at `opensAt` (a scheduled queue, GCRA): the first place is let in
   * at the opening (or now, if that is later), each next one `stepMs` after the one before it, or now when the line
   * has emptied.
   *
   * At an opening thousands of people ask at once, and every statement costs CPU on both sides. So an instance sends
   * at most one statement per line at a time: the first request goes at once, and the requests that arrive while it is
   * on its way go together in the next one (group commit: the busier the instance, the bigger the batch; an idle one
   * adds no wait). Places within a batch follow the order of arrival at this instance.
   */
  take(organizationId: string, opensAt: Date, stepMs: number): Promise<Place> {
    const key = `${organizationId}|${opensAt.getTime()}|${stepMs}`;
    let line = this.pending.get(key);
    if (!line) this.pending.set(key, (line = { waiting: [], sending: false }));
    const place = new Promise<Place>((resolve, reject) => line.waiting.push({ resolve, reject }));
    if (!line.sending) void this.send(key, line, organizationId, opensAt, stepMs);
    return place;
  }

  private async send(key: string, line: Pending, organizationId: string, opensAt: Date, stepMs: number): Promise<void> {
    line.sending = true;
    while (line.waiting.length) {
      const batch = line.waiting.splice(0, MAX_PLACES_PER_STATEMENT);
      try {
        const last = await this.takeMany(organizationId, opensAt, stepMs, batch.length);
        const first = last.position - batch.length + 1;
        const firstAdmit = last.admitAt.getTime() - (batch.length - 1) * stepMs;
        batch.forEach((w, k) => w.resolve({ position: first + k, admitAt: new Date(Math.round(firstAdmit + k * stepMs)) }));
      } catch (e) {
        batch.forEach((w) => w.reject(e));
      }
    }
    this.pending.delete(key);
  }

  /**
   * Takes `count` consecutive places in one statement; answers the last one. The row is locked only for this
   * statement, so concurrent statements from any number of instances each get their own places, in the order
   * PostgreSQL takes them. Now is cut to the millisecond, so a step of whole milliseconds gives tickets the exact
   * instants stored (a fractional step keeps its fraction in the row, so turns do not drift, and tickets round it).
   */
  private async takeMany(organizationId: string, opensAt: Date, stepMs: number, count: number): Promise<Place> {
    const [row] = await returning<{ issued: number; last_admit_at: Date }>(
      this.db,
      `INSERT INTO waiting_room_lines AS l (organization_id, opens_at, issued, last_admit_at)
       VALUES ($1, $2, $4,
         GREATEST(date_trunc('milliseconds', now()), $2::timestamptz) + make_interval(secs => ($4 - 1) * $3::double precision / 1000))
       ON CONFLICT (organization_id, opens_at) DO UPDATE SET
         issued = l.issued + $4,
         last_admit_at = GREATEST(date_trunc('milliseconds', now()), l.last_admit_at + make_interval(secs => $3::double precision / 1000))
           + make_interval(secs => ($4 - 1) * $3::double precision / 1000)
       RETURNING issued, last_admit_at`,
      [organizationId, opensAt, stepMs, count],
    );
    return { position: row.issued, admitAt: new Date(row.last_admit_at) };
  }

  /**
   * The organization's lines of openings at or after `since`, newest opening first (the admin's live view). The
   * primary key (organization, opening) serves it.
   */
  async linesSince(organizationId: string, since: Date): Promise<LineRow[]> {
    const rows = await this.db.query<{ opens_at: Date; issued: number; last_admit_at: Date }[]>(
      `SELECT opens_at, issued, last_admit_at FROM waiting_room_lines
       WHERE organization_id = $1 AND opens_at >= $2 ORDER BY opens_at DESC`,
      [organizationId, since],
    );
    return rows.map((r) => ({ opensAt: new Date(r.opens_at), issued: r.issued, lastAdmitAt: new Date(r.last_admit_at) }));
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
