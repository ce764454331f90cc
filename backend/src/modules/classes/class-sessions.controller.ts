import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { OrgId } from '../../common/auth/auth-user';
import { Role, Roles } from '../../common/auth/roles';
import { UuidParam } from '../../common/http/uuid.pipe';
import { ApiEnvelope, ApiRequestExample } from '../../common/openapi/api-envelope';
import { ClassSessionsService } from './class-sessions.service';
import { UpdateSessionDto } from './dto/class-session.dto';
import { ClassSessionResponseDto } from './dto/class-session.response';

/** A class's sessions as records (issue 39 §1). Cancelling one is POST /class-sessions/{id}/cancel (session-cancellations). */
@Controller()
export class ClassSessionsController {
  constructor(private readonly sessions: ClassSessionsService) {}

  @ApiEnvelope(ClassSessionResponseDto, { isArray: true, description: 'Every session of the class, first first, cancelled ones too' })
  @Roles(Role.Admin, Role.Teacher)
  @Get('classes/:id/sessions')
  list(@Param('id', UuidParam) id: string, @OrgId() orgId: string) {
    return this.sessions.list(orgId, id);
  }

  @ApiEnvelope(ClassSessionResponseDto, { description: "Moves a session or changes its note, room or instructor (null: the class's)" })
  @ApiRequestExample({ startsAt: '2027-03-09T23:00:00.000Z', endsAt: '2027-03-10T00:30:00.000Z', note: 'In room 2 this week' })
  @Roles(Role.Admin)
  @Put('class-sessions/:id')
  update(@Param('id', UuidParam) id: string, @OrgId() orgId: string, @Body() dto: UpdateSessionDto) {
    return this.sessions.update(orgId, id, dto);
  }
}
