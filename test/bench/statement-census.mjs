// Bench diagnostics, not product code: counts the statements an API instance sends to PostgreSQL, by 5-second bucket
// (wall clock) and statement text, and writes them to $BENCH_CENSUS_DIR/statements-<pid>.json when the process exits.
// Load it into the opening bench's instances (they run from the repository's root) with
//   BENCH_NODE_ARGS="--import ./test/bench/statement-census.mjs" BENCH_CENSUS_DIR=/tmp/census npm run bench:opening
// This is how the statement counts of the rush in docs/benchmarks/opening.md were taken.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = process.env.BENCH_CENSUS_DIR || os.tmpdir();
// The pg the backend loads (the same module instance, so its Client is the one patched).
const resolved = createRequire(import.meta.url).resolve('pg', { paths: [path.join(process.cwd(), 'backend'), process.cwd()] });
const pg = (await import(pathToFileURL(resolved).href)).default;
const counts = {};
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(config, ...rest) {
  const text = typeof config === 'string' ? config : config?.text;
  if (text) {
    const key = `${Math.floor(Date.now() / 5000) * 5} ${text.replace(/\s+/g, ' ').slice(0, 110)}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return query.call(this, config, ...rest);
};
process.on('exit', () => {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `statements-${process.pid}.json`), JSON.stringify(counts));
});
