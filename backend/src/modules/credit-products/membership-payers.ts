import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { PayerPlansService } from '../payment-plans/payer-plans.service';
import { StripeClient } from '../stripe/stripe.client';
import type { CreditSale } from './credit-product.types';
import { CreditProductError, CreditProductException } from './credit-products.exception';
import { CreditSalesRepository } from './credit-sales.repository';

/**
 * The Stripe Customer a card membership is paid by, so its first payment can save the method its renewals charge
 * (shared/INTEGRATIONS.md: one Customer per payer per organization). A buyer the organization knows (a student with
 * this email) gets the payer's Customer that payment plans keep; a new buyer (no student until the payment is
 * confirmed) gets one made for this sale, once (the idempotency key, then the sale's column, make a second tab's ask
 * the same). docs/decisions/membership-renewals.md.
 */
@Injectable()
export class MembershipPayers {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly stripe: StripeClient,
    private readonly payers: PayerPlansService,
    private readonly sales: CreditSalesRepository,
  ) {}

  async customerFor(sale: CreditSale): Promise<string> {
    if (sale.stripeCustomerId) return sale.stripeCustomerId;
    const name = [sale.buyer.firstName, sale.buyer.lastName].filter(Boolean).join(' ');
    try {
      const customer = sale.studentId
        ? await this.payers.customer(sale.organizationId, sale.studentId, sale.buyerEmail, name)
        : (
            await this.stripe.api.customers.create(
              { email: sale.buyerEmail, name, metadata: { organizationId: sale.organizationId, creditSaleId: sale.id } },
              { idempotencyKey: `classlane-credit-sale-${sale.id}-customer` },
            )
          ).id;
      await this.sales.setCustomer(this.db.manager, sale.organizationId, sale.id, customer);
      return (await this.sales.find(this.db.manager, sale.organizationId, sale.id))?.stripeCustomerId ?? customer;
    } catch {
      throw new CreditProductException(CreditProductError.CardUnavailable, 'Card payments are not available right now. Please try again.');
    }
  }
}
