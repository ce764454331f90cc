import { Module } from '@nestjs/common';
import { PostgresThrottlerStorage } from './postgres-throttler.storage';
import { RateLimitsRepository } from './rate-limits.repository';

/** The shared per-IP rate-limit counters (the storage behind @nestjs/throttler; see common/http/rate-limit.ts). */
@Module({
  providers: [RateLimitsRepository, PostgresThrottlerStorage],
  exports: [PostgresThrottlerStorage],
})
export class RateLimitsModule {}
