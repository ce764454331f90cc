import { createHash } from 'node:crypto';
import type { Pool } from 'pg';
import { QueryFailedError, type DataSource, type EntityMetadata, type ObjectLiteral, type SelectQueryBuilder } from 'typeorm';

const pool = (db: DataSource) => (db.driver as unknown as { master: Pool }).master;

/**
 * Runs a named (prepared) statement on the pg pool behind TypeORM. PostgreSQL parses and plans it once per
 * connection instead of on every call, and the call skips TypeORM's query-runner bookkeeping. Only for
 * statements on every request's path (the token's user, the admin lists); the rest uses the repositories.
 */
export async function prepared<T>(db: DataSource, name: string, text: string, values: unknown[]): Promise<T[]> {
  try {
    const result = await pool(db).query({ name, text, values });
    return result.rows as T[];
  } catch (e) {
    // The same error TypeORM raises, so the exception filter maps data errors (class 22, 23xxx) to 4xx.
    throw new QueryFailedError(text, values, e as Error);
  }
}

/**
 * A query builder's SQL as a prepared statement named by a hash of its text (one statement per shape of
 * filter and sort, a few dozen at most), with its rows mapped to entities from the builder's main alias.
 * Raw extra selects (e.g. `count(*) OVER ()`) stay on `raw`. Skips TypeORM's result transformer, which
 * showed in the profile of the list routes.
 */
export async function preparedSelect<E extends ObjectLiteral, R = Record<string, unknown>>(
  db: DataSource,
  qb: SelectQueryBuilder<E>,
  /** Wraps the builder's SQL (e.g. as a CTE with more joined to each row); the builder's columns must stay. */
  wrap: (sql: string) => string = (sql) => sql,
): Promise<{ entities: E[]; raw: R[] }> {
  const [built, params] = qb.getQueryAndParameters();
  const sql = wrap(built);
  const name = `q${createHash('sha1').update(sql).digest('base64url').slice(0, 20)}`;
  const raw = await prepared<R & Record<string, unknown>>(db, name, sql, params);
  const alias = qb.expressionMap.mainAlias!;
  const entities = raw.map((row) => toEntity<E>(alias.metadata, alias.name, row));
  return { entities, raw };
}

function toEntity<E>(metadata: EntityMetadata, alias: string, row: Record<string, unknown>): E {
  const entity = metadata.create() as Record<string, unknown>;
  for (const column of metadata.columns) entity[column.propertyName] = row[`${alias}_${column.databaseName}`];
  return entity as E;
}
