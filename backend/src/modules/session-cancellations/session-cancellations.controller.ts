import { Body, Controller, Param, Post } from '@nestjs/common';
import { CurrentUser, OrgId, type AuthUser } from '../../common/auth/auth-user';
import { Role, Roles } from '../../common/auth/roles';
import { UuidParam } from '../../common/http/uuid.pipe';
import { ApiEnvelope, ApiRequestExample } from '../../common/openapi/api-envelope';
import { CancelSessionDto } from '../classes/dto/class-session.dto';
import { CancelledSessionResponseDto } from '../classes/dto/class-session.response';
import { SessionCancellationsService } from './session-cancellations.service';

@Controller('class-sessions')
export class SessionCancellationsController {
  constructor(private readonly cancellations: SessionCancellationsService) {}

  @ApiEnvelope(CancelledSessionResponseDto, {
    status: 201,
    description:
      "Cancels one session; each student holding a seat gets the remedy (the admin's choice, else the organization's setting) once; with notify, its students (email, and SMS when the organization sends SMS) and teachers are told once",
  })
  @ApiRequestExample({ reason: 'Snow: the studio is closed', notify: true, remedy: 'credit' })
  @Roles(Role.Admin)
  @Post(':id/cancel')
  cancel(@Param('id', UuidParam) id: string, @OrgId() orgId: string, @CurrentUser() user: AuthUser, @Body() dto: CancelSessionDto) {
    return this.cancellations.cancel(orgId, id, dto, user.id);
  }
}
