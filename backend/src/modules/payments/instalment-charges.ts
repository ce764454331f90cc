import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { type DueInstalment, InstalmentLedger, type RecordedInstalment } from '../payment-plans/instalment-ledger';
import { CardEnrollmentsService } from '../registration/card-enrollments.service';
import { InstalmentAnnouncements } from './instalment-announcements';
import { OffSessionCharges } from './off-session/off-session-charges';
import { recordedOutcome, type OffSessionOutcome } from './off-session/off-session-outcome';

/** Instalments one instance claims per round. */
const BATCH = 25;
/** Longer than a charge may take (the gateway gives up after 30 s): a lease outliving its call is never taken over. */
export const LEASE_MS = 5 * 60_000;

/**
 * Charges due instalments off-session (issue 40 §2), each exactly once however many instances run this: an instalment
 * is claimed under a lease (SKIP LOCKED), its attempt's idempotency key written before Stripe is called, and the
 * outcome recorded only while that key is still the instalment's. A crash between the call and the record leaves the
 * key: after the lease, the next instance asks Stripe again with the same key and gets the first answer, not a second
 * charge. An ambiguous answer (timeout, 5xx) is asked again with the same key later; a soft decline is retried on the
 * organization's schedule with a new key; a hard decline or a required authentication is never retried off-session.
 *
 * The outcome is recorded in one transaction with what it sets off (InstalmentAnnouncements): a payment on the
 * enrollment with its receipt, or the failure's messages. A bank debit's `processing` is settled later by its event
 * (instalment-intent-events.handler.ts).
 */
@Injectable()
export class InstalmentCharges {
  private readonly logger = new Logger('InstalmentCharges');

  constructor(
    private readonly ledger: InstalmentLedger,
    private readonly charges: OffSessionCharges,
    private readonly announce: InstalmentAnnouncements,
    private readonly cards: CardEnrollmentsService,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  /** One round: claims a batch and charges each; answers how many were attempted. */
  async run(): Promise<number> {
    const due = await this.ledger.claimDue(BATCH, LEASE_MS);
    for (const instalment of due) await this.chargeOne(instalment);
    return due.length;
  }

  /**
   * Charges one claimed instalment (the job's, or an admin's "charge now"): the outcome as recorded, or null when it
   * was not (a refusal the gateway does not classify, or recorded already).
   */
  async chargeOne(due: DueInstalment): Promise<{ outcome: OffSessionOutcome; recorded: RecordedInstalment } | null> {
    let outcome: OffSessionOutcome;
    try {
      outcome = await this.charges.charge({
        organizationId: due.organizationId,
        customerId: due.customerId,
        paymentMethodId: due.paymentMethodId,
        amountCents: due.amountCents,
        metadata: { payerPlanId: due.payerPlanId, instalmentId: due.id, instalmentSeq: String(due.seq) },
        attemptKey: due.attemptKey,
      });
    } catch (e) {
      // A refusal the gateway does not classify (a key reused with other parameters, a wrong API key): the attempt's
      // key stays and the lease lapses, so it is looked at again, never charged under a new key.
      this.logger.error(`Instalment ${due.id} (attempt ${due.attemptKey}) not charged: ${(e as Error).message}`);
      return null;
    }
    const done = await this.db.transaction(async (m) => {
      // The enrollment first, as a cancellation takes it (then the plan, then its instalments): a charge recorded while
      // the registration is being cancelled waits for it instead of deadlocking with it, and then sees it cancelled.
      await this.cards.inOrganization(due.enrollmentId, due.organizationId, m, true);
      const row = await this.ledger.record(m, due, recordedOutcome(outcome));
      if (!row) return null;
      if (outcome.kind === 'succeeded')
        await this.announce.paid(m, row, {
          via: 'card',
          paymentIntentId: outcome.paymentIntentId,
          chargeId: outcome.chargeId,
          feeCents: outcome.applicationFeeCents,
        });
      else if (outcome.kind === 'authentication_required' || outcome.kind === 'soft_decline' || outcome.kind === 'hard_decline')
        await this.announce.failed(m, row, outcome.kind, outcome.declineCode ?? outcome.code);
      return row;
    });
    if (!done) this.logger.warn(`Instalment ${due.id}: the outcome of attempt ${due.attemptKey} was recorded already`);
    return done ? { outcome, recorded: done } : null;
  }
}
