import { Controller, Get, Query } from '@nestjs/common';
import { OrgId } from '../../common/auth/auth-user';
import { Role, Roles } from '../../common/auth/roles';
import { TeacherClassesQuery, TeacherOverviewQuery } from './dto/teacher-classes.dto';
import { ClassesService } from './classes.service';
import { ApiEnvelope } from '../../common/openapi/api-envelope';
import { TeacherClassResponseDto, TeacherOverviewResponseDto } from './dto/class.response';

/** The teacher dashboard's audience over the organization's classes (spec 3 §2.11), over the shared ClassesService. */
@Roles(Role.Admin, Role.Teacher)
@Controller('teacher')
export class TeacherClassesController {
  constructor(private readonly classes: ClassesService) {}

  @ApiEnvelope(TeacherClassResponseDto, { isArray: true })
  @Get('classes')
  list(@OrgId() orgId: string, @Query() query: TeacherClassesQuery) {
    return this.classes.teacherList(orgId, query.scope, query.limit);
  }

  @ApiEnvelope(TeacherOverviewResponseDto)
  @Get('overview')
  overview(@OrgId() orgId: string, @Query() _query: TeacherOverviewQuery) {
    return this.classes.teacherOverview(orgId);
  }
}
