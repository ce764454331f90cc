import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Res, StreamableFile } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { OrgId } from '../../common/auth/auth-user';
import { Role, Roles } from '../../common/auth/roles';
import { UuidParam } from '../../common/http/uuid.pipe';
import { ApiEnvelope, ApiRawReply, ApiRequestExample } from '../../common/openapi/api-envelope';
import { EXAMPLE_ID } from '../../common/openapi/common.responses';
import { CreateQuestionDto, QuestionDeletedDto, QuestionResponseDto, UpdateQuestionDto } from './dto/question.dto';
import {
  CreateWaiverDto,
  CreateWaiverVersionDto,
  SendWaiverLinkDto,
  UpdateWaiverDto,
  WaiverAcceptanceResponseDto,
  WaiverLinkSentResponseDto,
  WaiverPreviewResponseDto,
  WaiverResponseDto,
} from './dto/waiver.dto';
import { RegistrationQuestions } from './registration-questions.service';
import { waiverHtml } from './waiver-markdown';
import { WaiverSignLinksService } from './waiver-sign-links.service';
import { WaiversService } from './waivers.service';

/** The organization's registration questions and waivers (admin), and the signatures of an enrollment. */
@Roles(Role.Admin)
@Controller()
export class RegistrationFormsController {
  constructor(
    private readonly questions: RegistrationQuestions,
    private readonly waivers: WaiversService,
    private readonly signLinks: WaiverSignLinksService,
  ) {}

  @ApiEnvelope(QuestionResponseDto, { isArray: true, description: 'In form order; archived questions are left out' })
  @Get('registration-questions')
  async listQuestions(@OrgId() orgId: string, @Res({ passthrough: true }) res: FastifyReply) {
    const rows = await this.questions.listQuestions(orgId);
    // react-admin's list reads the total from Content-Range.
    res.header('Content-Range', `registration-questions 0-${Math.max(0, rows.length - 1)}/${rows.length}`);
    return rows;
  }

  @ApiEnvelope(QuestionResponseDto)
  @Get('registration-questions/:id')
  getQuestion(@OrgId() orgId: string, @Param('id', UuidParam) id: string) {
    return this.questions.getQuestion(orgId, id);
  }

  @ApiEnvelope(QuestionResponseDto, { status: 201 })
  @ApiRequestExample({ label: 'Allergies', type: 'long_text', required: true, perAttendee: true, showToTeacher: true })
  @Post('registration-questions')
  createQuestion(@OrgId() orgId: string, @Body() dto: CreateQuestionDto) {
    return this.questions.createQuestion(orgId, dto);
  }

  @ApiEnvelope(QuestionResponseDto)
  @Put('registration-questions/:id')
  updateQuestion(@OrgId() orgId: string, @Param('id', UuidParam) id: string, @Body() dto: UpdateQuestionDto) {
    return this.questions.updateQuestion(orgId, id, dto);
  }

  @ApiEnvelope(QuestionDeletedDto, { description: 'Deleted, or archived when it has answers (they stay readable)' })
  @Delete('registration-questions/:id')
  deleteQuestion(@OrgId() orgId: string, @Param('id', UuidParam) id: string) {
    return this.questions.deleteQuestion(orgId, id);
  }

  @ApiEnvelope(WaiverResponseDto, { isArray: true })
  @Get('waivers')
  async listWaivers(@OrgId() orgId: string, @Res({ passthrough: true }) res: FastifyReply) {
    const rows = await this.waivers.list(orgId);
    res.header('Content-Range', `waivers 0-${Math.max(0, rows.length - 1)}/${rows.length}`);
    return rows;
  }

  @ApiEnvelope(WaiverResponseDto)
  @Get('waivers/:id')
  getWaiver(@OrgId() orgId: string, @Param('id', UuidParam) id: string) {
    return this.waivers.get(orgId, id);
  }

  @ApiEnvelope(WaiverResponseDto, { status: 201 })
  @ApiRequestExample({ title: 'Kiln safety waiver', body: 'I understand that kilns are hot…' })
  @Post('waivers')
  createWaiver(@OrgId() orgId: string, @Body() dto: CreateWaiverDto) {
    return this.waivers.create(orgId, dto);
  }

  @ApiEnvelope(WaiverResponseDto)
  @Put('waivers/:id')
  updateWaiver(@OrgId() orgId: string, @Param('id', UuidParam) id: string, @Body() dto: UpdateWaiverDto) {
    return this.waivers.update(orgId, id, dto);
  }

  @ApiEnvelope(WaiverResponseDto, { status: 201, description: 'The waiver with its new version (immutable, with its SHA-256)' })
  @Post('waivers/:id/versions')
  addVersion(@OrgId() orgId: string, @Param('id', UuidParam) id: string, @Body() dto: CreateWaiverVersionDto) {
    return this.waivers.addVersion(orgId, id, dto.body);
  }

  @ApiEnvelope(WaiverPreviewResponseDto, { description: 'A text being written, rendered from Markdown as students will see it' })
  @ApiRequestExample({ body: '# Kiln safety\n\nI understand that kilns are **hot**.' })
  @HttpCode(200)
  @Post('waivers/preview')
  preview(@Body() dto: CreateWaiverVersionDto) {
    return { html: waiverHtml(dto.body) };
  }

  @ApiEnvelope(WaiverAcceptanceResponseDto, { isArray: true, description: 'Who signed which version, newest first' })
  @Get('waivers/:id/acceptances')
  signatures(@OrgId() orgId: string, @Param('id', UuidParam) id: string) {
    return this.waivers.signatures(orgId, id);
  }

  @ApiEnvelope(WaiverLinkSentResponseDto, {
    status: 202,
    description:
      'Emails one person (or the household contact who registered them) a new link to sign the newest version; the ' +
      'link sent before stops working. 409: nothing to sign, or a link went to them a few minutes ago',
  })
  @ApiRequestExample({ studentId: EXAMPLE_ID })
  @HttpCode(202)
  @Post('waivers/:id/sign-links')
  sendSignLink(@OrgId() orgId: string, @Param('id', UuidParam) id: string, @Body() dto: SendWaiverLinkDto) {
    return this.signLinks.resend(orgId, id, dto.studentId);
  }

  @ApiEnvelope(WaiverAcceptanceResponseDto, { isArray: true })
  @Get('enrollments/:id/waivers')
  ofEnrollment(@OrgId() orgId: string, @Param('id', UuidParam) id: string) {
    return this.waivers.ofEnrollment(orgId, id);
  }

  @ApiRawReply('application/pdf', '%PDF-1.3 … Kiln safety waiver … Signed by: Olivia Martinez … Text SHA-256: 9f86d0… %%EOF')
  @Get('waiver-acceptances/:id/pdf')
  async pdf(@OrgId() orgId: string, @Param('id', UuidParam) id: string) {
    const { file, name } = await this.waivers.pdf(orgId, id);
    return new StreamableFile(file, { type: 'application/pdf', disposition: `attachment; filename="${name}"` });
  }
}
