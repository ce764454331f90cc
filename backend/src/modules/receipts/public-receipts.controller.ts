import { Controller, Get, NotFoundException, Param, Query, Res } from '@nestjs/common';
import { IsString, MaxLength } from 'class-validator';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/auth/roles';
import { RawReply } from '../../common/http/envelope.interceptor';
import { UuidParam } from '../../common/http/uuid.pipe';
import { ReceiptLinks } from '../../common/links/receipt-links';
import { ApiRawReply } from '../../common/openapi/api-envelope';
import { ReceiptsService } from './receipts.service';

export class ReceiptLinkQuery {
  @IsString() @MaxLength(100) sig: string;
}

/** The link of a card payment's receipt email: the payment's numbered receipt as a PDF, without signing in. */
@Public()
@Controller('public/receipts')
export class PublicReceiptsController {
  constructor(
    private readonly links: ReceiptLinks,
    private readonly receipts: ReceiptsService,
  ) {}

  @ApiRawReply('application/pdf', '%PDF-1.3 … Receipt R-2026-000123 … %%EOF')
  @Get(':organizationId/:enrollmentId/:paymentIntentId')
  async pdf(
    @Param('organizationId', UuidParam) organizationId: string,
    @Param('enrollmentId', UuidParam) enrollmentId: string,
    @Param('paymentIntentId') paymentIntentId: string,
    @Query() q: ReceiptLinkQuery,
    @Res({ passthrough: true }) res: FastifyReply,
  ) {
    // A changed link and a payment without a receipt read alike: a link tells nothing it was not signed for.
    if (!this.links.verify(organizationId, enrollmentId, paymentIntentId, q.sig)) throw new NotFoundException('Receipt not found');
    const { pdf, number } = await this.receipts.paymentPdf(organizationId, enrollmentId, paymentIntentId);
    void res.header('Content-Disposition', `inline; filename="${number}.pdf"`);
    return new RawReply(pdf, 'application/pdf');
  }
}
