import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CurrentUser, OrgId, type AuthUser } from '../../common/auth/auth-user';
import { Role, Roles } from '../../common/auth/roles';
import { UuidParam } from '../../common/http/uuid.pipe';
import { AttendanceService } from './attendance.service';
import { BulkAttendanceDto, MarkAttendanceDto } from './dto/attendance.dto';
import { ApiEnvelope, ApiRequestExample } from '../../common/openapi/api-envelope';
import { ClassAttendanceResponseDto, SavedMarkResponseDto } from './dto/attendance.response';

/** Marks are upserts (200): marking a session again changes the existing entry. */
@Roles(Role.Admin, Role.Teacher)
@Controller('attendance')
export class AttendanceController {
  constructor(private readonly attendance: AttendanceService) {}

  @ApiEnvelope(ClassAttendanceResponseDto)
  @Get('class/:id')
  forClass(@Param('id', UuidParam) id: string, @OrgId() orgId: string) {
    return this.attendance.forClass(id, orgId);
  }

  @ApiEnvelope(SavedMarkResponseDto)
  @ApiRequestExample({
    classId: '486f36a9-a089-445a-9c44-8cb266b86655',
    sessionIndex: 0,
    sessionDate: '2026-11-23T18:00:00.000Z',
    studentId: '6ce1f1f8-50fc-4694-af01-d92231027404',
    attended: true,
  })
  @Post('mark')
  @HttpCode(200)
  mark(@OrgId() orgId: string, @CurrentUser() user: AuthUser, @Body() dto: MarkAttendanceDto) {
    return this.attendance.mark(orgId, user.id, dto);
  }

  @ApiEnvelope(SavedMarkResponseDto, { isArray: true })
  @ApiRequestExample({
    classId: '486f36a9-a089-445a-9c44-8cb266b86655',
    sessionIndex: 0,
    sessionDate: '2026-11-23T18:00:00.000Z',
    attendanceData: [{ studentId: '6ce1f1f8-50fc-4694-af01-d92231027404', attended: true }],
  })
  @Post('bulk')
  @HttpCode(200)
  bulk(@OrgId() orgId: string, @CurrentUser() user: AuthUser, @Body() dto: BulkAttendanceDto) {
    return this.attendance.bulk(orgId, user.id, dto);
  }
}
