import { readFileSync } from 'node:fs';
import ts from 'typescript';

/** A table a piece of SQL names, and whether it writes to it. */
export interface TableUse {
  table: string;
  write: boolean;
  line: number;
}

/** What one source file does with SQL. */
export interface SqlUse {
  /** Runs SQL itself: `.query(`, a query builder, a TypeORM Repository, or a statement in a string. */
  runsSql: boolean;
  tables: TableUse[];
}

/**
 * TypeORM entities and the tables they map: `getRepository(X)` and `@InjectRepository(X)` name that table (counted as a
 * read: which of the Repository's methods run is not visible here, so only a module's own entities belong there).
 */
const ENTITY_TABLE = /@Entity\(\s*'([a-z_]+)'\s*\)\s*export\s+class\s+(\w+)/g;

/** SQL keywords are upper case in this code base: 'Select a class' in a message is not a statement. */
const STATEMENT = /^\s*\(?\s*(SELECT|INSERT\s+INTO|UPDATE\s+\w+|DELETE\s+FROM|WITH\s+\w+\s+AS)\b/;
const READ = /\b(?:FROM|JOIN)\s+(?:ONLY\s+)?"?([a-z_][a-z0-9_]*)"?/g;
const WRITE = /\b(?:INSERT\s+INTO|DELETE\s+FROM|UPDATE(?:\s+ONLY)?)\s+"?([a-z_][a-z0-9_]*)"?(?=[\s(,;]|$)/g;
const RUNNER = /\.(query|createQueryBuilder|getRepository)\s*[(<]|@InjectRepository\(/;
const BUILDER_TABLE = new Set(['from', 'leftJoin', 'innerJoin', 'leftJoinAndSelect', 'innerJoinAndSelect', 'into', 'update', 'delete']);

/** Entity class name -> table, from every entity file given. */
export function entityTables(files: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of files) for (const m of readFileSync(f, 'utf8').matchAll(ENTITY_TABLE)) out.set(m[2], m[1]);
  return out;
}

/**
 * Parses one file with the TypeScript compiler and reads the SQL in its string and template literals (a template's
 * `${…}` parts are read as placeholders), the tables its query-builder calls name, and the entities it opens a
 * Repository of. `tables` lists only the known tables (CTE names, functions and aliases are not tables).
 */
export function sqlUse(file: string, known: Set<string>, entities: Map<string, string>): SqlUse {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const tables: TableUse[] = [];
  let statements = false;
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const readSql = (sql: string, node: ts.Node) => {
    if (STATEMENT.test(sql)) statements = true;
    for (const m of sql.matchAll(WRITE)) {
      const t = m[1].toLowerCase();
      if (known.has(t)) tables.push({ table: t, write: true, line: lineOf(node) });
    }
    for (const m of sql.matchAll(READ)) {
      const t = m[1].toLowerCase();
      if (known.has(t)) tables.push({ table: t, write: false, line: lineOf(node) });
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isDecorator(node)) return; // @Entity('students'), @Column({ name: ... }): mapping, not SQL
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) readSql(node.text, node);
    else if (ts.isTemplateExpression(node)) {
      readSql(node.head.text + node.templateSpans.map((s) => ` $x ${s.literal.text}`).join(''), node);
      node.templateSpans.forEach((s) => visit(s.expression));
      return;
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const [first] = node.arguments;
      if (BUILDER_TABLE.has(method) && first && ts.isStringLiteral(first) && known.has(first.text))
        tables.push({ table: first.text, write: ['into', 'update', 'delete'].includes(method), line: lineOf(node) });
      if (method === 'getRepository' && first && ts.isIdentifier(first) && entities.has(first.text))
        tables.push({ table: entities.get(first.text)!, write: false, line: lineOf(node) });
    }
    ts.forEachChild(node, visit);
  };
  // @InjectRepository(Entity) is a decorator: read it before decorators are skipped.
  for (const m of text.matchAll(/@InjectRepository\((\w+)\)/g))
    if (entities.has(m[1])) tables.push({ table: entities.get(m[1])!, write: false, line: text.slice(0, m.index).split('\n').length });
  visit(source);
  return { runsSql: statements || RUNNER.test(text), tables };
}
