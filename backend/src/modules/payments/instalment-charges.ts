import { Injectable, Logger } from '@nestjs/common';
import { type DueInstalment, type InstalmentOutcome, InstalmentLedger } from '../payment-plans/instalment-ledger';
import { OffSessionCharges } from './off-session/off-session-charges';
import type { OffSessionOutcome } from './off-session/off-session-outcome';

/** Instalments one instance claims per round. */
const BATCH = 25;
/** Longer than a charge may take (the gateway gives up after 30 s): a lease outliving its call is never taken over. */
const LEASE_MS = 5 * 60_000;

const recorded = (o: OffSessionOutcome): InstalmentOutcome => {
  switch (o.kind) {
    case 'succeeded':
    case 'processing':
      return { kind: o.kind, paymentIntentId: o.paymentIntentId };
    case 'authentication_required':
    case 'soft_decline':
    case 'hard_decline':
      return { kind: o.kind, paymentIntentId: o.paymentIntentId, declineCode: o.declineCode ?? o.code };
    default:
      return { kind: o.kind };
  }
};

/**
 * Charges due instalments off-session (issue 40 §2), each exactly once however many instances run this: an instalment
 * is claimed under a lease (SKIP LOCKED), its attempt's idempotency key written before Stripe is called, and the
 * outcome recorded only while that key is still the instalment's. A crash between the call and the record leaves the
 * key: after the lease, the next instance asks Stripe again with the same key and gets the first answer, not a second
 * charge. An ambiguous answer (timeout, 5xx) is asked again with the same key later; a soft decline is retried on the
 * organization's schedule with a new key; a hard decline or a required authentication is never retried off-session.
 *
 * Not yet here (issue 40, next slices): the receipt and the payer's emails, recording the payment on the enrollment,
 * settling a bank debit's `processing` from its later event, past due after the grace days.
 */
@Injectable()
export class InstalmentCharges {
  private readonly logger = new Logger('InstalmentCharges');

  constructor(
    private readonly ledger: InstalmentLedger,
    private readonly charges: OffSessionCharges,
  ) {}

  /** One round: claims a batch and charges each; answers how many were attempted. */
  async run(): Promise<number> {
    const due = await this.ledger.claimDue(BATCH, LEASE_MS);
    for (const instalment of due) await this.chargeOne(instalment);
    return due.length;
  }

  private async chargeOne(due: DueInstalment): Promise<void> {
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
      return;
    }
    if (!(await this.ledger.record(due, recorded(outcome))))
      this.logger.warn(`Instalment ${due.id}: the outcome of attempt ${due.attemptKey} was recorded already`);
  }
}
