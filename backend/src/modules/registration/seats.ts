import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ClassEntity } from '../classes/class.entity';
import { ClassesService } from '../classes/classes.service';
import { DropInSeats } from '../classes/drop-in-seats.service';
import { splitSeatKeys } from './seat-keys';

/**
 * The one door to a class's seat counter for everything that holds a seat: an enrollment (in person or a card hold),
 * a waitlist offer, a switch's top-up. The counter and its conditional update are the classes module's; holding and
 * giving back go through here, so who takes and frees seats can be read in one place (an architecture test keeps
 * ClassesService's seat writes called from this file only).
 */
@Injectable()
export class Seats {
  constructor(
    private readonly classes: ClassesService,
    private readonly dropIns: DropInSeats,
  ) {}

  /** One seat, or the registration's 404 (no such class) / 409 (full, or not open); the class as the update left it. */
  hold(m: EntityManager, classId: string, organizationId: string): Promise<ClassEntity> {
    return this.classes.claimSeat(m, classId, organizationId);
  }

  /** A drop-in's one seat in its session (issue 39 §3), or the refusal; the class, as `hold` answers it. */
  holdDropIn(m: EntityManager, classId: string, organizationId: string, sessionId: string): Promise<ClassEntity> {
    return this.dropIns.hold(m, organizationId, classId, sessionId);
  }

  /**
   * Gives back the seats of holders that actually left a seat-taking state (pass the seat keys RETURNING gave, one per
   * seat: a class id, or a drop-in's session key, seat-keys.ts), so each seat is freed exactly once; the waitlist is
   * offered a class's freed seats in this transaction (SeatsFreedHooks).
   */
  async release(m: EntityManager, organizationId: string, seatKeys: string[]): Promise<void> {
    const { classIds, sessionIds } = splitSeatKeys(seatKeys);
    await this.dropIns.release(m, organizationId, sessionIds);
    await this.classes.releaseSeats(m, organizationId, classIds);
  }
}
