import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** backend/src, where the product code lives (Jest runs in backend/; from the repository root too). */
export const SRC = [resolve('src'), resolve('backend/src')].find((d) => existsSync(join(d, 'app.module.ts')))!;

/** Every TypeScript file under backend/src, unit specs included (the tests choose which to look at). */
export function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sourceFiles(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : [],
  );
}

/** The path relative to backend/src, with forward slashes (how the tests and docs name files). */
export const rel = (file: string) => relative(SRC, file).split('\\').join('/');

/** The src files a file imports (type-only imports and re-exports included), resolved to their paths. */
export function importsOf(file: string, known: Set<string>): string[] {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const out: string[] = [];
  for (const { fileName } of info.importedFiles) {
    if (!fileName.startsWith('.')) continue;
    const base = resolve(dirname(file), fileName);
    const hit = [`${base}.ts`, join(base, 'index.ts'), base].find((c) => known.has(c));
    if (hit) out.push(hit);
  }
  return out;
}

/** The module a file belongs to: `modules/<name>` for features, else its top folder (`common`, `config`, `database`). */
export function moduleOf(file: string): string {
  const parts = rel(file).split('/');
  return parts[0] === 'modules' ? `modules/${parts[1]}` : parts.length > 1 ? parts[0] : '(root)';
}

/** Strongly connected components with more than one node (or a self edge): the cycles of a directed graph. */
export function cycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    indices.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)?.has(v)) found.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!indices.has(v)) visit(v);
  return found;
}
