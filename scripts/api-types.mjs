#!/usr/bin/env node
// `npm run api:types`: the one source for API types. Writes docs/openapi.json from the backend's
// controllers and DTOs (backend/dist/openapi.generate.js: no database needed), then the TypeScript types both
// front ends import, with openapi-typescript, and their failure codes (shared/api/error-codes.ts). Commit all four files; backend/test/api/openapi.e2e-spec.ts fails
// when they no longer match the code.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { errorCodesSource } from './error-codes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const generator = path.join(root, 'backend', 'dist', 'openapi.generate.js');
const documentPath = path.join(root, 'docs', 'openapi.json');

if (process.argv.includes('--no-build') && !fs.existsSync(generator)) {
  console.error('backend/dist is missing: run without --no-build');
  process.exit(1);
}
if (!process.argv.includes('--no-build')) run('npm', ['run', 'build', '-w', 'backend']);
run(process.execPath, [generator, documentPath]);

// openapi-typescript is a backend dev dependency: resolve it from there.
const require = createRequire(path.join(root, 'backend', 'package.json'));
const { default: openapiTS } = await import(require.resolve('openapi-typescript'));
const types = await openapiTS(JSON.parse(fs.readFileSync(documentPath, 'utf8')));
// One file for both front ends (imported as @shared/api/schema).
const out = path.join(root, 'shared', 'api', 'schema.d.ts');
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, types);
console.log(`Types written to ${path.relative(root, out)}`);
const codes = path.join(root, 'shared', 'api', 'error-codes.ts');
fs.writeFileSync(codes, errorCodesSource(JSON.parse(fs.readFileSync(documentPath, 'utf8'))));
console.log(`Error codes written to ${path.relative(root, codes)}`);

function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
