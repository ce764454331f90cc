import { Controller, Get, Query } from '@nestjs/common';
import { OrgId } from '../../common/auth/auth-user';
import { Role, Roles } from '../../common/auth/roles';
import { ActivityService } from './activity.service';
import { ActivityQuery } from './dto/activity-query.dto';

@Controller('activity-events')
export class ActivityController {
  constructor(private readonly activity: ActivityService) {}

  @Roles(Role.Admin) @Get()
  list(@OrgId() orgId: string, @Query() query: ActivityQuery) {
    return this.activity.latest(orgId, query.limit ?? 20);
  }
}
