import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { returning } from '../../common/db/returning';

export interface CounterState {
  hits: number;
  /** Seconds until the counting window ends (at least 1). */
  windowSeconds: number;
  /** Seconds until a block ends, 0 when not blocked. */
  blockSeconds: number;
}

/** The rate-limit counters (rate_limit_counters, an UNLOGGED table): one row per budget, action and client IP. */
@Injectable()
export class RateLimitsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Counts one request in one statement, so concurrent requests on any number of instances each get their own
   * count (the row lock of ON CONFLICT DO UPDATE orders them). The rules are @nestjs/throttler's own: a fixed
   * window of `ttlMs`; the request that goes over `limit` starts a block of `blockMs` during which requests are
   * refused and not counted; when the window or the block has passed the count starts again at 1.
   */
  async hit(key: string, ttlMs: number, limit: number, blockMs: number): Promise<CounterState> {
    const [row] = await returning<{ hits: number; window_ms: number; block_ms: number }>(
      this.db,
      `INSERT INTO rate_limit_counters AS r (key, hits, window_ends, blocked_until)
       VALUES ($1, 1, now() + make_interval(secs => $2::double precision / 1000), NULL)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN r.blocked_until > now() THEN r.hits
                     WHEN r.blocked_until IS NOT NULL OR r.window_ends <= now() THEN 1
                     ELSE r.hits + 1 END,
         window_ends = CASE WHEN r.blocked_until > now() THEN r.window_ends
                     WHEN r.blocked_until IS NOT NULL OR r.window_ends <= now() THEN EXCLUDED.window_ends
                     ELSE r.window_ends END,
         blocked_until = CASE WHEN r.blocked_until > now() THEN r.blocked_until
                     WHEN r.blocked_until IS NOT NULL OR r.window_ends <= now() THEN NULL
                     WHEN r.hits + 1 > $3 THEN now() + make_interval(secs => $4::double precision / 1000)
                     ELSE NULL END
       RETURNING hits,
         (extract(epoch FROM window_ends - now()) * 1000)::float8 AS window_ms,
         coalesce(extract(epoch FROM blocked_until - now()) * 1000, 0)::float8 AS block_ms`,
      [key, ttlMs, limit, blockMs],
    );
    return {
      hits: row.hits,
      windowSeconds: Math.max(1, Math.ceil(row.window_ms / 1000)),
      blockSeconds: row.block_ms > 0 ? Math.max(1, Math.ceil(row.block_ms / 1000)) : 0,
    };
  }

  /** Deletes counters whose window and block have both passed; answers how many. */
  async sweep(): Promise<number> {
    const rows = await returning(
      this.db,
      `DELETE FROM rate_limit_counters
        WHERE window_ends < now() AND (blocked_until IS NULL OR blocked_until < now())
        RETURNING 1`,
      [],
    );
    return rows.length;
  }
}
