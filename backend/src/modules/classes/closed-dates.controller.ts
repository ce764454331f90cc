import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { OrgId } from '../../common/auth/auth-user';
import { Role, Roles } from '../../common/auth/roles';
import { UuidParam } from '../../common/http/uuid.pipe';
import { DeletedResponseDto } from '../../common/openapi/common.responses';
import { ApiEnvelope, ApiRequestExample } from '../../common/openapi/api-envelope';
import { ClosedDatesService } from './closed-dates.service';
import { ClassSessionResponseDto, ClosedDateResponseDto } from './dto/class-session.response';
import { ClosedDateDto } from './dto/closed-date.dto';

/** The organization's closed dates (Settings → Closed dates). */
@Controller('closed-dates')
export class ClosedDatesController {
  constructor(private readonly closed: ClosedDatesService) {}

  @ApiEnvelope(ClosedDateResponseDto, { isArray: true, description: 'Every closed date, earliest first' })
  @Roles(Role.Admin)
  @Get()
  list(@OrgId() orgId: string) {
    return this.closed.list(orgId);
  }

  @ApiEnvelope(ClosedDateResponseDto, { status: 201, description: "New classes' schedules skip it (and add a session at the end)" })
  @ApiRequestExample({ name: 'Thanksgiving', date: '2027-11-25' })
  @Roles(Role.Admin)
  @Post()
  create(@OrgId() orgId: string, @Body() dto: ClosedDateDto) {
    return this.closed.create(orgId, dto);
  }

  @ApiEnvelope(ClosedDateResponseDto)
  @Roles(Role.Admin)
  @Put(':id')
  update(@Param('id', UuidParam) id: string, @OrgId() orgId: string, @Body() dto: ClosedDateDto) {
    return this.closed.update(orgId, id, dto);
  }

  @ApiEnvelope(DeletedResponseDto)
  @Roles(Role.Admin)
  @Delete(':id')
  delete(@Param('id', UuidParam) id: string, @OrgId() orgId: string) {
    return this.closed.delete(orgId, id);
  }

  @ApiEnvelope(ClassSessionResponseDto, {
    isArray: true,
    description: 'Scheduled sessions already on this date: listed for the admin to cancel or keep, never cancelled by themselves',
  })
  @Roles(Role.Admin)
  @Get(':id/sessions')
  affected(@Param('id', UuidParam) id: string, @OrgId() orgId: string) {
    return this.closed.affectedSessions(orgId, id);
  }
}
