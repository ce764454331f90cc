#!/usr/bin/env node
// `npm test`: every test of the repository, cheapest first, stopping at the first failing stage.
//   0. lint and format check (ESLint, Prettier)
//   1. type-check all workspaces (in parallel)
//   2. API integration tests (jest + embedded PostgreSQL), alongside the front-end unit tests then the
//      production builds: independent tiers, so they share the machine instead of waiting on each other
//   3. end-to-end tests in Chromium against the built app (skipped with SKIP_E2E=1)
// A step that runs alongside others has its output held and printed when it ends, so logs never interleave.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const has = (ws) => fs.existsSync(path.join(root, ws, 'src'));
const fronts = ['public-site', 'admin-ui'].filter(has);

/** A stage is a list of lanes run at once; a lane is a list of steps run one after another. */
const stages = [
  [[['Lint and format', 'npm', ['run', 'lint']]]],
  [
    [['Type-check backend', 'npm', ['run', 'typecheck', '-w', 'backend']]],
    ...fronts.map((ws) => [[`Type-check ${ws}`, 'npm', ['run', 'typecheck', '-w', ws]]]),
  ],
  [
    [['API tests', 'npm', ['test', '-w', 'backend']]],
    [...fronts.map((ws) => [`${ws} unit tests`, 'npm', ['test', '-w', ws]]), ['Build', 'npm', ['run', 'build']]],
  ],
  ...(process.env.SKIP_E2E === '1' ? [] : [[[['End-to-end tests', 'npx', ['playwright', 'test', '-c', 'test/e2e/playwright.config.ts']]]]]),
];

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
      for (const step of steps) if (!(await run(step, alone))) return false;
      return true;
    }),
  );
  if (results.includes(false)) process.exit(1);
}
console.log('\nAll tests passed.');
