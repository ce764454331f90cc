/**
 * Work claimed by several organizations' queues in one batch, shared round robin: one organization's 50,000-message
 * announcement must not hold back another organization's 20 reminders behind it. A claim first lists the
 * organizations with due work, oldest wait first, then takes at most `perOrganization` rows of each, so every
 * organization with due work gets a slice of every batch (up to `limit` organizations a batch, the ones waiting
 * longest). What a small queue leaves of its share goes to the others in a second pass, so a lone organization still
 * fills the batch.
 */
export interface FairShare {
  /** The organizations served in this batch, oldest wait first. */
  organizationIds: string[];
  /** Rows each of them may take in the first pass. */
  perOrganization: number;
}

export function fairShare(waiting: string[], limit: number): FairShare {
  const organizationIds = waiting.slice(0, Math.max(0, limit));
  const perOrganization = organizationIds.length ? Math.ceil(limit / organizationIds.length) : 0;
  return { organizationIds, perOrganization };
}

/**
 * The organizations that have rows matching `due(alias)` in `table`, oldest `orderColumn` first. It walks an index
 * that leads with organization_id one organization at a time (a "skip scan", which PostgreSQL does not do by itself),
 * so its cost is a couple of index probes per waiting organization, not one row per waiting message.
 */
export function waitingOrganizationsSql(table: string, due: (alias: string) => string, orderColumn: string): string {
  return `WITH RECURSIVE o AS (
      (SELECT a.organization_id FROM ${table} a WHERE ${due('a')} ORDER BY a.organization_id LIMIT 1)
      UNION ALL
      SELECT (SELECT x.organization_id FROM ${table} x WHERE ${due('x')} AND x.organization_id > o.organization_id
               ORDER BY x.organization_id LIMIT 1)
        FROM o WHERE o.organization_id IS NOT NULL)
    SELECT o.organization_id AS "organizationId"
      FROM o
     WHERE o.organization_id IS NOT NULL
     ORDER BY (SELECT min(y.${orderColumn}) FROM ${table} y WHERE y.organization_id = o.organization_id AND ${due('y')}), 1`;
}

/**
 * One claim statement for a job that takes due rows of every organization in batches (`$1`: the batch): the batch is
 * shared between the organizations with due rows (up to `$1` of them, the longest waiting first), each taking at most
 * an equal share, its own oldest first, locked FOR UPDATE SKIP LOCKED (another instance's claim skips them and takes
 * the next). So one organization's 50,000 due rows take at most their share of each batch while another's wait their
 * turn of one batch. A share a small queue leaves is not given to the others in the same batch: the next run takes
 * them. It needs an index on (organization_id, orderColumn) whose predicate `due` implies.
 */
export function fairClaimSql(
  table: string,
  due: (alias: string) => string,
  orderColumn: string,
  columns: (alias: string) => string,
): string {
  return `WITH RECURSIVE o AS (
      (SELECT a.organization_id FROM ${table} a WHERE ${due('a')} ORDER BY a.organization_id LIMIT 1)
      UNION ALL
      SELECT (SELECT x.organization_id FROM ${table} x WHERE ${due('x')} AND x.organization_id > o.organization_id
               ORDER BY x.organization_id LIMIT 1)
        FROM o WHERE o.organization_id IS NOT NULL),
    w AS (SELECT o.organization_id FROM o WHERE o.organization_id IS NOT NULL
           ORDER BY (SELECT min(y.${orderColumn}) FROM ${table} y WHERE y.organization_id = o.organization_id AND ${due('y')}), 1
           LIMIT $1),
    share AS (SELECT ceil($1::numeric / greatest(count(*), 1))::int AS n FROM w)
    SELECT c.* FROM w CROSS JOIN share CROSS JOIN LATERAL (
      SELECT ${columns('z')} FROM ${table} z
       WHERE z.organization_id = w.organization_id AND ${due('z')}
       ORDER BY z.${orderColumn} LIMIT share.n FOR UPDATE SKIP LOCKED) c
    LIMIT $1`;
}
