import { registerAs } from '@nestjs/config';
import { IsIn } from 'class-validator';
import { IsPositiveIntEnv, IsSetInEnv, positiveInt, str, validateEnv } from './env';

/**
 * Scheduled jobs (`*.jobs.ts` beside the module that owns the work, docs/decisions/foundation-jobs.md). Every job
 * checks `enabled`, so several API instances can share a database with one of them running the jobs.
 */
export interface JobsConfig {
  enabled: boolean;
  /** How often each job looks for due work. */
  intervalMs: number;
  /** How long a card registration holds its seat while the payment is open (a fraction with SEAT_HOLD_SECONDS). */
  seatHoldMinutes: number;
}

class JobsEnvValidator {
  @IsSetInEnv() @IsIn(['true', 'false'], { message: 'JOBS_ENABLED must be true or false' }) JOBS_ENABLED?: string;
  @IsSetInEnv() @IsPositiveIntEnv('JOBS_INTERVAL_MS') JOBS_INTERVAL_MS?: string;
  @IsSetInEnv() @IsPositiveIntEnv('SEAT_HOLD_MINUTES') SEAT_HOLD_MINUTES?: string;
  @IsSetInEnv() @IsPositiveIntEnv('SEAT_HOLD_SECONDS') SEAT_HOLD_SECONDS?: string;
}

export function readJobsConfig(env: NodeJS.ProcessEnv): JobsConfig {
  validateEnv(env, JobsEnvValidator);
  return {
    enabled: str(env.JOBS_ENABLED) !== 'false',
    intervalMs: positiveInt(env, 'JOBS_INTERVAL_MS', 5000),
    // SEAT_HOLD_SECONDS, when set, wins: tests and acceptance runs watch a real hold lapse without waiting minutes.
    seatHoldMinutes: str(env.SEAT_HOLD_SECONDS)
      ? positiveInt(env, 'SEAT_HOLD_SECONDS', 900) / 60
      : positiveInt(env, 'SEAT_HOLD_MINUTES', 15),
  };
}

export const jobsConfig = registerAs('jobs', () => readJobsConfig(process.env));
