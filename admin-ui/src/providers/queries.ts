/**
 * Reads that several screens share, as react-admin (TanStack Query) queries: one cache key each, so the plan check
 * drawn by the dashboard, the class list and the student list is one request, and `useRefresh()` after a change
 * reloads it everywhere.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAppDataProvider } from '@/providers/dataProvider';
import type { DashboardPeriod } from '@/providers/types';
import { useSession } from '@/session/SessionContext';

/** The plan check of the caller's organization (limits and usage); waits until the session knows the organization. */
export function useSubscriptionValidation() {
  const dp = useAppDataProvider();
  const orgId = useSession().user?.organizationId ?? null;
  return useQuery({
    queryKey: ['organizations', orgId, 'subscription-validation'],
    queryFn: () => dp.getSubscriptionValidation(orgId!),
    enabled: orgId !== null,
  });
}

export function usePlans() {
  const dp = useAppDataProvider();
  return useQuery({ queryKey: ['subscription-plans'], queryFn: () => dp.getPlans() });
}

/** The admin's whole payment setup status; `enabled` false skips the call (e.g. a plan without online payments). */
export function usePaymentSetupStatus(organizationId: string | null | undefined, enabled = true) {
  const dp = useAppDataProvider();
  return useQuery({
    queryKey: ['organizations', organizationId, 'payment-setup'],
    queryFn: () => dp.getPaymentSetupStatus(organizationId!),
    enabled: enabled && Boolean(organizationId),
  });
}

export function useOwnOrganization() {
  const dp = useAppDataProvider();
  return useQuery({ queryKey: ['organizations', 'own'], queryFn: () => dp.getOwnOrganization() });
}

/** The dashboard's figures for a period; a change of period keeps the last figures on screen until the new ones come. */
export function useDashboardSummary(period: DashboardPeriod) {
  const dp = useAppDataProvider();
  return useQuery({
    queryKey: ['reporting', 'dashboard-summary', period],
    queryFn: () => dp.getDashboardSummary(period),
    placeholderData: keepPreviousData,
  });
}
