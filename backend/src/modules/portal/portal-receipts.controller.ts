import { Controller, Get, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { PortalOnly } from '../../common/auth/roles';
import { RawReply } from '../../common/http/envelope.interceptor';
import { UuidParam } from '../../common/http/uuid.pipe';
import { ApiEnvelope, ApiRawReply } from '../../common/openapi/api-envelope';
import { ReceiptResponseDto } from '../receipts/dto/receipt.response';
import { ReceiptsService } from '../receipts/receipts.service';
import { YearParam } from '../receipts/statements.controller';
import { StatementsService } from '../receipts/statements.service';
import { CurrentStudent, type PortalUser } from './portal-user';

/**
 * The student's numbered receipts and credit notes in the portal (those they paid and those for them), from the
 * receipts module's service; anyone else's receipt is not found. Open whether or not self-service is on: a receipt
 * is the student's record of a payment, not a change to a registration.
 */
@PortalOnly()
@Controller('portal')
export class PortalReceiptsController {
  constructor(
    private readonly receipts: ReceiptsService,
    private readonly statements: StatementsService,
  ) {}

  @ApiEnvelope(ReceiptResponseDto, { isArray: true, description: "The student's receipts and credit notes, newest first" })
  @Get('receipts')
  list(@CurrentStudent() user: PortalUser) {
    return this.receipts.ofStudent(user.organizationId, user.studentId);
  }

  @ApiRawReply('application/pdf', '%PDF-1.3 … R-2026-000123 … %%EOF')
  @Get('receipts/:id/pdf')
  async pdf(@CurrentStudent() user: PortalUser, @Param('id', UuidParam) id: string, @Res({ passthrough: true }) res: FastifyReply) {
    const { pdf, number } = await this.receipts.studentPdf(user.organizationId, user.studentId, id);
    void res.header('Content-Disposition', `attachment; filename="${number}.pdf"`);
    return new RawReply(pdf, 'application/pdf');
  }

  @ApiRawReply('application/pdf', '%PDF-1.3 … Year-end statement 2026 … %%EOF')
  @Get('statements/:year/pdf')
  async payerStatement(
    @CurrentStudent() user: PortalUser,
    @Param('year', YearParam) year: number,
    @Res({ passthrough: true }) res: FastifyReply,
  ) {
    const payer = { studentId: user.studentId, name: `${user.firstName} ${user.lastName}`, email: user.email };
    const pdf = await this.statements.payerPdf(user.organizationId, payer, year);
    void res.header('Content-Disposition', `attachment; filename="statement-${year}.pdf"`);
    return new RawReply(pdf, 'application/pdf');
  }

  @ApiRawReply('application/pdf', '%PDF-1.3 … Year-end statement 2026 … %%EOF')
  @Get('statements/:year/students/:studentId/pdf')
  async studentStatement(
    @CurrentStudent() user: PortalUser,
    @Param('year', YearParam) year: number,
    @Param('studentId', UuidParam) studentId: string,
    @Res({ passthrough: true }) res: FastifyReply,
  ) {
    const pdf = await this.statements.studentPdf(user.organizationId, user.studentId, studentId, year);
    void res.header('Content-Disposition', `attachment; filename="statement-${year}-student.pdf"`);
    return new RawReply(pdf, 'application/pdf');
  }
}
