import { Controller, Get, Query } from '@nestjs/common';
import { ApiNotFoundResponse } from '@nestjs/swagger';
import { OrgId } from '../../common/auth/auth-user';
import { Role, Roles } from '../../common/auth/roles';
import { ApiEnvelope, ErrorEnvelopeDto } from '../../common/openapi/api-envelope';
import { RoomCalendarQuery, RoomCalendarResponseDto } from './dto/room-calendar.dto';
import { RoomCalendarService } from './room-calendar.service';

/** The admin's room calendar: what each room holds, a week at a time. */
@Roles(Role.Admin)
@Controller()
export class RoomCalendarController {
  constructor(private readonly calendar: RoomCalendarService) {}

  @ApiEnvelope(RoomCalendarResponseDto, { description: "A week (Monday to Sunday, in the organization's zone) of every room's sessions" })
  @ApiNotFoundResponse({ description: "locationId is not one of the caller's organization's locations", type: ErrorEnvelopeDto })
  @Get('room-calendar')
  week(@OrgId() orgId: string, @Query() query: RoomCalendarQuery) {
    return this.calendar.week(orgId, query);
  }
}
