import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { PortalOnly } from '../../common/auth/roles';
import { UuidParam } from '../../common/http/uuid.pipe';
import { ApiEnvelope, ApiRequestExample } from '../../common/openapi/api-envelope';
import { CurrentStudent, type PortalUser } from '../portal/portal-user';
import { AbsencesService } from './absences.service';
import { BookMakeupDto, ReportAbsenceDto } from './dto/portal-makeups.dto';
import { BookedMakeupDto, MakeupSessionDto, PortalMakeupsDto, ReportedAbsenceDto } from './dto/makeups.response';
import { MakeupBookingsService } from './makeup-bookings.service';
import { MakeupOverviewService } from './makeup-overview.service';

const SESSION_ID = 'c1000000-0000-4000-8000-000000000001';
const TOKEN_ID = 'e1000000-0000-4000-8000-000000000001';

/** Make-ups in the student portal (issue 41 §3): "I can't make it", the tokens, and "Book a make-up". */
@PortalOnly()
@Controller('portal/makeups')
export class PortalMakeupsController {
  constructor(
    private readonly absences: AbsencesService,
    private readonly bookings: MakeupBookingsService,
    private readonly overview: MakeupOverviewService,
  ) {}

  @ApiEnvelope(PortalMakeupsDto, {
    description: "The student's and their household's make-up tokens with expiry, reported absences, and upcoming sessions (60 days)",
  })
  @Get()
  list(@CurrentStudent() user: PortalUser) {
    return this.overview.overview(user.organizationId, user.studentId);
  }

  @ApiEnvelope(ReportedAbsenceDto, {
    status: 201,
    description:
      '"I can\'t make it": records the absence, tells the class\'s teacher, and grants a make-up token when the policy gives one ' +
      '(all in one transaction); otherwise noTokenReason says why. 404 MAKEUP_SESSION_NOT_FOUND for a session of a class the student ' +
      "is not enrolled in (or another organization's), 409 MAKEUP_SESSION_NOT_UPCOMING once it started, 409 MAKEUP_ALREADY_REPORTED",
  })
  @ApiRequestExample({ classSessionId: SESSION_ID })
  @Post('absences')
  report(@CurrentStudent() user: PortalUser, @Body() dto: ReportAbsenceDto) {
    return this.absences.report(user.organizationId, user.studentId, dto);
  }

  @ApiEnvelope(MakeupSessionDto, {
    isArray: true,
    description:
      "The sessions this make-up token may book now: what it covers, inside its policy's booking window, with a free or make-up seat, " +
      "and none the student already holds. 404 CREDIT_NOT_FOUND for anyone else's token, 409 MAKEUP_NOT_A_TOKEN for another kind of credit",
  })
  @Get('tokens/:id/sessions')
  sessions(@CurrentStudent() user: PortalUser, @Param('id', UuidParam) id: string) {
    return this.bookings.sessions(user.organizationId, user.studentId, id);
  }

  @ApiEnvelope(BookedMakeupDto, {
    status: 201,
    description:
      "Books the session with the token: the seat and the token's use in one transaction, shown on the session's roll as a make-up. " +
      '409 CREDIT_EXPIRED / CREDIT_EXHAUSTED / CREDIT_REVOKED, MAKEUP_SESSION_NOT_ELIGIBLE, MAKEUP_OUTSIDE_WINDOW, MAKEUP_SESSION_FULL, ' +
      "ALREADY_ENROLLED; 404 for another student's token or another organization's session",
  })
  @ApiRequestExample({ entitlementId: TOKEN_ID, classSessionId: SESSION_ID })
  @Post('bookings')
  book(@CurrentStudent() user: PortalUser, @Body() dto: BookMakeupDto) {
    return this.bookings.book(user.organizationId, user.studentId, dto);
  }
}
