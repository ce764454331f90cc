import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { SchedulerRegistry } from '@nestjs/schedule';
import { IntervalJob } from '../../common/jobs/interval-job';
import type { AllConfigType } from '../../config/config.type';
import { StripeClient } from './stripe.client';
import { StripeEventsService } from './stripe-events.service';

/**
 * Reconciliation of Stripe events a webhook missed, every STRIPE_RECONCILE_INTERVAL_MS (default 5 minutes); only
 * when JOBS_ENABLED and Stripe is configured. Safe on several instances: the run locks the checkpoint row. A failed
 * run is logged; the next one starts from the same checkpoint.
 */
@Injectable()
export class StripeEventsJobs extends IntervalJob {
  constructor(
    private readonly config: ConfigService<AllConfigType>,
    private readonly stripe: StripeClient,
    private readonly events: StripeEventsService,
    scheduler: SchedulerRegistry,
  ) {
    super(scheduler, 'stripe-events-reconcile', undefined);
  }

  protected intervalMs(): number | null {
    if (!this.config.getOrThrow('jobs', { infer: true }).enabled || !this.stripe.isConfigured) return null;
    return this.stripe.settings.reconcileIntervalMs;
  }

  protected onTimer(): Promise<void> {
    return this.reconcile();
  }

  reconcile(): Promise<void> {
    return this.once(async () => {
      await this.events.reconcile();
    });
  }
}
