import { Module } from '@nestjs/common';
import { ClassesModule } from '../classes/classes.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { InstructorPayController } from './instructor-pay.controller';
import { InstructorPayRepository } from './instructor-pay.repository';
import { InstructorPayService } from './instructor-pay.service';
import { RoomCalendarController } from './room-calendar.controller';
import { RoomCalendarRepository } from './room-calendar.repository';
import { RoomCalendarService } from './room-calendar.service';
import { ScheduleConflictsController } from './schedule-conflicts.controller';
import { ScheduleConflictsRepository } from './schedule-conflicts.repository';
import { ScheduleConflictsService } from './schedule-conflicts.service';
import { TeacherScheduleController } from './teacher-schedule.controller';
import { TeacherScheduleRepository } from './teacher-schedule.repository';
import { TeacherScheduleService } from './teacher-schedule.service';

/**
 * Rooms and instructors booked twice at once, the room week calendar, a teacher's own sessions and the instructor pay report. Above classes, venues and instructors: it reads their tables together
 * (a declared read model) and answers the classes module's SessionConflicts port.
 */
@Module({
  imports: [ClassesModule, OrganizationsModule],
  controllers: [ScheduleConflictsController, RoomCalendarController, TeacherScheduleController, InstructorPayController],
  providers: [
    ScheduleConflictsRepository,
    ScheduleConflictsService,
    RoomCalendarRepository,
    RoomCalendarService,
    TeacherScheduleRepository,
    TeacherScheduleService,
    InstructorPayRepository,
    InstructorPayService,
  ],
})
export class ScheduleConflictsModule {}
