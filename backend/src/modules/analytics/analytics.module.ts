import { type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import express from 'express';
import { AnalyticsController } from './analytics.controller';
import { AnalyticsRepository } from './analytics.repository';
import { AnalyticsService } from './analytics.service';

/** Beacon bodies are small: a larger one is not a page's. */
const BEACON_BODY_LIMIT = '8kb';

@Module({
  controllers: [AnalyticsController],
  providers: [AnalyticsService, AnalyticsRepository],
})
export class AnalyticsModule implements NestModule {
  configure(consumer: MiddlewareConsumer) {
    // sendBeacon posts a string as text/plain (no CORS preflight); read it as JSON here only, not app-wide.
    consumer.apply(express.json({ type: 'text/plain', limit: BEACON_BODY_LIMIT })).forRoutes({ path: 'analytics/events', method: RequestMethod.POST });
  }
}
