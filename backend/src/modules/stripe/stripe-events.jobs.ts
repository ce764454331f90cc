import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { AllConfigType } from '../../config/config.type';
import { StripeClient } from './stripe.client';
import { StripeEventsService } from './stripe-events.service';

const JOB_NAME = 'stripe-events-reconcile';

/**
 * Reconciliation of Stripe events a webhook missed, every STRIPE_RECONCILE_INTERVAL_MS (default 5 minutes).
 * The interval is a setting, so it is added to the scheduler at bootstrap (a decorator takes a constant); only
 * when JOBS_ENABLED and Stripe is configured. Safe on several instances: the run locks the checkpoint row.
 */
@Injectable()
export class StripeEventsJobs implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('StripeEventsJobs');
  private running: Promise<void> | null = null;

  constructor(
    private readonly config: ConfigService<AllConfigType>,
    private readonly stripe: StripeClient,
    private readonly events: StripeEventsService,
    private readonly scheduler: SchedulerRegistry,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.getOrThrow('jobs', { infer: true }).enabled || !this.stripe.isConfigured) return;
    const timer = setInterval(() => void this.reconcile(), this.stripe.settings.reconcileIntervalMs);
    timer.unref();
    this.scheduler.addInterval(JOB_NAME, timer);
  }

  /** Stops the timer and lets a run in flight finish before the database connections close. */
  async onModuleDestroy(): Promise<void> {
    if (this.scheduler.doesExist('interval', JOB_NAME)) this.scheduler.deleteInterval(JOB_NAME);
    await this.running;
  }

  /** One run at a time in this process; errors are logged (the next run starts from the same checkpoint). */
  reconcile(): Promise<void> {
    this.running ??= this.events
      .reconcile()
      .then(() => undefined)
      .catch((e) => this.logger.error(`Stripe reconciliation failed: ${e instanceof Error ? e.message : String(e)}`))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }
}
