#!/usr/bin/env node
// `npm run db:backup [-- <file>]` / `npm run db:restore -- <file> [--force]` / `npm run db:retention`: builds the
// backend when its build is missing, then runs its backup command (backend/src/database/backup-cli.ts) with the
// arguments given, or the retention rules (backend/src/retention-cli.ts).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'backend/dist', process.argv[2] === 'retention' ? 'retention-cli.js' : 'database/backup-cli.js');
if (!fs.existsSync(cli)) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const built = spawnSync(npm, ['run', 'build', '-w', 'backend'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
// npm runs scripts in the repository root (where the server's .data is); a file named on the command line is
// relative to where the command was typed.
const here = process.env.INIT_CWD ?? process.cwd();
const args = (process.argv[2] === 'retention' ? [] : process.argv.slice(2)).map((a, i) =>
  i > 0 && !a.startsWith('--') ? path.resolve(here, a) : a,
);
const r = spawnSync(process.execPath, [cli, ...args], { cwd: root, stdio: 'inherit' });
process.exit(r.status ?? 1);
