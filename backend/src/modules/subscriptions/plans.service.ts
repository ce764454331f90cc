import { Injectable, NotFoundException } from '@nestjs/common';
import { mapPlan, type PlanFeature, type PlanResponse } from './plan.entity';
import { PlansRepository } from './plans.repository';

@Injectable()
export class PlansService {
  constructor(private readonly repo: PlansRepository) {}

  async list(includeInactive: boolean): Promise<PlanResponse[]> {
    const rows = await this.repo.listInDisplayOrder(includeInactive);
    return rows.map(mapPlan);
  }

  async get(id: string): Promise<PlanResponse> {
    const plan = await this.repo.findById(id);
    if (!plan) throw new NotFoundException(`Subscription plan ${id} not found`);
    return mapPlan(plan);
  }

  /** The cheapest active plan that has a feature: upsell texts name it (spec README decision 3). */
  async cheapestWith(feature: PlanFeature): Promise<PlanResponse | null> {
    const rows = await this.repo.listActiveByPrice();
    const plan = rows.find((p) => p.features[feature]);
    return plan ? mapPlan(plan) : null;
  }
}
