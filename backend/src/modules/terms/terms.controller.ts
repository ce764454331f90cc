import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { OrgId } from '../../common/auth/auth-user';
import { Role, Roles } from '../../common/auth/roles';
import { UuidParam } from '../../common/http/uuid.pipe';
import { ApiEnvelope, ApiRequestExample } from '../../common/openapi/api-envelope';
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

/** The organization's terms (Settings → Terms). */
@Controller('terms')
export class TermsController {
  constructor(private readonly terms: TermsService) {}

  @ApiEnvelope(TermResponseDto, { isArray: true, description: 'Newest term first, each with its number of classes' })
  @Roles(Role.Admin)
  @Get()
  list(@OrgId() orgId: string) {
    return this.terms.list(orgId);
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
