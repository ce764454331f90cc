import type { ConfigService } from '@nestjs/config';
import type { DataSource } from 'typeorm';
import type { AllConfigType } from '../../config/config.type';

/**
 * A configured secret as the portal may show it: at most its first 4 and last 4 characters, and less for a short
 * one, so the fragment never gives away more than a quarter of the secret each side. null: not set.
 */
export function maskSecret(value: string | null | undefined): string | null {
  if (!value) return null;
  if (value.length >= 20) return `${value.slice(0, 4)}…${value.slice(-4)}`;
  if (value.length >= 12) return `${value.slice(0, 4)}…`;
  return '…';
}

interface PgPoolStats {
  totalCount?: number;
  idleCount?: number;
  waitingCount?: number;
}

/** Stripe events the reconciliation job stopped retrying (StripeEventsService.stuckEvents). */
export interface StuckEvents {
  count: number;
  oldest: { id: string; type: string; created: Date; attempts: number; error: string | null } | null;
}

/**
 * Spec 3 §3 System info; the spec's `supabase` block is our PostgreSQL: where it is and how busy, never a credential.
 * `stuckEvents`: Stripe events that still fail after every retry, so platform staff learn that money may be stuck.
 */
export async function systemInfo(config: ConfigService<AllConfigType>, db: DataSource, stuckEvents: StuckEvents) {
  const app = config.getOrThrow('app', { infer: true });
  const stripe = config.getOrThrow('stripe', { infer: true });
  const twilio = config.getOrThrow('twilio', { infer: true });
  const sendgrid = config.getOrThrow('sendgrid', { infer: true });
  const database = config.getOrThrow('database', { infer: true });
  const url = new URL(database.url ?? process.env.DATABASE_URL ?? 'postgres://localhost/');
  const [{ version }] = await db.query("SELECT 'PostgreSQL ' || current_setting('server_version') AS version");
  // pg's Pool counters, when the driver exposes them (TypeORM's postgres driver keeps the pool as `master`).
  const pool = (db.driver as unknown as { master?: PgPoolStats }).master;
  const secret = stripe.secretKey;
  return {
    apiUrl: `${app.publicUrl}/api`,
    clientUrl: app.publicUrl,
    environment: process.env.NODE_ENV || 'development',
    platformFeePercent: app.platformFeePercent,
    stripe: {
      environment: !secret ? 'not configured' : secret.startsWith('sk_live') || secret.startsWith('rk_live') ? 'live' : 'test',
      configured: Boolean(secret),
      publicKeyPartial: maskSecret(stripe.publishableKey),
      secretKeyPartial: maskSecret(secret),
      webhookSecretPartial: maskSecret(stripe.webhookSecret),
      hasWebhookSecret: Boolean(stripe.webhookSecret),
      stuckEvents: {
        count: stuckEvents.count,
        oldest: stuckEvents.oldest && { ...stuckEvents.oldest, created: stuckEvents.oldest.created.toISOString() },
      },
    },
    database: {
      host: url.hostname,
      port: url.port ? Number(url.port) : null,
      database: decodeURIComponent(url.pathname.replace(/^\//, '')),
      version,
      poolSize: database.poolSize,
      poolOpen: pool?.totalCount ?? null,
      poolIdle: pool?.idleCount ?? null,
      poolWaiting: pool?.waitingCount ?? null,
    },
    twilio: {
      configured: Boolean(twilio.accountSid && twilio.authToken && twilio.fromNumber),
      accountSidPartial: maskSecret(twilio.accountSid),
      phoneNumber: twilio.fromNumber,
      hasAuthToken: Boolean(twilio.authToken),
    },
    sendgrid: {
      verifiedSender: sendgrid.from,
      apiKeyPartial: maskSecret(sendgrid.apiKey),
      hasApiKey: Boolean(sendgrid.apiKey),
    },
  };
}
