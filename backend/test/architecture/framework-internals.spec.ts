import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { rel, sourceFiles } from './source-files';

/**
 * Product code uses Nest's core through its public entry point only. A class deep inside `@nestjs/core` (such as the
 * ExecutionContextHost the seat-taking routes once built to run the rate-limit guard by hand) can move or change in
 * any Nest release without notice; what such code needed is exported by our own modules instead (countRateLimit).
 */
describe('framework internals', () => {
  it('should import nothing from inside @nestjs/core', () => {
    const deep = sourceFiles().flatMap((file) =>
      ts
        .preProcessFile(readFileSync(file, 'utf8'), true, true)
        .importedFiles.filter(({ fileName }) => fileName.startsWith('@nestjs/core/'))
        .map(({ fileName }) => `${rel(file)}: ${fileName}`),
    );
    expect(deep).toEqual([]);
  });
});
