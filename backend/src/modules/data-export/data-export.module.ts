import { forwardRef, Module } from '@nestjs/common';
import { CommunicationsModule } from '../communications/communications.module';
import { DataExportController } from './data-export.controller';
import { DataExportRepository } from './data-export.repository';
import { DataExportService } from './data-export.service';

/** The organization's data export, a student's export and erasure (issue 12 §6). */
@Module({
  // forwardRef: StudentsModule imports this module and CommunicationsModule imports StudentsModule.
  imports: [forwardRef(() => CommunicationsModule)],
  controllers: [DataExportController],
  providers: [DataExportRepository, DataExportService],
  exports: [DataExportService],
})
export class DataExportModule {}
