import { Body, Controller, Get, HttpCode, Param, Post, Put, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CurrentUser, OrgId, type AuthUser } from '../../common/auth/auth-user';
import { Role, Roles } from '../../common/auth/roles';
import { UuidParam } from '../../common/http/uuid.pipe';
import { ApiConflictResponse, ApiNotFoundResponse } from '@nestjs/swagger';
import { ApiEnvelope, ApiRequestExample, ErrorEnvelopeDto } from '../../common/openapi/api-envelope';
import { SaveSessionNotesDto, WalkInDto } from './dto/teacher-session.dto';
import {
  SeatConflictResponseDto,
  SessionNotesResponseDto,
  TeacherSessionDayResponseDto,
  TeacherSessionResponseDto,
  WalkInResponseDto,
} from './dto/teacher-session.response';
import { TeacherSessionsService } from './teacher-sessions.service';

/** The teacher's screen per class session; teachers and admins of the class's organization. */
@Roles(Role.Admin, Role.Teacher)
@Controller('teacher/classes/:classId')
export class TeacherSessionsController {
  constructor(private readonly sessions: TeacherSessionsService) {}

  @ApiEnvelope(TeacherSessionDayResponseDto, {
    isArray: true,
    description: "Every session of the class, by day in the organization's zone",
  })
  @ApiNotFoundResponse({ description: "No such class in the caller's organization", type: ErrorEnvelopeDto })
  @Get('sessions')
  sessionDays(@OrgId() orgId: string, @Param('classId', UuidParam) classId: string) {
    return this.sessions.sessionsOf(orgId, classId);
  }

  @ApiEnvelope(TeacherSessionResponseDto, { description: 'A date that is not a session of the class: 404 naming its session days' })
  @ApiNotFoundResponse({
    description: "No such class in the caller's organization, or no session of it on that day",
    type: ErrorEnvelopeDto,
  })
  @Get('sessions/:date')
  session(@OrgId() orgId: string, @Param('classId', UuidParam) classId: string, @Param('date') date: string) {
    return this.sessions.session(orgId, classId, date);
  }

  @ApiEnvelope(SessionNotesResponseDto, { description: 'Replaces the notes of the session (saving again changes nothing more)' })
  @ApiRequestExample({ notes: 'Bring extra brushes next week' })
  @ApiNotFoundResponse({
    description: "No such class in the caller's organization, or no session of it on that day",
    type: ErrorEnvelopeDto,
  })
  @Put('sessions/:date/notes')
  saveNotes(
    @OrgId() orgId: string,
    @CurrentUser() user: AuthUser,
    @Param('classId', UuidParam) classId: string,
    @Param('date') date: string,
    @Body() dto: SaveSessionNotesDto,
  ) {
    return this.sessions.saveNotes(orgId, user.id, classId, date, dto.notes);
  }

  @ApiEnvelope(WalkInResponseDto, {
    status: 201,
    description: 'Enrolled now: the seat is taken with the enrollment. Class full: 409',
  })
  @ApiEnvelope(WalkInResponseDto, { status: 200, description: 'This email was already enrolled in the class (alreadyEnrolled: true)' })
  @ApiRequestExample({
    firstName: 'Liam',
    lastName: 'Brown',
    email: 'liam@example.com',
    phone: '5595550111',
    communicationOptIn: true,
    paidNow: true,
  })
  @ApiNotFoundResponse({ description: "No such class in the caller's organization", type: ErrorEnvelopeDto })
  @ApiConflictResponse({ description: 'The class is full or not open for registration', type: SeatConflictResponseDto })
  @Post('walk-ins')
  @HttpCode(201)
  async walkIn(
    @OrgId() orgId: string,
    @Param('classId', UuidParam) classId: string,
    @Body() dto: WalkInDto,
    @Res({ passthrough: true }) res: FastifyReply,
  ) {
    const { created, data } = await this.sessions.walkIn(orgId, classId, dto);
    if (!created) res.status(200);
    return data;
  }
}
