import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { entityTables, sqlUse } from './sql-scan';
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
