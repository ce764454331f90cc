import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { stringify as csvLines } from 'csv-stringify/sync';
import { ZipFile } from 'yazl';
import { SERVER_TIME_ZONE } from '../../common/time-zone';
import { issuerOf } from '../organizations/legal-details';
import { OrganizationsService } from '../organizations/organizations.service';
import { day } from './receipt-pdf';
import type { ReceiptPayer } from './receipt.types';
import { ReceiptsRepository } from './receipts.repository';
import { statementPdf } from './statement-pdf';
import { everyStatement, statementOf, type Statement } from './statements';

/** A calendar year a statement may be asked for. */
function checkedYear(year: number): number {
  if (!Number.isInteger(year) || year < 2000 || year > 2100) throw new BadRequestException('year must be a calendar year such as 2026');
  return year;
}

const CSV_HEADER = [
  'statement',
  'payer',
  'payer_email',
  'student',
  'issued',
  'number',
  'kind',
  'description',
  'service_start',
  'service_end',
  'amount',
];

/**
 * Year-end statements, built from the year's receipts and credit notes (so their totals are the receipts' to the
 * cent): per payer and per student, as a PDF in the portal, and all of them as one ZIP (PDFs and a CSV) for the admin.
 * The provider's legal details are today's (a statement is issued when it is asked for).
 */
@Injectable()
export class StatementsService {
  constructor(
    private readonly repo: ReceiptsRepository,
    private readonly orgs: OrganizationsService,
  ) {}

  /** What a payer paid in the year, for everyone they paid for. */
  async payerPdf(organizationId: string, payer: ReceiptPayer & { studentId: string }, year: number): Promise<Buffer> {
    const { issuer, timeZone } = await this.provider(organizationId);
    const receipts = await this.repo.ofYear(organizationId, checkedYear(year), payer.studentId);
    return statementPdf(statementOf(year, issuer, receipts, { payer }), timeZone);
  }

  /** One student's statement of what this payer paid for them (a January email's per-child link); none: not found. */
  async paidForPdf(organizationId: string, payerId: string, studentId: string, year: number): Promise<Buffer> {
    const { issuer, timeZone } = await this.provider(organizationId);
    const receipts = (await this.repo.ofYear(organizationId, checkedYear(year), payerId)).filter((r) =>
      r.students.some((s) => s.id === studentId),
    );
    const student = receipts.flatMap((r) => r.students).find((s) => s.id === studentId);
    if (!student) throw new NotFoundException('Statement not found');
    return statementPdf(statementOf(year, issuer, receipts, { student }), timeZone);
  }

  /**
   * One student's statement, as the signed-in student sees it: their own (whoever paid), or a household member's that
   * they paid for. Anyone else's is not found.
   */
  async studentPdf(organizationId: string, viewerId: string, studentId: string, year: number): Promise<Buffer> {
    const { issuer, timeZone } = await this.provider(organizationId);
    const receipts = (await this.repo.ofYear(organizationId, checkedYear(year))).filter(
      (r) => r.students.some((s) => s.id === studentId) && (studentId === viewerId || r.payer.studentId === viewerId),
    );
    const student = receipts.flatMap((r) => r.students).find((s) => s.id === studentId);
    if (!student && studentId !== viewerId) throw new NotFoundException('Statement not found');
    const me = student ?? { id: studentId, name: '' };
    return statementPdf(statementOf(year, issuer, receipts, { student: me }), timeZone);
  }

  /** Every statement of the year (each payer's, each student's) as PDFs, and statements.csv with every line of each. */
  async zip(organizationId: string, year: number): Promise<Buffer> {
    const { issuer, timeZone } = await this.provider(organizationId);
    const all = everyStatement(year, issuer, await this.repo.ofYear(organizationId, checkedYear(year)));
    const zip = new ZipFile();
    const mtime = new Date();
    const names = new Set<string>();
    for (const s of all) zip.addBuffer(await statementPdf(s, timeZone), fileName(s, names), { mtime });
    zip.addBuffer(Buffer.from(this.csvOf(all, timeZone)), `statements-${year}.csv`, { mtime });
    zip.end();
    const chunks: Buffer[] = [];
    for await (const c of zip.outputStream) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  }

  async csv(organizationId: string, year: number): Promise<string> {
    const { issuer, timeZone } = await this.provider(organizationId);
    return this.csvOf(everyStatement(year, issuer, await this.repo.ofYear(organizationId, checkedYear(year))), timeZone);
  }

  private csvOf(all: Statement[], timeZone: string): string {
    const rows = all.flatMap((s) =>
      s.entries.map((e) => [
        s.payer ? 'payer' : 'student',
        s.payer?.name ?? '',
        s.payer?.email ?? '',
        e.studentName,
        day(e.issuedAt, timeZone),
        e.number,
        e.kind,
        e.description,
        e.serviceStart ? day(e.serviceStart, timeZone) : '',
        e.serviceEnd ? day(e.serviceEnd, timeZone) : '',
        (e.amountCents / 100).toFixed(2),
      ]),
    );
    return csvLines([CSV_HEADER, ...rows], { record_delimiter: 'windows' });
  }

  private async provider(organizationId: string) {
    const org = await this.orgs.require(organizationId);
    return { issuer: issuerOf(org), timeZone: org.settings?.timeZone ?? SERVER_TIME_ZONE };
  }
}

/** payer-Maria_Lopez.pdf / student-Sofia_Lopez.pdf, numbered when two people share a name. */
function fileName(s: Statement, taken: Set<string>): string {
  const who = (s.payer?.name ?? s.student?.name ?? 'unknown').replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '') || 'unknown';
  const base = `${s.payer ? 'payer' : 'student'}-${who}`;
  let name = `${base}.pdf`;
  for (let i = 2; taken.has(name); i++) name = `${base}-${i}.pdf`;
  taken.add(name);
  return name;
}
