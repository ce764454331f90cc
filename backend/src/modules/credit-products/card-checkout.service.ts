import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AllConfigType } from '../../config/config.type';
import { ConnectService } from '../connect/connect.service';
import { platformFeeCents } from '../payments/money';
import { StripeClient } from '../stripe/stripe.client';
import { StudentsService } from '../students/students.service';
import type { CreditSale } from './credit-product.types';
import { CreditProductError, CreditProductException } from './credit-products.exception';
import { CreditSalesRepository } from './credit-sales.repository';
import { CreditSalesService } from './credit-sales.service';
import type { CardCheckoutDto } from './dto/credit-sale.dto';
import { MembershipPayers } from './membership-payers';

const MIN_CARD_CENTS = 50;
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * Buying a product on the public site by card (issue 41 §2): a pending sale, then a PaymentIntent as a destination
 * charge to the organization's connected account, as every card payment. The credit is granted only when Stripe's
 * signed `payment_intent.succeeded` is claimed (CreditSaleEvents), never on the browser's word.
 *
 * A membership's PaymentIntent also saves the payer's method for its renewals (`setup_future_usage: off_session` on
 * the payer's Customer in this organization, MembershipPayers), as a payment plan's deposit does.
 *
 * An intro offer is one per person (by email): the same person asking again while their sale is open gets the same
 * sale and PaymentIntent (a retry, a second tab); once paid, 409 CREDIT_PRODUCT_INTRO_USED.
 */
@Injectable()
export class CardCheckout {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly stripe: StripeClient,
    private readonly connect: ConnectService,
    private readonly config: ConfigService<AllConfigType>,
    private readonly sales: CreditSalesRepository,
    private readonly selling: CreditSalesService,
    private readonly students: StudentsService,
    private readonly payer: MembershipPayers,
  ) {}

  async start(dto: CardCheckoutDto) {
    const unavailable = () => new CreditProductException(CreditProductError.CardUnavailable, 'Card payments are not available right now.');
    if (!this.stripe.isConfigured) throw unavailable();
    const email = dto.buyer.email.toLowerCase();
    const { sale, destination, product } = await this.db.transaction(async (m) => {
      const product = await this.selling.sellable(m, dto.organizationId, dto.productId).catch((e: unknown) => {
        // A product the public site does not sell is not found there, whatever the reason.
        throw e instanceof CreditProductException && e.code === CreditProductError.Inactive
          ? new CreditProductException(CreditProductError.NotFound, `Product ${dto.productId} not found`)
          : e;
      });
      if (!product.soldOnline) throw new CreditProductException(CreditProductError.NotFound, `Product ${dto.productId} not found`);
      if (Math.round(dto.amount * 100) !== product.priceCents)
        throw new CreditProductException(
          CreditProductError.PriceChanged,
          `The price of ${product.name} is ${dollars(product.priceCents)}, not ${dollars(Math.round(dto.amount * 100))}. Please reload the page to see the current price.`,
          { amount: product.priceCents / 100 },
        );
      if (product.priceCents < MIN_CARD_CENTS)
        throw new CreditProductException(CreditProductError.BelowCardMinimum, 'This product is sold in person only.');
      const ready = await this.connect.readiness(dto.organizationId, m);
      if (!ready.chargesEnabled || !ready.stripeAccountId) throw unavailable();
      if (product.introOffer) {
        const open = await this.sales.introSale(m, dto.organizationId, product.id, email);
        if (open?.status === 'pending' && open.channel === 'card') return { sale: open, destination: ready.stripeAccountId, product };
      }
      const known = await this.students.findByEmail(dto.organizationId, email, m);
      const sale = await this.selling.open(m, product, {
        organizationId: dto.organizationId,
        productId: product.id,
        studentId: known?.id ?? null,
        buyerEmail: email,
        buyer: { ...dto.buyer, email },
        channel: 'card',
        amountCents: product.priceCents,
        intro: product.introOffer,
      });
      return { sale, destination: ready.stripeAccountId, product };
    });
    const customer = product.kind === 'membership' ? await this.payer.customerFor(sale) : null;
    const intent = await this.intentFor(sale, destination, customer);
    return { saleId: sale.id, clientSecret: intent.client_secret ?? '', paymentIntentId: intent.id, amount: sale.amountCents / 100 };
  }

  /** One PaymentIntent per sale, whoever asks again (Stripe answers the same one to the same idempotency key). */
  private async intentFor(sale: CreditSale, destination: string, customer: string | null) {
    const fee = platformFeeCents(sale.amountCents, this.config.getOrThrow('app', { infer: true }).platformFeePercent);
    try {
      const intent = sale.stripePaymentIntentId
        ? await this.stripe.api.paymentIntents.retrieve(sale.stripePaymentIntentId)
        : await this.stripe.api.paymentIntents.create(
            {
              amount: sale.amountCents,
              currency: 'usd',
              application_fee_amount: fee,
              transfer_data: { destination },
              automatic_payment_methods: { enabled: true },
              // A membership: the payer's Customer, and the method saved for the renewals' off-session charges.
              ...(customer ? { customer, setup_future_usage: 'off_session' as const } : {}),
              metadata: { organizationId: sale.organizationId, creditSaleId: sale.id, productId: sale.productId },
            },
            { idempotencyKey: `classlane-credit-sale-${sale.id}` },
          );
      await this.sales.setIntent(this.db.manager, sale.organizationId, sale.id, intent.id);
      return intent;
    } catch (e) {
      if (e instanceof CreditProductException) throw e;
      throw new CreditProductException(CreditProductError.CardUnavailable, 'Card payments are not available right now. Please try again.');
    }
  }
}
