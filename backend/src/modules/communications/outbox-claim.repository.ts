import type { EntityManager } from 'typeorm';
import { fairShare, waitingOrganizationsSql } from '../../common/db/fair-share';
import type { CommunicationRow } from './communication.types';
import { countByOrganization, type OutboundBudget } from '../outbound-limits/outbound-budget';

/** A pending row whose time has come (the dispatcher's claim). */
const DUE = `status = 'pending' AND next_attempt_at <= now()`;
const WAITING_ORGANIZATIONS = waitingOrganizationsSql(
  'communications',
  (x) => `${x}.status = 'pending' AND ${x}.next_attempt_at <= now()`,
  'next_attempt_at',
);

/**
 * Due pending rows, locked for the caller's transaction; rows another instance holds are skipped, never waited for.
 * The batch is shared round robin between the organizations with due rows (common/db/fair-share.ts), so one
 * organization's announcement cannot hold back another's reminders, and each organization takes at most what its
 * per-minute allowance has left (modules/outbound-limits: an organization that spent it waits for the next minute
 * without taking a slot of the batch). The caller spends what it goes on to send. Returned oldest first, as they were due.
 */
export async function claimDueRows(m: EntityManager, limit: number, columns: string, budget: OutboundBudget): Promise<CommunicationRow[]> {
  const waiting: { organizationId: string }[] = await m.query(WAITING_ORGANIZATIONS);
  const open = await budget.open(
    m,
    'message',
    waiting.map((w) => w.organizationId),
  );
  const share = fairShare(open, limit);
  if (!share.organizationIds.length) return [];
  const allowance = await budget.hold(m, 'message', share.organizationIds);
  const served = share.organizationIds.filter((id) => (allowance.get(id) ?? 0) > 0);
  const first = await takeRows(m, columns, served, (id) => Math.min(share.perOrganization, allowance.get(id)!), limit, []);
  // What small queues left of their share goes to the queues that had more than theirs and allowance left (a lone
  // organization fills the batch as before). When no queue filled its share, nothing is left to take: no statement.
  const taken = countByOrganization(first);
  const more = served.filter((id) => (taken.get(id) ?? 0) >= share.perOrganization && allowance.get(id)! > taken.get(id)!);
  const rest =
    first.length < limit && more.length
      ? await takeRows(
          m,
          columns,
          more,
          (id) => allowance.get(id)! - taken.get(id)!,
          limit - first.length,
          first.map((r) => r.id),
        )
      : [];
  return [...first, ...rest].sort(
    (a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/**
 * Up to `cap(organization)` due rows of each organization, `limit` in all, locked (SKIP LOCKED). `except`: rows this
 * transaction already holds (SKIP LOCKED skips only other transactions' locks).
 */
function takeRows(
  m: EntityManager,
  columns: string,
  organizationIds: string[],
  cap: (organizationId: string) => number,
  limit: number,
  except: string[],
): Promise<CommunicationRow[]> {
  if (!organizationIds.length) return Promise.resolve([]);
  return m.query(
    `SELECT c.* FROM unnest($1::uuid[], $2::int[]) AS o(id, n)
       CROSS JOIN LATERAL (SELECT ${columns} FROM communications
                            WHERE organization_id = o.id AND ${DUE} AND id <> ALL($4::uuid[])
                            ORDER BY next_attempt_at, id LIMIT o.n FOR UPDATE SKIP LOCKED) c
       LIMIT $3`,
    [organizationIds, organizationIds.map(cap), limit, except],
  );
}
