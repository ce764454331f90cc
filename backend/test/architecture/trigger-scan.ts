import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A column a trigger writes through its function (`*`: whole rows, a DELETE), and the table the trigger is on. */
export interface TriggerWrite {
  trigger: string;
  /** The table whose writes fire the trigger. */
  on: string;
  table: string;
  column: string;
}

/** The body of a function created by a migration (between `AS $$` and `$$`). */
const FUNCTION = /CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+(\w+)\s*\([^)]*\)[\s\S]*?\bAS\s+\$\$([\s\S]*?)\$\$/gi;
const TRIGGER =
  /CREATE\s+(?:OR\s+REPLACE\s+)?TRIGGER\s+(\w+)\s[\s\S]*?\bON\s+(\w+)[\s\S]*?\bEXECUTE\s+(?:FUNCTION|PROCEDURE)\s+(\w+)\s*\(/gi;
const DROP_TRIGGER = /DROP\s+TRIGGER\s+(?:IF\s+EXISTS\s+)?(\w+)\s+ON\s+(\w+)/gi;
const DROP_FUNCTION = /DROP\s+FUNCTION\s+(?:IF\s+EXISTS\s+)?(\w+)/gi;

/** The text from `pos` up to the first `stop` word or `;` outside parentheses and quotes. */
function clause(sql: string, pos: number, stop: RegExp): string {
  let depth = 0;
  for (let i = pos; i < sql.length; i++) {
    const ch = sql[i];
    if (ch === "'") i = sql.indexOf("'", i + 1) < 0 ? sql.length : sql.indexOf("'", i + 1);
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (depth === 0 && (ch === ';' || (/\w/.test(ch) && !/\w/.test(sql[i - 1] ?? '') && stop.test(sql.slice(i, i + 12)))))
      return sql.slice(pos, i);
    if (depth < 0) return sql.slice(pos, i);
  }
  return sql.slice(pos);
}

/** The columns a `SET a = …, b = …` list assigns (commas inside parentheses are not separators). */
function assigned(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  const take = (piece: string) => {
    const m = /^\s*(?:\w+\.)?(\w+)\s*=/.exec(piece);
    if (m) out.push(m[1].toLowerCase());
  };
  for (let i = 0; i < list.length; i++) {
    if (list[i] === '(') depth++;
    else if (list[i] === ')') depth--;
    else if (list[i] === ',' && depth === 0) {
      take(list.slice(start, i));
      start = i + 1;
    }
  }
  take(list.slice(start));
  return out;
}

/** The table.columns one function body writes itself: UPDATE … SET, INSERT INTO t (…) [ON CONFLICT … DO UPDATE SET], DELETE FROM. */
export function bodyWrites(body: string): { table: string; column: string }[] {
  const out: { table: string; column: string }[] = [];
  for (const m of body.matchAll(/\bUPDATE\s+(?:ONLY\s+)?(\w+)(?:\s+(?:AS\s+)?\w+)?\s+SET\b/gi))
    for (const column of assigned(clause(body, m.index! + m[0].length, /^(WHERE|RETURNING|FROM)\b/i)))
      out.push({ table: m[1].toLowerCase(), column });
  for (const m of body.matchAll(/\bINSERT\s+INTO\s+(\w+)\s*\(([^)]*)\)/gi)) {
    const table = m[1].toLowerCase();
    for (const c of m[2].split(',')) out.push({ table, column: c.trim().toLowerCase() });
    const rest = clause(body, m.index! + m[0].length, /^$/);
    const upsert = /\bDO\s+UPDATE\s+SET\b/i.exec(rest);
    if (upsert)
      for (const column of assigned(clause(rest, upsert.index + upsert[0].length, /^(WHERE|RETURNING)\b/i))) out.push({ table, column });
  }
  for (const m of body.matchAll(/\bDELETE\s+FROM\s+(\w+)/gi)) out.push({ table: m[1].toLowerCase(), column: '*' });
  return out;
}

/** What a migration's `up` creates and drops (its `down` undoes it and is not read). */
function upPart(text: string): string {
  const up = text.search(/async\s+up\s*\(/);
  const down = text.search(/async\s+down\s*\(/);
  return text.slice(Math.max(up, 0), down > up ? down : undefined);
}

/**
 * Every trigger the migrations leave in place (read in file order: a later CREATE OR REPLACE FUNCTION replaces the
 * body, a DROP removes), with the columns its function writes, including those of functions it calls.
 */
export function triggerWrites(migrationTexts: string[]): TriggerWrite[] {
  const functions = new Map<string, string>();
  const triggers = new Map<string, { name: string; on: string; fn: string }>();
  for (const text of migrationTexts.map(upPart)) {
    for (const m of text.matchAll(FUNCTION)) functions.set(m[1].toLowerCase(), m[2]);
    for (const m of text.matchAll(TRIGGER))
      triggers.set(`${m[1]}@${m[2]}`.toLowerCase(), { name: m[1].toLowerCase(), on: m[2].toLowerCase(), fn: m[3].toLowerCase() });
    for (const m of text.matchAll(DROP_TRIGGER)) triggers.delete(`${m[1]}@${m[2]}`.toLowerCase());
    for (const m of text.matchAll(DROP_FUNCTION)) functions.delete(m[1].toLowerCase());
  }
  const writesOf = (fn: string, seen = new Set<string>()): { table: string; column: string }[] => {
    const body = functions.get(fn);
    if (!body || seen.has(fn)) return [];
    seen.add(fn);
    const called = [...functions.keys()].filter((g) => g !== fn && new RegExp(`\\b${g}\\s*\\(`, 'i').test(body));
    return [...bodyWrites(body), ...called.flatMap((g) => writesOf(g, seen))];
  };
  return [...triggers.values()].flatMap((t) => writesOf(t.fn).map((w) => ({ trigger: t.name, on: t.on, ...w })));
}

/** The migration files' texts, in the order they run (their names start with the timestamp). */
export function migrationTexts(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => /^\d+-.+\.ts$/.test(f))
    .sort()
    .map((f) => readFileSync(join(dir, f), 'utf8'));
}
