import { useQueries, useQueryClient } from '@tanstack/react-query';
import { subscriptionApi, SubscriptionError, type Subscription, type SubscriptionPlan, type UsageLimits } from '@/providers/subscription';

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

/**
 * The organization's subscription, the plans and the usage: three react-admin (TanStack) queries read together and
 * reloaded after each action. `loading` lasts until all three have answered once.
 */
export function useSubscription(orgId: string | null): SubscriptionData {
  const queryClient = useQueryClient();
  const [s, p, u] = useQueries({
    queries: [
      { queryKey: ['subscriptions', orgId], queryFn: () => subscriptionApi.get(orgId!), enabled: orgId !== null },
      { queryKey: ['subscriptions', 'plans'], queryFn: () => subscriptionApi.plans(), enabled: orgId !== null },
      { queryKey: ['subscriptions', orgId, 'usage-limits'], queryFn: () => subscriptionApi.usageLimits(orgId!), enabled: orgId !== null },
    ],
  });
  return {
    subscription: s.data,
    plans: p.data,
    usage: u.data,
    errors: {
      subscription: s.error ? text(s.error, 'Error loading subscription') : null,
      plans: p.error ? text(p.error, 'Failed to load subscription plans') : null,
      usage: u.error ? text(u.error, 'Failed to load usage data') : null,
    },
    loading: orgId === null || s.isPending || p.isPending || u.isPending,
    reload: async () => {
      await Promise.all([s.refetch(), p.refetch(), u.refetch()]);
    },
    setSubscription: (next) => queryClient.setQueryData(['subscriptions', orgId], next),
  };
}
