import { Module } from '@nestjs/common';
import { ClassesModule } from '../classes/classes.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { ScheduleConflictsController } from './schedule-conflicts.controller';
import { ScheduleConflictsRepository } from './schedule-conflicts.repository';
import { ScheduleConflictsService } from './schedule-conflicts.service';

/**
 * Rooms and instructors booked twice at once. Above classes, venues and instructors: it reads their tables together
 * (a declared read model) and answers the classes module's SessionConflicts port.
 */
@Module({
  imports: [ClassesModule, OrganizationsModule],
  controllers: [ScheduleConflictsController],
  providers: [ScheduleConflictsRepository, ScheduleConflictsService],
})
export class ScheduleConflictsModule {}
