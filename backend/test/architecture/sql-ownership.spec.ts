import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { entityTables, sqlUse } from './sql-scan';
import { bodyWrites, migrationTexts, triggerWrites } from './trigger-scan';
import { moduleOf, rel, SRC, sourceFiles } from './source-files';

/**
 * A module owns its tables (docs/architecture.md): only `*.repository.ts` files run SQL, a repository writes only its
 * own module's tables, and it reads another module's only when the document declares it as a read model of them.
 * The tables, their owners and the read models are read from the document itself, so the rule and its record agree.
 */
const doc = readFileSync(resolve(SRC, '../../docs/architecture.md'), 'utf8');

function section(title: string): string[][] {
  const body = doc.split(/^## /m).find((s) => s.startsWith(title)) ?? '';
  return body
    .split('\n')
    .filter((l) => l.startsWith('| `'))
    .map((l) =>
      l
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim().replace(/`/g, '')),
    );
}

const owners = new Map(section('Tables and their owners').map(([table, owner]) => [table, `modules/${owner}`]));
const readModels = new Map(
  section('Read models')
    .filter(([file]) => file.endsWith('.repository.ts'))
    .map(([file, tables]) => [file, new Set(tables.split(',').map((t) => t.trim()))]),
);
/** Files outside repositories whose SQL names no table (a ping, the server version), listed in the document. */
const tableless = new Set(
  section('Read models')
    .filter(([file]) => !file.endsWith('.repository.ts'))
    .map(([file]) => file),
);
/** Infrastructure that runs SQL without being a feature's repository: migrations, seeds, the query helpers. */
const INFRASTRUCTURE = [/^database\//, /^common\/db\//];

describe('SQL ownership', () => {
  const files = sourceFiles().filter((f) => !INFRASTRUCTURE.some((p) => p.test(rel(f))));
  const entities = entityTables(sourceFiles());
  const known = new Set(owners.keys());
  const uses = files.map((f) => ({ file: rel(f), module: moduleOf(f), ...sqlUse(f, known, entities) }));

  it('should read the tables and read models from docs/architecture.md', () => {
    expect(owners.get('enrollments')).toBe('modules/registration');
    expect(owners.get('students')).toBe('modules/students');
    expect(readModels.size).toBeGreaterThan(5);
  });

  it('should run SQL only in repositories', () => {
    const outside = uses
      .filter((u) => (u.runsSql || u.tables.length) && !u.file.endsWith('.repository.ts'))
      .filter((u) => !(tableless.has(u.file) && u.tables.length === 0))
      .map((u) => u.file);
    expect(outside).toEqual([]);
  });

  it("should never write another module's table", () => {
    const writes = uses.flatMap((u) =>
      u.tables.filter((t) => t.write && owners.get(t.table) !== u.module).map((t) => `${u.file}:${t.line} writes ${t.table}`),
    );
    expect(writes).toEqual([]);
  });

  it("should read another module's table only in a read model declared for it", () => {
    const undeclared = uses.flatMap((u) =>
      u.tables
        .filter((t) => owners.get(t.table) !== u.module && !readModels.get(u.file)?.has(t.table))
        .map((t) => `${u.file}:${t.line} reads ${t.table} (${owners.get(t.table)}'s)`),
    );
    expect([...new Set(undeclared)]).toEqual([]);
  });

  it('should declare only read models that exist and read what they list', () => {
    const stale = [...readModels].flatMap(([file, tables]) => {
      const use = uses.find((u) => u.file === file);
      if (!use) return [`${file}: no such repository`];
      const read = new Set(use.tables.map((t) => t.table));
      return [...tables].filter((t) => !read.has(t)).map((t) => `${file}: does not read ${t}`);
    });
    expect(stale).toEqual([]);
  });

  it('should find the SQL it looks for', () => {
    // The scanner itself, on a file written for it: a statement outside a repository, a write and a read.
    const dir = mkdtempSync(join(tmpdir(), 'sql-scan-'));
    const file = join(dir, 'sample.service.ts');
    writeFileSync(
      file,
      [
        "const a = `UPDATE students SET phone = '' WHERE id = ${'$1'}`;",
        "const b = 'SELECT e.id FROM enrollments e JOIN classes c ON c.id = e.class_id FOR UPDATE OF e';",
        "const c = 'Select a class FROM the list';",
        "qb.from('refunds', 'r');",
      ].join('\n'),
    );
    const use = sqlUse(file, known, entities);
    expect(use.runsSql).toBe(true);
    const seen = use.tables.map((t) => `${t.table}${t.write ? ' (write)' : ''}`).sort();
    expect(seen).toEqual(['classes', 'enrollments', 'refunds', 'students (write)']);
  });
});

