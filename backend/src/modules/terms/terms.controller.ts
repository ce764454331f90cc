import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { OrgId } from '../../common/auth/auth-user';
import { Role, Roles } from '../../common/auth/roles';
import { pageOf } from '../../common/http/list-page';
import { parseListParams, setContentRange } from '../../common/http/list-query';
import { UuidParam } from '../../common/http/uuid.pipe';
import { ApiEnvelope, ApiList, ApiRequestExample } from '../../common/openapi/api-envelope';
import { CreateTermDto, UpdateTermDto } from './dto/term.dto';
import { TermDeletedDto, TermResponseDto } from './dto/term.response';
import { TermsService } from './terms.service';

const EXAMPLE = {
  name: 'Summer 2027',
  startDate: '2027-06-14',
  endDate: '2027-08-20',
  registrationOpensAt: '2027-03-01T11:00:00.000Z',
  registrationClosesAt: '2027-06-21T04:00:00.000Z',
  earlyAccessOpensAt: '2027-02-26T11:00:00.000Z',
};

/** The sort fields of GET /terms; the first is the default (newest term first). */
const TERM_SORT_FIELDS = ['startDate', 'name', 'endDate', 'registrationOpensAt', 'id'];

/** The organization's terms (Settings → Terms). */
@Controller('terms')
export class TermsController {
  constructor(private readonly terms: TermsService) {}

  @ApiList(TermResponseDto, 'terms', TERM_SORT_FIELDS, ['q', 'id'], {
    description: 'Newest term first unless sorted, each with its number of classes',
  })
  @Roles(Role.Admin)
  @Get()
  async list(@OrgId() orgId: string, @Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply) {
    // Without sort/range/filter this is the whole list, newest term first, as before (the list is a react-admin resource).
    const params = parseListParams(query, TERM_SORT_FIELDS, 'DESC');
    const q = typeof params.filter.q === 'string' ? params.filter.q.toLowerCase() : '';
    const { page, total } = pageOf(await this.terms.list(orgId), params, (t) => !q || t.name.toLowerCase().includes(q));
    setContentRange(res, 'terms', params, page.length, total);
    return page;
  }

  @ApiEnvelope(TermResponseDto)
  @Roles(Role.Admin)
  @Get(':id')
  get(@Param('id', UuidParam) id: string, @OrgId() orgId: string) {
    return this.terms.get(orgId, id);
  }

  @ApiEnvelope(TermResponseDto, {
    status: 201,
    description:
      'endDate not before startDate, registrationClosesAt after registrationOpensAt, earlyAccessOpensAt before it (400 names the field)',
  })
  @ApiRequestExample(EXAMPLE)
  @Roles(Role.Admin)
  @Post()
  create(@OrgId() orgId: string, @Body() dto: CreateTermDto) {
    return this.terms.create(orgId, dto);
  }

  @ApiEnvelope(TermResponseDto, { description: 'Replaces the term; its classes follow its new times unless they override them' })
  @ApiRequestExample(EXAMPLE)
  @Roles(Role.Admin)
  @Put(':id')
  update(@Param('id', UuidParam) id: string, @OrgId() orgId: string, @Body() dto: UpdateTermDto) {
    return this.terms.update(orgId, id, dto);
  }

  @ApiEnvelope(TermDeletedDto, { description: "409 when the term still has classes ('This term still has classes. ...')" })
  @Roles(Role.Admin)
  @Delete(':id')
  remove(@Param('id', UuidParam) id: string, @OrgId() orgId: string) {
    return this.terms.remove(orgId, id);
  }
}
