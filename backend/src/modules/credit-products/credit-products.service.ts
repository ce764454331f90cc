import { Injectable } from '@nestjs/common';
import type { CreditProductDto } from './dto/credit-product.dto';
import type { CreditProduct, ProductFields } from './credit-product.types';
import { CreditProductError, CreditProductException } from './credit-products.exception';
import { CreditProductsRepository } from './credit-products.repository';

const cents = (dollars: number) => Math.round(dollars * 100);

/** A product as the admin's resource shows it (amounts in dollars). */
export function productView(p: CreditProduct) {
  return {
    id: p.id,
    kind: p.kind,
    name: p.name,
    description: p.description,
    price: p.priceCents / 100,
    uses: p.uses,
    credit: p.creditCents === null ? null : p.creditCents / 100,
    validityDays: p.validityDays,
    period: p.period,
    scope: p.scope,
    classIds: p.scopeClassIds,
    soldOnline: p.soldOnline,
    introOffer: p.introOffer,
    active: p.active,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

/** What the public site shows: no internal flags. */
export function publicProductView(p: CreditProduct) {
  const { active: _a, soldOnline: _s, createdAt: _c, updatedAt: _u, ...shown } = productView(p);
  return shown;
}

const invalid = (message: string) => new CreditProductException(CreditProductError.Invalid, message);

/**
 * The organization's products (issue 41 §2), the admin's react-admin resource. The fields that apply depend on the kind,
 * and a field of another kind is refused rather than silently dropped, so the admin sees what the product is.
 */
@Injectable()
export class CreditProductsService {
  constructor(private readonly repo: CreditProductsRepository) {}

  async list(organizationId: string) {
    return (await this.repo.list(organizationId)).map(productView);
  }

  async listOnline(organizationId: string) {
    return (await this.repo.listOnline(organizationId)).map(publicProductView);
  }

  async one(organizationId: string, id: string) {
    return productView(await this.found(organizationId, id));
  }

  async found(organizationId: string, id: string): Promise<CreditProduct> {
    const p = await this.repo.find(organizationId, id);
    if (!p) throw new CreditProductException(CreditProductError.NotFound, `Product ${id} not found`);
    return p;
  }

  async create(organizationId: string, dto: CreditProductDto) {
    return productView(await this.repo.insert(organizationId, await this.fields(organizationId, dto)));
  }

  async update(organizationId: string, id: string, dto: CreditProductDto) {
    const fields = await this.fields(organizationId, dto);
    const p = await this.repo.update(organizationId, id, fields);
    if (!p) throw new CreditProductException(CreditProductError.NotFound, `Product ${id} not found`);
    return productView(p);
  }

  async remove(organizationId: string, id: string) {
    const done = await this.repo.remove(organizationId, id);
    if (done === 'missing') throw new CreditProductException(CreditProductError.NotFound, `Product ${id} not found`);
    if (done === 'sold')
      throw new CreditProductException(
        CreditProductError.Sold,
        'This product has been sold, so it cannot be deleted. Set it inactive to stop selling it.',
      );
    return { id, status: 'deleted' };
  }

  /** The checked fields of a product: each kind's own fields, eligible classes of this organization. */
  private async fields(organizationId: string, dto: CreditProductDto): Promise<ProductFields> {
    const scope = dto.scope ?? 'all';
    const classIds = [...new Set(dto.classIds ?? [])];
    if (scope === 'classes' && classIds.length === 0) throw invalid('A product for some classes must name at least one class.');
    if (scope === 'all' && classIds.length) throw invalid('A product for all classes names no classes (choose scope "classes").');
    const foreign = await this.repo.foreignClasses(organizationId, classIds);
    if (foreign.length)
      throw new CreditProductException(CreditProductError.ClassNotFound, `Class ${foreign[0]} not found`, { classIds: foreign });
    const uses = dto.uses ?? null;
    const credit = dto.credit ?? null;
    const validityDays = dto.validityDays ?? null;
    const period = dto.period ?? null;
    if (dto.kind === 'pack') {
      if (uses === null) throw invalid('A pack needs its number of uses.');
      if (period !== null || credit !== null) throw invalid('A pack has no period and no credit amount.');
    } else if (dto.kind === 'membership') {
      if (period === null) throw invalid('A membership needs its period (month or year).');
      if (validityDays !== null || credit !== null)
        throw invalid('A membership has no validity days and no credit amount: it runs by period.');
    } else {
      if (credit === null) throw invalid('Account credit needs the amount of credit a sale gives.');
      if (uses !== null || period !== null) throw invalid('Account credit counts dollars: it has no uses and no period.');
      if (scope !== 'all') throw invalid('Account credit pays for any class.');
    }
    return {
      kind: dto.kind,
      name: dto.name,
      description: dto.description?.trim() || null,
      priceCents: cents(dto.price),
      uses,
      creditCents: credit === null ? null : cents(credit),
      validityDays,
      period,
      scope,
      scopeClassIds: classIds,
      soldOnline: dto.soldOnline ?? true,
      introOffer: dto.introOffer ?? false,
      active: dto.active ?? true,
    };
  }
}
