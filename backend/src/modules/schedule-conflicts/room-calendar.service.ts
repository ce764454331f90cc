import { Injectable, NotFoundException } from '@nestjs/common';
import { AppException } from '../../common/http/app-exception';
import { addDays, datesBetween, localDate, SERVER_TIME_ZONE } from '../../common/time-zone';
import { OrganizationsService } from '../organizations/organizations.service';
import { isCalendarDate, type RoomCalendarQuery } from './dto/room-calendar.dto';
import { RoomCalendarRepository } from './room-calendar.repository';

const WEEK_MESSAGE = 'week must be a date written YYYY-MM-DD';

/** The Monday of the week `date` falls in (calendar arithmetic: weeks start on Monday, as ISO weeks do). */
export function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}

/** The first and last day of the month `date` falls in. */
export function monthOf(date: string): [string, string] {
  const first = `${date.slice(0, 7)}-01`;
  const next = new Date(`${first}T00:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return [first, addDays(next.toISOString().slice(0, 10), -1)];
}

/**
 * The room calendar (issue 39 §2): every room of the organization (or of one location) and the sessions booked in
 * them from Monday to Sunday, or over a month, in the organization's zone; by instructor, every instructor and the
 * sessions each teaches (with or without a room). Read only; the sessions are changed from their class.
 */
@Injectable()
export class RoomCalendarService {
  constructor(
    private readonly repo: RoomCalendarRepository,
    private readonly orgs: OrganizationsService,
  ) {}

  async week(organizationId: string, query: RoomCalendarQuery, now = new Date()) {
    if (query.week !== undefined && !isCalendarDate(query.week))
      throw new AppException(400, WEEK_MESSAGE, { errors: { week: WEEK_MESSAGE } });
    const locationId = query.locationId ?? null;
    if (locationId && !(await this.repo.hasLocation(organizationId, locationId))) throw new NotFoundException('Location not found');
    const timeZone = (await this.orgs.require(organizationId)).settings.timeZone ?? SERVER_TIME_ZONE;
    const period = query.period ?? 'week';
    const by = query.by ?? 'room';
    const day = query.week ?? localDate(now, timeZone);
    const [start, end] = period === 'month' ? monthOf(day) : [mondayOf(day), addDays(mondayOf(day), 6)];
    const [from, to] = await Promise.all([this.repo.midnight(start, timeZone), this.repo.midnight(addDays(end, 1), timeZone)]);
    const [rooms, sessions, instructors] = await Promise.all([
      this.repo.rooms(organizationId, locationId),
      this.repo.sessions(organizationId, locationId, from, to, by === 'instructor'),
      by === 'instructor' ? this.repo.instructors(organizationId) : Promise.resolve([]),
    ]);
    // weekStart/weekEnd: the first and last day shown (a month's when the period is a month), as before for a week.
    return { period, by, weekStart: start, weekEnd: end, timeZone, days: datesBetween(start, end), rooms, instructors, sessions };
  }
}
