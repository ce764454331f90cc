import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { SRC } from './source-files';

/**
 * No product file over about 400 lines (docs/style.md: a file that long is doing two jobs; split it along the seam).
 * The few still over it are listed below with their size when the rule came in: each may shrink but not grow, and
 * leaves the list once split, so the list only gets shorter.
 */
const LIMIT = 400;

/**
 * Files still over the limit, with their line counts when listed. Empty since the last four were split (issue #38 §6);
 * kept so the checks below still hold a file to its listed size should one ever have to wait for its split.
 */
const ALLOWED = new Map<string, number>();

/** The repository's root (backend/src is two levels down), and the folders holding product code. */
const ROOT = resolve(SRC, '../..');
const ROOTS = ['backend/src', 'admin-ui/src', 'public-site/src'];

/** Tests and the helpers only tests import (they use the test runners), migrations (written once, never edited). */
const isTestFile = (path: string, text: string) =>
  /\.(spec|test|e2e-spec)\.tsx?$/.test(path) || /from '(vitest|@jest\/globals|@testing-library\/[\w-]+)'/.test(text);
const isMigration = (path: string) => path.includes('/database/migrations/');
/** Generated code (type declarations such as shared/api/schema.d.ts, files marked as generated) is not written by hand. */
const isGenerated = (path: string, text: string) => path.endsWith('.d.ts') || /@generated|auto-generated/i.test(text.slice(0, 500));

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? walk(join(dir, d.name)) : /\.tsx?$/.test(d.name) ? [join(dir, d.name)] : [],
  );
}

/** Every TypeScript product file with its line count as `wc -l` gives it (the number of line breaks). */
function productFiles(): Map<string, number> {
  const files = new Map<string, number>();
  for (const root of ROOTS)
    for (const file of walk(join(ROOT, root))) {
      const path = relative(ROOT, file).split('\\').join('/');
      const text = readFileSync(file, 'utf8');
      if (isTestFile(path, text) || isMigration(path) || isGenerated(path, text)) continue;
      files.set(path, text.split('\n').length - 1);
    }
  return files;
}

describe('file size', () => {
  const files = productFiles();

  it('should read the product files of the three applications', () => {
    expect(files.has('backend/src/app.module.ts')).toBe(true);
    expect([...files.keys()].some((f) => f.startsWith('admin-ui/src/'))).toBe(true);
    expect([...files.keys()].some((f) => f.startsWith('public-site/src/'))).toBe(true);
    expect([...files.keys()].filter((f) => f.includes('/database/migrations/') || /\.(spec|test)\.tsx?$/.test(f))).toEqual([]);
  });

  it(`should keep every product file at ${LIMIT} lines or fewer, the listed ones aside`, () => {
    const over = [...files].filter(([path, lines]) => lines > LIMIT && !ALLOWED.has(path)).map(([path, lines]) => `${path}: ${lines}`);
    expect(over).toEqual([]);
  });

  it('should not let a listed file grow past the size it was listed with', () => {
    const grown = [...ALLOWED]
      .filter(([path, listed]) => (files.get(path) ?? 0) > listed)
      .map(([path, listed]) => `${path}: ${files.get(path)} lines, listed with ${listed}`);
    expect(grown).toEqual([]);
  });

  it(`should take a file off the list once it is at ${LIMIT} lines or fewer (or gone)`, () => {
    const done = [...ALLOWED.keys()].filter((path) => (files.get(path) ?? 0) <= LIMIT);
    expect(done).toEqual([]);
  });
});
