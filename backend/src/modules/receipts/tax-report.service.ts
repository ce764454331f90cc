import { BadRequestException, Injectable } from '@nestjs/common';
import { stringify as csvLines } from 'csv-stringify/sync';
import { SERVER_TIME_ZONE } from '../../common/time-zone';
import { OrganizationsService } from '../organizations/organizations.service';
import { ReceiptsRepository } from './receipts.repository';
import { taxReport } from './tax-report';

const CSV_HEADER = ['period', 'tax', 'rate', 'included', 'collected', 'refunded', 'net', 'before_receipts', 'payments', 'paid'];

@Injectable()
export class TaxReportService {
  constructor(
    private readonly repo: ReceiptsRepository,
    private readonly orgs: OrganizationsService,
  ) {}

  async rows(organizationId: string, year: number) {
    if (!Number.isInteger(year) || year < 2000 || year > 2100) throw new BadRequestException('year must be a calendar year such as 2026');
    const org = await this.orgs.require(organizationId);
    const zone = org.settings?.timeZone ?? SERVER_TIME_ZONE;
    const rows = taxReport(
      year,
      await this.repo.ofYear(organizationId, year),
      zone,
      await this.repo.paidWithoutReceipt(organizationId, year, zone),
    );
    return rows.map((r) => ({
      period: r.period,
      label: r.label,
      rate: r.rate,
      included: r.included,
      collected: r.collectedCents / 100,
      refunded: r.refundedCents / 100,
      net: r.netCents / 100,
      beforeReceipts: r.beforeReceipts,
      ...(r.beforeReceipts ? { payments: r.payments, paid: (r.paidCents ?? 0) / 100 } : {}),
    }));
  }

  async csv(organizationId: string, year: number): Promise<string> {
    const rows = (await this.rows(organizationId, year)).map((r) => [
      r.period,
      r.label,
      String(r.rate),
      String(r.included),
      r.collected.toFixed(2),
      r.refunded.toFixed(2),
      r.net.toFixed(2),
      String(r.beforeReceipts),
      r.payments === undefined ? '' : String(r.payments),
      r.paid === undefined ? '' : r.paid.toFixed(2),
    ]);
    return csvLines([CSV_HEADER, ...rows], { record_delimiter: 'windows' });
  }
}
