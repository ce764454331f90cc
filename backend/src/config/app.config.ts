import { registerAs } from '@nestjs/config';
import { IsOptional, IsUrl } from 'class-validator';
import { EnvCheck, flag, IsPositiveIntEnv, IsSetInEnv, positiveInt, str, validateEnv } from './env';

/** The HTTP server and the product-wide settings every page shares. */
export interface AppConfig {
  port: number;
  /** The site's public address: links in emails, sitemap, CORS default, provider return URLs. */
  publicUrl: string;
  corsOrigins: string[];
  bodyLimit: string;
  serveFrontends: boolean;
  logRequests: boolean;
  /**
   * Keep in-process copies of what registrations read of an organization's configuration under its config_version
   * (common/cache/config-copies.ts). false: every registration reads them (docs/architecture.md, "Speed departures").
   */
  configCopies: boolean;
  platformFeePercent: number;
  /** null when SUPPORT_EMAIL is unset: the pages then show no address rather than an unreachable one. */
  supportEmail: string | null;
  seedDemo: boolean;
  /** Per client IP and action: sign-in, sign-up, password reset (@nestjs/throttler, counted in PostgreSQL across instances). */
  authRateLimitPerMinute: number;
  /** Per client IP: contact form messages. */
  contactRateLimitPerHour: number;
  analyticsRateLimitPerMinute: number;
  /** Per client IP: card seat holds (POST /api/payments/create-intent); each holds a seat for SEAT_HOLD_MINUTES. */
  cardIntentRateLimitPerMinute: number;
  /**
   * Per client IP and action: public registrations (POST /api/students/register) and waitlist joins; each takes a seat
   * or a place in line and sends an email to the address given.
   */
  registrationRateLimitPerMinute: number;
  /** SIGTERM: how long readiness answers 503 while requests are still served (the load balancer's time to notice). */
  shutdownDelayMs: number;
  /** SIGTERM: the longest wait for requests in flight before closing anyway. */
  shutdownTimeoutMs: number;
  /** GET /metrics on the main port, for `Authorization: Bearer <token>` (null: not there). */
  metricsToken: string | null;
  /** GET /metrics without a token on a separate port, for a private network (null: no such server). */
  metricsPort: number | null;
  /** Proxies whose X-Forwarded-For is believed: always loopback, plus TRUST_PROXY (comma-separated IPs or CIDRs). */
  trustProxy: string;
  /**
   * How long an idle keep-alive connection stays open, in milliseconds. A load balancer reuses its idle connections to
   * the instance for as long as its own idle timeout; if the instance closes one first, a request the balancer sends
   * on it at that moment fails (a 502 for a POST, which no proxy resends). So this must be longer than the
   * balancer's idle timeout: Caddy's is 2 minutes, AWS ALB's and nginx's 60 s.
   */
  keepAliveTimeoutMs: number;
  /**
   * How many new connections the kernel queues for the instance before it accepts them. At a registration opening
   * thousands of browsers connect within seconds; past Node's default of 511 the kernel drops the rest, and those
   * people see a connection error instead of a slow page. Linux caps it at net.core.somaxconn.
   */
  listenBacklog: number;
}

class AppEnvValidator {
  @IsOptional()
  @EnvCheck(
    (raw) => Number.isInteger(Number(raw)) && Number(raw) > 0 && Number(raw) <= 65535,
    (raw) => `PORT must be a port number, got "${raw}"`,
  )
  PORT?: string;

  @IsOptional()
  @EnvCheck(
    (raw) => Number.isFinite(Number(raw)) && Number(raw) >= 0 && Number(raw) <= 100,
    (raw) => `PLATFORM_FEE_PERCENT must be between 0 and 100, got "${raw}"`,
  )
  PLATFORM_FEE_PERCENT?: string;

  @IsSetInEnv()
  @IsUrl({ require_tld: false, require_protocol: true }, { message: 'PUBLIC_URL must be a URL such as https://classes.example.com' })
  PUBLIC_URL?: string;

  @IsSetInEnv() @IsPositiveIntEnv('AUTH_RATE_LIMIT_PER_MINUTE') AUTH_RATE_LIMIT_PER_MINUTE?: string;
  @IsSetInEnv() @IsPositiveIntEnv('CONTACT_RATE_LIMIT_PER_HOUR') CONTACT_RATE_LIMIT_PER_HOUR?: string;
  @IsSetInEnv() @IsPositiveIntEnv('ANALYTICS_RATE_LIMIT_PER_MINUTE') ANALYTICS_RATE_LIMIT_PER_MINUTE?: string;
  @IsSetInEnv() @IsPositiveIntEnv('CARD_INTENT_RATE_LIMIT_PER_MINUTE') CARD_INTENT_RATE_LIMIT_PER_MINUTE?: string;
  @IsSetInEnv() @IsPositiveIntEnv('REGISTRATION_RATE_LIMIT_PER_MINUTE') REGISTRATION_RATE_LIMIT_PER_MINUTE?: string;

