import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MakeupReportPort, type MakeupReportRow, type MakeupReportSource } from '../reporting/makeup-report.port';
import { MakeupReportsRepository } from './makeup-reports.repository';

/** The make-ups report's figures, given to the reporting module through its port. */
@Injectable()
export class MakeupReports implements MakeupReportSource, OnModuleInit {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly repo: MakeupReportsRepository,
    private readonly port: MakeupReportPort,
  ) {}

  onModuleInit(): void {
    this.port.register(this);
  }

  monthly(organizationId: string, startDate: string, endDate: string, timeZone: string): Promise<MakeupReportRow[]> {
    return this.repo.monthly(this.db.manager, organizationId, startDate, endDate, timeZone);
  }
}
