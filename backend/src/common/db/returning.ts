import type { DataSource, EntityManager } from 'typeorm';

/**
 * Runs an UPDATE/DELETE ... RETURNING and gives the returned rows. TypeORM's raw `query()` answers
 * `[rows, rowCount]` for UPDATE and DELETE on PostgreSQL but plain rows for SELECT/INSERT; this hides that.
 */
export async function returning<T = Record<string, unknown>>(db: DataSource | EntityManager, sql: string, params: unknown[]): Promise<T[]> {
  const result = await db.query(sql, params);
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as T[];
  return result as T[];
}
