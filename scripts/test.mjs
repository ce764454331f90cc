#!/usr/bin/env node
// `npm test`: every test of the repository, cheapest first, stopping at the first failure.
//   1. the cheap checks at once: lint, format check, type-check of each workspace, the backend's unit tests (jest
//      project `unit`: pure rules and architecture checks, no database)
//   2. four lanes at once: the API tests (jest project `api`, routes on an embedded PostgreSQL); the front ends'
//      builds then the end-to-end tests of the desktop browser project in Chromium against the built product; the
//      end-to-end tests of the phone project, on a server of their own, once everything is built (both skipped with
//      SKIP_E2E=1); the backend build, the front-end unit tests, then the operations tests (jest project `ops`: drain,
//      SIGTERM, several instances, crashes, backups, upgrades, the built server)
// A step that runs alongside others has its output held and printed when it ends, so logs never interleave.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const has = (ws) => fs.existsSync(path.join(root, ws, 'src'));
const fronts = ['public-site', 'admin-ui'].filter(has);

/**
 * The end-to-end tests, one Playwright run per browser project, each on its own port: its own server, Stripe stand-in
 * and PostgreSQL (playwright.config.ts derives them from E2E_PORT), each with one worker as the shared database
 * wants. A run uses about a third of a core: its tests wait on the browser and the server one after another, so runs
 * side by side take little more than the longest. The desktop project has twice the phone's tests and was the last lane
 * to end (23 of CI's 26 minutes), so it runs as two parts (whole files each, balanced by their seconds in a CI run:
 * test/e2e/desktop-parts.ts), each on a port and a database of its own: E2E_PORT and E2E_PORT + 20 for the desktop
 * parts, E2E_PORT + 10 for the phone. E2E_DESKTOP_PARTS=1 runs the desktop project whole.
 */
const e2ePort = Number(process.env.E2E_PORT ?? 3100);
const desktopParts = Math.max(1, Number(process.env.E2E_DESKTOP_PARTS ?? 2));
const e2eRun = (project, port, part = null) => [
  `End-to-end tests (${project}${part ? `, part ${part}` : ''})`,
  'npx',
  ['playwright', 'test', '-c', 'test/e2e/playwright.config.ts', `--project=${project}`],
  { env: { ...process.env, E2E_PORT: String(port), ...(part ? { E2E_PART: part } : {}) } },
];
const desktop =
  desktopParts === 1
    ? [e2eRun('desktop', e2ePort)]
    : Array.from({ length: desktopParts }, (_, i) => e2eRun('desktop', e2ePort + (i === 0 ? 0 : 10 + 10 * i), `${i + 1}/${desktopParts}`));
const e2e = process.env.SKIP_E2E === '1' ? [] : [...desktop, e2eRun('mobile', e2ePort + 10)];
const builds = ['Build backend', ...fronts.map((ws) => `Build ${ws}`)];

/**
 * A stage is a list of lanes run at once; a lane is a list of steps run one after another. The machine's CPU is the
 * limit (CI has 2 cores), so lanes pay off only where they overlap waits:
 * - The cheap checks are single processes that each keep one core busy; run one after another they left the other
 *   core idle.
 * - The end-to-end tests are the longest lanes: they start as soon as the builds are done (the backend's is built in
 *   the fourth lane meanwhile), the desktop project in the lane of the front ends' builds, the phone project in a lane
 *   of its own. The API tests need no build (jest compiles the sources), so they start at once.
 * - The operations tests spend most of their time waiting (grace periods, keep-alive timeouts, processes starting:
 *   measured 115 s of CPU in 426 s), so they run beside the API tests, after the short front-end unit tests. Some run
 *   the built server as its own process: the backend is built at the head of their lane, once (they would otherwise
 *   build it themselves). Each jest run starts its own embedded PostgreSQL.
 * A step waits for every step named in its `after`.
 */
const jest = (project, ...more) => ['npm', ['test', '-w', 'backend', '--', '--selectProjects', project, ...more]];
const stages = [
  [
    [['Lint', 'npx', ['eslint', '.']]],
    [['Format check', 'npx', ['prettier', '--check', '.']]],
    [['Type-check backend', 'npm', ['run', 'typecheck', '-w', 'backend']]],
    ...fronts.map((ws) => [[`Type-check ${ws}`, 'npm', ['run', 'typecheck', '-w', ws]]]),
    [['Backend unit tests', ...jest('unit')]],
  ],
  [
    // Two files at a time (each on its own database): with one worker the API lane was the last to end, alone on one
    // core for its final minutes (21 of the 24 minutes in CI) while the other lanes had finished.
    [['API tests', ...jest('api', '--maxWorkers=2')]],
    [
      ...fronts.map((ws) => [`Build ${ws}`, 'npm', ['run', 'build', '-w', ws]]),
      ...e2e.slice(0, 1).map(([name, cmd, args, opts]) => [name, cmd, args, { ...opts, after: ['Build backend'] }]),
    ],
    // The phone project and the desktop project's other halves, each in a lane of its own once everything is built.
    ...e2e.slice(1).map(([name, cmd, args, opts]) => [[name, cmd, args, { ...opts, after: builds }]]),
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
  for (const before of opts?.after ?? []) if (!(await outcome(before).p)) return false;
  const ok = await spawnStep(name, cmd, args, alone, opts?.env);
  outcome(name).settle(ok);
  return ok;
}

function spawnStep(name, cmd, args, alone, env = process.env) {
  return new Promise((resolve) => {
    const started = Date.now();
    if (alone) console.log(`\n=== ${name} ===`);
    const child = spawn(cmd, args, { cwd: root, env, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
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
