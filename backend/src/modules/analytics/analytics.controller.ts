import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { Public } from '../../common/auth/roles';
import { RateLimit } from '../../common/http/rate-limit';
import { AnalyticsService } from './analytics.service';
import { AnalyticsBatchDto } from './dto/analytics-event.dto';

/**
 * The pages' beacon (`navigator.sendBeacon`, which posts text/plain: AnalyticsModule parses that body as JSON).
 * Public, so it stores only what the pages themselves can see: event names, short properties, the organization.
 */
@Controller('analytics')
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  // Per client IP (ANALYTICS_RATE_LIMIT_PER_MINUTE, 60): a page sends a handful of beacons; more is a script.
  @Public() @RateLimit('analytics', 'beacon') @Post('events') @HttpCode(HttpStatus.ACCEPTED)
  record(@Body() batch: AnalyticsBatchDto) {
    return this.analytics.record(batch);
  }
}
