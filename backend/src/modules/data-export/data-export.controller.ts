import { Controller, Delete, Get, Param, Query, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiProperty } from '@nestjs/swagger';
import { IsOptional, IsUUID } from 'class-validator';
import { CurrentUser, OrgId, type AuthUser } from '../../common/auth/auth-user';
import { Role, Roles } from '../../common/auth/roles';
import { UuidParam } from '../../common/http/uuid.pipe';
import { ApiEnvelope, ApiRawReply } from '../../common/openapi/api-envelope';
import { DeletedResponseDto } from '../../common/openapi/common.responses';
import { StudentRecordsService } from '../registration/student-records.service';
import { DataExportService } from './data-export.service';
import { SheetsService } from './sheets.service';
import { DeleteStudentQuery } from './dto/erase-query.dto';

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
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true }, description: 'Registration form answers' })
  registrationAnswers: Record<string, unknown>[];
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true }, description: 'Waivers signed' })
  waiverAcceptances: Record<string, unknown>[];
}

@Roles(Role.Admin)
@Controller()
export class DataExportController {
  constructor(
    private readonly exports: DataExportService,
    private readonly students: StudentRecordsService,
    private readonly sheets: SheetsService,
  ) {}

  @ApiRawReply('application/zip', 'PK… (classes.csv, sessions.csv, students.csv, …, organization.json)')
  @Get('export')
  async organization(@OrgId() orgId: string, @CurrentUser() user: AuthUser, @Query() _q: ExportQuery) {
    const zip = await this.exports.organizationZip(orgId, user.id);
    const day = new Date().toISOString().slice(0, 10);
    return new StreamableFile(zip, { type: 'application/zip', disposition: `attachment; filename="classlane-export_${day}.zip"` });
  }

  @ApiRawReply('text/csv', 'First name,Last name,Email,…,Allergies,T-shirt size\r\nMaya,Lin,maya@example.com,…,Peanuts,M\r\n')
  @Get('export/students.csv')
  async studentsSheet(@OrgId() orgId: string) {
    const { file, name } = await this.sheets.students(orgId);
    return new StreamableFile(file, { type: 'text/csv; charset=utf-8; header=present', disposition: `attachment; filename="${name}"` });
  }

  @ApiRawReply(
    'text/csv',
    'First name,Last name,…,Amount paid,Enrolled at,Allergies\r\nMaya,Lin,…,40.00,2026-11-20T17:02:11.000Z,Peanuts\r\n',
  )
  @Get('export/classes/:id/roster.csv')
  async rosterSheet(@OrgId() orgId: string, @Param('id', UuidParam) id: string) {
    const { file, name } = await this.sheets.roster(orgId, id);
    return new StreamableFile(file, { type: 'text/csv; charset=utf-8; header=present', disposition: `attachment; filename="${name}"` });
  }

  @ApiEnvelope(StudentExportResponseDto)
  @Get('students/:id/export')
  student(@Param('id', UuidParam) id: string, @OrgId() orgId: string, @CurrentUser() user: AuthUser) {
    return this.exports.studentExport(orgId, id, user.id);
  }

  /**
   * Served here rather than with the other student routes: erasing asks every module that holds the person (this
   * module sits above them all), while a plain delete is the registration module's (it frees the seats).
   */
  @ApiOperation({ operationId: 'Students_delete', summary: 'Delete a student (seats freed), or erase them with ?erase=true' })
  @ApiEnvelope(DeletedResponseDto)
  @Delete('students/:id')
  delete(@Param('id', UuidParam) id: string, @OrgId() orgId: string, @CurrentUser() user: AuthUser, @Query() q: DeleteStudentQuery) {
    // ?erase=true anonymises the person and keeps the financial records.
    if (q.erase === 'true') return this.exports.erase(orgId, id, user.id);
    return this.students.delete(id, orgId);
  }
}
