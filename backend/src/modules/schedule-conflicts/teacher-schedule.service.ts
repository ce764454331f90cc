import { Injectable } from '@nestjs/common';
import { addDays, localDate, SERVER_TIME_ZONE } from '../../common/time-zone';
import { OrganizationsService } from '../organizations/organizations.service';
import { TeacherScheduleRepository } from './teacher-schedule.repository';

/** How far ahead "my sessions" looks by default: today and the next 13 days. */
export const DEFAULT_DAYS = 14;

/**
 * A signed-in teacher's own sessions (issue 39 §2): those of the instructor records linked to their user, from today
 * (in the organization's zone) on. A teacher with no linked record has none: the reply says so, and the dashboard
 * keeps its class lists.
 */
@Injectable()
export class TeacherScheduleService {
  constructor(
    private readonly repo: TeacherScheduleRepository,
    private readonly orgs: OrganizationsService,
  ) {}

  async mine(organizationId: string, userId: string, days = DEFAULT_DAYS, now = new Date()) {
    const timeZone = (await this.orgs.require(organizationId)).settings.timeZone ?? SERVER_TIME_ZONE;
    const today = localDate(now, timeZone);
    const instructors = await this.repo.instructorsOf(organizationId, userId);
    const base = { instructors: instructors.map((i) => i.name), timeZone, from: today, to: addDays(today, days - 1) };
    if (!instructors.length) return { ...base, sessions: [] };
    const [from, to] = await Promise.all([this.repo.midnight(today, timeZone), this.repo.midnight(addDays(today, days), timeZone)]);
    const sessions = await this.repo.taught(
      organizationId,
      instructors.map((i) => i.id),
      from,
      to,
    );
    return { ...base, sessions: sessions.map((s) => ({ ...s, date: localDate(new Date(s.startsAt), timeZone) })) };
  }
}
