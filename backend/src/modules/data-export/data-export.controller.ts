import { Controller, Get, Param, Query, StreamableFile } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsOptional, IsUUID } from 'class-validator';
import { CurrentUser, OrgId, type AuthUser } from '../../common/auth/auth-user';
import { Role, Roles } from '../../common/auth/roles';
import { UuidParam } from '../../common/http/uuid.pipe';
import { ApiEnvelope, ApiRawReply } from '../../common/openapi/api-envelope';
import { DataExportService } from './data-export.service';

export class ExportQuery {
  @IsOptional() @IsUUID('all', { message: 'organizationId must be an id' }) organizationId?: string;
}

export class StudentExportResponseDto {
  @ApiProperty({ format: 'date-time' }) exportedAt: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) student: Record<string, unknown>;
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true } }) enrollments: Record<string, unknown>[];
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true } }) refunds: Record<string, unknown>[];
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true } }) attendance: Record<string, unknown>[];
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true } }) ratings: Record<string, unknown>[];
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true } }) messages: Record<string, unknown>[];
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true } }) activity: Record<string, unknown>[];
}

@Roles(Role.Admin)
@Controller()
export class DataExportController {
  constructor(private readonly exports: DataExportService) {}

  @ApiRawReply('application/zip', 'PK… (classes.csv, sessions.csv, students.csv, …, organization.json)')
  @Get('export')
  async organization(@OrgId() orgId: string, @CurrentUser() user: AuthUser, @Query() _q: ExportQuery) {
    const zip = await this.exports.organizationZip(orgId, user.id);
    const day = new Date().toISOString().slice(0, 10);
    return new StreamableFile(zip, { type: 'application/zip', disposition: `attachment; filename="classlane-export_${day}.zip"` });
  }

  @ApiEnvelope(StudentExportResponseDto)
  @Get('students/:id/export')
  student(@Param('id', UuidParam) id: string, @OrgId() orgId: string, @CurrentUser() user: AuthUser) {
    return this.exports.studentExport(orgId, id, user.id);
  }
}
