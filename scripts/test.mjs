#!/usr/bin/env node
// `npm test`: every test of the repository, cheapest first, stopping at the first failure.
//   0. lint and format check (ESLint, Prettier)
//   1. type-check all workspaces     2. API integration tests (jest + embedded PostgreSQL)
//   3. front-end unit tests         4. production builds
//   5. end-to-end tests in Chromium against the built app (skipped with SKIP_E2E=1)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const has = (ws) => fs.existsSync(path.join(root, ws, 'src'));

const steps = [
  ['Lint and format', 'npm', ['run', 'lint']],
  ['Type-check backend', 'npm', ['run', 'typecheck', '-w', 'backend']],
  ...['public-site', 'admin-ui'].filter(has).map((ws) => [`Type-check ${ws}`, 'npm', ['run', 'typecheck', '-w', ws]]),
  ['API tests', 'npm', ['test', '-w', 'backend']],
  ...(has('public-site') ? [['Public site unit tests', 'npm', ['test', '-w', 'public-site']]] : []),
  ...(has('admin-ui') ? [['Admin app unit tests', 'npm', ['test', '-w', 'admin-ui']]] : []),
  ['Build', 'npm', ['run', 'build']],
  ...(process.env.SKIP_E2E === '1' ? [] : [['End-to-end tests', 'npx', ['playwright', 'test', '-c', 'test/e2e/playwright.config.ts']]]),
];

for (const [name, cmd, args] of steps) {
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (r.status !== 0) {
    console.error(`\n✗ ${name} failed after ${secs}s`);
    process.exit(r.status ?? 1);
  }
  console.log(`✓ ${name} (${secs}s)`);
}
console.log('\nAll tests passed.');
