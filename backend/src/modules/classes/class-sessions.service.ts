// A class's sessions as records: laid out from its schedule, kept in step with it, moved and cancelled one by one.
import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { localDate, SERVER_TIME_ZONE } from '../../common/time-zone';
import { OrganizationsService } from '../organizations/organizations.service';
import { TermsService } from '../terms/terms.service';
import { mapClass, sessionDates, type ClassEntity, type ClassResponse } from './class.entity';
import { mapSession, type ClassSessionEntity, type SessionResponse } from './class-session.entity';
import { ClassSessionsRepository } from './class-sessions.repository';
import { ClassError, ClassException } from './classes.exception';
import { ClassesRepository } from './classes.repository';
import { ClosedDatesRepository } from './closed-dates.repository';
import type { UpdateSessionDto } from './dto/class-session.dto';
import { PublicListCache } from './public-list.cache';
import { planSessions } from './session-schedule';
import { SessionAttendance } from './session-attendance.port';
import { SessionConflicts, type ConflictCheckOptions } from './session-conflicts.port';
import { InstructorsService } from '../instructors/instructors.service';
import { VenuesService } from '../venues/venues.service';

/** What a class's session dates depend on: a change of any of them lays the sessions out again. */
const scheduleBasis = (c: Pick<ClassEntity, 'startDate' | 'days' | 'schedule' | 'duration'>) =>
  [new Date(c.startDate).getTime(), c.days, c.schedule, c.duration].join('|');

/** What decides whom and which room the sessions book: a change of any of them is checked for conflicts again. */
const bookingBasis = (c: Pick<ClassEntity, 'roomId' | 'instructorId' | 'status'>) =>
  [c.roomId, c.instructorId, c.status === 'Cancelled'].join('|');

const notFound = (id: string) => new NotFoundException(`Class session with ID ${id} not found`);

