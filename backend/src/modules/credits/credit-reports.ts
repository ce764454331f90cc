import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CreditReportsRepository, type LiabilityRow } from './credit-reports.repository';

/** The ledger's figures for the organization's reports (the reporting module calls this, never the ledger's tables). */
@Injectable()
export class CreditReports {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly repo: CreditReportsRepository,
  ) {}

  /** Unused credit (the liability): uses and account credit outstanding, by expiry month and kind. */
  liability(organizationId: string): Promise<LiabilityRow[]> {
    return this.repo.liability(this.db.manager, organizationId);
  }
}
