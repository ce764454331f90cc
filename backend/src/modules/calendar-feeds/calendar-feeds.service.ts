import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { createHash, randomBytes } from 'node:crypto';
import { createEvents, type EventAttributes } from 'ics';
import type { AuthUser } from '../../common/auth/auth-user';
import { Role } from '../../common/auth/roles';
import type { AllConfigType } from '../../config/config.type';
import { sessionDates } from '../classes/class.entity';
import { CalendarFeedsRepository, type FeedClass, type FeedRow } from './calendar-feeds.repository';
import type { CreateCalendarFeedDto } from './dto/calendar-feed.dto';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
/** The feed's secret: 24 random bytes in the URL; only its hash is stored. */
const newToken = () => randomBytes(24).toString('base64url');

/**
 * Calendar feeds: an admin makes feeds of the organization or of one class; anyone signed in (a teacher) makes
 * one of their own classes. The URL carries a random token, shown once; revoking it makes the URL answer 404.
 */
@Injectable()
export class CalendarFeedsService {
  private readonly publicUrl: string;

  constructor(
    private readonly repo: CalendarFeedsRepository,
    config: ConfigService<AllConfigType>,
  ) {
    this.publicUrl = config.getOrThrow('app', { infer: true }).publicUrl;
  }

  list(user: AuthUser, organizationId: string) {
    return this.repo.list(organizationId, user.role === Role.Admin ? null : user.id);
  }

  async one(user: AuthUser, organizationId: string, id: string): Promise<FeedRow> {
    const row = (await this.list(user, organizationId)).find((f) => f.id === id);
    if (!row) throw new NotFoundException('Calendar feed not found');
    return row;
  }

  async create(user: AuthUser, organizationId: string, dto: CreateCalendarFeedDto) {
    if (user.role !== Role.Admin && dto.scope !== 'teacher')
      throw new ForbiddenException("A teacher's calendar feed is of their own classes: use the scope 'teacher'.");
    if (dto.scope === 'class') {
      if (!dto.classId)
        throw new BadRequestException({
          message: 'classId is required for a class feed',
          errors: { classId: 'classId is required for a class feed' },
        });
      if (!(await this.repo.classExists(organizationId, dto.classId))) throw new NotFoundException('Class not found');
    } else if (dto.classId) {
      throw new BadRequestException({
        message: 'classId is only for a class feed',
        errors: { classId: 'classId is only for a class feed' },
      });
    }
    const token = newToken();
    const row = await this.repo.insert({
      organizationId,
      userId: user.id,
      scope: dto.scope,
      classId: dto.scope === 'class' ? dto.classId! : null,
      tokenHash: hashOf(token),
    });
    return { ...row, url: this.urlOf(token) };
  }

  /**
   * Rotates a feed's secret: the same feed with a new URL, shown once; the old URL answers 404 from the same
   * statement (a teacher who shared the link by mistake). A teacher rotates only their own; a revoked feed is 404.
   */
  async rotate(user: AuthUser, organizationId: string, id: string) {
    const token = newToken();
    const row = await this.repo.rotate(organizationId, id, user.role === Role.Admin ? null : user.id, hashOf(token));
    if (!row) throw new NotFoundException('Calendar feed not found');
    return { ...row, url: this.urlOf(token) };
  }

  private urlOf(token: string): string {
    return `${this.publicUrl}/api/calendar/${token}.ics`;
  }

  async revoke(user: AuthUser, organizationId: string, id: string): Promise<FeedRow> {
    const row = await this.repo.revoke(organizationId, id, user.role === Role.Admin ? null : user.id);
    if (!row) throw new NotFoundException('Calendar feed not found');
    return row;
  }

  /** The feed's iCalendar text and its ETag, or null (unknown or revoked token). */
  async ics(token: string): Promise<{ body: string; etag: string } | null> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
    const feed = await this.repo.feed(hashOf(token));
    if (!feed) return null;
    const body = calendarOf(feed.organizationName, feed.classes, this.publicUrl);
    return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
  }
}

/**
 * A class's sessions from its records (each its own time, length and status). A class with no records (none is left
 * after the ClassSessions migration's backfill; a row written around the classes module) falls back to its schedule.
 */
function sessionsOf(c: FeedClass): { sessionIndex: number; start: number; minutes: number; cancelled: boolean; place: string | null }[] {
  if (c.sessions?.length) {
    return c.sessions.map((s) => {
      const start = new Date(s.startsAt).getTime();
      return {
        sessionIndex: s.sessionIndex,
        start,
        minutes: Math.round((new Date(s.endsAt).getTime() - start) / 60_000),
        cancelled: s.status === 'cancelled',
        place: s.place ?? null,
      };
    });
  }
  return sessionDates(c.startDate, c.days, c.schedule).map((d, i) => ({
    sessionIndex: i,
    start: d.getTime(),
    minutes: c.duration,
    cancelled: false,
    place: null,
  }));
}

/**
 * One VEVENT per session. The UID is the class's id and the session's number, the same as in the confirmation
 * email's .ics, so a calendar that has both shows one event; a cancelled class keeps its events, marked
 * STATUS:CANCELLED, so subscribed calendars strike them out instead of silently losing them.
 */
export function calendarOf(organizationName: string, classes: FeedClass[], publicUrl: string): string {
  const events: EventAttributes[] = classes.flatMap((c) => {
    const sessions = sessionsOf(c);
    // Of the class's sessions, not of those in this feed (a teacher's holds only the ones they teach).
    const count = Math.max(c.sessionCount ?? 0, sessions.length);
    return sessions.map((s) => ({
      uid: `${c.id}-${s.sessionIndex}@classlane`,
      title: count > 1 ? `${c.title} (session ${s.sessionIndex + 1} of ${count})` : c.title,
      description: [c.description, c.instructor ? `Instructor: ${c.instructor}` : ''].filter(Boolean).join('\n'),
      // A session moved to another room is at that room's place; the others at the class's.
      location: s.place ?? c.location,
      start: s.start,
      startInputType: 'utc' as const,
      startOutputType: 'utc' as const,
      duration: { minutes: s.minutes },
      // A cancelled class, or this one session cancelled: struck out in subscribed calendars, not silently dropped.
      status: c.status === 'Cancelled' || s.cancelled ? ('CANCELLED' as const) : ('CONFIRMED' as const),
      lastModified: c.updatedAt.getTime(),
      // DTSTAMP from the class too, not the clock (ics's default): the same content is the same bytes, hence the
      // same ETag, so a polling calendar gets 304 until something changes. (ics validates it; its types omit it.)
      ...({ timestamp: c.updatedAt.getTime() } as object),
      url: `${publicUrl}/class/${c.id}`,
      productId: 'classlane/ics',
    }));
  });
  if (!events.length) {
    // ics refuses an empty list; an empty calendar is still a valid feed.
    return [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'CALSCALE:GREGORIAN',
      'PRODID:classlane/ics',
      'METHOD:PUBLISH',
      `X-WR-CALNAME:${organizationName}`,
      'END:VCALENDAR',
      '',
    ].join('\r\n');
  }
  const { error, value } = createEvents(events, { calName: organizationName, productId: 'classlane/ics' });
  if (error || !value) throw error ?? new Error('Could not build the calendar feed');
  return value;
}
