#!/usr/bin/env node
// `npm test`: every test of the repository, cheapest first, stopping at the first failure.
//   0. lint and format check (ESLint, Prettier)
//   1. type-check all workspaces (in parallel)
//   2. three lanes at once: the API integration tests (jest + embedded PostgreSQL); the production build then the
//      end-to-end tests in Chromium against it (skipped with SKIP_E2E=1); the front-end unit tests
// A step that runs alongside others has its output held and printed when it ends, so logs never interleave.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const has = (ws) => fs.existsSync(path.join(root, ws, 'src'));
const fronts = ['public-site', 'admin-ui'].filter(has);

const e2e =
  process.env.SKIP_E2E === '1' ? [] : [['End-to-end tests', 'npx', ['playwright', 'test', '-c', 'test/e2e/playwright.config.ts']]];

/**
 * A stage is a list of lanes run at once; a lane is a list of steps run one after another. The end-to-end tests need
 * only the build, not the API tests, so they start as soon as the build is done and share the machine with the API
 * tests (each waits on its own database and browser much of the time): on two cores this takes the run from the sum
 * of the two (about 9 + 17 minutes) towards the longer one.
 */
const stages = [
  [[['Lint and format', 'npm', ['run', 'lint']]]],
  [
    [['Type-check backend', 'npm', ['run', 'typecheck', '-w', 'backend']]],
    ...fronts.map((ws) => [[`Type-check ${ws}`, 'npm', ['run', 'typecheck', '-w', ws]]]),
  ],
  [
    [['API tests', 'npm', ['test', '-w', 'backend']]],
    [['Build', 'npm', ['run', 'build']], ...e2e],
    fronts.map((ws) => [`${ws} unit tests`, 'npm', ['test', '-w', ws]]),
  ],
];

// A failed step stops the run: no lane starts another step, and the steps already running finish on their own (killing
// them would orphan what they started in their own process groups, such as Playwright's servers).
let failed = false;

function run([name, cmd, args], alone) {
  return new Promise((resolve) => {
    const started = Date.now();
    if (alone) console.log(`\n=== ${name} ===`);
    const child = spawn(cmd, args, { cwd: root, env: process.env, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const held = [];
    child.stdout?.on('data', (c) => held.push(c));
    child.stderr?.on('data', (c) => held.push(c));
    child.on('close', (code) => {
      const secs = ((Date.now() - started) / 1000).toFixed(1);
      if (!alone) {
        console.log(`\n=== ${name} ===`);
        process.stdout.write(Buffer.concat(held));
      }
      console.log(code === 0 ? `✓ ${name} (${secs}s)` : `\n✗ ${name} failed after ${secs}s`);
      resolve(code === 0);
    });
  });
}

for (const lanes of stages) {
  const alone = lanes.length === 1;
  const results = await Promise.all(
    lanes.map(async (steps) => {
      for (const step of steps) {
        if (failed) return false;
        if (!(await run(step, alone))) {
          failed = true;
          return false;
        }
      }
      return true;
    }),
  );
  if (results.includes(false)) process.exit(1);
}
console.log('\nAll tests passed.');
