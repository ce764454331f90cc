import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { RegistrationFees, type FeeHeld } from '../pricing/registration-fees';
import { addedTax } from '../pricing/tax-rules';
import { CardEnrollmentsRepository, type CardEnrollment } from './card-enrollments.repository';
import { EnrollmentPaymentsPort, type RefundVia, type SeatRefund } from './enrollment-payments';
import { refundQuote } from './refund-quote';

/** A fee with the taxes added to it: what it took of a payment. */
const withTax = (f: FeeHeld) => f.cents + addedTax(f.taxes);

/** What a cancellation does with the registration fees it holds (before its own refund). */
export interface FeesAtCancel {
  /** The part of this registration's payment it keeps: fees (and their taxes) now held by another registration. */
  keptCents: number;
  /** Fees an earlier cancelled registration paid that nothing holds any more: refunded by `refundReleased`. */
  released: (FeeHeld & { paidByEnrollmentId: string })[];
}

/**
 * Issue 43 §2: a registration fee is refunded only when every registration of its period is cancelled
 * (docs/decisions/registration-fee-refunds.md). While another registration of the payer's period stands, a cancelled
 * registration keeps the fee it paid (its refund is worked on the rest; its credit note's tax
 * leaves the kept fee's tax out: receipt-issuer.ts); the fee then counts under that other registration. When
 * the last one is cancelled, the fee (with its tax) is refunded from the payment that paid it, by the cancelled
 * registration's policy.
 */
@Injectable()
export class CancelledFees {
  constructor(
    private readonly fees: RegistrationFees,
    private readonly repo: CardEnrollmentsRepository,
    private readonly port: EnrollmentPaymentsPort,
  ) {}

  /** Hands this registration's fees on to its period's next standing registration; what it keeps and what is released. */
  async handOn(m: EntityManager, e: CardEnrollment): Promise<FeesAtCancel> {
    const r = await this.fees.handOn(m, e.organizationId, e.id);
    return { keptCents: r.kept.reduce((n, f) => n + withTax(f), 0), released: r.released };
  }

  /**
   * Refunds each released fee from the card payment that paid it (locked here), by the share `policy` gives of it, never
   * more than is left of that payment. A fee paid in person is settled by the organization (nothing to refund here).
   */
  async refundReleased(
    m: EntityManager,
    e: CardEnrollment,
    released: FeesAtCancel['released'],
    userId: string | null,
    via: RefundVia['source'],
    policy: CardEnrollment['cancellationPolicy'],
  ): Promise<SeatRefund[]> {
    const out: SeatRefund[] = [];
    for (const f of released) {
      const payer = await this.repo.find(m, 'e.id = $1 AND e.organization_id = $2', [f.paidByEnrollmentId, e.organizationId], true);
      if (!payer || payer.paymentMethod !== 'card' || payer.paymentStatus !== 'completed') continue;
      const share = refundQuote(policy, withTax(f), 0, new Date(e.classStartDate)).refundCents;
      const cents = Math.min(share, payer.amountPaidCents - payer.refundedCents);
      if (cents <= 0) continue;
      out.push(
        await this.port.payments.refund(
          m,
          payer,
          cents,
          `Registration fee: every registration of its period is cancelled`,
          userId,
          undefined,
          {
            source: via,
            stripeKey: `classlane-enrollment-${payer.id}-fee-refund-${e.id}`,
          },
        ),
      );
    }
    return out;
  }
}
