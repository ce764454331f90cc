import type { ClassEntity } from '../classes/class.entity';
import type { OrganizationEntity } from '../organizations/organization.entity';
import { planReply, type PlanQuotesService } from '../payment-plans/plan-quotes.service';

/**
 * The quote's payment-plan step, after every discount and promo code: the plans this registration could choose, and
 * the chosen one's schedule (deposit today, then each due date and amount) for the quote's total. Its own file so
 * the quote's other steps (and their owners) are not touched by it.
 */
export async function quotePaymentPlan(
  plans: PlanQuotesService,
  org: OrganizationEntity,
  cls: ClassEntity,
  totalCents: number,
  paymentPlanId: string | undefined,
) {
  const paymentPlans = await plans.offered(org, cls, totalCents);
  // Left out when the class offers none and none was asked for: the quote of a class without plans is as it was.
  return {
    ...(paymentPlans.length ? { paymentPlans } : {}),
    ...(paymentPlanId ? { paymentPlan: planReply(await plans.schedule(org, cls, totalCents, paymentPlanId)) } : {}),
  };
}
