import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ClassEntity } from '../classes/class.entity';
import { ClassesService } from '../classes/classes.service';

/**
 * Who holds a seat of a class. Every caller names the holder, so a reader sees who takes and frees seats, not how the
 * counter moves.
 * - `enrollment`: a registration, held for a card payment or active (in person, card, household, the admin's record).
 * - `offer`: a waitlist offer, which keeps a freed seat for the person offered it until they accept or it lapses.
 * - `top-up`: a switch to a dearer class being paid by card, which holds a seat in the new class until it is paid.
 */
export type SeatHolder = 'enrollment' | 'offer' | 'top-up';

/**
 * The one door to a class's seat counter for everything that holds a seat. The counter and its conditional update are
 * the classes module's; holding and giving back go through here (an architecture test keeps ClassesService's seat
 * writes called from this file only). A seat passing from one holder to the next (an offer accepted, a card hold
 * switched to in person, a paid top-up becoming the registration's seat) does not move the counter and does not come
 * here: the holders' own rows record the change.
 */
@Injectable()
export class Seats {
  constructor(private readonly classes: ClassesService) {}

  /**
   * One seat for this holder, or the registration's 404 (no such class) / 409 (full, or not open); the class as the
   * update left it.
   */
  hold(m: EntityManager, holder: SeatHolder, classId: string, organizationId: string): Promise<ClassEntity> {
    return this.classes.claimSeat(m, classId, organizationId);
  }

  /**
   * Gives back the seats of holders that actually left a seat-taking state (pass the class ids RETURNING gave, one per
   * seat), so each seat is freed exactly once; the waitlist is offered them in this transaction (SeatsFreedHooks).
   */
  release(m: EntityManager, holder: SeatHolder, organizationId: string, classIds: string[]): Promise<void> {
    return this.classes.releaseSeats(m, organizationId, classIds);
  }
}
