import { forwardRef, Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { AllConfigType } from '../../config/config.type';
import { CommunicationsDispatcher } from './communications.dispatcher';
import { RemindersService } from './reminders.service';

const JOB_NAME = 'communications-dispatch';
/** Reminder windows are whole hours: looking for newly due ones once a minute is enough. */
const REMINDERS_EVERY_MS = 60_000;

/**
 * Every JOBS_INTERVAL_MS (on each instance with JOBS_ENABLED): queue due class reminders, then dispatch due
 * messages. Thin: the work and its safety on several instances are in RemindersService and the dispatcher.
 */
@Injectable()
export class CommunicationsJobs implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('CommunicationsJobs');
  private readonly enabled: boolean;
  private readonly intervalMs: number;
  private running: Promise<void> | null = null;
  private again = false;
  private stopping = false;
  private remindersAt = 0;

  constructor(
    config: ConfigService<AllConfigType>,
    // Types, not classes, in the signature: students and communications import each other (see StudentsService).
    @Inject(forwardRef(() => CommunicationsDispatcher)) private readonly dispatcher: Pick<CommunicationsDispatcher, 'runUntilIdle'>,
    @Inject(forwardRef(() => RemindersService)) private readonly reminders: Pick<RemindersService, 'queueDue'>,
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
    this.running = (async () => {
      do {
        this.again = false;
        try {
          if (Date.now() - this.remindersAt >= REMINDERS_EVERY_MS) {
            this.remindersAt = Date.now();
            await this.reminders.queueDue();
          }
        } catch (e) {
          this.logger.error(`Queueing reminders failed: ${e instanceof Error ? e.message : String(e)}`);
        }
        try {
          await this.dispatcher.runUntilIdle(() => this.stopping);
        } catch (e) {
          this.logger.error(`Dispatch failed: ${e instanceof Error ? e.message : String(e)}`);
        }
      } while (this.again && !this.stopping);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }
}
