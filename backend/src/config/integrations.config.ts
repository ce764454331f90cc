import { registerAs } from '@nestjs/config';
import { IsIn } from 'class-validator';
import { IsPositiveIntEnv, IsSetInEnv, positiveInt, str, validateEnv } from './env';

/** API keys and outbound webhooks (modules/api-keys, modules/webhooks). */
export interface IntegrationsConfig {
  /** Requests one API key may make per minute, counted for the whole deployment (the shared PostgreSQL counters). */
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
  /**
   * Accept http://localhost and http://127.0.0.1 origins in an organization's embedDomains (the widget's allowed
   * framing sites). Off in production, where only HTTPS origins make sense; on in tests and local development,
   * whose pages are served over plain http.
   */
  embedAllowLocalHttp: boolean;
  /** Webhook deliveries one organization may have attempted per minute unless the IT-admin portal sets its own. */
  webhookDeliveriesPerMinute: number;
}

class IntegrationsEnvValidator {
  @IsSetInEnv() @IsPositiveIntEnv('API_KEY_RATE_LIMIT_PER_MINUTE') API_KEY_RATE_LIMIT_PER_MINUTE?: string;
  @IsSetInEnv()
  @IsIn(['true', 'false'], { message: 'WEBHOOK_ALLOW_PRIVATE_HOSTS must be true or false' })
  WEBHOOK_ALLOW_PRIVATE_HOSTS?: string;
  @IsSetInEnv() @IsPositiveIntEnv('WEBHOOK_RETRY_BASE_MS') WEBHOOK_RETRY_BASE_MS?: string;
  @IsSetInEnv() @IsPositiveIntEnv('WEBHOOK_TIMEOUT_MS') WEBHOOK_TIMEOUT_MS?: string;
  @IsSetInEnv()
  @IsIn(['true', 'false'], { message: 'EMBED_ALLOW_LOCAL_HTTP must be true or false' })
  EMBED_ALLOW_LOCAL_HTTP?: string;
  @IsSetInEnv() @IsPositiveIntEnv('WEBHOOK_DELIVERIES_PER_MINUTE') WEBHOOK_DELIVERIES_PER_MINUTE?: string;
}

/** The widget's local-http allowance: EMBED_ALLOW_LOCAL_HTTP=true, or a test run (NODE_ENV=test). */
export const embedAllowsLocalHttp = (env: NodeJS.ProcessEnv = process.env) =>
  str(env.EMBED_ALLOW_LOCAL_HTTP) === 'true' || env.NODE_ENV === 'test';

export function readIntegrationsConfig(env: NodeJS.ProcessEnv): IntegrationsConfig {
  validateEnv(env, IntegrationsEnvValidator);
  return {
    apiKeyRateLimitPerMinute: positiveInt(env, 'API_KEY_RATE_LIMIT_PER_MINUTE', 300),
    webhookAllowPrivateHosts: str(env.WEBHOOK_ALLOW_PRIVATE_HOSTS) === 'true',
    webhookRetryBaseMs: positiveInt(env, 'WEBHOOK_RETRY_BASE_MS', 60_000),
    webhookTimeoutMs: positiveInt(env, 'WEBHOOK_TIMEOUT_MS', 10_000),
    embedAllowLocalHttp: embedAllowsLocalHttp(env),
    webhookDeliveriesPerMinute: positiveInt(env, 'WEBHOOK_DELIVERIES_PER_MINUTE', 1000),
  };
}

export const integrationsConfig = registerAs('integrations', () => readIntegrationsConfig(process.env));
