import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { PayerPlansService } from '../payment-plans/payer-plans.service';
import { OffSessionCharges } from '../payments/off-session/off-session-charges';
import { recordedOutcome, type OffSessionOutcome } from '../payments/off-session/off-session-outcome';
import { CreditProductsRepository } from './credit-products.repository';
import { CreditSaleGrants } from './credit-sale-grants';
import { MembershipAnnouncements } from './membership-announcements';
import { MembershipRenewalsRepository, type DueRenewal } from './membership-renewals.repository';
import type { Membership } from './memberships.repository';

/** Renewals one instance claims per round. */
const BATCH = 25;
/** Longer than a charge may take (the gateway gives up after 30 s): a lease outliving its call is never taken over. */
export const RENEWAL_LEASE_MS = 5 * 60_000;

/**
 * Membership renewals (issue 41 §2), by the off-session rules of payment plans (issue 40):
 * - a period that ends makes the membership `pending_renewal` (or `cancelled`, when cancelled at period end): no use
 *   of the new period exists until the renewal is paid, and bookings already made keep their uses;
 * - a card membership's renewal is charged off-session on the saved method (OffSessionCharges), each exactly once
 *   however many instances run this: claimed under a lease, its attempt key written before Stripe is called, the
 *   outcome recorded only while that key is still the membership's (MembershipRenewalsRepository);
 * - paid -> the next period, its allowance granted on the ledger, the receipt email and `membership.renewed`, in one
 *   transaction; a soft decline -> tried again on the organization's retry days, lapsed after the last; a hard decline
 *   or a required authentication -> never retried by the job: the member is sent the portal link and the renewal
 *   lapses after the organization's grace days unless paid; each failure -> `membership.renewal_failed`;
 * - an in-person membership's renewal waits for the admin to mark it paid (MembershipsService).
 */
@Injectable()
export class MembershipRenewals {
  private readonly logger = new Logger('MembershipRenewals');

  constructor(
    private readonly repo: MembershipRenewalsRepository,
    private readonly charges: OffSessionCharges,
    private readonly products: CreditProductsRepository,
    private readonly grants: CreditSaleGrants,
    private readonly announce: MembershipAnnouncements,
    private readonly payers: PayerPlansService,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  /** One round: periods closed, overdue renewals lapsed, due card renewals charged; answers how many were charged. */
  async run(): Promise<number> {
    await this.repo.closePeriods(200);
    // Lapsed and announced in one transaction: never a lapse nobody is told of.
    await this.db.transaction(async (m) => {
      for (const ms of await this.repo.lapseOverdue(m, BATCH)) {
        const product = await this.products.find(ms.organizationId, ms.productId, m);
        if (product) await this.announce.lapsed(m, ms, product);
      }
    });
    const due = await this.repo.claimDue(BATCH, RENEWAL_LEASE_MS);
    for (const renewal of due) await this.chargeOne(renewal);
    return due.length;
  }

  /** The admin's "renew now": claimed as the job claims it (null: held by another admin or instance right now). */
  async renewNow(organizationId: string, id: string): Promise<{ outcome: OffSessionOutcome; membership: Membership } | null> {
    const [due] = await this.repo.claimOne(organizationId, id, RENEWAL_LEASE_MS);
    if (!due) return null;
    return this.chargeOne(due);
  }

  /** Charges one claimed renewal and records its outcome with what it sets off; null when not recorded. */
  async chargeOne(due: DueRenewal): Promise<{ outcome: OffSessionOutcome; membership: Membership } | null> {
    let outcome: OffSessionOutcome;
    try {
      outcome = await this.charges.charge({
        organizationId: due.organizationId,
        customerId: due.customerId,
        paymentMethodId: due.paymentMethodId,
        amountCents: due.amountCents,
        metadata: { membershipId: due.id, membershipAttempt: String(due.attempts) },
        attemptKey: due.attemptKey,
      });
    } catch (e) {
      // A refusal the gateway does not classify (a key reused with other parameters, a wrong API key): the key stays
      // and the lease lapses, so it is looked at again, never charged under a new key.
      this.logger.error(`Membership ${due.id} (attempt ${due.attemptKey}) not charged: ${(e as Error).message}`);
      return null;
    }
    const rules = await this.payers.retryRules(due.organizationId);
    const done = await this.db.transaction(async (m) => {
      const ms = await this.repo.record(m, due, recordedOutcome(outcome), rules.retryDays, rules.graceDays);
      if (!ms) return null;
      const product = await this.products.find(ms.organizationId, ms.productId, m);
      if (!product) throw new Error(`Membership ${ms.id}: its product ${ms.productId} is gone`);
      if (outcome.kind === 'succeeded') {
        await this.grants.grantPeriod(m, ms, product, null, 'Membership renewed by card');
        await this.announce.renewed(m, ms, product, {
          via: 'card',
          amountCents: due.amountCents,
          paymentIntentId: outcome.paymentIntentId,
        });
      } else if (outcome.kind === 'authentication_required' || outcome.kind === 'soft_decline' || outcome.kind === 'hard_decline')
        await this.announce.failed(
          m,
          ms,
          product,
          due.amountCents,
          outcome.kind,
          outcome.declineCode ?? outcome.code,
          `attempt-${due.attempts}`,
        );
      return ms;
    });
    if (!done) this.logger.warn(`Membership ${due.id}: the outcome of attempt ${due.attemptKey} was recorded already`);
    return done ? { outcome, membership: done } : null;
  }
}
