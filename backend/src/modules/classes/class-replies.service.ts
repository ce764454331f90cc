// Builds class replies (term name, registration window, time zone): shared by the admin service and the public list.
import { Injectable } from '@nestjs/common';
import { activeWaitingRoom } from '../organizations/organization.entity';
import { OrganizationsService } from '../organizations/organizations.service';
import { effectiveWindow } from '../terms/registration-window';
import { TermsService } from '../terms/terms.service';
import { SERVER_TIME_ZONE } from '../../common/time-zone';
import { mapClass, type ClassEntity, type ClassResponse } from './class.entity';
import type { ClassSessionEntity } from './class-session.entity';
import { ClassSessionsRepository } from './class-sessions.repository';

@Injectable()
export class ClassReplies {
  constructor(
    private readonly terms: TermsService,
    private readonly orgs: OrganizationsService,
    private readonly sessions: ClassSessionsRepository,
  ) {}

  /** Class replies with their term's name and the registration window (one query for all their terms). */
  async withTerms(organizationId: string, rows: ClassEntity[]): Promise<ClassResponse[]> {
    const [{ termOf, zone, room }, sessions] = await Promise.all([
      this.termContext(organizationId, rows),
      this.sessionsOf(organizationId, rows),
    ]);
    return rows.map((c) => mapClass(c, termOf(c), zone, room, sessions.get(c.id)));
  }

  /** The session records of these classes (one query), by class id. */
  sessionsOf(organizationId: string, rows: ClassEntity[]): Promise<Map<string, ClassSessionEntity[]>> {
    return this.sessions.ofClasses(
      organizationId,
      rows.map((r) => r.id),
    );
  }

  async withTerm(c: ClassEntity): Promise<ClassResponse> {
    return (await this.withTerms(c.organizationId, [c]))[0];
  }

  /** What a class reply needs besides the class: its term, and the organization's time zone when a class has an opening. */
  async termContext(organizationId: string, rows: ClassEntity[]) {
    const terms = await this.terms.byIds(
      organizationId,
      rows.map((r) => r.termId).filter((id): id is string => !!id),
    );
    const termOf = (c: ClassEntity) => (c.termId && terms.get(c.termId)) || null;
    // The organization's time zone goes with an opening, so the page says it in the organization's own hours.
    // With it, how long its waiting room stays on after an opening (null: it has none), read in the same organization read.
    const org = rows.some((c) => effectiveWindow(c, termOf(c)).opensAt) ? await this.orgs.require(organizationId) : null;
    const zone = org ? (org.settings.timeZone ?? SERVER_TIME_ZONE) : null;
    const waitingRoom = activeWaitingRoom(org?.settings);
    return { termOf, zone, room: waitingRoom?.minutes ?? null, admitPerMinute: waitingRoom?.admitPerMinute ?? null };
  }
}
