import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type Stripe from 'stripe';
import type { EntityManager } from 'typeorm';
import { ConnectService } from '../connect/connect.service';
import { intentFacts, UUID, type IntentFacts } from '../payments/card-payment.types';
import { StripeEventHandlers, type StripeEventHandler } from '../stripe/stripe-event-handlers';
import { StudentsService } from '../students/students.service';
import type { CreditSale } from './credit-product.types';
import { CreditProductsRepository } from './credit-products.repository';
import { CreditSaleGrants } from './credit-sale-grants';
import { CreditSalesRepository } from './credit-sales.repository';

/**
 * A card sale of a product is paid when Stripe's signed `payment_intent.succeeded` is claimed (in that transaction):
 * the intent must match the sale (amount, usd, the organization's connected account, metadata naming this organization
 * and sale), the buyer becomes (or is found as) a student, and the credit is granted with the sale marked paid. A
 * second delivery finds the sale paid and does nothing. Intents of other features carry no `creditSaleId` and are left
 * to their own handlers.
 */
@Injectable()
export class CreditSaleEvents implements StripeEventHandler, OnModuleInit {
  readonly types = ['payment_intent.succeeded'] as const;
  private readonly logger = new Logger('CreditSaleEvents');

  constructor(
    private readonly registry: StripeEventHandlers,
    private readonly sales: CreditSalesRepository,
    private readonly products: CreditProductsRepository,
    private readonly grants: CreditSaleGrants,
    private readonly students: StudentsService,
    private readonly connect: ConnectService,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async handle(event: Stripe.Event, m: EntityManager): Promise<void> {
    const pi = intentFacts((event.data as { object?: unknown } | undefined)?.object);
    if (!pi || !pi.metadata.creditSaleId) return;
    const sale = await this.saleOf(m, pi);
    if (!sale) return void this.logger.warn(`${event.id}: PaymentIntent ${pi.id} names no sale of ours; ignored`);
    const problem = await this.mismatch(m, pi, sale);
    if (problem) return void this.logger.warn(`${event.id}: PaymentIntent ${pi.id} does not match sale ${sale.id} (${problem}); ignored`);
    if (pi.status !== 'succeeded' || sale.status === 'paid') return;
    if (sale.status === 'cancelled')
      return void this.logger.error(`${event.id}: sale ${sale.id} was cancelled before its payment ${pi.id} succeeded; refund it by hand`);
    const product = await this.products.find(sale.organizationId, sale.productId, m);
    if (!product) return;
    const studentId = sale.studentId ?? (await this.buyerStudent(m, sale));
    await this.grants.grantPaid(m, sale, product, studentId, {
      actorUserId: null,
      chargeId: pi.chargeId,
      platformFeeCents: pi.applicationFee,
      paymentMethodId: pi.paymentMethod,
    });
  }

  private async saleOf(m: EntityManager, pi: IntentFacts): Promise<CreditSale | null> {
    const stored = await this.sales.byIntent(m, pi.id);
    if (stored) return stored;
    // The intent was created but its id not stored yet (the answer was lost): the sale it names, if it has no other.
    const { organizationId, creditSaleId } = pi.metadata;
    if (!UUID.test(organizationId ?? '') || !UUID.test(creditSaleId)) return null;
    const sale = await this.sales.find(m, organizationId, creditSaleId, true);
    return sale && (sale.stripePaymentIntentId === null || sale.stripePaymentIntentId === pi.id) ? sale : null;
  }

  private async mismatch(m: EntityManager, pi: IntentFacts, sale: CreditSale): Promise<string | null> {
    if (pi.metadata.organizationId !== sale.organizationId || pi.metadata.creditSaleId !== sale.id) return 'metadata';
    if (pi.amount !== sale.amountCents || pi.currency !== 'usd') return 'amount';
    const ready = await this.connect.readiness(sale.organizationId, m);
    if (!ready.stripeAccountId || pi.destination !== ready.stripeAccountId) return 'destination';
    return null;
  }

  /** The buyer's student: the organization's person with this email, or a new one from the checkout's fields. */
  private async buyerStudent(m: EntityManager, sale: CreditSale): Promise<string> {
    const known = await this.students.findByEmail(sale.organizationId, sale.buyerEmail, m);
    if (known) return known.id;
    const b = sale.buyer;
    const fields = {
      firstName: b.firstName ?? '',
      lastName: b.lastName ?? '',
      email: sale.buyerEmail,
      phone: b.phone ?? '',
      communicationOptIn: b.communicationOptIn ?? true,
    };
    const added = await this.students.addIfNew(m, sale.organizationId, fields);
    if (added) return added.id;
    // Added a moment ago by another transaction (a registration with the same email): theirs.
    const again = await this.students.findByEmail(sale.organizationId, sale.buyerEmail, m);
    if (!again) throw new Error(`No student for sale ${sale.id}`);
    return again.id;
  }
}
