import { Controller, Get, Query } from '@nestjs/common';
import { OrgId } from '../../common/auth/auth-user';
import { Role, Roles } from '../../common/auth/roles';
import { ActivityService } from './activity.service';
import { ActivityQuery } from './dto/activity-query.dto';
import { ApiEnvelope } from '../../common/openapi/api-envelope';
import { ActivityEventResponseDto } from './dto/activity.response';

@Controller('activity-events')
export class ActivityController {
  constructor(private readonly activity: ActivityService) {}

  @ApiEnvelope(ActivityEventResponseDto, { isArray: true })
  @Roles(Role.Admin)
  @Get()
  list(@OrgId() orgId: string, @Query() query: ActivityQuery) {
    return this.activity.latest(orgId, query.limit ?? 20);
  }
}
