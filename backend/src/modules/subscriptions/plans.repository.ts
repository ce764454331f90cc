import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { PlanEntity } from './plan.entity';

/** subscription_plans: the subscriptions module's table. */
@Injectable()
export class PlansRepository {
  constructor(@InjectRepository(PlanEntity) private readonly plans: Repository<PlanEntity>) {}

  listInDisplayOrder(includeInactive: boolean) {
    return this.plans.find({ where: includeInactive ? {} : { isActive: true }, order: { displayOrder: 'ASC' } });
  }

  findById(id: string) {
    return this.plans.findOne({ where: { id } });
  }

  /** Active plans, cheapest first (ties in display order). */
  listActiveByPrice() {
    return this.plans.find({ where: { isActive: true }, order: { monthlyPrice: 'ASC', displayOrder: 'ASC' } });
  }

  /** The Stripe price that bills the plan (found by its lookup key, or created). */
  async setStripePriceId(planId: string, priceId: string): Promise<void> {
    await this.plans.update({ id: planId }, { stripePriceId: priceId });
  }
}
