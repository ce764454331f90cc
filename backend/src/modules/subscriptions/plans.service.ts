import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { mapPlan, PlanEntity, type PlanFeature, type PlanResponse } from './plan.entity';

@Injectable()
export class PlansService {
  constructor(@InjectRepository(PlanEntity) private readonly plans: Repository<PlanEntity>) {}

  async list(includeInactive: boolean): Promise<PlanResponse[]> {
    const rows = await this.plans.find({ where: includeInactive ? {} : { isActive: true }, order: { displayOrder: 'ASC' } });
    return rows.map(mapPlan);
  }

  async get(id: string): Promise<PlanResponse> {
    const plan = await this.plans.findOne({ where: { id } });
    if (!plan) throw new NotFoundException(`Subscription plan ${id} not found`);
    return mapPlan(plan);
  }

  /** The cheapest active plan that has a feature: upsell texts name it (spec README decision 3). */
  async cheapestWith(feature: PlanFeature): Promise<PlanResponse | null> {
    const rows = await this.plans.find({ where: { isActive: true }, order: { monthlyPrice: 'ASC', displayOrder: 'ASC' } });
    const plan = rows.find((p) => p.features[feature]);
    return plan ? mapPlan(plan) : null;
  }
}
