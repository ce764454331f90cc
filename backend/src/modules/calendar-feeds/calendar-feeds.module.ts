import { Module } from '@nestjs/common';
import { CalendarFeedsController } from './calendar-feeds.controller';
import { CalendarFeedsRepository } from './calendar-feeds.repository';
import { CalendarFeedsService } from './calendar-feeds.service';

/** Subscribable ICS feeds of the organization's classes, one class, or a teacher's own classes. */
@Module({
  controllers: [CalendarFeedsController],
  providers: [CalendarFeedsRepository, CalendarFeedsService],
})
export class CalendarFeedsModule {}
