import fs from 'node:fs';
import path from 'node:path';

/**
 * Which spec files one part of the desktop project runs when `npm test` splits it (E2E_PART=k/n, each part on its own
 * server and database). Playwright's `--shard` splits by test count in file order, which put 725 of the 1,047 seconds
 * in one half (the accessibility sweeps and the admin specs come first alphabetically); this splits by the seconds each
 * file took in a CI run (desktop-durations.json; a file not listed yet counts as an average one), longest first into
 * the part with the fewest seconds so far. Deterministic: every part computes the same split from the same files.
 */
export function desktopPartFiles(dir: string, part: string): string[] {
  const [k, n] = part.split('/').map(Number);
  if (!Number.isInteger(k) || !Number.isInteger(n) || k < 1 || k > n) throw new Error(`E2E_PART must be k/n, got ${part}`);
  const seconds = JSON.parse(fs.readFileSync(path.join(dir, 'desktop-durations.json'), 'utf8')) as Record<string, number>;
  const known = Object.values(seconds);
  const average = known.reduce((a, b) => a + b, 0) / Math.max(1, known.length);
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.spec.ts'))
    .map((f) => ({ f, s: seconds[f] ?? average }))
    .sort((a, b) => b.s - a.s || a.f.localeCompare(b.f));
  const parts = Array.from({ length: n }, () => ({ total: 0, files: [] as string[] }));
  for (const { f, s } of files) {
    const lightest = parts.reduce((min, p) => (p.total < min.total ? p : min));
    lightest.total += s;
    lightest.files.push(f);
  }
  return parts[k - 1].files;
}
