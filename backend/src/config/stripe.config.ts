import { registerAs } from '@nestjs/config';
import { IsUrl } from 'class-validator';
import { IsPositiveIntEnv, IsSetInEnv, positiveInt, str, validateEnv } from './env';

/** Card payments, Connect and billing (shared/INTEGRATIONS.md). Live only when secretKey is set. */
export interface StripeConfig {
  secretKey: string | null;
  publishableKey: string | null;
  webhookSecret: string | null;
  /** A stand-in's address (tests, acceptance runs): the SDK's host, port and protocol come from it. */
  apiBase: string | null;
  /** How often the reconciliation job lists Stripe's events for any a webhook missed (default 5 minutes). */
  reconcileIntervalMs: number;
}

class StripeEnvValidator {
  @IsSetInEnv()
  @IsUrl({ require_tld: false, require_protocol: true }, { message: 'STRIPE_API_BASE must be a URL such as http://127.0.0.1:12111' })
  STRIPE_API_BASE?: string;

  @IsSetInEnv() @IsPositiveIntEnv('STRIPE_RECONCILE_INTERVAL_MS') STRIPE_RECONCILE_INTERVAL_MS?: string;
}

export function readStripeConfig(env: NodeJS.ProcessEnv): StripeConfig {
  validateEnv(env, StripeEnvValidator);
  return {
    secretKey: str(env.STRIPE_SECRET_KEY),
    publishableKey: str(env.STRIPE_PUBLISHABLE_KEY),
    webhookSecret: str(env.STRIPE_WEBHOOK_SECRET),
    apiBase: str(env.STRIPE_API_BASE),
    reconcileIntervalMs: positiveInt(env, 'STRIPE_RECONCILE_INTERVAL_MS', 5 * 60 * 1000),
  };
}

export const stripeConfig = registerAs('stripe', () => readStripeConfig(process.env));
