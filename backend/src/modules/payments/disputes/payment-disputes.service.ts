import { Injectable, Logger } from '@nestjs/common';
import Stripe from 'stripe';
import type { EntityManager } from 'typeorm';
import { CommunicationsService } from '../../communications/communications.service';
import { CardEnrollmentsService, type CardEnrollment } from '../../registration/card-enrollments.service';
import { StripeClient } from '../../stripe/stripe.client';
import { formatDollars } from '../money';
import { TopUpsRepository } from '../top-ups.repository';
import { disputeFacts, idOf } from './dispute-facts';
import { InstalmentDisputes } from './instalment-disputes';
import { PaymentDisputesRepository, type PaymentDispute } from './payment-disputes.repository';

/**
 * A card (or bank debit) payment disputed after it succeeded (shared/INTEGRATIONS.md; issue 40 §5). Each of the
 * dispute's events (`charge.dispute.created`, `charge.dispute.closed`, delivered in any order, more than once) runs
 * `apply` in the transaction that claimed it, and leaves what one ordered delivery leaves:
 * - one `payment_disputes` row per dispute (the payment, and the enrollment it paid for, marked disputed);
 * - the organization's share of the disputed amount taken back once from the charge's transfer to its connected
 *   account (`transfers.createReversal` with a key made from the dispute id: a retry after a lost answer gets Stripe's
 *   first reversal, and the row records it so no later event asks again). The share is the disputed amount less the
 *   platform fee's part, in the proportion the charge was split;
 * - one email to the organization's admins when the dispute is opened, one when it is won or lost (dedupe keys);
 * - a payment plan's instalment charge: the instalment marked disputed, unpaid again when lost (instalment-disputes.ts).
 * A Stripe call that gets no answer throws: the event stays unprocessed and is retried; one Stripe refuses is recorded
 * on the row (`reversal_error`) for a person to look at in Stripe, and not asked again.
 */
@Injectable()
export class PaymentDisputesService {
  private readonly logger = new Logger('PaymentDisputes');

  constructor(
    private readonly stripe: StripeClient,
    private readonly cards: CardEnrollmentsService,
    private readonly topUps: TopUpsRepository,
    private readonly disputes: PaymentDisputesRepository,
    private readonly communications: CommunicationsService,
    private readonly instalments: InstalmentDisputes,
  ) {}

  async apply(raw: unknown, m: EntityManager): Promise<void> {
    const facts = disputeFacts(raw);
    if (!facts) {
      this.logger.warn('A dispute event carries no readable dispute; ignored');
      return;
    }
    // A payment plan's instalment charge pays for the plan's enrollment too (issue 40 §5).
    const charged = await this.instalments.chargedBy(facts.paymentIntentId, m);
    const paid = charged.length
      ? await this.cards.inOrganization(charged[0].enrollmentId, charged[0].organizationId, m, true)
      : await this.paidBy(facts.paymentIntentId, m);
    if (!paid) {
      this.logger.warn(`Dispute ${facts.id}: PaymentIntent ${facts.paymentIntentId} pays for no enrollment here; ignored`);
      return;
    }
    const outcome = facts.status === 'won' || facts.status === 'lost' ? facts.status : null;
    const { dispute } = await this.disputes.upsert(m, {
      organizationId: paid.organizationId,
      enrollmentId: paid.id,
      stripeDisputeId: facts.id,
      paymentIntentId: facts.paymentIntentId,
      chargeId: facts.chargeId,
      amountCents: facts.amountCents,
      reason: facts.reason,
      status: facts.status,
      outcome,
    });
    const done = dispute.stripeTransferReversalId !== null || dispute.reversalError !== null ? dispute : await this.recover(dispute, m);
    if (charged.length) await this.instalments.apply(m, charged, done);
    await this.tellOpened(m, done, paid);
    if (done.outcome) await this.tellClosed(m, done, paid);
  }

