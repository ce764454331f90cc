import { Injectable } from '@nestjs/common';
import { mapClass } from './class.entity';
import type { TeacherScope } from './dto/teacher-classes.dto';
import { TeacherClassesRepository, type DayRange } from './teacher-classes.repository';

/** Spec 3 §2.11 and §9: the Upcoming Classes card shows at most 5. */
const UPCOMING_DEFAULT_LIMIT = 5;
const LIST_DEFAULT_LIMIT = 500;

/** Today in the server's local time zone: from local midnight to the next one. */
export function localDay(now = new Date()): DayRange {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const end = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return { start, end };
}

@Injectable()
export class TeacherClassesService {
  constructor(private readonly repo: TeacherClassesRepository) {}

  /**
   * "Today" means the class meets today: one of its sessions (the records, a cancelled one not counted) starts on
   * the server's local day. A Weekly class that started last week and meets again today is
   * one the teacher teaches today, so start-date-only would hide it.
   */
  async list(organizationId: string, scope: TeacherScope = 'all', limit?: number) {
    const max = limit ?? (scope === 'upcoming' ? UPCOMING_DEFAULT_LIMIT : LIST_DEFAULT_LIMIT);
    const rows = await this.repo.findForScope(organizationId, scope, localDay(), max);
    return rows.map(({ entity, paidCount, pendingCount }) => ({ ...mapClass(entity), paidCount, pendingCount }));
  }

  /** Quick Overview: totalStudents counts people once even when they take several classes. */
  overview(organizationId: string) {
    return this.repo.overview(organizationId, localDay());
  }
}
