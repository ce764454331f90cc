import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { DataSource, type EntityManager } from 'typeorm';
import type { AllConfigType } from '../../config/config.type';
import { ConnectService } from '../connect/connect.service';
import { PayerPlansService } from '../payment-plans/payer-plans.service';
import { intentFacts, UUID } from '../payments/card-payment.types';
import { platformFeeCents } from '../payments/money';
import { StripeEventHandlers, type StripeEventHandler } from '../stripe/stripe-event-handlers';
import { StripeClient } from '../stripe/stripe.client';
import { CreditProductsRepository } from './credit-products.repository';
import { CreditSaleGrants } from './credit-sale-grants';
import { CreditSalesRepository } from './credit-sales.repository';
import { MembershipAnnouncements } from './membership-announcements';
import { MembershipRenewalsRepository } from './membership-renewals.repository';
import { MembershipError, MembershipException } from './memberships.exception';
import { MembershipsRepository } from './memberships.repository';

/**
 * A pending renewal paid by the member on-session from the portal link (issue 41 §2: after a required authentication
 * or a hard decline the job never tries the card again). Opening the payment stops the job's off-session attempts for
 * it (so the member and the job never both charge it) and makes a PaymentIntent on the member's Customer that saves
 * the method that pays (`setup_future_usage`) for the next renewals. The renewal is paid only when Stripe's signed
 * `payment_intent.succeeded` (metadata `membershipId`, `membershipPeriodStart`) is claimed: the next period, its
 * allowance, the receipt email and `membership.renewed`, once, in the event's transaction.
 */
@Injectable()
export class MembershipOnSession implements StripeEventHandler, OnModuleInit {
  readonly types = ['payment_intent.succeeded'] as const;
  private readonly logger = new Logger('MembershipOnSession');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly registry: StripeEventHandlers,
    private readonly stripe: StripeClient,
    private readonly connect: ConnectService,
    private readonly config: ConfigService<AllConfigType>,
    private readonly payers: PayerPlansService,
    private readonly memberships: MembershipsRepository,
    private readonly renewals: MembershipRenewalsRepository,
    private readonly products: CreditProductsRepository,
    private readonly sales: CreditSalesRepository,
    private readonly grants: CreditSaleGrants,
    private readonly announce: MembershipAnnouncements,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  /** The PaymentIntent for the member's browser, for a pending renewal of one of `studentIds` (anybody else's: 404). */
  async start(organizationId: string, id: string, studentIds: string[]) {
    const unavailable = () => new MembershipException(MembershipError.CardUnavailable, 'Card payments are not available right now.');
    if (!this.stripe.isConfigured) throw unavailable();
    const ready = await this.connect.readiness(organizationId);
    if (!ready.chargesEnabled || !ready.stripeAccountId) throw unavailable();
    const { graceDays } = await this.payers.retryRules(organizationId);
    const open = await this.db.transaction(async (m) => {
      const ms = await this.memberships.find(m, organizationId, id, true);
      if (!ms || !studentIds.includes(ms.studentId)) throw new MembershipException(MembershipError.NotFound, `Membership ${id} not found`);
      if (ms.status !== 'pending_renewal') throw new MembershipException(MembershipError.NotDue, 'This membership has no renewal to pay.');
      const o = await this.renewals.openForPayer(m, organizationId, id, graceDays);
      if (!o || !o.customerId)
        throw new MembershipException(
          MembershipError.RenewalInProgress,
          'This renewal is being charged right now. Please reload in a minute.',
        );
      return { ...o, customerId: o.customerId };
    });
    try {
      const pi = await this.stripe.api.paymentIntents.create(
        {
          amount: open.amountCents,
          currency: 'usd',
          customer: open.customerId,
          setup_future_usage: 'off_session',
          application_fee_amount: platformFeeCents(open.amountCents, this.config.getOrThrow('app', { infer: true }).platformFeePercent),
          transfer_data: { destination: ready.stripeAccountId },
          automatic_payment_methods: { enabled: true },
          metadata: { organizationId, membershipId: id, membershipPeriodStart: open.nextStart },
        },
        { idempotencyKey: `classlane-membership-${id}-renewal-${open.nextStart}-on-session` },
      );
      return { clientSecret: pi.client_secret ?? '', paymentIntentId: pi.id, amount: open.amountCents / 100 };
    } catch {
      throw unavailable();
    }
  }

  async handle(event: Stripe.Event, m: EntityManager): Promise<void> {
    const pi = intentFacts((event.data as { object?: unknown } | undefined)?.object);
    if (!pi || !pi.metadata.membershipId || pi.status !== 'succeeded') return;
    const { organizationId, membershipId, membershipPeriodStart } = pi.metadata;
    // Checked before any query: a bad id would abort the event's transaction.
    const ms =
      UUID.test(organizationId ?? '') && UUID.test(membershipId)
        ? await this.memberships.find(m, organizationId, membershipId, true)
        : null;
    if (!ms) return void this.logger.warn(`${event.id}: PaymentIntent ${pi.id} names no membership of ours; ignored`);
    const product = await this.products.find(ms.organizationId, ms.productId, m);
    const sale = await this.sales.find(m, ms.organizationId, ms.saleId);
    const ready = await this.connect.readiness(ms.organizationId, m);
    if (
      !product ||
      !sale ||
      pi.amount !== sale.amountCents ||
      pi.currency !== 'usd' ||
      !ready.stripeAccountId ||
      pi.destination !== ready.stripeAccountId
    )
      return void this.logger.warn(`${event.id}: PaymentIntent ${pi.id} does not match membership ${ms.id}; ignored`);
    const renewed = await this.renewals.paidOnSession(m, ms.organizationId, ms.id, membershipPeriodStart ?? '', pi.id, pi.paymentMethod);
    if (!renewed) {
      if (ms.renewalLastOutcome !== 'paid_on_session' || ms.status !== 'active')
        this.logger.error(`${event.id}: membership ${ms.id} was not waiting for payment ${pi.id}: refund it by hand`);
      return;
    }
    await this.grants.grantPeriod(m, renewed, product, null, 'Membership renewal paid by the member');
    await this.announce.renewed(m, renewed, product, { via: 'card', amountCents: pi.amount, paymentIntentId: pi.id });
  }
}
