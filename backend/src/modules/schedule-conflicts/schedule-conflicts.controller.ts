import { Controller, Get } from '@nestjs/common';
import { OrgId } from '../../common/auth/auth-user';
import { Role, Roles } from '../../common/auth/roles';
import { ApiEnvelope } from '../../common/openapi/api-envelope';
import { ConflictPairResponseDto } from './dto/conflict.response';
import { ScheduleConflictsService } from './schedule-conflicts.service';

/** The admin's Conflicts screen. */
@Roles(Role.Admin)
@Controller()
export class ScheduleConflictsController {
  constructor(private readonly conflicts: ScheduleConflictsService) {}

  @ApiEnvelope(ConflictPairResponseDto, {
    isArray: true,
    description: 'Pairs of sessions not yet ended that share an exclusive room or an instructor, soonest first (at most 200)',
  })
  @Get('schedule-conflicts')
  list(@OrgId() orgId: string) {
    return this.conflicts.list(orgId);
  }
}
