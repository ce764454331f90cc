import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CurrentUser, OrgId, type AuthUser } from '../../common/auth/auth-user';
import { Role, Roles } from '../../common/auth/roles';
import { UuidParam } from '../../common/http/uuid.pipe';
import { AttendanceService } from './attendance.service';
import { BulkAttendanceDto, MarkAttendanceDto } from './dto/attendance.dto';
import { ApiEnvelope } from '../../common/openapi/api-envelope';
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
  @Post('mark') @HttpCode(200)
  mark(@OrgId() orgId: string, @CurrentUser() user: AuthUser, @Body() dto: MarkAttendanceDto) {
    return this.attendance.mark(orgId, user.id, dto);
  }

  @ApiEnvelope(SavedMarkResponseDto, { isArray: true })
  @Post('bulk') @HttpCode(200)
  bulk(@OrgId() orgId: string, @CurrentUser() user: AuthUser, @Body() dto: BulkAttendanceDto) {
    return this.attendance.bulk(orgId, user.id, dto);
  }
}