  /** The enrollment the payment is for: the registration's own payment, or a switch's difference (a top-up). */
  private async paidBy(paymentIntentId: string, m: EntityManager): Promise<CardEnrollment | null> {
    const own = await this.cards.byPaymentIntent(paymentIntentId, m, true);
    if (own) return own;
    const topUp = await this.topUps.byIntent(paymentIntentId, m);
    return topUp ? this.cards.byId(topUp.enrollmentId, m, true) : null;
  }

  /** Takes the organization's share of the disputed amount back from the charge's transfer; records what happened. */
  private async recover(d: PaymentDispute, m: EntityManager): Promise<PaymentDispute> {
    const pi = await this.stripe.api.paymentIntents.retrieve(d.paymentIntentId, { expand: ['latest_charge'] });
    const charge = pi.latest_charge && typeof pi.latest_charge === 'object' ? pi.latest_charge : null;
    const transfer = idOf(charge?.transfer);
    if (!charge || !transfer || !Number.isSafeInteger(charge.amount) || charge.amount <= 0) {
      const error = 'The disputed payment has no transfer to the organization to take its share back from.';
      await this.disputes.recordReversal(m, d.id, { error });
      return { ...d, reversalError: error };
    }
    const fee = pi.application_fee_amount ?? 0;
    const share = Math.min(d.amountCents, Math.round((d.amountCents * (charge.amount - fee)) / charge.amount));
    try {
      const reversal = await this.stripe.api.transfers.createReversal(
        transfer,
        { amount: share, metadata: { organizationId: d.organizationId, enrollmentId: d.enrollmentId, disputeId: d.stripeDisputeId } },
        { idempotencyKey: `classlane-dispute-${d.stripeDisputeId}-reversal` },
      );
      await this.disputes.recordReversal(m, d.id, { cents: reversal.amount, reversalId: reversal.id });
      return { ...d, reversalCents: reversal.amount, stripeTransferReversalId: reversal.id };
    } catch (e) {
      // Stripe refused (e.g. less is left on the transfer after refunds): recorded for a person; asking again would not help.
      if (!(e instanceof Stripe.errors.StripeInvalidRequestError)) throw e;
      this.logger.error(`Dispute ${d.stripeDisputeId}: the transfer reversal was refused: ${e.message}`);
      await this.disputes.recordReversal(m, d.id, { error: e.message });
      return { ...d, reversalError: e.message };
    }
  }

  private async tellOpened(m: EntityManager, d: PaymentDispute, e: CardEnrollment): Promise<void> {
    const recovered =
      d.reversalCents !== null
        ? `Your share of it (${formatDollars(d.reversalCents)}) was taken back from the transfer to your Stripe account.`
        : `Your share of it could not be taken back automatically: ${d.reversalError ?? 'Stripe gave no reason'}`;
    await this.communications.queueAdminEmail(m, d.organizationId, {
      subject: `Payment disputed: ${e.studentName}, ${e.classTitle}`,
      message:
        `${e.studentName}'s bank disputed ${formatDollars(d.amountCents)} of the payment for ${e.classTitle}` +
        `${d.reason ? ` (reason: ${d.reason.replace(/_/g, ' ')})` : ''}.\n\n` +
        `The bank took the disputed amount back. ${recovered}\n\n` +
        `You can respond to the dispute with evidence in your Stripe Dashboard (dispute ${d.stripeDisputeId}).`,
      dedupeKey: `payment-dispute:${d.stripeDisputeId}:opened`,
    });
  }

  private async tellClosed(m: EntityManager, d: PaymentDispute, e: CardEnrollment): Promise<void> {
    await this.communications.queueAdminEmail(m, d.organizationId, {
      subject: `Dispute ${d.outcome}: ${e.studentName}, ${e.classTitle}`,
      message:
        d.outcome === 'won'
          ? `The dispute of ${e.studentName}'s payment for ${e.classTitle} (${formatDollars(d.amountCents)}) was decided in your favour: the bank returned the disputed amount.`
          : `The dispute of ${e.studentName}'s payment for ${e.classTitle} (${formatDollars(d.amountCents)}) was lost: the disputed amount stays with the payer.`,
      dedupeKey: `payment-dispute:${d.stripeDisputeId}:${d.outcome}`,
    });
  }
}
