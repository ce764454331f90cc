import type { EntityManager } from 'typeorm';
import { returning } from './returning';

/**
 * One parameterized statement, built by the repository of the module that owns its table. A module that writes
 * several tables in one transaction can hand such statements to the repository running its own write, which sends
 * them together (`together`): the SQL stays with its table's owner, and the database is asked once instead of once
 * per table. In an opening rush every round trip costs CPU on both sides (the driver's socket write, the server's
 * parse and reply), and a registration writes four tables.
 */
export interface Statement {
  readonly text: string;
  readonly params: readonly unknown[];
}

/** Its $n placeholders moved up by `by`, so it can follow another statement's parameters. */
const shifted = (text: string, by: number) => (by ? text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + by}`) : text);

/**
 * `main` with each of `alongside` as a data-changing CTE before it, as one statement: what `main` returns is what
 * the whole returns. PostgreSQL runs all parts on one snapshot and all or none of them take effect, so the parts must
 * not need to read each other's rows (a foreign key between them is fine: it is checked when the statement ends).
 * `main` null: only the others (the statement then returns nothing).
 */
export function together(main: Statement | null, alongside: readonly (Statement | null | undefined)[]): Statement {
  const parts = alongside.filter((s): s is Statement => !!s);
  const params: unknown[] = [...(main?.params ?? [])];
  const ctes = parts.map((s, i) => {
    const text = `w${i} AS (${shifted(s.text, params.length)})`;
    params.push(...s.params);
    return text;
  });
  const body = main?.text ?? 'SELECT 1 WHERE false';
  return { text: ctes.length ? `WITH ${ctes.join(', ')} ${body}` : body, params };
}

/** Runs a statement (usually `together`'s) in the caller's transaction and gives the rows it returns. */
export function run<T = Record<string, unknown>>(manager: EntityManager, statement: Statement): Promise<T[]> {
  return returning<T>(manager, statement.text, statement.params as unknown[]);
}
