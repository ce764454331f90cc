import { Body, Controller, Param, Post } from '@nestjs/common';
import { Public } from '../../common/auth/roles';
import { RateLimit } from '../../common/http/rate-limit';
import { UuidParam } from '../../common/http/uuid.pipe';
import { ApiEnvelope, ApiRequestExample } from '../../common/openapi/api-envelope';
import { TakeTicketDto, WaitingRoomTicketResponseDto } from './dto/waiting-room.dto';
import { WaitingRoomService } from './waiting-room.service';

/** The public side of the opening's waiting room: taking a place in line. */
@Public()
@Controller('public/organizations/:organizationId/waiting-room')
export class WaitingRoomController {
  constructor(private readonly room: WaitingRoomService) {}

  @ApiEnvelope(WaitingRoomTicketResponseDto, {
    status: 201,
    description:
      "A place in the line of the class's opening while its waiting room is on. 409 REGISTRATION_NOT_OPEN more than 5 s before the opening (opensAt); " +
      '409 NO_WAITING_ROOM when the opening has no waiting room (off, no opening time, or over); 404 for a class not of this organization; ' +
      '429: more than REGISTRATION_RATE_LIMIT_PER_MINUTE from one IP in a minute (Retry-After)',
  })
  @ApiRequestExample({ classId: 'c0000000-0000-4000-8000-000000000001' })
  // Each place costs a write to the opening's one row: a script must not flood the line (same budget as the seat routes).
  @RateLimit('registration', 'waiting-room-ticket')
  @Post('tickets')
  take(@Param('organizationId', UuidParam) organizationId: string, @Body() dto: TakeTicketDto) {
    return this.room.take(organizationId, dto.classId);
  }
}
