import { Controller, Get, Query } from '@nestjs/common';
import { OrgId } from '../../common/auth/auth-user';
import { Role, Roles } from '../../common/auth/roles';
import { TeacherClassesQuery, TeacherOverviewQuery } from './dto/teacher-classes.dto';
import { TeacherClassesService } from './teacher-classes.service';
import { ApiEnvelope } from '../../common/openapi/api-envelope';
import { TeacherClassResponseDto, TeacherOverviewResponseDto } from './dto/class.response';

/** The teacher dashboard's audience over the organization's classes (spec 3 §2.11). */
@Roles(Role.Admin, Role.Teacher)
@Controller('teacher')
export class TeacherClassesController {
  constructor(private readonly teacher: TeacherClassesService) {}

  @ApiEnvelope(TeacherClassResponseDto, { isArray: true })
  @Get('classes')
  list(@OrgId() orgId: string, @Query() query: TeacherClassesQuery) {
    return this.teacher.list(orgId, query.scope, query.limit);
  }

  @ApiEnvelope(TeacherOverviewResponseDto)
  @Get('overview')
  overview(@OrgId() orgId: string, @Query() _query: TeacherOverviewQuery) {
    return this.teacher.overview(orgId);
  }
}
