/**
 * The last run of each scheduled job in this process, for the metrics (last success, duration, failures). A plain
 * map: jobs live in several modules and `common/` imports none of them; a scrape reads it as it is.
 */
export interface JobRunRecord {
  lastSuccessAt: number | null;
  lastDurationMs: number;
  failures: number;
}

const runs = new Map<string, JobRunRecord>();

export function recordJobRun(name: string, startedAt: number, ok: boolean): void {
  const r = runs.get(name) ?? { lastSuccessAt: null, lastDurationMs: 0, failures: 0 };
  const now = Date.now();
  r.lastDurationMs = now - startedAt;
  if (ok) r.lastSuccessAt = now;
  else r.failures++;
  runs.set(name, r);
}

export function jobRuns(): ReadonlyMap<string, JobRunRecord> {
  return runs;
}
