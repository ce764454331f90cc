import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { RateLimitsRepository } from './rate-limits.repository';

/** How often each instance deletes the counters that have run out (a cheap indexed DELETE; harmless on many instances). */
const SWEEP_EVERY_MS = 60_000;

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * @nestjs/throttler's storage in PostgreSQL: every instance on the database counts against the same row, so the
 * per-IP budgets (sign-in, contact form, card holds, registrations...) hold for the deployment, not per process.
 */
@Injectable()
export class PostgresThrottlerStorage implements ThrottlerStorage, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('RateLimits');
  private sweeper: NodeJS.Timeout | null = null;

  constructor(private readonly counters: RateLimitsRepository) {}

  async increment(key: string, ttl: number, limit: number, blockDuration: number): Promise<ThrottlerStorageRecord> {
    const state = await this.counters.hit(key, ttl, limit, blockDuration > 0 ? blockDuration : ttl);
    return {
      totalHits: state.hits,
      timeToExpire: state.windowSeconds,
      isBlocked: state.blockSeconds > 0,
      timeToBlockExpire: state.blockSeconds,
    };
  }

  onApplicationBootstrap(): void {
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_EVERY_MS);
    this.sweeper.unref();
  }

  onModuleDestroy(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
  }

  /** Public for tests; a failure is logged and the next sweep tries again. */
  async sweep(): Promise<number> {
    try {
      return await this.counters.sweep();
    } catch (e) {
      this.logger.warn(`Sweeping rate-limit counters failed: ${e instanceof Error ? e.message : String(e)}`);
      return 0;
    }
  }
}
