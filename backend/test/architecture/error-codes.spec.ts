import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { ERROR_CODES } from '../../src/error-codes';
import { rel, SRC, sourceFiles } from './source-files';

/**
 * One dialect for failures (docs/architecture.md "Failures"): a client branches on a failure's `code`, never on its
 * message, and every code is a member of its feature's enum, listed in src/error-codes.ts (so it reaches the OpenAPI
 * document and shared/api/error-codes.ts).
 */
const ROOT = resolve(SRC, '../..');

/** Matching on an error's message (the project's before-stop hook uses the same expression). */
const MESSAGE_MATCH =
  /(\.message|message\))\s*\)?\s*\.?(match|test|includes|startsWith)\(|\/[^/]*(full|subscription|not found)[^/]*\/i\.test\(/;

function frontEndFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return frontEndFiles(path);
    return /\.(ts|tsx)$/.test(d.name) && !/\.(test|spec)\.tsx?$/.test(d.name) && !d.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The lines of the files that match, as `file:line: text`. */
function matches(files: string[], pattern: RegExp, name: (file: string) => string): string[] {
  return files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) ? [`${name(file)}:${i + 1}: ${line.trim()}`] : [])),
  );
}

/**
 * `code: '…'` with a plain string inside a throw or an exception's construction (`new …Exception(…)`, `new
 * …Error(…)`): a code that bypasses the feature's enum, and so the OpenAPI document and the front ends' list.
 */
function plainCodes(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const inFailure = (node: ts.Node): boolean => {
    for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
      if (ts.isThrowStatement(n)) return true;
      if (ts.isNewExpression(n) && /(Exception|Error)$/.test(n.expression.getText(source))) return true;
      if (ts.isFunctionLike(n)) return false;
    }
    return false;
  };
  const visit = (node: ts.Node) => {
    if (
      ts.isPropertyAssignment(node) &&
      node.name.getText(source) === 'code' &&
      (ts.isStringLiteral(node.initializer) || ts.isNoSubstitutionTemplateLiteral(node.initializer)) &&
      inFailure(node)
    ) {
      found.push(`${rel(file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.getText(source)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('failure codes', () => {
  it('should have no front-end product code that recognises a failure by its message', () => {
    const dirs = ['admin-ui/src', 'public-site/src'].map((d) => join(ROOT, d));
    expect(dirs.every(existsSync)).toBe(true);
    const files = dirs.flatMap(frontEndFiles);
    expect(files.length).toBeGreaterThan(50);
    expect(matches(files, MESSAGE_MATCH, (f) => relative(ROOT, f))).toEqual([]);
  });

  it('should build no error code from a plain string in the backend (each is a member of its feature enum)', () => {
    const product = sourceFiles().filter((f) => !f.endsWith('.spec.ts'));
    expect(product.flatMap(plainCodes)).toEqual([]);
    // Nor a message read to recognise a failure (the plan's refusal was once told by its text).
    expect(matches(product, /\.message\.(startsWith|includes|match)\(/, rel)).toEqual([]);
  });

  it("should list every feature's code enum in src/error-codes.ts", () => {
    const enums = sourceFiles()
      .filter((f) => f.endsWith('.exception.ts'))
      .flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/export enum (\w+)/g)].map((m) => m[1]));
    expect(enums.length).toBeGreaterThanOrEqual(10);
    expect(Object.keys(ERROR_CODES).sort()).toEqual([...enums].sort());
  });
});
