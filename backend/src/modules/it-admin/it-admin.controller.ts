import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StaffUser } from '../../common/auth/auth-user';
import { StaffOnly } from '../../common/auth/roles';
import { Enveloped } from '../../common/http/envelope.interceptor';
import { parseListParams, setContentRange } from '../../common/http/list-query';
import { UuidParam } from '../../common/http/uuid.pipe';
import { ApiEnvelope, ApiList, ApiRequestExample, type EnvelopeOptions } from '../../common/openapi/api-envelope';
import { ConfirmationDto, ResetStudentPaymentsDto, StaffListQuery } from './dto/it-admin.dto';
import {
  ActivityEventsDeletedResponseDto,
  AuditLogEntryResponseDto,
  PaymentResetResponseDto,
  ScheduledCommunicationsDeletedResponseDto,
  StaffOrganizationDeletedResponseDto,
  StaffOrganizationDetailResponseDto,
  StaffOrganizationResponseDto,
  StudentPaymentResponseDto,
  StudentsDeletedResponseDto,
  SubscriptionResetResponseDto,
  SystemInfoResponseDto,
} from './dto/it-admin.response';
import { ItAdminService, type StaffContext } from './it-admin.service';

const ORGANIZATION_SORT_FIELDS = ['created_at', 'name', 'updated_at'] as const;
const MESSAGE = { message: { type: 'string', description: 'What happened, in words (IT-admin replies, spec 3 §7)', example: 'Done' } };
export const withMessage = (options: EnvelopeOptions = {}): EnvelopeOptions => ({ ...options, extra: MESSAGE });

export type StaffRequest = FastifyRequest & { user: StaffUser };

export const context = (req: StaffRequest): StaffContext => ({
  staff: req.user,
  ip: req.ip ?? null,
  method: req.method,
  path: req.url.split('?')[0],
});

export const reply = <T>(done: { result: T; message?: string }, fallback: string) =>
  new Enveloped(done.result, { message: done.message ?? fallback });

/**
 * The IT-admin portal's API (spec 3 §7 "IT admin"): platform-staff tokens only (decision 5); an
 * organization token is 401 here. Every call is an audited staff action; destructive ones need the typed
 * confirmation in the body, checked by the server.
 */
@StaffOnly()
@Controller('admin')
export class ItAdminController {
  constructor(private readonly itAdmin: ItAdminService) {}

  @ApiList(StaffOrganizationResponseDto, 'organizations', ORGANIZATION_SORT_FIELDS, ['q'], withMessage())
  @Get('organizations')
  async organizations(@Req() req: StaffRequest, @Query() query: StaffListQuery, @Res({ passthrough: true }) res: FastifyReply) {
    const params = parseListParams(query as Record<string, unknown>, [...ORGANIZATION_SORT_FIELDS], 'DESC');
    if (!query.range) params.limit = 25;
    const q = typeof params.filter.q === 'string' && params.filter.q.trim() ? params.filter.q.trim().slice(0, 200) : undefined;
    const done = await this.itAdmin.listOrganizations(context(req), {
      q,
      sortField: params.sortField as (typeof ORGANIZATION_SORT_FIELDS)[number],
      sortOrder: params.sortOrder,
      offset: params.offset,
      limit: params.limit,
    });
    setContentRange(res, 'organizations', params, done.result.rows.length, done.result.total);
    return new Enveloped(done.result.rows, { message: `${done.result.total} organization(s)` });
  }

  @ApiEnvelope(StaffOrganizationDetailResponseDto, withMessage())
  @Get('organizations/:id')
  async organization(@Req() req: StaffRequest, @Param('id', UuidParam) id: string) {
    return reply(await this.itAdmin.organizationDetail(context(req), id), 'Organization details');
  }

  @ApiEnvelope(
    StaffOrganizationDeletedResponseDto,
    withMessage({ description: 'Deleted. A wrong or missing confirmation: 400, nothing deleted' }),
  )
  @ApiRequestExample({ confirmation: 'DELETE_ORGANIZATION' })
  @Delete('organizations/:id/delete')
  async deleteOrganization(@Req() req: StaffRequest, @Param('id', UuidParam) id: string, @Body() dto: ConfirmationDto) {
    return reply(await this.itAdmin.deleteOrganization(context(req), id, dto.confirmation), 'Organization deleted');
  }

  @ApiEnvelope(SubscriptionResetResponseDto, withMessage())
  @Post('organizations/:id/reset-subscription')
  @HttpCode(200)
  async resetSubscription(@Req() req: StaffRequest, @Param('id', UuidParam) id: string) {
    return reply(await this.itAdmin.resetSubscription(context(req), id), 'Subscription reset');
  }

