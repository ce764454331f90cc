import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { Public } from '../../common/auth/roles';
import { RateLimit } from '../../common/http/rate-limit';
import { AnalyticsService } from './analytics.service';
import { AnalyticsBatchDto } from './dto/analytics-event.dto';
import { AnalyticsAcceptedResponseDto } from './dto/analytics.response';
import { ApiEnvelope, ApiRequestExample } from '../../common/openapi/api-envelope';

/**
 * The pages' beacon (`navigator.sendBeacon`, which posts text/plain: AnalyticsModule parses that body as JSON).
 * Public, so it stores only what the pages themselves can see: event names, short properties, the organization.
 */
@Controller('analytics')
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  // Per client IP (ANALYTICS_RATE_LIMIT_PER_MINUTE, 60): a page sends a handful of beacons; more is a script.
  @ApiEnvelope(AnalyticsAcceptedResponseDto, {
    status: 202,
    description: 'Stored. sendBeacon posts text/plain: the body is parsed as JSON either way',
  })
  @ApiRequestExample({
    organizationId: 'a0000000-0000-4000-8000-000000000001',
    events: [{ name: 'class_search', properties: { query: 'yoga' } }],
  })
  @Public()
  @RateLimit('analytics', 'beacon')
  @Post('events')
  @HttpCode(HttpStatus.ACCEPTED)
  record(@Body() batch: AnalyticsBatchDto) {
    return this.analytics.record(batch);
  }
}
