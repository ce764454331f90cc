#!/usr/bin/env node
// `npm start`: builds whatever is missing (backend, public site, admin app), then runs the server.
// The server starts an embedded PostgreSQL when DATABASE_URL is unset.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds a workspace when its output is missing or older than its sources. */
function ensureBuilt(workspace, output, sources) {
  const out = path.join(root, output);
  const stale = !fs.existsSync(out) || fs.statSync(out).mtimeMs < newestMtime(path.join(root, sources));
  if (!stale) return;
  console.log(`Building ${workspace}...`);
  const r = spawnSync(npm, ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`Building ${workspace} failed.`);
    process.exit(r.status ?? 1);
  }
}

ensureBuilt('backend', 'backend/dist/main.js', 'backend/src');
for (const ws of ['public-site', 'admin-ui']) {
  if (fs.existsSync(path.join(root, ws, 'src'))) ensureBuilt(ws, `${ws}/dist/index.html`, `${ws}/src`);
}

const child = spawn(process.execPath, ['backend/dist/main.js'], { cwd: root, stdio: 'inherit', env: process.env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
