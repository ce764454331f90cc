import type { EntityManager } from 'typeorm';
import { fairShare, waitingOrganizationsSql } from '../../common/db/fair-share';
import type { CommunicationRow } from './communication.types';

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
 * organization's announcement cannot hold back another's reminders; returned oldest first, as they were due.
 */
export async function claimDueRows(m: EntityManager, limit: number, columns: string): Promise<CommunicationRow[]> {
  const waiting: { organizationId: string }[] = await m.query(WAITING_ORGANIZATIONS);
  const share = fairShare(
    waiting.map((w) => w.organizationId),
    limit,
  );
  if (!share.organizationIds.length) return [];
  const first: CommunicationRow[] = await m.query(
    `SELECT c.* FROM unnest($1::uuid[]) AS o(id)
       CROSS JOIN LATERAL (SELECT ${columns} FROM communications
                            WHERE organization_id = o.id AND ${DUE}
                            ORDER BY next_attempt_at, id LIMIT $2 FOR UPDATE SKIP LOCKED) c
       LIMIT $3`,
    [share.organizationIds, share.perOrganization, limit],
  );
  // What small queues left of their share goes to the queues that had more than theirs (a lone organization fills
  // the batch as before). When no queue filled its share, nothing is left to take: no second statement.
  const taken = new Map<string, number>();
  for (const r of first) taken.set(r.organizationId, (taken.get(r.organizationId) ?? 0) + 1);
  const someQueueHasMore = [...taken.values()].some((n) => n >= share.perOrganization);
  const rest: CommunicationRow[] =
    first.length < limit && someQueueHasMore
      ? await m.query(
          `SELECT ${columns} FROM communications WHERE ${DUE} AND id <> ALL($1::uuid[])
             ORDER BY next_attempt_at, id LIMIT $2 FOR UPDATE SKIP LOCKED`,
          [first.map((r) => r.id), limit - first.length],
        )
      : [];
  return [...first, ...rest].sort(
    (a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}
