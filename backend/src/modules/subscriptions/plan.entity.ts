import { Column, Entity, PrimaryColumn } from 'typeorm';

interface PlanLimits {
  maxClasses: number;
  maxStudents: number;
  maxTransactionsPerMonth: number;
}

interface PlanFeatures {
  basicSiteAccess: boolean;
  inClassPayments: boolean;
  onlinePaymentCollection: boolean;
  advancedReporting: boolean;
  customBranding: boolean;
  apiAccess: boolean;
  prioritySupport: boolean;
}

export type PlanFeature = keyof PlanFeatures;

@Entity('subscription_plans')
export class PlanEntity {
  @PrimaryColumn({ type: 'text' }) id: string;
  @Column({ type: 'text' }) name: string;
  @Column({ type: 'text' }) description: string;
  /** Cents, as the spec shows plan prices. */
  @Column({ name: 'monthly_price', type: 'integer' }) monthlyPrice: number;
  @Column({ name: 'display_order', type: 'integer' }) displayOrder: number;
  @Column({ name: 'is_active', type: 'boolean' }) isActive: boolean;
  @Column({ type: 'jsonb' }) limits: PlanLimits;
  @Column({ type: 'jsonb' }) features: PlanFeatures;
  @Column({ name: 'stripe_price_id', type: 'text', nullable: true }) stripePriceId: string | null;
}

export const mapPlan = (p: PlanEntity) => ({
  id: p.id,
  name: p.name,
  description: p.description,
  monthlyPrice: p.monthlyPrice,
  displayOrder: p.displayOrder,
  isActive: p.isActive,
  limits: p.limits,
  features: p.features,
  stripePriceId: p.stripePriceId,
});
export type PlanResponse = ReturnType<typeof mapPlan>;

/** -1 means unlimited; creating is allowed only while the current count is below the limit (spec 3 §5). */
export const isBelowLimit = (limit: number, current: number) => limit === -1 || current < limit;
