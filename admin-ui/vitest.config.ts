import { defineConfig } from 'vitest/config';
import { fileURLToPath, URL } from 'node:url';
import { unitTestProjects } from '../shared/vitest-projects';

export default defineConfig({
  resolve: {
    // @shared: the rule files both front ends use (class sessions, US phone):
    // docs/decisions/one-rule-file-both-front-ends-shared.md.
    alias: {
      '@shared': fileURLToPath(new URL('../shared', import.meta.url)),
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  test: {
    environment: 'jsdom',
    pool: 'threads',
    maxWorkers: 1,
    // A dialog test renders react-admin and MUI in jsdom: about a second alone, more than the default 5 s when npm test
    // runs it beside the API and end-to-end tests on two cores.
    testTimeout: 30_000,
    // One module registry per worker for most files, a file of its own for those that replace a module (see there).
    projects: unitTestProjects(fileURLToPath(new URL('.', import.meta.url))),
  },
});
