import { Injectable, Logger } from '@nestjs/common';
import { RetentionRules } from './retention-rules';
import { RetentionRepository } from './retention.repository';

const DAY_MS = 86_400_000;
/** A rule runs once a day: the first hourly check 20 hours after its last run (so the hour drifts little). */
const EVERY_MS = 20 * 3_600_000;
/** Held while a rule runs, renewed after every batch; a run whose process died is taken over when it lapses. */
const LEASE_MS = 10 * 60_000;
/** Rows deleted per statement: short transactions, little lock time, WAL in small pieces. */
export const RETENTION_BATCH = 5_000;

export interface RetentionRun {
  rule: string;
  days: number;
  cutoff: string;
  deleted: number;
}

/**
 * The nightly clean-up of the append-only tables (issue 44 §4): every rule the owners registered, each run by one
 * instance at a time under a lease, in batches until nothing older than its cutoff is left. Interrupted (a crash, a
 * deploy), it simply resumes at the next check: what was deleted is gone, what is left is deleted then.
 */
@Injectable()
export class RetentionService {
  private readonly logger = new Logger(RetentionService.name);

  constructor(
    private readonly rules: RetentionRules,
    private readonly repo: RetentionRepository,
  ) {}

  /** Runs the rules that are due (all of them with `force`, as `npm run db:retention` does). */
  async run(options: { force?: boolean; now?: Date } = {}): Promise<RetentionRun[]> {
    const done: RetentionRun[] = [];
    for (const rule of this.rules.all()) {
      if (!(await this.repo.claim(rule.name, LEASE_MS, EVERY_MS, options.force ?? false))) continue;
      const cutoff = new Date((options.now ?? new Date()).getTime() - rule.days * DAY_MS);
      let deleted = 0;
      try {
        for (;;) {
          const n = await rule.purge(cutoff, RETENTION_BATCH);
          deleted += n;
          if (n < RETENTION_BATCH) break;
          await this.repo.extend(rule.name, LEASE_MS);
        }
      } catch (e) {
        await this.repo.release(rule.name);
        this.logger.error(`Retention of ${rule.name} stopped after ${deleted} rows: ${(e as Error).message}`);
        throw e;
      }
      await this.repo.finish(rule.name, deleted, cutoff);
      this.logger.log(`Retention: ${deleted} rows of ${rule.name} older than ${rule.days} days deleted`);
      done.push({ rule: rule.name, days: rule.days, cutoff: cutoff.toISOString(), deleted });
    }
    return done;
  }

  state() {
    return this.repo.state();
  }
}
