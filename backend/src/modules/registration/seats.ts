import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ClassEntity } from '../classes/class.entity';
import { ClassesService } from '../classes/classes.service';
import { DropInSeats } from '../classes/drop-in-seats.service';
import { MakeUpSeats } from '../classes/makeup-seats.service';
import { splitSeatKeys } from './seat-keys';

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
  constructor(
    private readonly classes: ClassesService,
    private readonly dropIns: DropInSeats,
    private readonly makeUps: MakeUpSeats,
  ) {}

  /**
   * One seat for this holder, or the registration's 404 (no such class) / 409 (full, or not open); the class as the
   * update left it.
   */
  hold(m: EntityManager, holder: SeatHolder, classId: string, organizationId: string): Promise<ClassEntity> {
    return this.classes.claimSeat(m, classId, organizationId);
  }

  /** A drop-in's one seat in its session (issue 39 §3), or the refusal; the class, as `hold` answers it. */
  holdDropIn(m: EntityManager, classId: string, organizationId: string, sessionId: string): Promise<ClassEntity> {
    return this.dropIns.hold(m, organizationId, classId, sessionId);
  }

  /**
   * A make-up's seat in one session (issue 41 §3): a free seat or one of the policy's `extra` seats beyond the class
   * maximum, counted with the session's drop-ins (so `release` gives it back by its session key); the class as it is.
   */
  holdMakeUp(m: EntityManager, classId: string, organizationId: string, sessionId: string, extra: number): Promise<ClassEntity> {
    return this.makeUps.hold(m, organizationId, classId, sessionId, extra);
  }

  /**
   * Gives back the seats of holders that actually left a seat-taking state (pass the seat keys RETURNING gave, one per
   * seat: a class id, or a drop-in's session key, seat-keys.ts), so each seat is freed exactly once; the waitlist is
   * offered a class's freed seats in this transaction (SeatsFreedHooks).
   */
  async release(m: EntityManager, holder: SeatHolder, organizationId: string, seatKeys: string[]): Promise<void> {
    const { classIds, sessionIds } = splitSeatKeys(seatKeys);
    await this.dropIns.release(m, organizationId, sessionIds);
    await this.classes.releaseSeats(m, organizationId, classIds);
  }
}
