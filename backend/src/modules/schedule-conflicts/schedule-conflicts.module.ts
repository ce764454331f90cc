import { Module } from '@nestjs/common';
import { ClassesModule } from '../classes/classes.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { RoomCalendarController } from './room-calendar.controller';
import { RoomCalendarRepository } from './room-calendar.repository';
import { RoomCalendarService } from './room-calendar.service';
import { ScheduleConflictsController } from './schedule-conflicts.controller';
import { ScheduleConflictsRepository } from './schedule-conflicts.repository';
import { ScheduleConflictsService } from './schedule-conflicts.service';

/**
 * Rooms and instructors booked twice at once, and the room week calendar. Above classes, venues and instructors: it reads their tables together
 * (a declared read model) and answers the classes module's SessionConflicts port.
 */
@Module({
  imports: [ClassesModule, OrganizationsModule],
  controllers: [ScheduleConflictsController, RoomCalendarController],
  providers: [ScheduleConflictsRepository, ScheduleConflictsService, RoomCalendarRepository, RoomCalendarService],
})
export class ScheduleConflictsModule {}
