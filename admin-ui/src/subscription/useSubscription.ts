import { useCallback, useEffect, useState } from 'react';
import { subscriptionApi, SubscriptionError, type Subscription, type SubscriptionPlan, type UsageLimits } from '@/subscription/api';

export interface SubscriptionData {
  subscription: Subscription | undefined;
  plans: SubscriptionPlan[] | undefined;
  usage: UsageLimits | undefined;
  /** spec 3 §8 texts of what failed to load */
  errors: { subscription: string | null; plans: string | null; usage: string | null };
  loading: boolean;
  reload: () => Promise<void>;
  setSubscription: (s: Subscription) => void;
}

const text = (e: unknown, fallback: string) => (e instanceof SubscriptionError ? e.message : fallback);

/** The organization's subscription, the plans and the usage, loaded together and reloaded after each action. */
export function useSubscription(orgId: string | null): SubscriptionData {
  const [subscription, setSubscription] = useState<Subscription | undefined>();
  const [plans, setPlans] = useState<SubscriptionPlan[] | undefined>();
  const [usage, setUsage] = useState<UsageLimits | undefined>();
  const [errors, setErrors] = useState<SubscriptionData['errors']>({ subscription: null, plans: null, usage: null });
  const [loading, setLoading] = useState(true);

  const reload = useCallback(async () => {
    if (!orgId) return;
    const [s, p, u] = await Promise.allSettled([subscriptionApi.get(orgId), subscriptionApi.plans(), subscriptionApi.usageLimits(orgId)]);
    if (s.status === 'fulfilled') setSubscription(s.value);
    if (p.status === 'fulfilled') setPlans(p.value);
    if (u.status === 'fulfilled') setUsage(u.value);
    setErrors({
      subscription: s.status === 'rejected' ? text(s.reason, 'Error loading subscription') : null,
      plans: p.status === 'rejected' ? text(p.reason, 'Failed to load subscription plans') : null,
      usage: u.status === 'rejected' ? text(u.reason, 'Failed to load usage data') : null,
    });
    setLoading(false);
  }, [orgId]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { subscription, plans, usage, errors, loading, reload, setSubscription };
}
