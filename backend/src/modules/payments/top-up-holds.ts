import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { TopUpsRepository, type TopUp } from './top-ups.repository';
import { Seats } from '../registration/seats';

/**
 * Ending a top-up's held seat, shared by the top-up flow and cancellation (a registration cancelled while a switch
 * is being paid gives the held seat back too). The seat is freed only by the call that moved the row out of `held`.
 */
@Injectable()
export class TopUpHolds {
  constructor(
    private readonly repo: TopUpsRepository,
    private readonly classSeats: Seats,
  ) {}

  /** held -> expired/failed, freeing the held seat (offered to the class's waitlist). Answers the intent to cancel, if any. */
  async end(m: EntityManager, t: TopUp, status: 'expired' | 'failed'): Promise<string | null> {
    if (!(await this.repo.endHold(m, t.id, status))) return null;
    await this.classSeats.release(m, 'top-up', t.organizationId, [t.toClassId]);
    return t.stripePaymentIntentId;
  }

  /** The registration's open top-up, if any, ended: the intent to cancel after the transaction. */
  async endOpenOf(m: EntityManager, enrollmentId: string): Promise<string | null> {
    const open = await this.repo.openOf(m, enrollmentId);
    return open ? this.end(m, open, 'expired') : null;
  }
}
