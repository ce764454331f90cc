import { registerAs } from '@nestjs/config';
import { IsIn } from 'class-validator';
import { IsPositiveIntEnv, IsSetInEnv, positiveInt, str, validateEnv } from './env';

/** API keys and outbound webhooks (modules/api-keys, modules/webhooks). */
export interface IntegrationsConfig {
  /** Requests one API key may make per minute (per instance, like the per-IP budgets). */
  apiKeyRateLimitPerMinute: number;
  /**
   * Deliver webhooks to private, loopback and link-local addresses. Off in production: a URL that resolves to
   * the server's own network would let an admin probe it (SSRF). Local development and tests turn it on.
   */
  webhookAllowPrivateHosts: boolean;
  /** The first retry's delay after a failed delivery; each later one doubles it (capped at six hours). */
  webhookRetryBaseMs: number;
  /** A delivery attempt that has not answered by then counts as failed. */
  webhookTimeoutMs: number;
}

class IntegrationsEnvValidator {
  @IsSetInEnv() @IsPositiveIntEnv('API_KEY_RATE_LIMIT_PER_MINUTE') API_KEY_RATE_LIMIT_PER_MINUTE?: string;
  @IsSetInEnv()
  @IsIn(['true', 'false'], { message: 'WEBHOOK_ALLOW_PRIVATE_HOSTS must be true or false' })
  WEBHOOK_ALLOW_PRIVATE_HOSTS?: string;
  @IsSetInEnv() @IsPositiveIntEnv('WEBHOOK_RETRY_BASE_MS') WEBHOOK_RETRY_BASE_MS?: string;
}

export function readIntegrationsConfig(env: NodeJS.ProcessEnv): IntegrationsConfig {
  validateEnv(env, IntegrationsEnvValidator);
  return {
    apiKeyRateLimitPerMinute: positiveInt(env, 'API_KEY_RATE_LIMIT_PER_MINUTE', 300),
    webhookAllowPrivateHosts: str(env.WEBHOOK_ALLOW_PRIVATE_HOSTS) === 'true',
    webhookRetryBaseMs: positiveInt(env, 'WEBHOOK_RETRY_BASE_MS', 60_000),
    webhookTimeoutMs: 10_000,
  };
}

export const integrationsConfig = registerAs('integrations', () => readIntegrationsConfig(process.env));
