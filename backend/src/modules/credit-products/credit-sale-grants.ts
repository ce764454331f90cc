import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CreditsLedger } from '../credits/credits-ledger';
import type { Entitlement } from '../credits/credit.types';
import type { CreditProduct, CreditSale } from './credit-product.types';
import { CreditProductError, CreditProductException } from './credit-products.exception';
import { CreditSalesRepository } from './credit-sales.repository';
import { MembershipsRepository, type Membership } from './memberships.repository';

/**
 * An unlimited membership's allowance: the ledger counts uses, so "unlimited" is the ledger's largest amount, which no
 * period can use up (a class a day for a year is 366).
 */
export const UNLIMITED_USES = 100_000_000;

/**
 * A paid sale becomes credit on the ledger, in the transaction that records the payment (the admin's mark, or the
 * claim of Stripe's signed event): never a paid sale without its credit, never credit without its paid sale.
 *
 * - pack: its uses, for its scope, valid from the day of the sale for `validityDays` days (the last one included;
 *   none: no expiry).
 * - account credit: its cents, for any class, no expiry.
 * - membership: the membership starts (its first period from the day of the sale; by card with the method the payment
 *   saved) and the period's allowance is granted (`membership_period`, valid through the period's last day; uses per
 *   period, or unlimited).
 */
@Injectable()
export class CreditSaleGrants {
  constructor(
    private readonly ledger: CreditsLedger,
    private readonly sales: CreditSalesRepository,
    private readonly memberships: MembershipsRepository,
  ) {}

  async grantPaid(
    m: EntityManager,
    sale: CreditSale,
    product: CreditProduct,
    studentId: string,
    payment: { actorUserId: string | null; chargeId?: string | null; platformFeeCents?: number; paymentMethodId?: string | null },
  ): Promise<{ sale: CreditSale; entitlement: Entitlement }> {
    const entitlement = await this.grant(m, sale, product, studentId, payment.actorUserId, payment.paymentMethodId ?? null);
    const paid = await this.sales.markPaid(m, sale.organizationId, sale.id, {
      studentId,
      entitlementId: entitlement.id,
      markedByUserId: payment.actorUserId,
      chargeId: payment.chargeId,
      platformFeeCents: payment.platformFeeCents,
    });
    // The caller locked the pending row; a sale no longer pending here is a bug, and throwing rolls the grant back.
    if (!paid) throw new CreditProductException(CreditProductError.SaleNotPending, 'This sale is already paid or cancelled.');
    return { sale: paid, entitlement };
  }

  /**
   * A membership period's allowance (uses per period, or unlimited), valid through the period's last day: the first
   * period's at the sale, each renewed one's when its renewal is paid.
   */
  grantPeriod(m: EntityManager, ms: Membership, product: CreditProduct, actorUserId: string | null, reason: string): Promise<Entitlement> {
    return this.ledger.grant(m, {
      organizationId: ms.organizationId,
      holderStudentId: ms.studentId,
      kind: 'membership_allowance',
      source: 'membership_period',
      sourceRef: ms.id,
      label: product.name,
      actorUserId,
      reason,
      amount: product.uses ?? UNLIMITED_USES,
      scope: product.scope,
      scopeClassIds: product.scopeClassIds,
      validFrom: ms.currentPeriodStart,
      validUntil: ms.currentPeriodEnd,
    });
  }

  private async grant(
    m: EntityManager,
    sale: CreditSale,
    product: CreditProduct,
    studentId: string,
    actorUserId: string | null,
    paymentMethodId: string | null,
  ) {
    const common = {
      organizationId: sale.organizationId,
      holderStudentId: studentId,
      source: 'sale' as const,
      sourceRef: sale.id,
      label: product.name,
      actorUserId,
      reason: sale.channel === 'card' ? 'Bought online by card' : 'Sold in person',
    };
    if (product.kind === 'account_credit')
      return this.ledger.grant(m, { ...common, kind: 'account_credit', amount: product.creditCents ?? sale.amountCents, scope: 'all' });
    if (product.kind === 'membership') {
      if (!product.period) throw new CreditProductException(CreditProductError.Invalid, 'This membership has no period.');
      // A card membership keeps the method its first payment saved (setup_future_usage) for its renewals.
      const ms = await this.memberships.start(m, {
        organizationId: sale.organizationId,
        productId: product.id,
        saleId: sale.id,
        studentId,
        period: product.period,
        channel: sale.channel,
        stripeCustomerId: sale.channel === 'card' ? sale.stripeCustomerId : null,
        stripePaymentMethodId: sale.channel === 'card' ? paymentMethodId : null,
      });
      return this.grantPeriod(m, ms, product, actorUserId, common.reason);
    }
    const { today, later } = await this.sales.today(m, sale.organizationId, (product.validityDays ?? 1) - 1);
    return this.ledger.grant(m, {
      ...common,
      kind: 'pack',
      amount: product.uses ?? 1,
      scope: product.scope,
      scopeClassIds: product.scopeClassIds,
      validFrom: today,
      validUntil: product.validityDays === null ? null : later,
    });
  }
}
