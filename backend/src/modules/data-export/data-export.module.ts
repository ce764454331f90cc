import { Module } from '@nestjs/common';
import { DataExportController } from './data-export.controller';
import { DataExportRepository } from './data-export.repository';
import { DataExportService } from './data-export.service';

/** The organization's data export, a student's export and erasure (issue 12 §6). */
@Module({
  controllers: [DataExportController],
  providers: [DataExportRepository, DataExportService],
  exports: [DataExportService],
})
export class DataExportModule {}