/**
 * A trigger is SQL too: one on module A's table that writes module B's table is a write by A that no repository shows.
 * Each such column is declared in the document's "Trigger-owned columns" (`table.column`, or `table.a, b` for several,
 * with the tables whose triggers write it), read here from the migrations' CREATE TRIGGER and trigger functions.
 */
describe('Trigger ownership', () => {
  const declared = new Map<string, Set<string>>();
  for (const [columns, on] of section('Trigger-owned columns')) {
    const dot = columns.indexOf('.');
    for (const c of columns.slice(dot + 1).split(','))
      declared.set(`${columns.slice(0, dot)}.${c.trim()}`, new Set(on.split(',').map((t) => t.trim())));
  }
  const crossing = (writes: ReturnType<typeof triggerWrites>) =>
    writes.filter((w) => owners.get(w.on) !== owners.get(w.table) && !(w.column === '*' && w.table === w.on));
  const undeclared = (writes: ReturnType<typeof triggerWrites>) => [
    ...new Set(
      crossing(writes)
        .filter((w) => !declared.get(`${w.table}.${w.column}`)?.has(w.on))
        .map((w) => `trigger ${w.trigger} on ${w.on} (${owners.get(w.on)}) writes ${w.table}.${w.column} (${owners.get(w.table)})`),
    ),
  ];
  const live = triggerWrites(migrationTexts(resolve(SRC, 'database/migrations')));

  it('should read the trigger-owned columns from docs/architecture.md and the triggers from the migrations', () => {
    expect(declared.get('organizations.config_version')).toContain('terms');
    expect(live.some((w) => w.trigger === 'terms_config_version' && w.column === 'config_version')).toBe(true);
  });

  it("should write another module's column from a trigger only where the document declares it", () => {
    expect(undeclared(live)).toEqual([]);
  });

  it('should declare only trigger writes that exist', () => {
    const written = new Set(crossing(live).map((w) => `${w.table}.${w.column}@${w.on}`));
    const stale = [...declared].flatMap(([column, on]) =>
      [...on].filter((t) => !written.has(`${column}@${t}`)).map((t) => `${column} by ${t}`),
    );
    expect(stale).toEqual([]);
  });

  it('should find the writes of a trigger, of the functions it calls, and forget a dropped one', () => {
    const migration = (up: string) =>
      `class M { async up(q) { await q.query(\`${up}\`); } async down(q) { await q.query('DROP TRIGGER t1 ON terms'); } }`;
    const writes = triggerWrites([
      migration(`
        CREATE FUNCTION bump(id uuid) RETURNS void LANGUAGE plpgsql AS $$
        BEGIN UPDATE organizations SET name = 'x', config_version = config_version + (SELECT 1) WHERE id = id; END $$;
        CREATE FUNCTION on_terms() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM bump(NEW.organization_id); RETURN NULL; END $$;
        CREATE TRIGGER t1 AFTER INSERT OR UPDATE OF name ON terms FOR EACH ROW EXECUTE FUNCTION on_terms();
        CREATE TRIGGER t2 AFTER DELETE ON classes FOR EACH ROW EXECUTE FUNCTION on_terms();`),
      migration('DROP TRIGGER t2 ON classes;'),
    ]);
    // organizations.name is nobody's trigger-owned column: the test above would name it.
    expect(undeclared(writes)).toEqual(['trigger t1 on terms (modules/terms) writes organizations.name (modules/organizations)']);
    expect(
      bodyWrites(
        'INSERT INTO subscriptions (organization_id, plan_id) VALUES (1, 2) ON CONFLICT (organization_id) DO UPDATE SET plan_id = EXCLUDED.plan_id;',
      ),
    ).toEqual([
      { table: 'subscriptions', column: 'organization_id' },
      { table: 'subscriptions', column: 'plan_id' },
      { table: 'subscriptions', column: 'plan_id' },
    ]);
  });
});
