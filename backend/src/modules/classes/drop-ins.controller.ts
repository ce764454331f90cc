import { Controller, Get, NotFoundException, Param, Query } from '@nestjs/common';
import { IsUUID } from 'class-validator';
import { Public } from '../../common/auth/roles';
import { UuidParam } from '../../common/http/uuid.pipe';
import { ApiEnvelope } from '../../common/openapi/api-envelope';
import { DropInSeats } from './drop-in-seats.service';
import { DropInSessionDto } from './dto/class.response';

export class DropInSessionsQuery {
  @IsUUID('all', { message: 'organizationId must be an id' }) organizationId: string;
}

/** Drop-ins (issue 39 §3): the sessions of a class a visitor can buy one at a time, for the public class page. */
@Controller()
export class DropInsController {
  constructor(private readonly dropIns: DropInSeats) {}

  @ApiEnvelope(DropInSessionDto, {
    isArray: true,
    description:
      'Public: the sessions of the class sold as drop-ins now (scheduled, before the cut-off), soonest first, with their seats left; empty when the class sells none',
  })
  @Public()
  @Get('classes/:id/drop-in-sessions')
  async list(@Param('id', UuidParam) id: string, @Query() query: DropInSessionsQuery) {
    const sessions = await this.dropIns.offered(query.organizationId, id);
    if (!sessions.length && !(await this.dropIns.classIsPublic(query.organizationId, id)))
      throw new NotFoundException(`Class with ID ${id} not found`);
    return sessions;
  }
}
