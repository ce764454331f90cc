import { BadRequestException, Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { FastifyReply } from 'fastify';
import { CurrentUser, OrgId, type AuthUser } from '../../common/auth/auth-user';
import { Public, Role, Roles } from '../../common/auth/roles';
import { RawReply } from '../../common/http/envelope.interceptor';
import { escapeHtml, HTML, htmlPage } from '../../common/http/html-page';
import { idFilter, parseListParams, setContentRange } from '../../common/http/list-query';
import { UuidParam } from '../../common/http/uuid.pipe';
import { ApiEnvelope, ApiList, ApiRawReply, ApiRequestExample } from '../../common/openapi/api-envelope';
import { DeletedResponseDto, EXAMPLE_ID } from '../../common/openapi/common.responses';
import type { AllConfigType } from '../../config/config.type';
import { CommunicationCenterService } from './communication-center.service';
import { CommunicationsService } from './communications.service';
import { MessageTemplatesService } from './message-templates.service';
import { RecipientDirectoryPort } from './recipient-directory';
import {
  ListCommunicationsQuery,
  OrganizationQuery,
  ScheduleCommunicationDto,
  SendCommunicationDto,
  TemplateDto,
} from './dto/communication.dto';
import { CommunicationResponseDto, RecipientResponseDto, TemplateResponseDto } from './dto/communication.response';
import { readUnsubscribeToken } from './unsubscribe';

const TEMPLATE_SORT_FIELDS = ['name', 'type', 'kind', 'created_at', 'updated_at', 'id'];
const SEND_EXAMPLE = {
  recipientId: EXAMPLE_ID,
  recipientType: 'student',
  communicationType: 'email',
  subject: 'Room change',
  message: 'Hi {{firstName}}, tonight we meet in Studio B.',
};
const TEMPLATE_EXAMPLE = {
  name: 'Room change',
  type: 'email',
  kind: 'manual',
  subject_template: '{{className}}: new room',
  message_template: 'Hi {{firstName}}, {{className}} meets in Studio B.',
  is_active: true,
};

/** The Communication Center (spec 3 §2.8, §7): every route works inside the caller's organization only. */
@Controller()
export class CommunicationsController {
  private readonly secret: string;

  constructor(
    private readonly communications: CommunicationsService,
    private readonly center: CommunicationCenterService,
    private readonly messageTemplates: MessageTemplatesService,
    private readonly students: RecipientDirectoryPort,
    config: ConfigService<AllConfigType>,
  ) {
    this.secret = config.getOrThrow('auth', { infer: true }).jwtSecret;
  }

  @ApiEnvelope(CommunicationResponseDto, { isArray: true, description: 'Everything but pending rows, newest first' })
  @Roles(Role.Admin)
  @Get('communications/logs')
  logs(@OrgId() orgId: string, @Query() q: ListCommunicationsQuery) {
    return this.center.logs(orgId, q.limit ?? 50);
  }

  @ApiEnvelope(CommunicationResponseDto, { isArray: true, description: 'Pending rows, soonest first' })
  @Roles(Role.Admin)
  @Get('communications/scheduled')
  scheduled(@OrgId() orgId: string, @Query() q: ListCommunicationsQuery) {
    return this.center.scheduled(orgId, q.limit ?? 50);
  }

  @ApiEnvelope(RecipientResponseDto, { isArray: true, description: "The caller's organization's students and users only" })
  @Roles(Role.Admin)
  @Get('communications/recipients')
  recipients(@OrgId() orgId: string, @Query() _q: OrganizationQuery) {
    return this.center.recipients(orgId);
  }

  @ApiEnvelope(CommunicationResponseDto, { status: 201, description: 'Queued due now; the dispatcher is woken at once' })
  @ApiRequestExample(SEND_EXAMPLE)
  @Roles(Role.Admin)
  @Post('communications/send')
  send(@OrgId() orgId: string, @CurrentUser() user: AuthUser, @Query() _q: OrganizationQuery, @Body() dto: SendCommunicationDto) {
    return this.center.send(orgId, user.id, dto);
  }

  @ApiEnvelope(CommunicationResponseDto, { status: 201 })
  @ApiRequestExample({ ...SEND_EXAMPLE, scheduledAt: '2026-12-01T17:00:00.000Z' })
  @Roles(Role.Admin)
  @Post('communications/schedule')
  schedule(@OrgId() orgId: string, @CurrentUser() user: AuthUser, @Query() _q: OrganizationQuery, @Body() dto: ScheduleCommunicationDto) {
    return this.center.schedule(orgId, user.id, dto);
  }

  @ApiEnvelope(CommunicationResponseDto, { description: 'Cancelled. A row no longer pending (being sent, sent) is 409' })
  @Roles(Role.Admin)
  @Delete('communications/scheduled/:id')
  cancel(@OrgId() orgId: string, @Param('id', UuidParam) id: string) {
    return this.center.cancel(orgId, id);
  }

  @ApiList(TemplateResponseDto, 'communications/templates', TEMPLATE_SORT_FIELDS, ['q', 'id', 'type', 'kind'])
  @Roles(Role.Admin)
  @Get('communications/templates')
  async templates(@OrgId() orgId: string, @Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply) {
    const { organizationId: _o, ...rest } = query;
    const params = parseListParams(rest, TEMPLATE_SORT_FIELDS);
    const ids = idFilter(params.filter);
    const q = typeof params.filter.q === 'string' ? params.filter.q.toLowerCase() : '';
    const all = (await this.messageTemplates.templates(orgId)).filter(
      (t) =>
        (!ids || ids.includes(t.id)) &&
        (!q || `${t.name} ${t.subject_template ?? ''} ${t.message_template}`.toLowerCase().includes(q)) &&
        (params.filter.type === undefined || t.type === params.filter.type) &&
        (params.filter.kind === undefined || t.kind === params.filter.kind),
    );
    const key = params.sortField as keyof (typeof all)[number];
    all.sort((a, b) => {
      const x = String(a[key] instanceof Date ? (a[key] as Date).toISOString() : a[key]).toLowerCase();
      const y = String(b[key] instanceof Date ? (b[key] as Date).toISOString() : b[key]).toLowerCase();
      return (x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : 1) * (params.sortOrder === 'ASC' ? 1 : -1);
    });
    const page = all.slice(params.offset, params.offset + params.limit);
    setContentRange(res, 'communications/templates', params, page.length, all.length);
    return page;
  }

  @ApiEnvelope(TemplateResponseDto)
  @Roles(Role.Admin)
  @Get('communications/templates/:id')
  template(@OrgId() orgId: string, @Param('id', UuidParam) id: string) {
    return this.messageTemplates.template(orgId, id);
  }

  @ApiEnvelope(TemplateResponseDto, { status: 201 })
  @ApiRequestExample(TEMPLATE_EXAMPLE)
  @Roles(Role.Admin)
  @Post('communications/templates')
  createTemplate(@OrgId() orgId: string, @Body() dto: TemplateDto) {
    return this.messageTemplates.createTemplate(orgId, dto);
  }

  @ApiEnvelope(TemplateResponseDto)
  @ApiRequestExample(TEMPLATE_EXAMPLE)
  @Roles(Role.Admin)
  @Put('communications/templates/:id')
  updateTemplate(@OrgId() orgId: string, @Param('id', UuidParam) id: string, @Body() dto: TemplateDto) {
    return this.messageTemplates.updateTemplate(orgId, id, dto);
  }

  @ApiEnvelope(DeletedResponseDto)
  @Roles(Role.Admin)
  @Delete('communications/templates/:id')
  deleteTemplate(@OrgId() orgId: string, @Param('id', UuidParam) id: string) {
    return this.messageTemplates.deleteTemplate(orgId, id);
  }

  @ApiEnvelope(CommunicationResponseDto, { isArray: true, description: "The student's messages, newest first (pending ones too)" })
  @Roles(Role.Admin)
  @Get('students/:id/communications')
  studentHistory(@OrgId() orgId: string, @Param('id', UuidParam) id: string, @Query() q: ListCommunicationsQuery) {
    return this.center.studentHistory(orgId, id, q.limit ?? 50);
  }

  @ApiRawReply('text/calendar', 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\n…\r\nEND:VCALENDAR\r\n')
  @Public()
  @Get('classes/:id/calendar.ics')
  async calendar(@Param('id', UuidParam) id: string, @Res({ passthrough: true }) res: FastifyReply) {
    const body = await this.communications.calendarFile(id);
    void res.header('Content-Disposition', 'attachment; filename="class-sessions.ics"');
    return new RawReply(body, 'text/calendar; charset=utf-8');
  }

  @ApiRawReply('text/html', '<!doctype html>… Unsubscribe …')
  @Public()
  @Get('communications/unsubscribe')
  unsubscribePage(@Query('token') token: string) {
    const who = readUnsubscribeToken(this.secret, token);
    if (!who) return new RawReply(htmlPage('This link is not valid', '<p>The unsubscribe link is incomplete or was changed.</p>'), HTML);
    return new RawReply(
      htmlPage(
        'Unsubscribe',
        `<p>Stop class announcements and reminders by email and text?</p><form method="post"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">Unsubscribe</button></form><p>Confirmations and receipts of your registrations still come.</p>`,
      ),
      HTML,
    );
  }

  /** RFC 8058 one-click (mail clients POST `List-Unsubscribe=One-Click` to the link) and the page's button. */
  @ApiRawReply('text/html', '<!doctype html>… You are unsubscribed …')
  @Public()
  @Post('communications/unsubscribe')
  @HttpCode(200)
  async unsubscribe(@Query('token') queryToken: string | undefined, @Body() body: Record<string, unknown> | undefined) {
    const who = readUnsubscribeToken(this.secret, queryToken ?? body?.token);
    if (!who) throw new BadRequestException('This unsubscribe link is not valid');
    await this.students.setOptIn(who.organizationId, who.studentId, false);
    return new RawReply(
      htmlPage(
        'You are unsubscribed',
        '<p>You will no longer receive announcements or reminders. Confirmations and receipts of your registrations still come.</p>',
      ),
      HTML,
    );
  }
}
