import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';

/**
 * Runs a named (prepared) statement on the pg pool behind TypeORM. PostgreSQL parses and plans it once per
 * connection instead of on every call, and the call skips TypeORM's query-runner bookkeeping. Only for
 * the few statements on every request's path (the token's user); everything else uses the repositories.
 */
export async function prepared<T>(db: DataSource, name: string, text: string, values: unknown[]): Promise<T[]> {
  const pool = (db.driver as unknown as { master: Pool }).master;
  const result = await pool.query({ name, text, values });
  return result.rows as T[];
}
