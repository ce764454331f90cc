import { useCallback, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { errorMessage } from '@/providers/httpClient';
import type { AppDataProvider } from '@/providers/dataProvider';

/** Leaves the app for Stripe (hosted onboarding, Express dashboard); a seam the tests can watch. */
export function goTo(url: string) {
  window.location.assign(url);
}

/**
 * Start or continue onboarding: make sure the organization has its Express account (the server returns the
 * existing one), ask for an Account Link and send the browser there. Stripe brings the admin back to
 * /admin/settings?tab=payments. Also opens the Express dashboard.
 */
export function usePaymentSetupActions(organizationId: string | null) {
  const dp = useDataProvider<AppDataProvider>();
  const [busy, setBusy] = useState<'setup' | 'dashboard' | null>(null);
  const [error, setError] = useState<{ action: 'setup' | 'dashboard'; message: string } | null>(null);

  const startSetup = useCallback(async () => {
    if (!organizationId) return;
    setBusy('setup');
    setError(null);
    try {
      await dp.createConnectAccount(organizationId);
      const { onboarding_url } = await dp.createOnboardingLink(organizationId);
      goTo(onboarding_url);
    } catch (e) {
      setError({ action: 'setup', message: errorMessage(e, '') });
      setBusy(null);
    }
  }, [dp, organizationId]);

  const openDashboard = useCallback(async () => {
    setBusy('dashboard');
    setError(null);
    try {
      const { url } = await dp.getDashboardLink();
      goTo(url);
    } catch (e) {
      setError({ action: 'dashboard', message: errorMessage(e, '') });
    } finally {
      setBusy(null);
    }
  }, [dp]);

  return { startSetup, openDashboard, busy, error, clearError: () => setError(null) };
}
