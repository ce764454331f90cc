import { Module, type OnModuleInit } from '@nestjs/common';
import { SessionAttendance } from '../classes/session-attendance.port';
import { ClassesModule } from '../classes/classes.module';
import { PricingModule } from '../pricing/pricing.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { RegistrationModule } from '../registration/registration.module';
import { AttendanceController } from './attendance.controller';
import { AttendanceRepository } from './attendance.repository';
import { AttendanceService } from './attendance.service';
import { TeacherSessionsController } from './teacher-sessions.controller';
import { TeacherSessionsService } from './teacher-sessions.service';

@Module({
  imports: [ClassesModule, RegistrationModule, OrganizationsModule, PricingModule],
  controllers: [AttendanceController, TeacherSessionsController],
  providers: [AttendanceRepository, AttendanceService, TeacherSessionsService],
})
export class AttendanceModule implements OnModuleInit {
  constructor(
    private readonly port: SessionAttendance,
    private readonly repo: AttendanceRepository,
  ) {}

  /** Tells the classes module which sessions have attendance, so a schedule change never deletes one. */
  onModuleInit(): void {
    this.port.register({ markedSessionIndexes: (m, org, classId) => this.repo.markedSessionIndexes(m, org, classId) });
  }
}
