import { registerAs } from '@nestjs/config';
import { EnvCheck, IsPositiveIntEnv, IsSetInEnv, positiveInt, str, validateEnv } from './env';

/** The message dispatcher (modules/communications). */
export interface CommunicationsConfig {
  /** No SMS from `start` o'clock to `end` o'clock, server time (postponed, not dropped). Equal hours: none. */
  smsQuietHours: { start: number; end: number };
  /**
   * How long a claimed row may stay 'sending'. A row still sending after its lease belongs to a process that
   * died mid-send: it becomes failed with 'outcome unknown', never re-sent. Must exceed the provider timeout.
   */
  leaseMs: number;
  /** A provider call that has not answered by then is abandoned as ambiguous ('outcome unknown'). */
  providerTimeoutMs: number;
  /** Rows one instance claims per round, and how many of them it sends at once. */
  batchSize: number;
  concurrency: number;
  /** First retry delay after a 429/5xx; doubled for each later attempt (with jitter). */
  retryBaseMs: number;
  /**
   * Messages one organization may send per minute unless the IT-admin portal sets its own figure
   * (modules/outbound-limits): one organization's announcement cannot take the whole deployment's sending. High enough
   * that an ordinary announcement is not slowed (3,000 students: under two minutes).
   */
  messagesPerMinute: number;
}

const QUIET = /^\s*(\d{1,2})\s*-\s*(\d{1,2})\s*$/;
const validHours = (raw: string) => {
  const m = QUIET.exec(raw);
  return !!m && Number(m[1]) <= 23 && Number(m[2]) <= 23;
};

class CommunicationsEnvValidator {
  @IsSetInEnv()
  @EnvCheck(validHours, (raw) => `SMS_QUIET_HOURS must look like 21-8 (from hour - to hour, 0-23), got "${String(raw)}"`)
  SMS_QUIET_HOURS?: string;

  @IsSetInEnv() @IsPositiveIntEnv('DISPATCH_LEASE_MS') DISPATCH_LEASE_MS?: string;
  @IsSetInEnv() @IsPositiveIntEnv('PROVIDER_TIMEOUT_MS') PROVIDER_TIMEOUT_MS?: string;
  @IsSetInEnv() @IsPositiveIntEnv('DISPATCH_BATCH_SIZE') DISPATCH_BATCH_SIZE?: string;
  @IsSetInEnv() @IsPositiveIntEnv('DISPATCH_CONCURRENCY') DISPATCH_CONCURRENCY?: string;
  @IsSetInEnv() @IsPositiveIntEnv('DISPATCH_RETRY_BASE_MS') DISPATCH_RETRY_BASE_MS?: string;
  @IsSetInEnv() @IsPositiveIntEnv('OUTBOUND_MESSAGES_PER_MINUTE') OUTBOUND_MESSAGES_PER_MINUTE?: string;
}

export function readCommunicationsConfig(env: NodeJS.ProcessEnv): CommunicationsConfig {
  validateEnv(env, CommunicationsEnvValidator);
  const quiet = QUIET.exec(str(env.SMS_QUIET_HOURS) ?? '21-8')!;
  const providerTimeoutMs = positiveInt(env, 'PROVIDER_TIMEOUT_MS', 15000);
  return {
    smsQuietHours: { start: Number(quiet[1]), end: Number(quiet[2]) },
    leaseMs: Math.max(positiveInt(env, 'DISPATCH_LEASE_MS', 120000), providerTimeoutMs + 1000),
    providerTimeoutMs,
    batchSize: positiveInt(env, 'DISPATCH_BATCH_SIZE', 100),
    concurrency: positiveInt(env, 'DISPATCH_CONCURRENCY', 20),
    retryBaseMs: positiveInt(env, 'DISPATCH_RETRY_BASE_MS', 30000),
    messagesPerMinute: positiveInt(env, 'OUTBOUND_MESSAGES_PER_MINUTE', 2000),
  };
}

export const communicationsConfig = registerAs('communications', () => readCommunicationsConfig(process.env));
