import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OrganizationsModule } from '../organizations/organizations.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { ClassEntity } from './class.entity';
import { ClassesController } from './classes.controller';
import { ClassesRepository } from './classes.repository';
import { ClassesService } from './classes.service';
import { ClassReplies } from './class-replies.service';
import { PublicClassList } from './public-class-list.service';
import { PublicListCache } from './public-list.cache';
import { PublicClassExtras } from './public-class-extras';
import { SeatsFreedHooks } from './seats-freed.hooks';
import { TeacherClassesController } from './teacher-classes.controller';
import { TeacherClassesRepository } from './teacher-classes.repository';
import { TeacherClassesService } from './teacher-classes.service';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { TermsModule } from '../terms/terms.module';
import { VenuesModule } from '../venues/venues.module';
import { InstructorsModule } from '../instructors/instructors.module';
import { ClassPlaces } from './class-places';

import { ClassSessionEntity } from './class-session.entity';
import { ClassSessionsController } from './class-sessions.controller';
import { ClassSessionsRepository } from './class-sessions.repository';
import { ClassSessionsService } from './class-sessions.service';
import { ClosedDatesController } from './closed-dates.controller';
import { ClosedDatesRepository } from './closed-dates.repository';
import { ClosedDatesService } from './closed-dates.service';
import { DropInsController } from './drop-ins.controller';
import { DropInSeatsRepository } from './drop-in-seats.repository';
import { DropInSeats } from './drop-in-seats.service';
import { MakeUpSeatsRepository } from './makeup-seats.repository';
import { MakeUpSeats } from './makeup-seats.service';
import { SessionAttendance } from './session-attendance.port';
import { SessionConflicts } from './session-conflicts.port';

@Module({
  imports: [
    TypeOrmModule.forFeature([ClassEntity, ClassSessionEntity]),
    OrganizationsModule,
    SubscriptionsModule,
    WebhooksModule,
    TermsModule,
    VenuesModule,
    InstructorsModule,
  ],
  controllers: [ClassesController, TeacherClassesController, ClassSessionsController, ClosedDatesController, DropInsController],
  providers: [
    ClassesRepository,
    ClassesService,
    ClassReplies,
    ClassPlaces,
    PublicClassList,
    PublicListCache,
    SeatsFreedHooks,
    PublicClassExtras,
    TeacherClassesRepository,
    TeacherClassesService,
    ClassSessionsRepository,
    ClassSessionsService,
    ClosedDatesRepository,
    ClosedDatesService,
    SessionAttendance,
    DropInSeatsRepository,
    DropInSeats,
    MakeUpSeatsRepository,
    MakeUpSeats,
    SessionConflicts,
  ],
  exports: [
    ClassesService,
    PublicClassList,
    SeatsFreedHooks,
    PublicClassExtras,
    ClassSessionsService,
    SessionAttendance,
    DropInSeats,
    MakeUpSeats,
    SessionConflicts,
  ],
})
export class ClassesModule {}
