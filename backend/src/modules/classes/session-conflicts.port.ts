import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** Which sessions a write just laid out: every session of a class, or one session. */
export type ConflictScope = { classId: string } | { sessionId: string };

export interface ConflictCheckOptions {
  /** The admin saw the instructor warning and keeps the booking anyway. */
  allowInstructorConflict?: boolean;
}

/**
 * The check a write of sessions goes through before its transaction commits: a room booked twice is refused
 * (ROOM_CONFLICT, naming the other class and time), an instructor booked twice is refused unless the admin allows it
 * (INSTRUCTOR_CONFLICT). The schedule-conflicts module answers (it reads sessions, rooms and instructors together);
 * registered in its `onModuleInit`. The database's exclusion constraint stays the last word on rooms (races).
 */
export interface SessionConflictSource {
  check(manager: EntityManager, organizationId: string, scope: ConflictScope, options: ConflictCheckOptions): Promise<void>;
}

@Injectable()
export class SessionConflicts {
  private source: SessionConflictSource | null = null;

  register(source: SessionConflictSource): void {
    this.source = source;
  }

  /** Runs the check in the caller's transaction, after the sessions are written (no module registered: no check). */
  check(manager: EntityManager, organizationId: string, scope: ConflictScope, options: ConflictCheckOptions = {}): Promise<void> {
    return this.source ? this.source.check(manager, organizationId, scope, options) : Promise.resolve();
  }
}