@Injectable()
export class ClassSessionsService {
  constructor(
    private readonly repo: ClassSessionsRepository,
    private readonly classes: ClassesRepository,
    private readonly closed: ClosedDatesRepository,
    private readonly orgs: OrganizationsService,
    private readonly terms: TermsService,
    private readonly attendance: SessionAttendance,
    private readonly cache: PublicListCache,
    private readonly conflicts: SessionConflicts,
    private readonly venues: VenuesService,
    private readonly instructors: InstructorsService,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  /** The organization's zone: where a session's local date and time are read. */
  async zoneOf(organizationId: string, manager?: EntityManager): Promise<string> {
    return (await this.orgs.require(organizationId, manager)).settings.timeZone ?? SERVER_TIME_ZONE;
  }

  /** A new class's sessions, in the transaction that created it; a room or instructor booked at those times refuses it. */
  async createFor(manager: EntityManager, c: ClassEntity, options: ConflictCheckOptions = {}): Promise<void> {
    await this.repo.apply(manager, c.organizationId, c.id, await this.plan(manager, c));
    await this.conflicts.check(manager, c.organizationId, { classId: c.id }, options);
  }

  /**
   * Keeps the sessions in step with a changed schedule (start, count, Consecutive/Weekly, duration), in the class's
   * update transaction. A session with attendance is never deleted: a change that would drop one is refused.
   */
  async keepInStep(manager: EntityManager, before: ClassEntity, after: ClassEntity, options: ConflictCheckOptions = {}): Promise<void> {
    const rebooked = bookingBasis(before) !== bookingBasis(after);
    if (scheduleBasis(before) === scheduleBasis(after)) {
      if (rebooked) await this.conflicts.check(manager, after.organizationId, { classId: after.id }, options);
      return;
    }
    const plan = await this.plan(manager, after);
    const marked = (await this.attendance.marked(manager, after.organizationId, after.id)).filter((i) => i >= plan.length);
    if (marked.length) {
      const which = marked.map((i) => i + 1).join(', ');
      throw new ClassException(
        ClassError.SessionHasAttendance,
        `This change would remove session ${which}, which has attendance taken. Keep at least ${Math.max(...marked) + 1} sessions.`,
        { sessionIndexes: marked },
      );
    }
    const dropIns = await this.repo.withDropIns(manager, after.id, plan.length);
    if (dropIns.length) {
      const which = dropIns.map((i) => i + 1).join(', ');
      throw new ClassException(
        ClassError.SessionHasDropIns,
        `This change would remove session ${which}, which has drop-ins. Keep at least ${Math.max(...dropIns) + 1} sessions.`,
        { sessionIndexes: dropIns },
      );
    }
    await this.repo.apply(manager, after.organizationId, after.id, plan);
    await this.conflicts.check(manager, after.organizationId, { classId: after.id }, options);
  }

  private async plan(manager: EntityManager, c: ClassEntity) {
    const [zone, closed] = await Promise.all([this.zoneOf(c.organizationId, manager), this.closed.list(c.organizationId, manager)]);
    return planSessions(c.startDate, c.days, c.schedule, c.duration, zone, new Set(closed.map((d) => d.date)));
  }

  /** A class's sessions (404 when the class is not the organization's). */
  async list(organizationId: string, classId: string): Promise<SessionResponse[]> {
    const c = await this.classes.findInOrganization(classId, organizationId);
    if (!c) throw new NotFoundException(`Class with ID ${classId} not found`);
    return (await this.repo.ofClass(organizationId, classId)).map(mapSession);
  }

  /**
   * A class's sessions as attendance and teacher mode count them: id, index, start and whether it is cancelled, from the
   * records (a class without any, written around this module, falls back to its computed schedule).
   */
  async startsOf(c: ClassEntity): Promise<{ id: string | null; sessionIndex: number; startsAt: Date; cancelled: boolean }[]> {
    const records = (await this.repo.ofClasses(c.organizationId, [c.id])).get(c.id);
    if (records?.length)
      return records.map((s) => ({ id: s.id, sessionIndex: s.sessionIndex, startsAt: s.startsAt, cancelled: s.status === 'cancelled' }));
    return sessionDates(c.startDate, c.days, c.schedule).map((startsAt, sessionIndex) => ({
      id: null,
      sessionIndex,
      startsAt,
      cancelled: false,
    }));
  }

  /** Class replies with their session records, for classes of any organization (the jobs that read them all). */
  async withRecords(rows: ClassEntity[]): Promise<ClassResponse[]> {
    const records = await this.repo.ofClasses(
      null,
      rows.map((c) => c.id),
    );
    return rows.map((c) => mapClass(c, null, null, null, records.get(c.id)));
  }

  /** The records of several classes of one organization (the readers that used to compute them). */
  ofClasses(organizationId: string, classIds: string[]): Promise<Map<string, ClassSessionEntity[]>> {
    return this.repo.ofClasses(organizationId, classIds);
  }

  /** Moves a session (date, time), or changes its note, room or instructor. A cancelled session stays as it is. */
  async update(organizationId: string, id: string, dto: UpdateSessionDto): Promise<SessionResponse> {
    const saved = await this.db.transaction(async (manager) => {
      const s = await this.repo.lock(manager, organizationId, id);
      if (!s) throw notFound(id);
      if (s.status === 'cancelled')
        throw new ClassException(ClassError.SessionCancelled, 'This session is cancelled: it cannot be changed.');
      const startsAt = dto.startsAt ? new Date(dto.startsAt) : s.startsAt;
      // Moving only the start keeps the session's length.
      const endsAt = dto.endsAt
        ? new Date(dto.endsAt)
        : dto.startsAt
          ? new Date(startsAt.getTime() + (s.endsAt.getTime() - s.startsAt.getTime()))
          : s.endsAt;
      if (endsAt <= startsAt) {
        throw new ClassException(ClassError.SessionEndBeforeStart, 'A session must end after it starts', {
          errors: { endsAt: 'A session must end after it starts' },
        });
      }
      if (dto.startsAt || dto.endsAt) await this.assertInTerm(manager, organizationId, s.classId, startsAt, endsAt);
      if (dto.roomId) await this.assertRoom(manager, organizationId, s.classId, dto.roomId);
      if (dto.instructorId) await this.instructors.resolve(organizationId, dto.instructorId);
      Object.assign(s, { startsAt, endsAt });
      if (dto.note !== undefined) s.note = dto.note;
      if (dto.roomId !== undefined) s.roomId = dto.roomId;
      if (dto.instructorId !== undefined) s.instructorId = dto.instructorId;
      await this.repo.touchClass(manager, s.classId);
      const saved = await this.repo.save(manager, s);
      if (dto.startsAt || dto.endsAt || dto.roomId !== undefined || dto.instructorId !== undefined)
        await this.conflicts.check(manager, organizationId, { sessionId: s.id }, { allowInstructorConflict: dto.allowInstructorConflict });
      return saved;
    });
    this.cache.invalidate(organizationId);
    return mapSession(saved);
  }

  /** A session's own room is one of the organization's, in its class's location when the class has one (400 naming roomId). */
  private async assertRoom(manager: EntityManager, organizationId: string, classId: string, roomId: string) {
    const c = await this.classes.findInOrganization(classId, organizationId, manager);
    await this.venues.resolvePlace(organizationId, c?.locationId ?? null, roomId);
  }

  /** A session of a class with a term stays within the term's dates (the organization's calendar days). */
  private async assertInTerm(manager: EntityManager, organizationId: string, classId: string, startsAt: Date, endsAt: Date) {
    const c = await this.classes.findInOrganization(classId, organizationId, manager);
    const term = c?.termId ? await this.terms.find(organizationId, c.termId, manager) : null;
    if (!term) return;
    const zone = await this.zoneOf(organizationId, manager);
    if (localDate(startsAt, zone) < term.startDate || localDate(endsAt, zone) > term.endDate) {
      const message = `This session must fall within the class's term "${term.name}" (${term.startDate} to ${term.endDate})`;
      throw new ClassException(ClassError.SessionOutsideTerm, message, { errors: { startsAt: message } });
    }
  }

  /**
   * Cancels a session inside the caller's transaction (who is told is the caller's business) and answers it with
   * its class. An already cancelled session is refused, so its notices go once.
   */
  async cancel(
    manager: EntityManager,
    organizationId: string,
    id: string,
    reason: string,
  ): Promise<{ session: ClassSessionEntity; cls: ClassEntity; sessionCount: number }> {
    const s = await this.repo.lock(manager, organizationId, id);
    if (!s) throw notFound(id);
    if (s.status === 'cancelled') throw new ClassException(ClassError.SessionCancelled, 'This session is already cancelled.');
    const cls = await this.classes.findInOrganization(s.classId, organizationId, manager);
    if (!cls) throw notFound(id);
    Object.assign(s, { status: 'cancelled', cancelReason: reason, cancelledAt: new Date() });
    const session = await this.repo.save(manager, s);
    await this.repo.touchClass(manager, s.classId);
    this.cache.invalidate(organizationId);
    // The class's sessions, cancelled ones included: what a registration paid for (a session's share divides by it).
    const sessionCount = (await this.repo.ofClass(organizationId, s.classId, manager)).length;
    return { session, cls, sessionCount };
  }
}
