import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { SERVER_TIME_ZONE } from '../../common/time-zone';
import type { EntitlementKind } from './credit.types';

/** What the organization still owes on the ledger, for one expiry month (null: no expiry) and one kind of credit. */
export interface LiabilityRow {
  expiryMonth: string | null;
  kind: EntitlementKind;
  credits: number;
  /** Uses left (every kind but account credit). */
  uses: number;
  /** Account credit left, in cents. */
  cents: number;
}

/**
 * The credits ledger read for reports (issue 41 §4): the unused credit the organization owes, by expiry month. Only
 * what can still be used counts: not revoked, something left, and not past its last day in the organization's zone.
 * Reads organizations (the zone of "today"), declared in docs/architecture.md.
 */
@Injectable()
export class CreditReportsRepository {
  async liability(m: EntityManager, organizationId: string): Promise<LiabilityRow[]> {
    const rows: (Omit<LiabilityRow, 'cents'> & { cents: string })[] = await m.query(
      `WITH today AS (
         SELECT (now() AT TIME ZONE coalesce(nullif(o.settings->>'timeZone', ''), $2))::date AS d FROM organizations o WHERE o.id = $1)
       SELECT to_char(e.valid_until, 'YYYY-MM') AS "expiryMonth", e.kind, count(*)::int AS credits,
              coalesce(sum(e.remaining) FILTER (WHERE e.kind <> 'account_credit'), 0)::int AS uses,
              coalesce(sum(e.remaining) FILTER (WHERE e.kind = 'account_credit'), 0)::bigint AS cents
         FROM entitlements e CROSS JOIN today
        WHERE e.organization_id = $1 AND e.revoked_at IS NULL AND e.remaining > 0
          AND (e.valid_until IS NULL OR e.valid_until >= today.d)
        GROUP BY 1, 2
        ORDER BY 1 NULLS LAST, 2`,
      [organizationId, SERVER_TIME_ZONE],
    );
    return rows.map((r) => ({ ...r, cents: Number(r.cents) }));
  }
}
