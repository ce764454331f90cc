import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { AllConfigType } from '../../../config/config.type';
import { ConnectService } from '../../connect/connect.service';
import { StripeClient } from '../../stripe/stripe.client';
import { platformFeeCents } from '../money';
import { outcomeOfError, outcomeOfIntent, type OffSessionOutcome } from './off-session-outcome';

export interface OffSessionCharge {
  organizationId: string;
  /** The payer's Stripe Customer in THIS organization (one per payer per organization; never another's). */
  customerId: string;
  /** A PaymentMethod saved to that Customer. */
  paymentMethodId: string;
  amountCents: number;
  /** The organization's connected account; read from its Connect row when omitted (as every card payment does). */
  destination?: string;
  /** round(amount × PLATFORM_FEE_PERCENT / 100) when omitted, as every card payment. */
  applicationFeeCents?: number;
  /** Beside `organizationId` (always set from the argument): what the charge is for, e.g. planId, instalmentId. */
  metadata?: Record<string, string>;
  /**
   * One key per attempt (e.g. `instalment-<id>-attempt-<n>`), kept by the caller BEFORE the call: an ambiguous answer
   * is asked again with the same key (Stripe replays the first result), a later retry after a decline gets a new one.
   */
  attemptKey: string;
}

/**
 * The gateway for charging a saved payment method without the payer (shared/INTEGRATIONS.md: `paymentIntents.create({
 * amount, currency: 'usd', customer, payment_method, off_session: true, confirm: true, application_fee_amount,
 * transfer_data: { destination }, metadata }, { idempotencyKey })`), answering a classified outcome
 * (off-session-outcome.ts) instead of throwing. It writes nothing: the caller (the instalment job, later) records the
 * attempt and its outcome in its own transaction.
 *
 * The SDK's own retries are off for this call (`maxNetworkRetries: 0`): a lost answer is reported as `ambiguous`, so the
 * caller decides when to ask again with the same key, and a request never hangs a job past `timeoutMs`.
 */
@Injectable()
export class OffSessionCharges {
  private readonly logger = new Logger('OffSessionCharges');
  /** How long one call may take before its answer counts as lost (ambiguous). Tests shorten it. */
  timeoutMs = 30_000;

  constructor(
    private readonly stripe: StripeClient,
    private readonly connect: ConnectService,
    private readonly config: ConfigService<AllConfigType>,
  ) {}

  async charge(c: OffSessionCharge): Promise<OffSessionOutcome> {
    if (!this.stripe.isConfigured) return { kind: 'unavailable', reason: 'stripe_not_configured' };
    if (!Number.isSafeInteger(c.amountCents) || c.amountCents <= 0) throw new Error(`An off-session charge of ${c.amountCents} cents`);
    if (!c.attemptKey) throw new Error('An off-session charge needs an attempt key');
    let destination = c.destination;
    if (!destination) {
      const ready = await this.connect.readiness(c.organizationId);
      if (!ready.chargesEnabled || !ready.stripeAccountId) return { kind: 'unavailable', reason: 'charges_not_enabled' };
      destination = ready.stripeAccountId;
    }
    const fee = c.applicationFeeCents ?? platformFeeCents(c.amountCents, this.config.getOrThrow('app', { infer: true }).platformFeePercent);
    try {
      const pi = await this.stripe.api.paymentIntents.create(
        {
          amount: c.amountCents,
          currency: 'usd',
          customer: c.customerId,
          payment_method: c.paymentMethodId,
          off_session: true,
          confirm: true,
          application_fee_amount: fee,
          transfer_data: { destination },
          metadata: { ...c.metadata, organizationId: c.organizationId },
        },
        { idempotencyKey: `classlane-off-session-${c.attemptKey}`, maxNetworkRetries: 0, timeout: this.timeoutMs },
      );
      return outcomeOfIntent(pi);
    } catch (e) {
      const outcome = outcomeOfError(e, c.attemptKey);
      if (outcome.kind === 'ambiguous')
        this.logger.warn(`Off-session charge ${c.attemptKey} got no answer (${outcome.reason}); ask again with the same key`);
      return outcome;
    }
  }
}