  @IsSetInEnv()
  @EnvCheck(isMilliseconds, (raw) => `SHUTDOWN_DELAY_MS must be a whole number of milliseconds, got "${raw}"`)
  SHUTDOWN_DELAY_MS?: string;
  @IsSetInEnv()
  @EnvCheck(isMilliseconds, (raw) => `SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds, got "${raw}"`)
  SHUTDOWN_TIMEOUT_MS?: string;

  @IsSetInEnv() @EnvCheck(isPort, (raw) => `METRICS_PORT must be a port number, got "${raw}"`) METRICS_PORT?: string;
  @IsSetInEnv() @IsPositiveIntEnv('KEEP_ALIVE_TIMEOUT_MS') KEEP_ALIVE_TIMEOUT_MS?: string;
  @IsSetInEnv() @IsPositiveIntEnv('LISTEN_BACKLOG') LISTEN_BACKLOG?: string;
  @IsSetInEnv()
  @EnvCheck(
    (raw) => raw.trim().length >= 16,
    () => 'METRICS_TOKEN must be at least 16 characters (it guards the metrics on the public port)',
  )
  METRICS_TOKEN?: string;
}

function isPort(raw: string): boolean {
  return Number.isInteger(Number(raw)) && Number(raw) > 0 && Number(raw) <= 65535;
}

function isMilliseconds(raw: string): boolean {
  return /^\d+$/.test(raw.trim());
}

/**
 * The demo organization has known passwords (README): a newcomer's `npm start` gets it unless
 * SEED_DEMO=false, but a production server (NODE_ENV=production) only when SEED_DEMO=true is set.
 */
function seedDemo(env: NodeJS.ProcessEnv): boolean {
  const value = str(env.SEED_DEMO)?.toLowerCase();
  if (env.NODE_ENV === 'production') return value === 'true';
  return value !== 'false';
}

/** The start output's warning when the demo accounts (known passwords) exist on a production server. */
export function demoWarning(app: Pick<AppConfig, 'seedDemo'>, env: NodeJS.ProcessEnv = process.env): string | null {
  if (!app.seedDemo || env.NODE_ENV !== 'production') return null;
  return "WARNING: SEED_DEMO=true in production: the demo admin and teacher accounts exist with the README's known password. Remove them or unset SEED_DEMO before real use.";
}

export function readAppConfig(env: NodeJS.ProcessEnv): AppConfig {
  validateEnv(env, AppEnvValidator);
  const port = Number(env.PORT ?? 3002);
  const publicUrl = (str(env.PUBLIC_URL) ?? `http://localhost:${port}`).replace(/\/$/, '');
  return {
    port,
    publicUrl,
    corsOrigins: (str(env.CORS_ORIGINS) ?? publicUrl)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    bodyLimit: str(env.BODY_LIMIT) ?? '100kb',
    serveFrontends: flag(env.SERVE_FRONTENDS, true),
    logRequests: flag(env.LOG_REQUESTS, true),
    configCopies: flag(env.CONFIG_COPIES, true),
    platformFeePercent: Number(env.PLATFORM_FEE_PERCENT ?? 3),
    supportEmail: str(env.SUPPORT_EMAIL),
    seedDemo: seedDemo(env),
    authRateLimitPerMinute: positiveInt(env, 'AUTH_RATE_LIMIT_PER_MINUTE', 60),
    contactRateLimitPerHour: positiveInt(env, 'CONTACT_RATE_LIMIT_PER_HOUR', 20),
    analyticsRateLimitPerMinute: positiveInt(env, 'ANALYTICS_RATE_LIMIT_PER_MINUTE', 60),
    cardIntentRateLimitPerMinute: positiveInt(env, 'CARD_INTENT_RATE_LIMIT_PER_MINUTE', 10),
    registrationRateLimitPerMinute: positiveInt(env, 'REGISTRATION_RATE_LIMIT_PER_MINUTE', 20),
    shutdownDelayMs: Number(str(env.SHUTDOWN_DELAY_MS) ?? 0),
    shutdownTimeoutMs: Number(str(env.SHUTDOWN_TIMEOUT_MS) ?? 25_000),
    metricsToken: str(env.METRICS_TOKEN),
    metricsPort: str(env.METRICS_PORT) === null ? null : Number(env.METRICS_PORT),
    trustProxy: ['loopback', ...(str(env.TRUST_PROXY) ?? '').split(',')]
      .map((s) => s.trim())
      .filter(Boolean)
      .join(','),
    keepAliveTimeoutMs: positiveInt(env, 'KEEP_ALIVE_TIMEOUT_MS', 125_000),
    listenBacklog: positiveInt(env, 'LISTEN_BACKLOG', 4096),
  };
}

export const appConfig = registerAs('app', () => readAppConfig(process.env));
