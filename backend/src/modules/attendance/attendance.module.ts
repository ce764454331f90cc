import { Module } from '@nestjs/common';
import { ClassesModule } from '../classes/classes.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { StudentsModule } from '../students/students.module';
import { AttendanceController } from './attendance.controller';
import { AttendanceRepository } from './attendance.repository';
import { AttendanceService } from './attendance.service';
import { TeacherSessionsController } from './teacher-sessions.controller';
import { TeacherSessionsService } from './teacher-sessions.service';

@Module({
  imports: [ClassesModule, StudentsModule, OrganizationsModule],
  controllers: [AttendanceController, TeacherSessionsController],
  providers: [AttendanceRepository, AttendanceService, TeacherSessionsService],
})
export class AttendanceModule {}
