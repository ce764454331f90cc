import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { OrgId } from '../../common/auth/auth-user';
import { Role, Roles } from '../../common/auth/roles';
import { RawReply } from '../../common/http/envelope.interceptor';
import { parseListParams, setContentRange } from '../../common/http/list-query';
import { UuidParam } from '../../common/http/uuid.pipe';
import { ApiEnvelope, ApiRawReply } from '../../common/openapi/api-envelope';
import { ListReceiptsQuery, ReceiptResponseDto, ReceiptsCsvQuery } from './dto/receipt.response';
import { RECEIPT_SORT_FIELDS } from './receipts.repository';
import { ReceiptsService } from './receipts.service';

/** The organization's numbered receipts and credit notes (admins): the list (ra-data-simple-rest), one, its PDF. */
@Roles(Role.Admin)
@Controller('receipts')
export class ReceiptsController {
  constructor(private readonly receipts: ReceiptsService) {}

  @ApiEnvelope(ReceiptResponseDto, {
    isArray: true,
    description:
      'Newest first by default; sort by issuedAt, number, totalCents or kind; filter {"studentId": id} (paid by or for that student), ' +
      '{"kind": "receipt" | "credit_note"}, {"from": "YYYY-MM-DD", "to": "YYYY-MM-DD"} (days issued, inclusive) and {"q": text} ' +
      "(number, payer's name or email). Content-Range gives the total",
  })
  @Get()
  async list(@OrgId() orgId: string, @Query() query: ListReceiptsQuery, @Res({ passthrough: true }) res: FastifyReply) {
    const params = parseListParams(query as Record<string, unknown>, RECEIPT_SORT_FIELDS, 'DESC');
    const { rows, total } = await this.receipts.list(orgId, params);
    setContentRange(res, 'receipts', params, rows.length, total);
    return rows;
  }

  @ApiRawReply(
    'text/csv',
    'number,kind,issued,payer,payer_email,students,total,tax,currency,payment_method,refers_to,stripe_payment_intent,stripe_refund\r\n' +
      'R-2026-000123,receipt,2026-03-02,Maria Lopez,maria@example.com,Sofia Lopez,84.00,4.00,USD,card,,pi_3Q0example,\r\n…',
  )
  @Get('csv')
  async csv(@OrgId() orgId: string, @Query() query: ReceiptsCsvQuery, @Res({ passthrough: true }) res: FastifyReply) {
    const { filter } = parseListParams(query as Record<string, unknown>, RECEIPT_SORT_FIELDS, 'DESC');
    const csv = await this.receipts.csv(orgId, filter);
    void res.header('Content-Disposition', 'attachment; filename="receipts.csv"');
    return new RawReply(csv, 'text/csv; charset=utf-8');
  }

  @ApiEnvelope(ReceiptResponseDto, { description: "404 for another organization's receipt" })
  @Get(':id')
  get(@OrgId() orgId: string, @Param('id', UuidParam) id: string) {
    return this.receipts.get(orgId, id);
  }

  @ApiRawReply('application/pdf', '%PDF-1.3 … R-2026-000123 … %%EOF')
  @Get(':id/pdf')
  async pdf(@OrgId() orgId: string, @Param('id', UuidParam) id: string, @Res({ passthrough: true }) res: FastifyReply) {
    const { pdf, number } = await this.receipts.pdf(orgId, id);
    void res.header('Content-Disposition', `attachment; filename="${number}.pdf"`);
    return new RawReply(pdf, 'application/pdf');
  }
}
