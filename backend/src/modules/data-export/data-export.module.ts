import { Module } from '@nestjs/common';
import { CommunicationsModule } from '../communications/communications.module';
import { RegistrationFormsModule } from '../registration-forms/registration-forms.module';
import { RegistrationModule } from '../registration/registration.module';
import { StudentsModule } from '../students/students.module';
import { WaitlistModule } from '../waitlist/waitlist.module';
import { DataExportController } from './data-export.controller';
import { DataExportRepository, SheetsRepository } from './data-export.repository';
import { DataExportService } from './data-export.service';
import { SheetsService } from './sheets.service';

/**
 * The organization's data export, a student's export and erasure. It sits above the modules that hold a person's data
 * and asks each of them (nothing imports this module).
 */
@Module({
  imports: [CommunicationsModule, RegistrationModule, RegistrationFormsModule, StudentsModule, WaitlistModule],
  controllers: [DataExportController],
  providers: [DataExportRepository, DataExportService, SheetsRepository, SheetsService],
  exports: [DataExportService],
})
export class DataExportModule {}
