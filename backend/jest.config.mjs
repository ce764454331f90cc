// Native-ESM Jest (NestJS 12 on Node 20 needs it: STACK.md trap 4). swc compiles TypeScript and does
// not type-check: `npm run typecheck` does that.
const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    target: 'es2022',
    keepClassNames: true,
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
  },
  module: { type: 'es6' },
};

// content-disposition 3 (of @fastify/static) is ESM-only: the server loads it through require(esm), Jest's
// CommonJS loader cannot on Node 20, so swc hands it over as CommonJS.
const swcCommonJs = { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } };

// Shared by the three projects below.
const base = {
  rootDir: '.',
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', swc], '/node_modules/content-disposition/.+\\.js$': ['@swc/jest', swcCommonJs] },
  transformIgnorePatterns: ['^(?!.*/node_modules/content-disposition/).*/node_modules/'],
  setupFilesAfterEnv: ['<rootDir>/test/setup/cjs-interop.ts'],
};

// One embedded PostgreSQL for the run, its migrated template cloned per test file. Jest runs a project's global setup
// only when one of its tests runs, and the same file once however many projects name it: `unit` alone starts none.
const database = {
  globalSetup: '<rootDir>/test/setup/global-setup.ts',
  globalTeardown: '<rootDir>/test/setup/global-teardown.ts',
};

/**
 * Three tiers, each runnable alone (`jest --selectProjects api`):
 * - unit: pure rules and the architecture checks (source scans); no database, seconds.
 * - api: the routes on a real database, one app per file. A new file in test/api/ (or anywhere under test/ but
 *   test/ops/) lands here.
 * - ops: how the server behaves as an operated process: drain and SIGTERM, several instances on one database, killed
 *   processes, backup/restore, keep-alive, upgrades, the built server. They spend most of their time waiting (grace
 *   periods, timeouts, processes starting), so `npm test` runs them beside `api`. A file belongs in test/ops/ when its
 *   subject is one of these, not merely because it starts a second instance for one case.
 */
export default {
  projects: [
    {
      ...base,
      displayName: 'unit',
      testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/architecture/*.spec.ts'],
    },
    {
      ...base,
      ...database,
      displayName: 'api',
      // Every end-to-end spec outside test/ops/, so a file added anywhere under test/ still runs.
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/ops/'],
    },
    { ...base, ...database, displayName: 'ops', testMatch: ['<rootDir>/test/ops/**/*.e2e-spec.ts'] },
  ],
  // A test (or hook) starts an app on its own PostgreSQL in a few seconds on a quiet machine; npm test runs the
  // end-to-end tests beside these, and a loaded machine has taken more than 30 s to start one.
  testTimeout: 60000,
  // One worker rather than in band: each file's ES modules stay in memory, and in band the process grew to 4.8 GB by
  // the end of the suite, spending ever more time in GC. A worker past 800 MB is replaced between files (measured on
  // 24 files: 136 s instead of 147 s, peak 1.2 GB instead of 2 GB).
  maxWorkers: 1,
  workerIdleMemoryLimit: '800MB',
};
