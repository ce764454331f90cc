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
 * Runs a statement without parameters on the pg pool behind TypeORM as one simple-protocol message. pg copies a
 * query given as an object (name, text, values) property by property before sending it, and a named statement is
 * four protocol messages where a bare text is one; for a statement with nothing to bind (health's `SELECT 1`) that
 * is work without a purpose.
 */
export async function simpleQuery<T>(db: DataSource, text: string): Promise<T[]> {
  try {
    const result = await pool(db).query(text);
    return result.rows as T[];
  } catch (e) {
    throw new QueryFailedError(text, [], e as Error);
  }
}

/** A statement's name: a hash of its text, so one text is prepared once per connection under one name. */
const names = new Map<string, string>();
function statementName(sql: string): string {
  let name = names.get(sql);
  if (!name) names.set(sql, (name = `q${createHash('sha1').update(sql).digest('base64url').slice(0, 20)}`));
  return name;
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
  const raw = await prepared<R & Record<string, unknown>>(db, statementName(sql), sql, params);
  const alias = qb.expressionMap.mainAlias!;
  const entities = raw.map((row) => toEntity<E>(alias.metadata, alias.name, row));
  return { entities, raw };
}

/** Stands for a named value while a statement's text is built once; where it lands says where the value goes. */
class Slot {
  constructor(readonly key: string) {}
}

interface Shape {
  name: string;
  sql: string;
  /** Per positional parameter: the key of the caller's values it takes, or a constant the builder put there. */
  slots: ({ key: string } | { constant: unknown })[];
  metadata: EntityMetadata;
  alias: string;
}
const shapes = new Map<string, Shape>();

/**
 * As preparedSelect, with the SQL text built by TypeORM once per shape instead of on every call: the query
 * builder, its text (a few kB assembled from the entity's metadata) and the statement's hash cost more than the
 * rest of a list request's Node work. `shape` must name everything `build` decides the text by (which filters are
 * present, sort, order, offset, limit), and `build` must take every value from `values` (never from elsewhere):
 * the first call builds with a stand-in per value and remembers which parameter each one became, later calls of
 * the same shape only put the values in place.
 */
export async function preparedSelectOnce<E extends ObjectLiteral, V extends Record<string, unknown>, R = Record<string, unknown>>(
  db: DataSource,
  shape: string,
  build: (values: V) => SelectQueryBuilder<E>,
  values: V,
  wrap: (sql: string) => string = (sql) => sql,
): Promise<{ entities: E[]; raw: R[] }> {
  let s = shapes.get(shape);
  if (!s) {
    const stand = Object.fromEntries(Object.keys(values).map((k) => [k, new Slot(k)])) as unknown as V;
    const qb = build(stand);
    const [built, params] = qb.getQueryAndParameters();
    const sql = wrap(built);
    const alias = qb.expressionMap.mainAlias!;
    s = {
      name: statementName(sql),
      sql,
      slots: params.map((p) => (p instanceof Slot ? { key: p.key } : { constant: p })),
      metadata: alias.metadata,
      alias: alias.name,
    };
    shapes.set(shape, s);
  }
  const args = s.slots.map((slot) => ('key' in slot ? values[slot.key] : slot.constant));
  const raw = await prepared<R & Record<string, unknown>>(db, s.name, s.sql, args);
  const { metadata, alias } = s;
  const entities = raw.map((row) => toEntity<E>(metadata, alias, row));
  return { entities, raw };
}

/** Per entity and alias: [property, result column] of each column, worked out once instead of per row and column. */
const columnsOf = new WeakMap<EntityMetadata, Map<string, [string, string][]>>();

function toEntity<E>(metadata: EntityMetadata, alias: string, row: Record<string, unknown>): E {
  let byAlias = columnsOf.get(metadata);
  if (!byAlias) columnsOf.set(metadata, (byAlias = new Map()));
  let columns = byAlias.get(alias);
  if (!columns) byAlias.set(alias, (columns = metadata.columns.map((c) => [c.propertyName, `${alias}_${c.databaseName}`])));
  const entity = metadata.create() as Record<string, unknown>;
  for (let i = 0; i < columns.length; i++) entity[columns[i][0]] = row[columns[i][1]];
  return entity as E;
}
