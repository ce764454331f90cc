import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { MakeupReportRow } from '../reporting/makeup-report.port';

/**
 * Make-up tokens read for the reports (issue 41 §4), month by month in the organization's zone (`$4`), days `$2` to
 * `$3` inclusive: granted (a token's grant, by the day it was granted), booked (a token's use not given back, by the
 * day it was booked; `used` when its session has started), expired (what was left on a token whose last day has
 * passed, by that day, whether or not the expiry sweep has written its movement yet: the sweep moves what is left into
 * an expire movement, so `remaining` minus the expire movements stays the same). Reads the credits ledger
 * (entitlements, entitlement_movements) and the booked seat's session (enrollments, class_sessions), declared in
 * docs/architecture.md.
 */
@Injectable()
export class MakeupReportsRepository {
  async monthly(
    m: EntityManager,
    organizationId: string,
    startDate: string,
    endDate: string,
    timeZone: string,
  ): Promise<MakeupReportRow[]> {
    return m.query(
      `WITH tokens AS (
         SELECT e.id, e.remaining, e.valid_until, e.revoked_at FROM entitlements e WHERE e.organization_id = $1 AND e.kind = 'makeup_token'),
       ev AS (
         SELECT 'granted' AS what, (mv.created_at AT TIME ZONE $4)::date AS day, mv.amount AS n
           FROM entitlement_movements mv JOIN tokens t ON t.id = mv.entitlement_id
          WHERE mv.organization_id = $1 AND mv.kind = 'grant'
         UNION ALL
         SELECT CASE WHEN s.starts_at <= now() THEN 'used' ELSE 'booked' END, (mv.created_at AT TIME ZONE $4)::date, -mv.amount
           FROM entitlement_movements mv JOIN tokens t ON t.id = mv.entitlement_id
           LEFT JOIN enrollments en ON en.organization_id = mv.organization_id AND en.id = mv.enrollment_id
           LEFT JOIN class_sessions s ON s.organization_id = en.organization_id AND s.id = en.class_session_id
          WHERE mv.organization_id = $1 AND mv.kind = 'use'
            AND NOT EXISTS (SELECT 1 FROM entitlement_movements r WHERE r.organization_id = $1 AND r.releases_movement_id = mv.id)
         UNION ALL
         SELECT 'expired', t.valid_until,
                t.remaining - coalesce((SELECT sum(x.amount) FROM entitlement_movements x
                                         WHERE x.organization_id = $1 AND x.entitlement_id = t.id AND x.kind = 'expire'), 0)
           FROM tokens t
          WHERE t.revoked_at IS NULL AND t.valid_until < (now() AT TIME ZONE $4)::date)
       SELECT to_char(day, 'YYYY-MM') AS month,
              coalesce(sum(n) FILTER (WHERE what = 'granted'), 0)::int AS granted,
              coalesce(sum(n) FILTER (WHERE what IN ('booked', 'used')), 0)::int AS booked,
              coalesce(sum(n) FILTER (WHERE what = 'used'), 0)::int AS used,
              coalesce(sum(n) FILTER (WHERE what = 'expired'), 0)::int AS expired
         FROM ev WHERE day BETWEEN $2::date AND $3::date AND n <> 0
        GROUP BY 1 ORDER BY 1`,
      [organizationId, startDate, endDate, timeZone],
    );
  }
}
