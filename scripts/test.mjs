#!/usr/bin/env node
// `npm test`: every test of the repository, cheapest first, stopping at the first failure.
//   0. lint and format check (ESLint, Prettier)
//   1. type-check all workspaces (in parallel)
//   2. three lanes at once: the backend build then the API integration tests (jest + embedded PostgreSQL); the
//      front ends' build then the end-to-end tests in Chromium against it (skipped with SKIP_E2E=1); the front-end
//      unit tests
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
 * tests (each waits on its own database and browser much of the time). The backend is built first and once: API tests
 * that run the built server as its own process (shutdown, backups, two instances behind a load balancer) would
 * otherwise build it themselves while the build lane writes the same folder. A step named in `after` waits for it.
 */
const stages = [
  [[['Lint and format', 'npm', ['run', 'lint']]]],
  [
    [['Type-check backend', 'npm', ['run', 'typecheck', '-w', 'backend']]],
    ...fronts.map((ws) => [[`Type-check ${ws}`, 'npm', ['run', 'typecheck', '-w', ws]]]),
  ],
  [
    [
      ['Build backend', 'npm', ['run', 'build', '-w', 'backend']],
      ['API tests', 'npm', ['test', '-w', 'backend']],
    ],
    [
      ...fronts.map((ws) => [`Build ${ws}`, 'npm', ['run', 'build', '-w', ws]]),
      ...e2e.map(([name, cmd, args]) => [name, cmd, args, { after: 'Build backend' }]),
    ],
    fronts.map((ws) => [`${ws} unit tests`, 'npm', ['test', '-w', ws]]),
  ],
];

/** Each step's outcome by name, for the steps that wait on another (`after`). */
const done = new Map();
const outcome = (name) => {
  if (!done.has(name)) {
    let settle;
    const p = new Promise((r) => (settle = r));
    done.set(name, { p, settle });
  }
  return done.get(name);
};

// A failed step stops the run: no lane starts another step, and the steps already running finish on their own (killing
// them would orphan what they started in their own process groups, such as Playwright's servers).
let failed = false;

async function run([name, cmd, args, opts], alone) {
  if (opts?.after && !(await outcome(opts.after).p)) return false;
  const ok = await spawnStep(name, cmd, args, alone);
  outcome(name).settle(ok);
  return ok;
}

function spawnStep(name, cmd, args, alone) {
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
        if (failed) {
          // Whatever waits on the steps this lane will not run now stops waiting.
          for (const [name] of steps) outcome(name).settle(false);
          return false;
        }
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
