import { Controller, Get, Param, ParseIntPipe, BadRequestException, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { OrgId } from '../../common/auth/auth-user';
import { Role, Roles } from '../../common/auth/roles';
import { RawReply } from '../../common/http/envelope.interceptor';
import { ApiRawReply } from '../../common/openapi/api-envelope';
import { StatementsService } from './statements.service';

/** A path year: a whole number, else a 400 that says what is expected. */
export const YearParam = new ParseIntPipe({ exceptionFactory: () => new BadRequestException('year must be a calendar year such as 2026') });

/** The admin's year-end statements: every payer's and student's, as one ZIP (with the CSV) or the CSV alone. */
@Roles(Role.Admin)
@Controller('statements')
export class StatementsController {
  constructor(private readonly statements: StatementsService) {}

  @ApiRawReply('application/zip', 'PK… (payer-Maria_Lopez.pdf, student-Sofia_Lopez.pdf, …, statements-2026.csv)')
  @Get(':year/zip')
  async zip(@OrgId() orgId: string, @Param('year', YearParam) year: number, @Res({ passthrough: true }) res: FastifyReply) {
    const zip = await this.statements.zip(orgId, year);
    void res.header('Content-Disposition', `attachment; filename="statements-${year}.zip"`);
    return new RawReply(zip, 'application/zip');
  }

  @ApiRawReply('text/csv', 'statement,payer,payer_email,student,issued,number,kind,description,service_start,service_end,amount\r\n…')
  @Get(':year/csv')
  async csv(@OrgId() orgId: string, @Param('year', YearParam) year: number, @Res({ passthrough: true }) res: FastifyReply) {
    const csv = await this.statements.csv(orgId, year);
    void res.header('Content-Disposition', `attachment; filename="statements-${year}.csv"`);
    return new RawReply(csv, 'text/csv; charset=utf-8');
  }
}
