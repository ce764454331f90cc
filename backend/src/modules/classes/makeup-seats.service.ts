import { Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ClassEntity } from './class.entity';
import { ClassesRepository } from './classes.repository';
import { MakeUpSeatsRepository } from './makeup-seats.repository';
import { PublicListCache } from './public-list.cache';

/** Thrown when a make-up finds no seat: the makeups module answers it with its own code. */
export class MakeUpSeatUnavailable extends Error {
  constructor() {
    super('This session has no seat left for a make-up.');
  }
}

/** A make-up's seat in one session (makeup-seats.repository.ts says the counting rule). */
@Injectable()
export class MakeUpSeats {
  constructor(
    private readonly repo: MakeUpSeatsRepository,
    private readonly classes: ClassesRepository,
    private readonly cache: PublicListCache,
  ) {}

  /** One seat in the session, in the registration's transaction, or MakeUpSeatUnavailable; the class as it stands. */
  async hold(m: EntityManager, organizationId: string, classId: string, sessionId: string, extra: number): Promise<ClassEntity> {
    const taken = await this.repo.takeInSession(m, organizationId, classId, sessionId, extra);
    if (taken === null || !(await this.repo.raisePeak(m, organizationId, classId, taken, extra))) throw new MakeUpSeatUnavailable();
    this.cache.seatsChanged(organizationId);
    const cls = await this.classes.findInOrganization(classId, organizationId, m);
    if (!cls) throw new NotFoundException(`Class with ID ${classId} not found`);
    return cls;
  }
}
