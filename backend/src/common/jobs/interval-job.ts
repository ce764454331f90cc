import { Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { SchedulerRegistry } from '@nestjs/schedule';
import { recordJobRun } from './job-runs';

/**
 * What every `*.jobs.ts` class shares: a timer added to the scheduler at bootstrap (only where the job runs: see
 * `intervalMs`), removed at shutdown after the run in flight has finished (before the database connections close),
 * and one run at a time in this process (a call while one runs gets that run's result; an error is logged and the
 * next run tries again). Several instances are each job's own business: its work claims rows (SKIP LOCKED, leases,
 * dedupe keys), so two processes running it at once do each piece once.
 */
export abstract class IntervalJob<T = void> implements OnApplicationBootstrap, OnModuleDestroy {
  protected readonly logger: Logger;
  private running: Promise<T> | null = null;

  protected constructor(
    private readonly scheduler: SchedulerRegistry,
    /** The scheduler's name for the timer, and the logger's context. */
    private readonly jobName: string,
    /** What a failed run answers. */
    private readonly fallback: T,
  ) {
    this.logger = new Logger(jobName);
  }

  /** Milliseconds between runs on this instance, or null when it runs no jobs (JOBS_ENABLED false, no provider). */
  protected abstract intervalMs(): number | null;

  /** What the timer calls: the job's public run, which wraps its work in `once`. */
  protected abstract onTimer(): Promise<unknown>;

  onApplicationBootstrap(): void {
    const ms = this.intervalMs();
    if (ms === null) return;
    const timer = setInterval(() => void this.onTimer(), ms);
    timer.unref();
    this.scheduler.addInterval(this.jobName, timer);
  }

  async onModuleDestroy(): Promise<void> {
    if (this.scheduler.doesExist('interval', this.jobName)) this.scheduler.deleteInterval(this.jobName);
    await this.running;
  }

  /** `work` unless a run is going in this process (then that run's result); a failure is logged as `${jobName} failed`. */
  protected once(work: () => Promise<T>): Promise<T> {
    const started = Date.now();
    this.running ??= work()
      .then((result) => {
        recordJobRun(this.jobName, started, true);
        return result;
      })
      .catch((e: unknown) => {
        recordJobRun(this.jobName, started, false);
        this.logger.error(`${this.jobName} failed: ${e instanceof Error ? e.message : String(e)}`);
        return this.fallback;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }
}
