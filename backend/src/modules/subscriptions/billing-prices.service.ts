import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { StripeClient } from '../stripe/stripe.client';
import { PlansRepository } from './plans.repository';

/** Each paid plan's monthly price carries this lookup key in Stripe (shared/INTEGRATIONS.md). */
export const lookupKeyOf = (planId: string) => `classlane_${planId}_monthly`;
/** How long to wait before trying again when Stripe (or its stand-in) did not answer at start. */
const RETRY_MS = 30_000;

/**
 * Finds each paid plan's Stripe price by its lookup key, or creates product and price, and stores the price id on
 * the plan. Runs at start when Stripe is configured; an unreachable Stripe is logged and retried later (never a
 * crash), and every call that needs a price awaits `ensure()` first. Creation uses idempotency keys, so two
 * instances starting together create one price.
 */
@Injectable()
export class BillingPricesService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('BillingPrices');
  private ready: Promise<void> | null = null;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly stripe: StripeClient,
    private readonly plans: PlansRepository,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.stripe.isConfigured) return;
    void this.ensure().catch(() => undefined);
  }

  onModuleDestroy(): void {
    if (this.retry) clearTimeout(this.retry);
  }

  /** Resolves once every paid plan has its price; a failure is logged, retried later, and rethrown to this caller. */
  ensure(): Promise<void> {
    this.ready ??= this.sync().catch((e: unknown) => {
      this.ready = null;
      const message = e instanceof Error ? e.message : String(e);
      this.logger.warn(`Stripe prices of the paid plans are not set up yet (${message}); retrying in ${RETRY_MS / 1000} s`);
      if (!this.retry) {
        this.retry = setTimeout(() => {
          this.retry = null;
          void this.ensure().catch(() => undefined);
        }, RETRY_MS);
        this.retry.unref();
      }
      throw e;
    });
    return this.ready;
  }

  private async sync(): Promise<void> {
    const api = this.stripe.api;
    for (const plan of await this.plans.listActiveByPrice()) {
      if (plan.monthlyPrice <= 0) continue;
      const lookupKey = lookupKeyOf(plan.id);
      const found = await api.prices.list({ lookup_keys: [lookupKey] });
      let price = found.data.find((p) => p.lookup_key === lookupKey);
      if (price && price.unit_amount !== plan.monthlyPrice)
        this.logger.warn(
          `Stripe price ${price.id} (${lookupKey}) is ${price.unit_amount} cents; the ${plan.name} plan says ${plan.monthlyPrice}`,
        );
      if (!price) {
        const product = await api.products.create(
          { name: `Classlane ${plan.name}`, metadata: { planId: plan.id } },
          { idempotencyKey: `classlane-product-${plan.id}-${plan.monthlyPrice}` },
        );
        price = await api.prices.create(
          {
            product: product.id,
            unit_amount: plan.monthlyPrice,
            currency: 'usd',
            recurring: { interval: 'month' },
            lookup_key: lookupKey,
          },
          { idempotencyKey: `classlane-price-${plan.id}-${plan.monthlyPrice}` },
        );
      }
      if (price.id !== plan.stripePriceId) {
        await this.plans.setStripePriceId(plan.id, price.id);
        this.logger.log(`${plan.name} is billed with Stripe price ${price.id} (${lookupKey})`);
      }
    }
  }
}