  @ApiList(StudentPaymentResponseDto, 'student-payments', ['transaction_date'], [], withMessage())
  @Get('organizations/:id/student-payments')
  async studentPayments(
    @Req() req: StaffRequest,
    @Param('id', UuidParam) id: string,
    @Query() query: StaffListQuery,
    @Res({ passthrough: true }) res: FastifyReply,
  ) {
    const params = parseListParams(query as Record<string, unknown>, ['transaction_date'], 'DESC');
    const done = await this.itAdmin.studentPayments(context(req), id, params.offset, params.limit);
    setContentRange(res, 'student-payments', params, done.result.rows.length, done.result.total);
    return new Enveloped(done.result.rows, { message: `${done.result.total} payment(s)` });
  }

  @ApiEnvelope(
    PaymentResetResponseDto,
    withMessage({ description: '`dryRun: true` answers exactly what a real run would change and changes nothing' }),
  )
  @ApiRequestExample({ dryRun: true })
  @Post('organizations/:id/reset-student-payments')
  @HttpCode(200)
  async resetStudentPayments(@Req() req: StaffRequest, @Param('id', UuidParam) id: string, @Body() dto: ResetStudentPaymentsDto) {
    return reply(await this.itAdmin.resetStudentPayments(context(req), id, dto.dryRun), 'Payments reset');
  }

  @ApiEnvelope(StudentsDeletedResponseDto, withMessage({ description: 'Needs `{ confirmation: "DELETE" }`' }))
  @ApiRequestExample({ confirmation: 'DELETE' })
  @Delete('organizations/:id/students')
  async deleteStudents(@Req() req: StaffRequest, @Param('id', UuidParam) id: string, @Body() dto: ConfirmationDto) {
    return reply(await this.itAdmin.deleteStudents(context(req), id, dto.confirmation), 'Students deleted');
  }

  @ApiEnvelope(ActivityEventsDeletedResponseDto, withMessage({ description: 'Needs `{ confirmation: "DELETE" }`' }))
  @ApiRequestExample({ confirmation: 'DELETE' })
  @Delete('organizations/:id/activity-events')
  async deleteActivityEvents(@Req() req: StaffRequest, @Param('id', UuidParam) id: string, @Body() dto: ConfirmationDto) {
    return reply(await this.itAdmin.deleteActivityEvents(context(req), id, dto.confirmation), 'Activity events deleted');
  }

  @ApiEnvelope(
    ScheduledCommunicationsDeletedResponseDto,
    withMessage({ description: 'Needs `{ confirmation: "DELETE" }`. Deletes the messages still waiting to go; sent history stays' }),
  )
  @ApiRequestExample({ confirmation: 'DELETE' })
  @Delete('organizations/:id/scheduled-communications/delete')
  async deleteScheduledCommunications(@Req() req: StaffRequest, @Param('id', UuidParam) id: string, @Body() dto: ConfirmationDto) {
    return reply(await this.itAdmin.deleteScheduledCommunications(context(req), id, dto.confirmation), 'Scheduled communications deleted');
  }

  @ApiEnvelope(SystemInfoResponseDto, withMessage())
  @Get('system-info')
  async systemInfo(@Req() req: StaffRequest) {
    return reply(await this.itAdmin.systemInfo(context(req)), 'System information');
  }

  @ApiList(AuditLogEntryResponseDto, 'audit-log', ['created_at'], ['organizationId', 'action', 'outcome'], withMessage())
  @Get('audit-log')
  async auditLog(@Query() query: StaffListQuery, @Res({ passthrough: true }) res: FastifyReply) {
    const params = parseListParams(query as Record<string, unknown>, ['created_at'], 'DESC');
    if (!query.range) params.limit = 50;
    const text = (k: string) =>
      typeof params.filter[k] === 'string' && params.filter[k] ? String(params.filter[k]).slice(0, 100) : undefined;
    const organizationId = text('organizationId');
    const filter = {
      organizationId: organizationId && /^[0-9a-f-]{36}$/i.test(organizationId) ? organizationId : undefined,
      action: text('action'),
      outcome: text('outcome'),
    };
    const [rows, total] = await this.itAdmin.auditLog(filter, params.offset, params.limit);
    setContentRange(res, 'audit-log', params, rows.length, total);
    return new Enveloped(rows, { message: `${total} audit entr${total === 1 ? 'y' : 'ies'}` });
  }
}
