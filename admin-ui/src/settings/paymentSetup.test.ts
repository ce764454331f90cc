import { describe, expect, it } from 'vitest';
import {
  hasEventuallyDueOnly,
  paymentBanner,
  paymentModeLabel,
  paymentSetupState,
  requirementLabel,
  requirementsPreview,
  shouldRefresh,
} from '@/settings/paymentSetup';

const paid = { hasActiveSubscription: true, canAcceptOnlinePayments: true };
const noReqs = { currently_due: [], past_due: [], eventually_due: [], disabled_reason: null };
const status = (over: Record<string, unknown> = {}) => ({
  hasAccount: true,
  charges_enabled: false,
  details_submitted: false,
  stripeConfigured: true,
  requirements: noReqs,
  ...over,
});

describe('paymentSetupState (spec 3 §4 payment account)', () => {
  it('should upsell a plan without online payments or an inactive subscription when there is no account', () => {
    const none = status({ hasAccount: false });
    expect(paymentSetupState({ hasActiveSubscription: true, canAcceptOnlinePayments: false }, none)).toBe('upsell');
    expect(paymentSetupState({ hasActiveSubscription: false, canAcceptOnlinePayments: false }, none)).toBe('upsell');
  });

  it("should say setup is unavailable in local mode, and offer 'Set Up Payment Processing' otherwise", () => {
    expect(paymentSetupState(paid, status({ hasAccount: false, stripeConfigured: false }))).toBe('unavailable');
    expect(paymentSetupState(paid, status({ hasAccount: false }))).toBe('not_started');
  });

  it("should walk 'Setup In Progress' → 'Account Verification Required' → active", () => {
    expect(paymentSetupState(paid, status())).toBe('in_progress');
    expect(paymentSetupState(paid, status({ details_submitted: true }))).toBe('verification');
    expect(paymentSetupState(paid, status({ details_submitted: true, charges_enabled: true }))).toBe('active');
  });

  it("should show 'Action Required' for an active account with currently-due or past-due requirements", () => {
    for (const r of [{ currently_due: ['external_account'] }, { past_due: ['tos_acceptance.date'] }]) {
      expect(paymentSetupState(paid, status({ details_submitted: true, charges_enabled: true, requirements: { ...noReqs, ...r } }))).toBe(
        'action_required',
      );
    }
  });

  it('should keep showing an existing account after a downgrade', () => {
    expect(paymentSetupState({ hasActiveSubscription: true, canAcceptOnlinePayments: false }, status({ details_submitted: true }))).toBe(
      'verification',
    );
  });

  it('should flag the eventually-due notice only for an active account with nothing due now', () => {
    const eventually = { ...noReqs, eventually_due: ['individual.id_number'] };
    expect(hasEventuallyDueOnly(status({ charges_enabled: true, details_submitted: true, requirements: eventually }))).toBe(true);
    expect(hasEventuallyDueOnly(status({ charges_enabled: true, requirements: { ...eventually, currently_due: ['x'] } }))).toBe(false);
    expect(hasEventuallyDueOnly(status({ charges_enabled: false, requirements: eventually }))).toBe(false);
  });
});

describe('requirementsPreview', () => {
  it("should show the first 5 then 'and N more'", () => {
    const items = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    expect(requirementsPreview(items)).toEqual({ items: ['a', 'b', 'c', 'd', 'e'], more: 'and 2 more' });
    expect(requirementsPreview(items.slice(0, 5))).toEqual({ items: items.slice(0, 5), more: null });
    expect(requirementsPreview([])).toEqual({ items: [], more: null });
  });

  it('should put Stripe keys in words', () => {
    expect(requirementLabel('individual.dob.day')).toBe('Individual › dob › day');
    expect(requirementLabel('external_account')).toBe('External account');
  });
});

describe('refresh, mode label and banner', () => {
  it('should refresh every 30 s only for an account with details submitted', () => {
    expect(shouldRefresh(status({ details_submitted: true, charges_enabled: true }))).toBe(true);
    expect(shouldRefresh(status({ details_submitted: true }))).toBe(true);
    expect(shouldRefresh(status())).toBe(false);
    expect(shouldRefresh(status({ hasAccount: false }))).toBe(false);
    expect(shouldRefresh(undefined)).toBe(false);
  });

  it('should label production and remote LIVE, anything else TEST', () => {
    expect(paymentModeLabel('production')).toBe('LIVE');
    expect(paymentModeLabel('remote')).toBe('LIVE');
    expect(paymentModeLabel('test')).toBe('TEST');
    expect(paymentModeLabel(undefined)).toBe('TEST');
  });

  it('should show the banner with high urgency without an account and medium while it cannot charge, hidden otherwise', () => {
    expect(paymentBanner(paid, status({ hasAccount: false }))).toMatchObject({ urgency: 'high', action: 'Set Up Payment Processing' });
    expect(paymentBanner(paid, status({ details_submitted: true }))).toMatchObject({ urgency: 'medium', action: 'Complete Payment Setup' });
    expect(paymentBanner(paid, status({ charges_enabled: true, details_submitted: true }))).toBeNull();
    expect(paymentBanner({ hasActiveSubscription: true, canAcceptOnlinePayments: false }, status({ hasAccount: false }))).toBeNull();
    expect(paymentBanner({ hasActiveSubscription: false, canAcceptOnlinePayments: true }, status({ hasAccount: false }))).toBeNull();
    expect(paymentBanner(paid, undefined)).toBeNull(); // loading, or 'Failed to load payment setup status'
    expect(paymentBanner(paid, status({ hasAccount: false, stripeConfigured: false }))).toBeNull();
  });
});
