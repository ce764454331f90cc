import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ClassEntity } from '../classes/class.entity';
import { ClassesService } from '../classes/classes.service';

/**
 * The one door to a class's seat counter for everything that holds a seat: an enrollment (in person or a card hold),
 * a waitlist offer, a switch's top-up. The counter and its conditional update are the classes module's; holding and
 * giving back go through here, so who takes and frees seats can be read in one place (an architecture test keeps
 * ClassesService's seat writes called from this file only).
 */
@Injectable()
export class Seats {
  constructor(private readonly classes: ClassesService) {}

  /** One seat, or the registration's 404 (no such class) / 409 (full, or not open); the class as the update left it. */
  hold(m: EntityManager, classId: string, organizationId: string): Promise<ClassEntity> {
    return this.classes.claimSeat(m, classId, organizationId);
  }

  /**
   * Gives back the seats of holders that actually left a seat-taking state (pass the class ids RETURNING gave, one per
   * seat), so each seat is freed exactly once; the waitlist is offered them in this transaction (SeatsFreedHooks).
   */
  release(m: EntityManager, organizationId: string, classIds: string[]): Promise<void> {
    return this.classes.releaseSeats(m, organizationId, classIds);
  }
}
