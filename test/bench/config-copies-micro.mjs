#!/usr/bin/env node
// The work one copy lookup adds to a registration, alone: `ConfigCopies.get` (backend/dist/common/cache/config-copies.js,
// so `npm run build -w backend` first) against the hand-written check it replaced (a Map of { version, value } per
// organization, compared with ===, inside an async method). A registration makes four to five such lookups (term,
// stored form, confirmation template, webhook subscriptions; payment readiness for a card hold), all hits in a rush.
//
// Measured: ns per hit (median of ROUNDS rounds of N lookups each, the two alternated), and bytes allocated per hit
// (heap growth over N lookups with the collector run before and after; node --expose-gc). On a loaded machine the ns
// move with the neighbours; the alternation makes both meet the same weather.
//
// Env: MICRO_N (200000), MICRO_ROUNDS (7), MICRO_ORGS (50: organizations looked up in turn, so the LRU moves keys).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const { ConfigCopies } = await import(path.join(root, 'backend/dist/common/cache/config-copies.js'));
const N = Number(process.env.MICRO_N ?? 200_000);
const ROUNDS = Number(process.env.MICRO_ROUNDS ?? 7);
const ORGS = Number(process.env.MICRO_ORGS ?? 50);
if (!globalThis.gc) throw new Error('run with node --expose-gc');

const rows = Array.from({ length: ORGS }, (_, i) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  configVersion: '42',
}));
const value = { questions: [], waivers: [] };
const read = async () => value;

/** The shape every one of the five services had before: its own Map, the version compared, an async method. */
class HandWritten {
  copies = new Map();
  async get(organizationId, configVersion) {
    const hit = configVersion ? this.copies.get(organizationId) : undefined;
    if (hit && hit.version === configVersion) return hit.value;
    const v = await read();
    if (configVersion) {
      if (this.copies.size >= 5000) this.copies.clear();
      this.copies.set(organizationId, { version: configVersion, value: v });
    }
    return v;
  }
}

const helper = new ConfigCopies(5000);
const hand = new HandWritten();
const kinds = {
  'hand-written Map': (org) => hand.get(org.id, org.configVersion),
  'ConfigCopies.get': (org) => helper.get(org, '', () => read()),
};

async function run(lookup) {
  const t = process.hrtime.bigint();
  for (let i = 0; i < N; i++) await lookup(rows[i % ORGS]);
  return Number(process.hrtime.bigint() - t) / N;
}

async function allocated(lookup) {
  globalThis.gc();
  const before = process.memoryUsage().heapUsed;
  const kept = [];
  // The promises are kept so the collector cannot take them during the count.
  for (let i = 0; i < 20_000; i++) kept.push(lookup(rows[i % ORGS]));
  await Promise.all(kept);
  const after = process.memoryUsage().heapUsed;
  return (after - before) / kept.length;
}

for (const lookup of Object.values(kinds)) for (const org of rows) await lookup(org); // fill both
const ns = Object.fromEntries(Object.keys(kinds).map((k) => [k, []]));
for (let r = 0; r < ROUNDS; r++) for (const [k, lookup] of Object.entries(kinds)) ns[k].push(await run(lookup));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const [k, lookup] of Object.entries(kinds))
  console.log(
    `${k}: ${median(ns[k]).toFixed(0)} ns per hit (rounds: ${ns[k].map((x) => x.toFixed(0)).join(', ')}), ~${(await allocated(lookup)).toFixed(0)} bytes per hit incl. the kept promise`,
  );
console.log(`hits ${helper.stats().hits}, reads ${helper.stats().reads}`);
