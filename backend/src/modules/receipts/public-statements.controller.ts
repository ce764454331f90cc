import { Controller, Get, NotFoundException, Param, Query, Res } from '@nestjs/common';
import { IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/auth/roles';
import { RawReply } from '../../common/http/envelope.interceptor';
import { UuidParam } from '../../common/http/uuid.pipe';
import { ApiRawReply } from '../../common/openapi/api-envelope';
import { ReceiptsRepository } from './receipts.repository';
import { StatementLinks } from './statement-links';
import { YearParam } from './statements.controller';
import { StatementsService } from './statements.service';

export class StatementLinkQuery {
  @IsString() @MaxLength(100) sig: string;
  /** A child's link: that student's statement of what this payer paid for them. */
  @IsOptional() @IsUUID('all', { message: 'student must be a student id' }) student?: string;
}

const NOT_FOUND = 'Statement not found';

/** The link of the January statement email: the payer's year-end statement, without signing in (statement-links.ts). */
@Public()
@Controller('public/statements')
export class PublicStatementsController {
  constructor(
    private readonly links: StatementLinks,
    private readonly receipts: ReceiptsRepository,
    private readonly statements: StatementsService,
  ) {}

  @ApiRawReply('application/pdf', '%PDF-1.3 … Year-end statement 2026 … %%EOF')
  @Get(':organizationId/:payerId/:year')
  async pdf(
    @Param('organizationId', UuidParam) organizationId: string,
    @Param('payerId', UuidParam) payerId: string,
    @Param('year', YearParam) year: number,
    @Query() q: StatementLinkQuery,
    @Res({ passthrough: true }) res: FastifyReply,
  ) {
    // A changed link and a payer with nothing that year read alike: a link tells nothing it was not signed for.
    if (!this.links.verify(organizationId, payerId, year, q.sig, q.student)) throw new NotFoundException(NOT_FOUND);
    const theirs = await this.receipts.ofYear(organizationId, year, payerId);
    if (!theirs.length) throw new NotFoundException(NOT_FOUND);
    const payer = { ...theirs[theirs.length - 1].payer, studentId: payerId };
    const pdf = q.student
      ? await this.statements.paidForPdf(organizationId, payerId, q.student, year)
      : await this.statements.payerPdf(organizationId, payer, year);
    void res.header('Content-Disposition', `inline; filename="statement-${year}.pdf"`);
    return new RawReply(pdf, 'application/pdf');
  }
}
