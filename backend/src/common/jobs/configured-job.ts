import type { ConfigService } from '@nestjs/config';
import type { SchedulerRegistry } from '@nestjs/schedule';
import type { AllConfigType } from '../../config/config.type';
import { IntervalJob } from './interval-job';

/**
 * The usual IntervalJob: it runs only where JOBS_ENABLED is set, every JOBS_INTERVAL_MS unless `every` says otherwise
 * (a job whose deadlines are a minute apart asks for a minute), and its timer and `tick()` both do `work()` once at a
 * time in this process.
 */
export abstract class ConfiguredJob<T = void> extends IntervalJob<T> {
  protected constructor(
    private readonly config: ConfigService<AllConfigType>,
    scheduler: SchedulerRegistry,
    jobName: string,
    /** What a failed run answers. */
    fallback: T,
    /** From the configured JOBS_INTERVAL_MS to this job's interval. */
    private readonly every: (configuredMs: number) => number = (ms) => ms,
  ) {
    super(scheduler, jobName, fallback);
  }

  /** One run of the job's work (what it answers, e.g. how many items it handled). */
  protected abstract work(): Promise<T>;

  protected intervalMs(): number | null {
    const jobs = this.config.getOrThrow('jobs', { infer: true });
    return jobs.enabled ? this.every(jobs.intervalMs) : null;
  }

  protected onTimer(): Promise<T> {
    return this.tick();
  }

  /** One run now (what the timer calls; tests call it too). */
  tick(): Promise<T> {
    return this.once(() => this.work());
  }
}
