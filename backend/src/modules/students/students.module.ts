import { forwardRef, Module } from '@nestjs/common';
import { CommunicationsModule } from '../communications/communications.module';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClassesModule } from '../classes/classes.module';
import { DataExportModule } from '../data-export/data-export.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { CardEnrollmentsRepository } from './card-enrollments.repository';
import { CardEnrollmentsService } from './card-enrollments.service';
import { HouseholdRepository } from './household.repository';
import { HouseholdService } from './household.service';
import { EnrollmentEntity, StudentEntity } from './student.entity';
import { StudentsController } from './students.controller';
import { StudentsRepository } from './students.repository';
import { StudentsService } from './students.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([StudentEntity, EnrollmentEntity]),
    ClassesModule,
    OrganizationsModule,
    SubscriptionsModule,
    forwardRef(() => CommunicationsModule),
    DataExportModule,
  ],
  controllers: [StudentsController],
  providers: [
    StudentsRepository,
    StudentsService,
    CardEnrollmentsRepository,
    CardEnrollmentsService,
    HouseholdRepository,
    HouseholdService,
  ],
  exports: [StudentsService, CardEnrollmentsService, HouseholdService],
})
export class StudentsModule {}
