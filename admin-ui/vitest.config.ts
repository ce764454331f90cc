import { defineConfig } from 'vitest/config';
import { fileURLToPath, URL } from 'node:url';

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
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    // Isolated, each file its own registry: shared (shared/vitest-projects.ts, as public-site runs), a class form test
    // timed out in two runs of four: something of an earlier file outlives it (not found yet).
    pool: 'threads',
    maxWorkers: 1,
    // A dialog test renders react-admin and MUI in jsdom: about a second alone, more than the default 5 s when npm test
    // runs it beside the API and end-to-end tests on two cores.
    testTimeout: 30_000,
  },
});
