import { HttpStatus, Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { registerConstraintReply } from '../../common/http/constraint-replies';
import { SERVER_TIME_ZONE } from '../../common/time-zone';
import {
  SessionConflicts,
  type ConflictCheckOptions,
  type ConflictScope,
  type SessionConflictSource,
} from '../classes/session-conflicts.port';
import { OrganizationsService } from '../organizations/organizations.service';
import { instructorConflictText, roomConflictText, sessionTime } from './conflict-text';
import { ScheduleConflictError, ScheduleConflictException } from './schedule-conflicts.exception';
import { ScheduleConflictsRepository, type Clash } from './schedule-conflicts.repository';

/** At most this many pairs on the Conflicts screen (the oldest first: the soonest to act on). */
const SCREEN_LIMIT = 200;

const detail = (c: Clash) => ({
  sessionId: c.sessionId,
  otherSessionId: c.otherSessionId,
  otherClassId: c.otherClassId,
  otherClassTitle: c.otherClassTitle,
  otherStartsAt: c.otherStartsAt,
  otherEndsAt: c.otherEndsAt,
});

/**
 * Rooms and instructors booked twice at once (issue 39 §2). A room booked twice is refused; an instructor booked
 * twice is refused unless the admin says to keep it. The database's exclusion constraint refuses a double-booked room
 * whatever this check saw (two writes racing each other), answered by the exception filter as ROOM_CONFLICT too.
 */
@Injectable()
export class ScheduleConflictsService implements OnModuleInit, SessionConflictSource {
  constructor(
    private readonly repo: ScheduleConflictsRepository,
    private readonly orgs: OrganizationsService,
    private readonly port: SessionConflicts,
  ) {}

  onModuleInit(): void {
    this.port.register(this);
    // Two writes racing for one room slot: the loser's check could not see the winner, the constraint at commit did.
    registerConstraintReply('class_sessions_room_no_overlap', {
      status: HttpStatus.CONFLICT,
      code: ScheduleConflictError.RoomConflict,
      error:
        'This room was booked for an overlapping time by another session a moment ago. Reload to see it, then choose another room or time.',
    });
  }

  async check(manager: EntityManager, organizationId: string, scope: ConflictScope, options: ConflictCheckOptions): Promise<void> {
    const clashes = await this.repo.clashes(manager, organizationId, scope);
    const rooms = clashes.filter((c) => c.kind === 'room');
    const people = options.allowInstructorConflict ? [] : clashes.filter((c) => c.kind === 'instructor');
    const first = rooms[0] ?? people[0];
    if (!first) return;
    const zone = (await this.orgs.require(organizationId, manager)).settings.timeZone ?? SERVER_TIME_ZONE;
    const when = sessionTime(first.otherStartsAt, first.otherEndsAt, zone);
    if (first.kind === 'room') {
      throw new ScheduleConflictException(
        ScheduleConflictError.RoomConflict,
        roomConflictText(first.resourceName, first.otherClassTitle, when),
        { roomId: first.resourceId, conflicts: rooms.map(detail) },
      );
    }
    throw new ScheduleConflictException(
      ScheduleConflictError.InstructorConflict,
      instructorConflictText(first.resourceName, first.otherClassTitle, when),
      { instructorId: first.resourceId, conflicts: people.map(detail) },
    );
  }

  /** The organization's current conflicts: pairs of sessions not yet ended that share an exclusive room or an instructor. */
  list(organizationId: string, now = new Date()) {
    return this.repo.current(organizationId, now, SCREEN_LIMIT);
  }
}
