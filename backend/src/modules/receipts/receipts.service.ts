import { Injectable, NotFoundException } from '@nestjs/common';
import type { ListParams } from '../../common/http/list-query';
import { SERVER_TIME_ZONE } from '../../common/time-zone';
import { OrganizationsService } from '../organizations/organizations.service';
import { receiptFilter } from './receipt-filter';
import { receiptPdf } from './receipt-pdf';
import { taxesOf, type Receipt } from './receipt.types';
import { receiptsCsv } from './receipts-csv';
import { ReceiptsRepository } from './receipts.repository';

const NOT_FOUND = 'Receipt not found';

/** A receipt as the API answers it: amounts in dollars, like every amount of the API. */
export function receiptReply(r: Receipt) {
  return {
    id: r.id,
    kind: r.kind,
    number: r.number,
    originalNumber: r.originalNumber,
    issuedAt: r.issuedAt,
    payer: r.payer,
    students: r.students,
    lines: r.lines.map(({ amountCents, ...l }) => ({ ...l, amount: amountCents / 100 })),
    total: r.totalCents / 100,
    taxes: taxesOf(r.lines).map(({ cents, ...t }) => ({ ...t, amount: cents / 100 })),
    currency: r.currency,
    paymentMethod: r.paymentMethod,
    stripePaymentIntentId: r.stripePaymentIntentId,
    stripeChargeId: r.stripeChargeId,
    stripeRefundId: r.stripeRefundId,
    reason: r.reason,
    issuer: r.issuer,
  };
}

/** Reading receipts: the admin's list and PDFs, and a student's own in the portal. Each scoped to one organization. */
@Injectable()
export class ReceiptsService {
  constructor(
    private readonly repo: ReceiptsRepository,
    private readonly orgs: OrganizationsService,
  ) {}

  async list(organizationId: string, params: ListParams) {
    const { rows, total } = await this.repo.list(organizationId, params, receiptFilter(params.filter));
    return { rows: rows.map(receiptReply), total };
  }

  /** The receipts the list's filter keeps, as a spreadsheet (receipts-csv.ts), newest first. */
  async csv(organizationId: string, filter: Record<string, unknown>): Promise<string> {
    return receiptsCsv(await this.repo.all(organizationId, receiptFilter(filter)));
  }

  async get(organizationId: string, id: string) {
    return receiptReply(await this.require(organizationId, id));
  }

  async pdf(organizationId: string, id: string): Promise<{ pdf: Buffer; number: string }> {
    const r = await this.require(organizationId, id);
    return { pdf: await receiptPdf(r, await this.timeZone(organizationId)), number: r.number };
  }

  /** The receipt of one card payment of an enrollment (the receipt email's link), as a PDF; not found without one. */
  async paymentPdf(organizationId: string, enrollmentId: string, paymentIntentId: string): Promise<{ pdf: Buffer; number: string }> {
    const r = await this.repo.ofPayment(organizationId, enrollmentId, paymentIntentId);
    if (!r) throw new NotFoundException(NOT_FOUND);
    return { pdf: await receiptPdf(r, await this.timeZone(organizationId)), number: r.number };
  }

  /** A student's receipts in the portal: those they paid and those for them. */
  async ofStudent(organizationId: string, studentId: string) {
    return (await this.repo.ofStudent(organizationId, studentId)).map(receiptReply);
  }

  /** One of the student's own receipts as a PDF; anyone else's is not found. */
  async studentPdf(organizationId: string, studentId: string, id: string) {
    const r = await this.require(organizationId, id);
    if (r.payer.studentId !== studentId && !r.students.some((s) => s.id === studentId)) throw new NotFoundException(NOT_FOUND);
    return { pdf: await receiptPdf(r, await this.timeZone(organizationId)), number: r.number };
  }

  private async require(organizationId: string, id: string): Promise<Receipt> {
    const r = await this.repo.byId(organizationId, id);
    if (!r) throw new NotFoundException(NOT_FOUND);
    return r;
  }

  private async timeZone(organizationId: string): Promise<string> {
    return (await this.orgs.require(organizationId)).settings?.timeZone ?? SERVER_TIME_ZONE;
  }
}
