import { Controller, Get } from '@nestjs/common';
import { OrgId } from '../../common/auth/auth-user';
import { Role, Roles } from '../../common/auth/roles';
import { ApiEnvelope } from '../../common/openapi/api-envelope';
import { WaitingRoomLineResponseDto } from './dto/waiting-room.dto';
import { WaitingRoomService } from './waiting-room.service';

/** The admin's side of the opening's waiting room: the lines, live, during a sale (the dashboard's card). */
@Controller('waiting-room')
export class WaitingRoomLinesController {
  constructor(private readonly room: WaitingRoomService) {}

  @ApiEnvelope(WaitingRoomLineResponseDto, {
    isArray: true,
    description:
      "The caller organization's opening lines whose room is on now or ended in the last 2 hours, newest opening first. " +
      'inLineNow = min(placesGiven, ceil((last turn - now) / (60000 / admitPerMinute))): computed from the turns at the current rate, ' +
      'so people who took a place and left are still counted; 0 once the room is over or off',
  })
  @Roles(Role.Admin)
  @Get('lines')
  lines(@OrgId() orgId: string) {
    return this.room.lines(orgId);
  }
}
