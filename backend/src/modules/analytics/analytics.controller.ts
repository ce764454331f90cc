import { Body, Controller, HttpCode, HttpStatus, Ip, Post } from '@nestjs/common';
import { Public } from '../../common/auth/roles';
import { RateLimiter } from '../auth/rate-limiter';
import { AnalyticsService } from './analytics.service';
import { AnalyticsBatchDto } from './dto/analytics-event.dto';

/** Per client IP: a page sends a handful of beacons; more than this in a minute is a script. */
export const ANALYTICS_LIMIT_PER_MINUTE = 60;

/**
 * The pages' beacon (`navigator.sendBeacon`, which posts text/plain: AnalyticsModule parses that body as JSON).
 * Public, so it stores only what the pages themselves can see: event names, short properties, the organization.
 */
@Controller('analytics')
export class AnalyticsController {
  private readonly limiter = new RateLimiter(ANALYTICS_LIMIT_PER_MINUTE, 60 * 1000);

  constructor(private readonly analytics: AnalyticsService) {}

  @Public() @Post('events') @HttpCode(HttpStatus.ACCEPTED)
  record(@Body() batch: AnalyticsBatchDto, @Ip() ip: string) {
    this.limiter.hit(ip);
    return this.analytics.record(batch);
  }
}
