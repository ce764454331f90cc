import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CreditSalesReportRepository, type ProductSalesRow } from './credit-sales-report.repository';

/** Sales figures for the organization's reports (the reporting module calls this, never the sales tables). */
@Injectable()
export class CreditProductReports {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly repo: CreditSalesReportRepository,
  ) {}

  /** Paid sales by product, from `startDate` to `endDate` (YYYY-MM-DD, inclusive) in `timeZone`. */
  salesByProduct(organizationId: string, startDate: string, endDate: string, timeZone: string): Promise<ProductSalesRow[]> {
    return this.repo.salesByProduct(this.db.manager, organizationId, startDate, endDate, timeZone);
  }
}
