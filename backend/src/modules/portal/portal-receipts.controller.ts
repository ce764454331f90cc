import { Controller, Get, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { PortalOnly } from '../../common/auth/roles';
import { RawReply } from '../../common/http/envelope.interceptor';
import { UuidParam } from '../../common/http/uuid.pipe';
import { ApiEnvelope, ApiRawReply } from '../../common/openapi/api-envelope';
import { ReceiptResponseDto } from '../receipts/dto/receipt.response';
import { ReceiptsService } from '../receipts/receipts.service';
import { CurrentStudent, type PortalUser } from './portal-user';

/**
 * The student's numbered receipts and credit notes in the portal (those they paid and those for them), from the
 * receipts module's service; anyone else's receipt is not found. Open whether or not self-service is on: a receipt
 * is the student's record of a payment, not a change to a registration.
 */
@PortalOnly()
@Controller('portal/receipts')
export class PortalReceiptsController {
  constructor(private readonly receipts: ReceiptsService) {}

  @ApiEnvelope(ReceiptResponseDto, { isArray: true, description: "The student's receipts and credit notes, newest first" })
  @Get()
  list(@CurrentStudent() user: PortalUser) {
    return this.receipts.ofStudent(user.organizationId, user.studentId);
  }

  @ApiRawReply('application/pdf', '%PDF-1.3 … R-2026-000123 … %%EOF')
  @Get(':id/pdf')
  async pdf(@CurrentStudent() user: PortalUser, @Param('id', UuidParam) id: string, @Res({ passthrough: true }) res: FastifyReply) {
    const { pdf, number } = await this.receipts.studentPdf(user.organizationId, user.studentId, id);
    void res.header('Content-Disposition', `attachment; filename="${number}.pdf"`);
    return new RawReply(pdf, 'application/pdf');
  }
}
