import { Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { SubscriptionsRepository } from './subscriptions.repository';

export const FREE_PLAN_ID = 'free';

/**
 * An organization's subscription. Minimal for the IT-admin portal (issue 13): h-subs (issue 10) brings the Stripe
 * Billing subscription and replaces this file; `resetToFree(organizationId)` is the contract both keep.
 */
@Injectable()
export class SubscriptionsService {
  constructor(private readonly repo: SubscriptionsRepository) {}

  /**
   * Back to the Free plan, active. TODO(h-subs): cancel the organization's Stripe subscription
   * (`subscriptions.cancel`) when Stripe is configured; this branch has no stored subscription id to cancel.
   */
  async resetToFree(organizationId: string, manager?: EntityManager) {
    if (!(await this.repo.setPlan(organizationId, FREE_PLAN_ID, 'active', manager))) {
      throw new NotFoundException(`Organization ${organizationId} not found`);
    }
    // The fields of h-subs' subscription description that callers read (organizationId, planId, status).
    return { organizationId, planId: FREE_PLAN_ID, status: 'active' };
  }
}
