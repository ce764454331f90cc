import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { StudentsService } from '../students/students.service';
import type { CreditProduct, CreditSale } from './credit-product.types';
import { CreditProductError, CreditProductException } from './credit-products.exception';
import { CreditProductsRepository } from './credit-products.repository';
import { CreditSaleGrants } from './credit-sale-grants';
import { CreditSalesRepository, type NewSale } from './credit-sales.repository';
import type { InPersonSaleDto } from './dto/credit-sale.dto';

/** A sale as the admin sees it (amounts in dollars). */
export function saleView(s: CreditSale) {
  return {
    id: s.id,
    productId: s.productId,
    studentId: s.studentId,
    buyerEmail: s.buyerEmail,
    channel: s.channel,
    status: s.status,
    amount: s.amountCents / 100,
    intro: s.intro,
    entitlementId: s.entitlementId,
    paidAt: s.paidAt,
    createdAt: s.createdAt,
  };
}

const refused = (code: CreditProductError, message: string) => new CreditProductException(code, message);

/**
 * Selling a product in person (issue 41 §2): the admin records the sale for one of the organization's students, paid
 * now or later; "mark paid" grants the credit in the same transaction (CreditSaleGrants). A card sale is paid only by
 * Stripe's signed event, never by hand.
 */
@Injectable()
export class CreditSalesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly products: CreditProductsRepository,
    private readonly sales: CreditSalesRepository,
    private readonly grants: CreditSaleGrants,
    private readonly students: StudentsService,
  ) {}

  async list(organizationId: string, studentId?: string) {
    return (await this.sales.list(organizationId, studentId)).map(saleView);
  }

  async one(organizationId: string, id: string) {
    const s = await this.sales.find(this.db.manager, organizationId, id);
    if (!s) throw refused(CreditProductError.SaleNotFound, `Sale ${id} not found`);
    return saleView(s);
  }

  async sellInPerson(organizationId: string, dto: InPersonSaleDto, actorUserId: string) {
    return this.db.transaction(async (m) => {
      const student = await this.students.findInOrganization(dto.studentId, organizationId, m);
      if (!student) throw refused(CreditProductError.StudentNotFound, `Student ${dto.studentId} not found`);
      const product = await this.sellable(m, organizationId, dto.productId);
      const sale = await this.open(m, product, {
        organizationId,
        productId: product.id,
        studentId: student.id,
        buyerEmail: student.email,
        buyer: {},
        channel: 'in_person',
        amountCents: product.priceCents,
        intro: product.introOffer,
      });
      if (!dto.paid) return saleView(sale);
      return saleView((await this.grants.grantPaid(m, sale, product, student.id, { actorUserId })).sale);
    });
  }

  async markPaid(organizationId: string, id: string, actorUserId: string) {
    return this.db.transaction(async (m) => {
      const sale = await this.sales.find(m, organizationId, id, true);
      if (!sale) throw refused(CreditProductError.SaleNotFound, `Sale ${id} not found`);
      if (sale.status !== 'pending') throw refused(CreditProductError.SaleNotPending, `This sale is already ${sale.status}.`);
      if (sale.channel === 'card')
        throw refused(CreditProductError.SaleIsCard, 'A card sale is paid when the card payment is confirmed, not marked paid.');
      const product = await this.products.find(organizationId, sale.productId, m);
      if (!product || !sale.studentId) throw refused(CreditProductError.SaleNotFound, `Sale ${id} not found`);
      return saleView((await this.grants.grantPaid(m, sale, product, sale.studentId, { actorUserId })).sale);
    });
  }

  async cancel(organizationId: string, id: string) {
    return this.db.transaction(async (m) => {
      const sale = await this.sales.find(m, organizationId, id, true);
      if (!sale) throw refused(CreditProductError.SaleNotFound, `Sale ${id} not found`);
      if (!(await this.sales.cancel(m, organizationId, id)))
        throw refused(CreditProductError.SaleNotPending, `This sale is already ${sale.status}.`);
      return saleView({ ...sale, status: 'cancelled' });
    });
  }

  /** The product, if this organization still sells it (a membership by card saves the payer's method: card-checkout.service.ts). */
  async sellable(m: EntityManager, organizationId: string, productId: string): Promise<CreditProduct> {
    const product = await this.products.find(organizationId, productId, m);
    if (!product) throw refused(CreditProductError.NotFound, `Product ${productId} not found`);
    if (!product.active) throw refused(CreditProductError.Inactive, 'This product is no longer sold.');
    return product;
  }

  /** A new pending sale; an intro offer this person already has (open or paid) is refused. */
  async open(m: EntityManager, product: CreditProduct, s: NewSale): Promise<CreditSale> {
    const sale = await this.sales.insert(m, s);
    if (!sale)
      throw refused(CreditProductError.IntroOfferUsed, 'This intro offer can be bought once per person, and this person already has it.');
    return sale;
  }
}
