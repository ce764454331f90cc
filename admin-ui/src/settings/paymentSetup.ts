import type { ConnectStatus, SubscriptionValidation } from '@/providers/types';

/**
 * The Payment Setup tab's states (spec 3 §4 "Payment account"), the dashboard's payment setup banner (spec 3 §4
 * "Payment setup banner") and the mode label (spec 3 §9), as pure functions of the server's answers.
 */
export type PaymentSetupState =
  /** The plan has no online payments, or the subscription is not active: upsell. */
  | 'upsell'
  /** Local mode (no Stripe on the server) and no account: card payments cannot be set up here. */
  | 'unavailable'
  | 'not_started'
  | 'in_progress'
  | 'verification'
  | 'action_required'
  | 'active';

export const SETUP_TITLES: Record<Exclude<PaymentSetupState, 'upsell' | 'unavailable'>, string> = {
  not_started: 'Set Up Payment Processing',
  in_progress: 'Setup In Progress',
  verification: 'Account Verification Required',
  action_required: 'Action Required',
  active: 'Payment Processing Active',
};

export const LOAD_STATUS_ERROR = 'Failed to load payment setup status';
export const VALIDATION_ERROR = 'Failed to validate subscription';
export const SETUP_ERROR = 'Failed to set up payment processing';
/** Spec 3 §9: the status refreshes every 30 s while the account is active with details submitted. */
export const REFRESH_MS = 30_000;
export const REQUIREMENTS_SHOWN = 5;

type Status = Pick<ConnectStatus, 'hasAccount' | 'charges_enabled' | 'details_submitted' | 'requirements' | 'stripeConfigured'>;
type Validation = Pick<SubscriptionValidation, 'hasActiveSubscription' | 'canAcceptOnlinePayments'>;

const due = (s: Status) => [...(s.requirements?.past_due ?? []), ...(s.requirements?.currently_due ?? [])];

export function paymentSetupState(validation: Validation, status: Status): PaymentSetupState {
  // An existing account is always shown (even after a downgrade, its payouts and requirements still matter).
  if (!status.hasAccount) {
    if (!validation.hasActiveSubscription || !validation.canAcceptOnlinePayments) return 'upsell';
    if (status.stripeConfigured === false) return 'unavailable';
    return 'not_started';
  }
  if (!status.details_submitted) return 'in_progress';
  if (!status.charges_enabled) return 'verification';
  if (due(status).length > 0) return 'action_required';
  return 'active';
}

/** Active with only eventually-due requirements: the informational notice. */
export function hasEventuallyDueOnly(status: Status): boolean {
  return Boolean(status.charges_enabled) && due(status).length === 0 && (status.requirements?.eventually_due?.length ?? 0) > 0;
}

/** Past due first, then currently due, each once. */
export function dueRequirements(status: Status): string[] {
  return [...new Set(due(status))];
}

/** The first 5, then 'and N more'. */
export function requirementsPreview(items: string[], shown = REQUIREMENTS_SHOWN): { items: string[]; more: string | null } {
  const rest = items.length - shown;
  return { items: items.slice(0, shown), more: rest > 0 ? `and ${rest} more` : null };
}

/** Stripe's requirement keys (`individual.dob.day`, `tos_acceptance.date`) in words a person reads. */
export function requirementLabel(key: string): string {
  const words = key
    .replace(/\[\d+\]/g, '')
    .split('.')
    .map((w) => w.replace(/_/g, ' '))
    .join(' › ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function shouldRefresh(status: Status | undefined): boolean {
  return Boolean(status?.hasAccount && status.details_submitted);
}

/** Spec 3 §9: production and remote are live; every other environment is test. */
export function paymentModeLabel(environment: string | null | undefined): 'LIVE' | 'TEST' {
  return environment === 'production' || environment === 'remote' ? 'LIVE' : 'TEST';
}

export interface PaymentBanner {
  urgency: 'high' | 'medium';
  title: string;
  text: string;
  action: string;
}

/**
 * Shown only with an active subscription that allows online payments: no account (high urgency, start setup)
 * or an account that cannot charge yet (medium). Hidden otherwise, while loading or after a failed load, and in
 * local mode without an account (nothing could be set up).
 */
export function paymentBanner(validation: Validation | undefined, status: Status | undefined): PaymentBanner | null {
  if (!validation?.hasActiveSubscription || !validation.canAcceptOnlinePayments || !status) return null;
  if (!status.hasAccount) {
    if (status.stripeConfigured === false) return null;
    return {
      urgency: 'high',
      title: 'Set Up Payment Processing',
      text: 'Your plan includes online payments. Set up payment processing to accept card payments from students.',
      action: 'Set Up Payment Processing',
    };
  }
  if (!status.charges_enabled) {
    return {
      urgency: 'medium',
      title: 'Complete Payment Setup',
      text: 'Your payment account cannot accept card payments yet. Finish the remaining steps with Stripe.',
      action: 'Complete Payment Setup',
    };
  }
  return null;
}
