import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CreditsLedger } from '../credits/credits-ledger';
import { CardEnrollmentsService, type CardEnrollment } from '../registration/card-enrollments.service';
import { EnrollmentPaymentsPort } from '../registration/enrollment-payments';
import { sessionShareCents, type AppliedRemedy, type Given } from './session-remedy';

/** The cancelled session as the remedies need it. */
export interface RemedySession {
  organizationId: string;
  sessionId: string;
  classTitle: string;
  /** The class's sessions (a session's share divides what was paid by it). */
  sessionCount: number;
}

/**
 * The money side of a cancelled session's remedy, for each student holding a seat in it, in the cancel's transaction:
 * account credit of the session's share on the credits ledger, or a refund of it through the one refund path (the
 * enrollment's card payment, Stripe's idempotency key fixed per session and registration, so a retried cancel after a
 * failure refunds once). A student who paid in person cannot be refunded through Classlane: the reply and the notice
 * say the organization refunds them. A student who paid nothing gets nothing. Make-up tokens are the makeups module's
 * (SessionCancelledHooks).
 */
@Injectable()
export class SessionRemediesService {
  constructor(
    private readonly cards: CardEnrollmentsService,
    private readonly ledger: CreditsLedger,
    private readonly payments: EnrollmentPaymentsPort,
  ) {}

  async give(m: EntityManager, s: RemedySession, remedy: AppliedRemedy, e: CardEnrollment, userId: string | null): Promise<Given> {
    if (remedy !== 'credit' && remedy !== 'refund') return { kind: 'nothing', cents: 0 };
    const cents = sessionShareCents({ ...e, dropIn: e.classSessionId === s.sessionId }, s.sessionCount);
    if (cents <= 0) return { kind: 'nothing', cents: 0 };
    if (remedy === 'credit') {
      await this.ledger.grant(m, {
        organizationId: s.organizationId,
        holderStudentId: e.studentId,
        kind: 'account_credit',
        amount: cents,
        source: 'cancelled_session',
        sourceRef: s.sessionId,
        label: `Credit for a cancelled session of ${s.classTitle}`,
        actorUserId: userId,
        reason: 'Session cancelled by the organization',
      });
      return { kind: 'credit', cents };
    }
    if (e.paymentMethod !== 'card' || e.paymentStatus !== 'completed') return { kind: 'refund_in_person', cents };
    // Locked, as every refund locks the enrollment: what is left to refund is read under the lock.
    const locked = await this.cards.inOrganization(e.id, s.organizationId, m, true);
    const share = locked ? sessionShareCents({ ...locked, dropIn: locked.classSessionId === s.sessionId }, s.sessionCount) : 0;
    if (!locked || share <= 0) return { kind: 'nothing', cents: 0 };
    const refund = await this.payments.payments.refund(m, locked, share, 'Session cancelled by the organization', userId, undefined, {
      source: 'session_cancelled',
      stripeKey: `classlane-session-${s.sessionId}-refund-${e.id}`,
    });
    return { kind: 'refund', cents: refund.amountCents };
  }
}
