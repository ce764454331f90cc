import { Body, Controller, Delete, Get, Headers, NotFoundException, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CurrentUser, OrgId, type AuthUser } from '../../common/auth/auth-user';
import { Public, Role, Roles } from '../../common/auth/roles';
import { RawReply } from '../../common/http/envelope.interceptor';
import { pageOf } from '../../common/http/list-page';
import { parseListParams, setContentRange } from '../../common/http/list-query';
import { UuidParam } from '../../common/http/uuid.pipe';
import { ApiEnvelope, ApiList, ApiRawReply, ApiRequestExample } from '../../common/openapi/api-envelope';
import { CalendarFeedsService } from './calendar-feeds.service';
import { CalendarFeedResponseDto, CreateCalendarFeedDto, CreatedCalendarFeedResponseDto } from './dto/calendar-feed.dto';

/** The sort fields of GET /calendar-feeds; the first is the default (newest first). */
const FEED_SORT_FIELDS = ['createdAt', 'scope', 'id'];

@Controller()
export class CalendarFeedsController {
  constructor(private readonly feeds: CalendarFeedsService) {}

  @ApiList(CalendarFeedResponseDto, 'calendar-feeds', FEED_SORT_FIELDS, ['id', 'scope', 'classId'], {
    description: "An admin: the organization's feeds; a teacher: their own. Newest first unless sorted",
  })
  @Roles(Role.Admin, Role.Teacher)
  @Get('calendar-feeds')
  async list(
    @CurrentUser() user: AuthUser,
    @OrgId() orgId: string,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) res: FastifyReply,
  ) {
    // Without sort/range/filter this is the whole list, newest first, as before (the list is a react-admin resource).
    const params = parseListParams(query, FEED_SORT_FIELDS, 'DESC');
    const { scope, classId } = params.filter;
    const { page, total } = pageOf(
      await this.feeds.list(user, orgId),
      params,
      (f) => (scope === undefined || f.scope === scope) && (classId === undefined || f.classId === classId),
    );
    setContentRange(res, 'calendar-feeds', params, page.length, total);
    return page;
  }

  @ApiEnvelope(CalendarFeedResponseDto, {
    description: "One feed (never its URL); a feed of another organization, or a teacher asking for another user's, is 404",
  })
  @Roles(Role.Admin, Role.Teacher)
  @Get('calendar-feeds/:id')
  one(@CurrentUser() user: AuthUser, @OrgId() orgId: string, @Param('id', UuidParam) id: string) {
    return this.feeds.one(user, orgId, id);
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

  @ApiEnvelope(CreatedCalendarFeedResponseDto, {
    status: 201,
    description:
      "A new secret URL for the feed, shown once; the old URL answers 404 at once. A teacher rotates only their own; a revoked feed, another organization's or another user's is 404",
  })
  @Roles(Role.Admin, Role.Teacher)
  @Post('calendar-feeds/:id/rotate')
  rotate(@CurrentUser() user: AuthUser, @OrgId() orgId: string, @Param('id', UuidParam) id: string) {
    return this.feeds.rotate(user, orgId, id);
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
