import { Injectable } from '@nestjs/common';
import { CreditProductReports } from '../credit-products/credit-product-reports';
import { CreditReports } from '../credits/credit-reports';
import type { CreditLiabilityReportDto, CreditSalesReportDto, MakeupsReportDto } from './dto/credit-reports.dto';
import { MakeupReportPort } from './makeup-report.port';
import type { ReportTable } from './render/report-table';
import type { ReportRange } from './reports.repository';

const dollars = (cents: number) => Math.round(cents) / 100;
const sum = <T>(rows: T[], f: (r: T) => number) => rows.reduce((a, r) => a + f(r), 0);

const KIND_WORDS: Record<string, string> = {
  pack: 'Class pack',
  membership: 'Membership',
  membership_allowance: 'Membership allowance',
  makeup_token: 'Make-up token',
  account_credit: 'Account credit',
};

/**
 * The credits reports (issue 41 §4): unused credit (the liability), sales by product, make-ups. Figures come from the
 * owners (CreditReports, CreditProductReports, and the makeups module through MakeupReportPort), never their tables.
 */
@Injectable()
export class CreditReportsService {
  constructor(
    private readonly credits: CreditReports,
    private readonly products: CreditProductReports,
    private readonly makeups: MakeupReportPort,
  ) {}

  /** What is owed today (the range's last day when none was sent is today in the zone). */
  async liability(range: ReportRange, today: string): Promise<CreditLiabilityReportDto> {
    const rows = (await this.credits.liability(range.organizationId)).map((r) => ({
      expiryMonth: r.expiryMonth,
      kind: r.kind,
      credits: r.credits,
      uses: r.uses,
      dollars: dollars(r.cents),
    }));
    return {
      report: 'credit-liability',
      asOf: today,
      timeZone: range.timeZone,
      rows,
      totals: { credits: sum(rows, (r) => r.credits), uses: sum(rows, (r) => r.uses), dollars: dollars(sum(rows, (r) => r.dollars * 100)) },
    };
  }

  async sales(range: ReportRange): Promise<CreditSalesReportDto> {
    const rows = (await this.products.salesByProduct(range.organizationId, range.startDate, range.endDate, range.timeZone)).map((r) => ({
      productId: r.productId,
      product: r.name,
      kind: r.kind,
      sales: r.sales,
      inPerson: r.inPerson,
      card: r.card,
      revenue: dollars(r.cents),
    }));
    return {
      report: 'credit-sales',
      startDate: range.startDate,
      endDate: range.endDate,
      timeZone: range.timeZone,
      rows,
      totals: { sales: sum(rows, (r) => r.sales), revenue: dollars(sum(rows, (r) => r.revenue * 100)) },
    };
  }

  async makeupsReport(range: ReportRange): Promise<MakeupsReportDto> {
    const rows = await this.makeups.monthly(range.organizationId, range.startDate, range.endDate, range.timeZone);
    return {
      report: 'makeups',
      startDate: range.startDate,
      endDate: range.endDate,
      timeZone: range.timeZone,
      rows,
      totals: {
        granted: sum(rows, (r) => r.granted),
        booked: sum(rows, (r) => r.booked),
        used: sum(rows, (r) => r.used),
        expired: sum(rows, (r) => r.expired),
      },
    };
  }
}

/** Each report as the table its CSV prints (a header row, the rows, a totals row). */
export function creditReportTable(r: CreditLiabilityReportDto | CreditSalesReportDto | MakeupsReportDto): ReportTable {
  if (r.report === 'credit-liability') {
    const t = (r as CreditLiabilityReportDto).totals;
    return {
      title: 'Unused credit by expiry month',
      columns: [
        { header: 'Expiry month', kind: 'text' },
        { header: 'Kind', kind: 'text' },
        { header: 'Credits', kind: 'int' },
        { header: 'Uses outstanding', kind: 'int' },
        { header: 'Dollars outstanding', kind: 'money' },
      ],
      rows: (r as CreditLiabilityReportDto).rows.map((x) => [
        x.expiryMonth ?? 'No expiry',
        KIND_WORDS[x.kind] ?? x.kind,
        x.credits,
        x.uses,
        x.dollars,
      ]),
      totals: ['Total', '', t.credits, t.uses, t.dollars],
    };
  }
  if (r.report === 'credit-sales') {
    const t = (r as CreditSalesReportDto).totals;
    return {
      title: 'Sales by product',
      columns: [
        { header: 'Product', kind: 'text' },
        { header: 'Kind', kind: 'text' },
        { header: 'Sales', kind: 'int' },
        { header: 'In person', kind: 'int' },
        { header: 'Card', kind: 'int' },
        { header: 'Revenue', kind: 'money' },
      ],
      rows: (r as CreditSalesReportDto).rows.map((x) => [x.product, KIND_WORDS[x.kind] ?? x.kind, x.sales, x.inPerson, x.card, x.revenue]),
      totals: ['Total', '', t.sales, '', '', t.revenue],
    };
  }
  const t = (r as MakeupsReportDto).totals;
  return {
    title: 'Make-ups by month',
    columns: [
      { header: 'Month', kind: 'text' },
      { header: 'Granted', kind: 'int' },
      { header: 'Booked', kind: 'int' },
      { header: 'Used', kind: 'int' },
      { header: 'Expired', kind: 'int' },
    ],
    rows: (r as MakeupsReportDto).rows.map((x) => [x.month, x.granted, x.booked, x.used, x.expired]),
    totals: ['Total', t.granted, t.booked, t.used, t.expired],
  };
}
