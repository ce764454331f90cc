import { Controller, Get, Param, Query } from '@nestjs/common';
import { UuidParam } from '../../common/http/uuid.pipe';
import { OrgId } from '../../common/auth/auth-user';
import { Role, Roles } from '../../common/auth/roles';
import { ActivityService } from './activity.service';
import { ActivityQuery } from './dto/activity-query.dto';
import { ApiEnvelope } from '../../common/openapi/api-envelope';
import { ActivityEventResponseDto } from './dto/activity.response';

@Controller()
export class ActivityController {
  constructor(private readonly activity: ActivityService) {}

  @ApiEnvelope(ActivityEventResponseDto, { isArray: true })
  @Roles(Role.Admin)
  @Get('activity-events')
  list(@OrgId() orgId: string, @Query() query: ActivityQuery) {
    return this.activity.latest(orgId, query.limit ?? 20);
  }

  @ApiEnvelope(ActivityEventResponseDto, {
    isArray: true,
    description: "The student's history, newest first: registrations, cancellations, switches and their own changes (source self_service)",
  })
  @Roles(Role.Admin)
  @Get('students/:id/activity')
  ofStudent(@OrgId() orgId: string, @Param('id', UuidParam) id: string, @Query() query: ActivityQuery) {
    return this.activity.ofStudent(orgId, id, query.limit ?? 50);
  }
}
