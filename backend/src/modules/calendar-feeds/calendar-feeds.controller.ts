import { Body, Controller, Delete, Get, Headers, NotFoundException, Param, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CurrentUser, OrgId, type AuthUser } from '../../common/auth/auth-user';
import { Public, Role, Roles } from '../../common/auth/roles';
import { RawReply } from '../../common/http/envelope.interceptor';
import { UuidParam } from '../../common/http/uuid.pipe';
import { ApiEnvelope, ApiRawReply, ApiRequestExample } from '../../common/openapi/api-envelope';
import { CalendarFeedsService } from './calendar-feeds.service';
import { CalendarFeedResponseDto, CreateCalendarFeedDto, CreatedCalendarFeedResponseDto } from './dto/calendar-feed.dto';

@Controller()
export class CalendarFeedsController {
  constructor(private readonly feeds: CalendarFeedsService) {}

  @ApiEnvelope(CalendarFeedResponseDto, { isArray: true, description: "An admin: the organization's feeds; a teacher: their own" })
  @Roles(Role.Admin, Role.Teacher)
  @Get('calendar-feeds')
  list(@CurrentUser() user: AuthUser, @OrgId() orgId: string) {
    return this.feeds.list(user, orgId);
  }

  @ApiEnvelope(CreatedCalendarFeedResponseDto, { status: 201 })
  @ApiRequestExample({ scope: 'organization' })
  @Roles(Role.Admin, Role.Teacher)
  @Post('calendar-feeds')
  create(@CurrentUser() user: AuthUser, @OrgId() orgId: string, @Body() dto: CreateCalendarFeedDto) {
    return this.feeds.create(user, orgId, dto);
  }

  @ApiEnvelope(CalendarFeedResponseDto)
  @Roles(Role.Admin, Role.Teacher)
  @Delete('calendar-feeds/:id')
  revoke(@CurrentUser() user: AuthUser, @OrgId() orgId: string, @Param('id', UuidParam) id: string) {
    return this.feeds.revoke(user, orgId, id);
  }

  /** The feed a calendar app subscribes to: no sign-in, the token is the secret; ETag for cheap polling. */
  @ApiRawReply('text/calendar', 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\n…\r\nEND:VCALENDAR')
  @Public()
  @Get('calendar/:file')
  async ics(
    @Param('file') file: string,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) res: FastifyReply,
  ) {
    const feed = file.endsWith('.ics') ? await this.feeds.ics(file.slice(0, -4)) : null;
    if (!feed) throw new NotFoundException('Calendar feed not found');
    res.header('ETag', feed.etag).header('Cache-Control', 'private, max-age=300');
    if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim() === feed.etag)) {
      res.status(304);
      return new RawReply('', 'text/calendar; charset=utf-8');
    }
    return new RawReply(feed.body, 'text/calendar; charset=utf-8');
  }
}
