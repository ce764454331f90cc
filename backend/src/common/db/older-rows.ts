/**
 * A retention rule's delete (modules/retention) for a table that carries organization_id: up to $2 rows matching
 * `old(alias)` (which reads the cutoff as $1), found one organization at a time through an index that leads with
 * organization_id and then the row's time, so a table of millions is never scanned whole. The organizations are
 * walked as in fair-share.ts's skip scan, lazily: the walk stops once $2 rows are found. Answers the deleted ids.
 */
export function olderRowsDeleteSql(table: string, old: (alias: string) => string): string {
  return `WITH RECURSIVE o AS (
      (SELECT a.organization_id FROM ${table} a WHERE ${old('a')} ORDER BY a.organization_id LIMIT 1)
      UNION ALL
      SELECT (SELECT x.organization_id FROM ${table} x WHERE ${old('x')} AND x.organization_id > o.organization_id
               ORDER BY x.organization_id LIMIT 1)
        FROM o WHERE o.organization_id IS NOT NULL),
    victims AS (
      SELECT v.id FROM o CROSS JOIN LATERAL (
        SELECT y.id FROM ${table} y WHERE y.organization_id = o.organization_id AND ${old('y')} LIMIT $2) v
      WHERE o.organization_id IS NOT NULL
      LIMIT $2)
    DELETE FROM ${table} WHERE id IN (SELECT id FROM victims) RETURNING id`;
}
