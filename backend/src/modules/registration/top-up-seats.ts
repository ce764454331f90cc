import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ClassEntity } from '../classes/class.entity';
import { EnrollmentPaymentsPort, type TopUpHold } from './enrollment-payments';
import { Seats } from './seats';

/**
 * The seat a switch's top-up holds in the class it switches to, from its hold to its end, whoever ends it: the student
 * giving up, a failed or lapsed payment, a cancel or another switch of the registration. The seat is freed only by
 * the call that moved the top-up out of `held` (its row is the payments module's, reached through the port).
 */
@Injectable()
export class TopUpSeats {
  constructor(
    private readonly port: EnrollmentPaymentsPort,
    private readonly seats: Seats,
  ) {}

  /** One seat in the class switched to, or the registration's 404/409; nothing is written when it refuses. */
  hold(m: EntityManager, toClassId: string, organizationId: string): Promise<ClassEntity> {
    return this.seats.hold(m, 'top-up', toClassId, organizationId);
  }

  /** held -> expired/failed, freeing the held seat (offered to the class's waitlist). Answers the intent to cancel, if any. */
  async end(m: EntityManager, t: TopUpHold, status: 'expired' | 'failed'): Promise<string | null> {
    if (!(await this.port.payments.endTopUpHold(m, t.id, status))) return null;
    await this.seats.release(m, 'top-up', t.organizationId, [t.toClassId]);
    return t.stripePaymentIntentId;
  }

  /** The registration's open top-up, if any, ended: the intent to cancel after the transaction. */
  async endOpenOf(m: EntityManager, enrollmentId: string): Promise<string | null> {
    const open = await this.port.payments.openTopUp(m, enrollmentId);
    return open ? this.end(m, open, 'expired') : null;
  }
}
