import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import Stripe from 'stripe';
import type { AllConfigType } from '../../config/config.type';
import type { StripeConfig } from '../../config/stripe.config';

/** The SDK's host, port and protocol from STRIPE_API_BASE (a stand-in in tests and acceptance runs). */
export function stripeConnectionOptions(apiBase: string | null): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

/**
 * The one Stripe SDK instance (shared/INTEGRATIONS.md lists the only calls the product makes). Without
 * STRIPE_SECRET_KEY the product is in local mode: `isConfigured` is false, `api` throws, and every caller
 * answers with its "unavailable" path instead of crashing.
 */
@Injectable()
export class StripeClient {
  readonly settings: StripeConfig;
  private readonly stripe: Stripe | null;

  constructor(config: ConfigService<AllConfigType>) {
    this.settings = config.getOrThrow('stripe', { infer: true });
    this.stripe = this.settings.secretKey
      ? new Stripe(this.settings.secretKey, {
          ...stripeConnectionOptions(this.settings.apiBase),
          telemetry: false,
          appInfo: { name: 'Classlane' },
        })
      : null;
  }

  get isConfigured(): boolean {
    return this.stripe !== null;
  }

  /** The SDK; callers check `isConfigured` first (local mode has none). */
  get api(): Stripe {
    if (!this.stripe) throw new Error('Stripe is not configured (STRIPE_SECRET_KEY is unset)');
    return this.stripe;
  }
}
