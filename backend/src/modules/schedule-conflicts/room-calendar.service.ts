import { Injectable, NotFoundException } from '@nestjs/common';
import { AppException } from '../../common/http/app-exception';
import { addDays, datesBetween, localDate, SERVER_TIME_ZONE } from '../../common/time-zone';
import { OrganizationsService } from '../organizations/organizations.service';
import { isCalendarDate } from './dto/room-calendar.dto';
import { RoomCalendarRepository } from './room-calendar.repository';

const WEEK_MESSAGE = 'week must be a date written YYYY-MM-DD';

/** The Monday of the week `date` falls in (calendar arithmetic: weeks start on Monday, as ISO weeks do). */
export function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}

/**
 * The room week calendar (issue 39 §2): every room of the organization (or of one location) and the sessions booked
 * in them from Monday to Sunday, in the organization's zone. Read only; the sessions are changed from their class.
 */
@Injectable()
export class RoomCalendarService {
  constructor(
    private readonly repo: RoomCalendarRepository,
    private readonly orgs: OrganizationsService,
  ) {}

  async week(organizationId: string, query: { week?: string; locationId?: string }, now = new Date()) {
    if (query.week !== undefined && !isCalendarDate(query.week))
      throw new AppException(400, WEEK_MESSAGE, { errors: { week: WEEK_MESSAGE } });
    const locationId = query.locationId ?? null;
    if (locationId && !(await this.repo.hasLocation(organizationId, locationId))) throw new NotFoundException('Location not found');
    const timeZone = (await this.orgs.require(organizationId)).settings.timeZone ?? SERVER_TIME_ZONE;
    const weekStart = mondayOf(query.week ?? localDate(now, timeZone));
    const weekEnd = addDays(weekStart, 6);
    const [from, to] = await Promise.all([this.repo.midnight(weekStart, timeZone), this.repo.midnight(addDays(weekStart, 7), timeZone)]);
    const [rooms, sessions] = await Promise.all([
      this.repo.rooms(organizationId, locationId),
      this.repo.sessions(organizationId, locationId, from, to),
    ]);
    return { weekStart, weekEnd, timeZone, days: datesBetween(weekStart, weekEnd), rooms, sessions };
  }
}
