#!/usr/bin/env node
// `npm test`: every test of the repository, cheapest first, stopping at the first failure.
//   1. the cheap checks at once: lint, format check, type-check of each workspace, the backend's unit tests (jest
//      project `unit`: pure rules and architecture checks, no database)
//   2. three lanes at once: the API tests (jest project `api`, routes on an embedded PostgreSQL); the front ends'
//      builds then the end-to-end tests in Chromium against the built product (skipped with SKIP_E2E=1); the backend
//      build, the front-end unit tests, then the operations tests (jest project `ops`: drain, SIGTERM, several
//      instances, crashes, backups, upgrades, the built server)
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
 * A stage is a list of lanes run at once; a lane is a list of steps run one after another. The machine's CPU is the
 * limit (CI has 2 cores), so lanes pay off only where they overlap waits:
 * - The cheap checks are single processes that each keep one core busy; run one after another they left the other
 *   core idle.
 * - The end-to-end tests are the longest lane: they start as soon as the builds are done (the backend's is built in
 *   the third lane meanwhile). The API tests need no build (jest compiles the sources), so they start at once.
 * - The operations tests spend most of their time waiting (grace periods, keep-alive timeouts, processes starting:
 *   measured 115 s of CPU in 426 s), so they run beside the API tests, after the short front-end unit tests. Some run
 *   the built server as its own process: the backend is built at the head of their lane, once (they would otherwise
 *   build it themselves). Each jest run starts its own embedded PostgreSQL.
 * A step named in `after` waits for that step.
 */
const jest = (project) => ['npm', ['test', '-w', 'backend', '--', '--selectProjects', project]];
const stages = [
  [
    [['Lint', 'npx', ['eslint', '.']]],
    [['Format check', 'npx', ['prettier', '--check', '.']]],
    [['Type-check backend', 'npm', ['run', 'typecheck', '-w', 'backend']]],
    ...fronts.map((ws) => [[`Type-check ${ws}`, 'npm', ['run', 'typecheck', '-w', ws]]]),
    [['Backend unit tests', ...jest('unit')]],
  ],
  [
    [['API tests', ...jest('api')]],
    [
      ...fronts.map((ws) => [`Build ${ws}`, 'npm', ['run', 'build', '-w', ws]]),
      ...e2e.map(([name, cmd, args]) => [name, cmd, args, { after: 'Build backend' }]),
    ],
    [
      ['Build backend', 'npm', ['run', 'build', '-w', 'backend']],
      ...fronts.map((ws) => [`${ws} unit tests`, 'npm', ['test', '-w', ws]]),
      ['Operations tests', ...jest('ops')],
    ],
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
