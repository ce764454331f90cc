import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { cycles, importsOf, moduleOf, rel, sourceFiles } from './source-files';

/**
 * The backend's import graph has no circle, between files or between modules: a module that needs one above it
 * declares a port (an injectable registry, like StripeEventHandlers) that the module above fills at start-up.
 * Type-only imports count too: they are still a dependency a reader has to follow both ways.
 */
describe('import graph', () => {
  // Product code only: a unit spec may import from anywhere to compare two implementations.
  const files = sourceFiles().filter((f) => !f.endsWith('.spec.ts'));
  const known = new Set(files);
  const fileGraph = new Map(files.map((f) => [f, new Set(importsOf(f, known))]));

  it('should have no circle between files', () => {
    const named = cycles(fileGraph).map((c) => c.map(rel));
    expect(named).toEqual([]);
  });

  it('should have no circle between modules', () => {
    const moduleGraph = new Map<string, Set<string>>();
    for (const [file, imports] of fileGraph) {
      const from = moduleOf(file);
      const edges = moduleGraph.get(from) ?? new Set<string>();
      for (const target of imports) if (moduleOf(target) !== from) edges.add(moduleOf(target));
      moduleGraph.set(from, edges);
    }
    expect(cycles(moduleGraph)).toEqual([]);
  });

  it('should not hold a circle together with forwardRef', () => {
    const users = files.filter((f) => /\bforwardRef\s*\(/.test(readFileSync(f, 'utf8'))).map(rel);
    expect(users).toEqual([]);
  });

  it('should find the circles it looks for', () => {
    // The check itself: a graph with a circle and one without.
    const withCircle = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(cycles(withCircle)).toEqual([['a', 'b', 'c']]);
    expect(
      cycles(
        new Map([
          ['a', new Set(['b'])],
          ['b', new Set<string>()],
        ]),
      ),
    ).toEqual([]);
  });
});
