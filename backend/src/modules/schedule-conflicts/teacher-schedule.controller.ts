import { Controller, Get, Query } from '@nestjs/common';
import { CurrentUser, OrgId, type AuthUser } from '../../common/auth/auth-user';
import { Role, Roles } from '../../common/auth/roles';
import { ApiEnvelope } from '../../common/openapi/api-envelope';
import { MySessionsQuery, MySessionsResponseDto } from './dto/teacher-schedule.dto';
import { TeacherScheduleService } from './teacher-schedule.service';

/** Teacher mode's "My sessions": what the signed-in person teaches, through their instructor record. */
@Roles(Role.Admin, Role.Teacher)
@Controller('teacher')
export class TeacherScheduleController {
  constructor(private readonly schedule: TeacherScheduleService) {}

  @ApiEnvelope(MySessionsResponseDto, {
    description: "The caller's own sessions from today on (their linked instructor records'), cancelled ones marked",
  })
  @Get('my-sessions')
  mine(@OrgId() orgId: string, @CurrentUser() user: AuthUser, @Query() query: MySessionsQuery) {
    return this.schedule.mine(orgId, user.id, query.days);
  }
}
