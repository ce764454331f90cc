import { registerAs } from '@nestjs/config';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Every setting the backend reads, with its default. `.env.example` documents the same keys.
 * Values are read once at boot; `loadSettings` is shared by the Nest config and the start script.
 */
export interface Settings {
  port: number;
  publicUrl: string;
  databaseUrl: string | null;
  dataDir: string;
  jwtSecret: string;
  jwtExpiresIn: string;
  corsOrigins: string[];
  bodyLimit: string;
  /** Per client IP and action: sign-in, sign-up, password reset (@nestjs/throttler, per instance). */
  authRateLimitPerMinute: number;
  /** Per client IP: contact form messages. */
  contactRateLimitPerHour: number;
  analyticsRateLimitPerMinute: number;
  platformFeePercent: number;
  platformAdminUsername: string;
  platformAdminPassword: string | null;
  seedDemo: boolean;
  sendgridApiKey: string | null;
  sendgridFrom: string;
  /** null when SUPPORT_EMAIL is unset: the pages then show no address rather than an unreachable one. */
  supportEmail: string | null;
  sendgridApiUrl: string | null;
  twilioAccountSid: string | null;
  twilioAuthToken: string | null;
  twilioFrom: string | null;
  stripeSecretKey: string | null;
  stripePublishableKey: string | null;
  stripeWebhookSecret: string | null;
  serveFrontends: boolean;
  logRequests: boolean;
}

const str = (v: string | undefined) => (v === undefined || v.trim() === '' ? null : v.trim());

function positiveInt(env: NodeJS.ProcessEnv, key: string, fallback: number): number {
  const raw = str(env[key]);
  if (raw === null) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${key} must be a whole number above 0, got "${raw}"`);
  return n;
}

function persistentSecret(dataDir: string): string {
  // Without JWT_SECRET, a random secret is kept beside the embedded database so tokens survive restarts.
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    const secret = randomBytes(48).toString('base64url');
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 });
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

/**
 * The demo organization has known passwords (README): a newcomer's `npm start` gets it unless
 * SEED_DEMO=false, but a production server (NODE_ENV=production) only when SEED_DEMO=true is set.
 */
function seedDemo(env: NodeJS.ProcessEnv): boolean {
  const flag = str(env.SEED_DEMO)?.toLowerCase();
  if (env.NODE_ENV === 'production') return flag === 'true';
  return flag !== 'false';
}

/** The start output's warning when the demo accounts (known passwords) exist on a production server. */
export function demoWarning(settings: Pick<Settings, 'seedDemo'>, env: NodeJS.ProcessEnv = process.env): string | null {
  if (!settings.seedDemo || env.NODE_ENV !== 'production') return null;
  return 'WARNING: SEED_DEMO=true in production: the demo admin and teacher accounts exist with the README\'s known password. Remove them or unset SEED_DEMO before real use.';
}

export function loadSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const port = Number(env.PORT ?? 3002);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const fee = Number(env.PLATFORM_FEE_PERCENT ?? 3);
  if (!Number.isFinite(fee) || fee < 0 || fee > 100) throw new Error(`PLATFORM_FEE_PERCENT must be between 0 and 100, got "${env.PLATFORM_FEE_PERCENT}"`);
  const dataDir = path.resolve(env.DATA_DIR ?? '.data');
  const jwtSecret = str(env.JWT_SECRET) ?? persistentSecret(dataDir);
  if (jwtSecret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
  const publicUrl = (str(env.PUBLIC_URL) ?? `http://localhost:${port}`).replace(/\/$/, '');
  return {
    port,
    publicUrl,
    databaseUrl: str(env.DATABASE_URL),
    dataDir,
    jwtSecret,
    jwtExpiresIn: str(env.JWT_EXPIRES_IN) ?? '12h',
    corsOrigins: (str(env.CORS_ORIGINS) ?? publicUrl).split(',').map((s) => s.trim()).filter(Boolean),
    bodyLimit: str(env.BODY_LIMIT) ?? '100kb',
    authRateLimitPerMinute: positiveInt(env, 'AUTH_RATE_LIMIT_PER_MINUTE', 60),
    contactRateLimitPerHour: positiveInt(env, 'CONTACT_RATE_LIMIT_PER_HOUR', 20),
    analyticsRateLimitPerMinute: positiveInt(env, 'ANALYTICS_RATE_LIMIT_PER_MINUTE', 60),
    platformFeePercent: fee,
    platformAdminUsername: str(env.PLATFORM_ADMIN_USERNAME) ?? 'itadmin',
    platformAdminPassword: str(env.PLATFORM_ADMIN_PASSWORD),
    seedDemo: seedDemo(env),
    sendgridApiKey: str(env.SENDGRID_API_KEY),
    sendgridFrom: str(env.SENDGRID_FROM) ?? 'no-reply@classlane.local',
    supportEmail: str(env.SUPPORT_EMAIL),
    sendgridApiUrl: str(env.SENDGRID_API_URL),
    twilioAccountSid: str(env.TWILIO_ACCOUNT_SID),
    twilioAuthToken: str(env.TWILIO_AUTH_TOKEN),
    twilioFrom: str(env.TWILIO_FROM_NUMBER),
    stripeSecretKey: str(env.STRIPE_SECRET_KEY),
    stripePublishableKey: str(env.STRIPE_PUBLISHABLE_KEY),
    stripeWebhookSecret: str(env.STRIPE_WEBHOOK_SECRET),
    serveFrontends: (env.SERVE_FRONTENDS ?? 'true') !== 'false',
    logRequests: (env.LOG_REQUESTS ?? 'true') !== 'false',
  };
}

export const appConfig = registerAs('app', () => loadSettings());
export type AllConfigType = { app: Settings };
