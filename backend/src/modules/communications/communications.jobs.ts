import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { recordJobRun } from '../../common/jobs/job-runs';
import { ConfigService } from '@nestjs/config';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { AllConfigType } from '../../config/config.type';
import { CommunicationsDispatcher } from './communications.dispatcher';
import { ScheduledMessageSources } from './scheduled-messages';

const JOB_NAME = 'communications-dispatch';
/** Scheduled messages (reminder windows are whole hours): looking for newly due ones once a minute is enough. */
const SCHEDULED_EVERY_MS = 60_000;

/**
 * Every JOBS_INTERVAL_MS (on each instance with JOBS_ENABLED): queue what the scheduled message sources have due
 * (class reminders), then dispatch due messages. Thin: the work and its safety on several instances are in the
 * sources and the dispatcher.
 */
@Injectable()
export class CommunicationsJobs implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('CommunicationsJobs');
  private readonly enabled: boolean;
  private readonly intervalMs: number;
  private running: Promise<void> | null = null;
  private again = false;
  private stopping = false;
  private scheduledAt = 0;

  constructor(
    config: ConfigService<AllConfigType>,
    private readonly dispatcher: CommunicationsDispatcher,
    private readonly sources: ScheduledMessageSources,
    private readonly scheduler: SchedulerRegistry,
  ) {
    const jobs = config.getOrThrow('jobs', { infer: true });
    this.enabled = jobs.enabled;
    this.intervalMs = jobs.intervalMs;
  }

  onApplicationBootstrap(): void {
    if (!this.enabled) return;
    const timer = setInterval(() => void this.tick(), this.intervalMs);
    timer.unref();
    this.scheduler.addInterval(JOB_NAME, timer);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    if (this.scheduler.doesExist('interval', JOB_NAME)) this.scheduler.deleteInterval(JOB_NAME);
    await this.running;
  }

  /** "Send now": run a round at once instead of waiting for the timer (only where jobs run). */
  wake(): void {
    if (this.enabled && !this.stopping) void this.tick();
  }

  /** One round at a time in this process; a wake during a round runs one more round after it. */
  tick(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const started = Date.now();
    let ok = true;
    this.running = (async () => {
      do {
        this.again = false;
        if (Date.now() - this.scheduledAt >= SCHEDULED_EVERY_MS) {
          this.scheduledAt = Date.now();
          for (const source of this.sources.all()) {
            try {
              await source.queueDue();
            } catch (e) {
              ok = false;
              this.logger.error(`Queueing ${source.name} failed: ${e instanceof Error ? e.message : String(e)}`);
            }
          }
        }
        try {
          await this.dispatcher.runUntilIdle(() => this.stopping);
        } catch (e) {
          ok = false;
          this.logger.error(`Dispatch failed: ${e instanceof Error ? e.message : String(e)}`);
        }
      } while (this.again && !this.stopping);
    })().finally(() => {
      recordJobRun(JOB_NAME, started, ok);
      this.running = null;
    });
    return this.running;
  }
}
