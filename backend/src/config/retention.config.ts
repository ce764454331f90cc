import { registerAs } from '@nestjs/config';
import { EnvCheck, IsSetInEnv, positiveInt, validateEnv } from './env';

/**
 * How long the append-only tables keep their rows (modules/retention; docs/operations.md "Retention"). Rows still
 * needed are never deleted whatever the figure: messages waiting or sending, deliveries not finished, Stripe events not
 * processed. Each figure has a floor where something still reads older rows.
 */
export interface RetentionConfig {
  /** activity_events: the admin's activity log, the data export, the reports' registration history. */
  activityEventsDays: number;
  /** communications that went out or were given up (the monthly cap counts this month's: at least 35 days). */
  communicationsDays: number;
  /** webhook deliveries delivered or given up (the endpoint's delivery list, "send again"). */
  webhookDeliveriesDays: number;
  /** processed Stripe events (the dedupe by event id: Stripe resends for 3 days and lists 30; at least 35 days). */
  stripeEventsDays: number;
}

const atLeast = (name: string, floor: number) =>
  EnvCheck(
    (raw) => /^\d+$/.test(String(raw)) && Number(raw) >= floor,
    (raw) => `${name} must be a whole number of days, at least ${floor}, got "${String(raw)}"`,
  );

class RetentionEnvValidator {
  @IsSetInEnv() @atLeast('RETENTION_ACTIVITY_EVENTS_DAYS', 30) RETENTION_ACTIVITY_EVENTS_DAYS?: string;
  @IsSetInEnv() @atLeast('RETENTION_COMMUNICATIONS_DAYS', 35) RETENTION_COMMUNICATIONS_DAYS?: string;
  @IsSetInEnv() @atLeast('RETENTION_WEBHOOK_DELIVERIES_DAYS', 7) RETENTION_WEBHOOK_DELIVERIES_DAYS?: string;
  @IsSetInEnv() @atLeast('RETENTION_STRIPE_EVENTS_DAYS', 35) RETENTION_STRIPE_EVENTS_DAYS?: string;
}

export function readRetentionConfig(env: NodeJS.ProcessEnv): RetentionConfig {
  validateEnv(env, RetentionEnvValidator);
  return {
    activityEventsDays: positiveInt(env, 'RETENTION_ACTIVITY_EVENTS_DAYS', 1095),
    communicationsDays: positiveInt(env, 'RETENTION_COMMUNICATIONS_DAYS', 400),
    webhookDeliveriesDays: positiveInt(env, 'RETENTION_WEBHOOK_DELIVERIES_DAYS', 30),
    stripeEventsDays: positiveInt(env, 'RETENTION_STRIPE_EVENTS_DAYS', 90),
  };
}

export const retentionConfig = registerAs('retention', () => readRetentionConfig(process.env));
