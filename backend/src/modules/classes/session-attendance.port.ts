import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/**
 * Which sessions of a class have attendance taken: the attendance module answers (it owns the marks) so that a
 * schedule change never deletes a session someone was marked in. Filled in the attendance module's `onModuleInit`.
 */
export interface SessionAttendanceSource {
  markedSessionIndexes(manager: EntityManager, organizationId: string, classId: string): Promise<number[]>;
}

@Injectable()
export class SessionAttendance {
  private source: SessionAttendanceSource | null = null;

  register(source: SessionAttendanceSource): void {
    this.source = source;
  }

  /** The indexes of the class's sessions with at least one mark (none when no module answers). */
  marked(manager: EntityManager, organizationId: string, classId: string): Promise<number[]> {
    return this.source ? this.source.markedSessionIndexes(manager, organizationId, classId) : Promise.resolve([]);
  }
}
