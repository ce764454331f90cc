/** Texts and rules of the IT-admin portal (spec 3 §2.12, §5, §8: quoted texts verbatim). */
import { isTimeoutError, TIMEOUT_MESSAGE } from '@/providers/httpClient';

export const TEXT = {
  restricted: 'Restricted Access',
  loginFailed: 'Login failed',
  badCredentials: 'Login failed. Please check your credentials.',
  network: 'Network error occurred',
  loadOrganizations: 'Failed to load organizations',
  deleteOrganization: 'Failed to delete organization',
  deleteNetwork: 'Network error occurred during deletion',
  resetSubscription: 'Failed to reset subscription',
  resetNetwork: 'Network error occurred during subscription reset',
  loadSystemInfo: 'Failed to load system information',
  loadOrganization: 'Failed to load organization details',
  simulation: 'Failed to run payment reset simulation',
  confirmationFailed: 'Confirmation failed. Action cancelled.',
  noOrganizationId: 'No organization ID found',
} as const;

export const DELETE_ORGANIZATION = 'DELETE_ORGANIZATION';
export const DELETE = 'DELETE';

const statusOf = (e: unknown) => (e as { status?: number } | null)?.status;
const serverMessage = (e: unknown) => {
  const m = (e as { message?: unknown } | null)?.message;
  return typeof m === 'string' && m.trim() ? m : null;
};

/** The staff sign-in's error (spec 3 §8). */
export function loginErrorText(e: unknown): string {
  if (isTimeoutError(e)) return TIMEOUT_MESSAGE;
  const status = statusOf(e);
  if (status === 0) return TEXT.network;
  if (status === 401) return TEXT.badCredentials;
  if (status === 429) return serverMessage(e) ?? TEXT.loginFailed;
  return TEXT.loginFailed;
}

/**
 * A failed action: the spec's network text when the server was not reached, otherwise the spec's failure text
 * with the server's reason (e.g. a refused confirmation) after it.
 */
export function actionErrorText(e: unknown, failure: string, network: string = TEXT.network): string {
  const status = statusOf(e);
  if (status === 0 || isTimeoutError(e)) return network;
  const reason = serverMessage(e);
  return reason && reason !== failure ? `${failure}: ${reason}` : failure;
}

/** Spec 3 §5: the typed text must match exactly (no trimming, no case folding). */
export const confirmationMatches = (typed: string, expected: string) => typed === expected;

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** IT-admin amounts are cents (spec 3 §3). */
export const formatCents = (cents: number | null | undefined) => (cents === null || cents === undefined ? '—' : usd.format(cents / 100));

/**
 * The bulk-delete prompt sequence of spec 3 §5: two confirm prompts, then typing DELETE. Pure, so the screen is a
 * view of it and the rule is tested on its own.
 */
export type BulkStep = 'idle' | 'confirm1' | 'confirm2' | 'type' | 'run' | 'cancelled' | 'mismatch';
export type BulkEvent = { type: 'start' } | { type: 'yes' } | { type: 'no' } | { type: 'typed'; text: string };

export function nextBulkStep(step: BulkStep, event: BulkEvent): BulkStep {
  if (event.type === 'start') return 'confirm1';
  if (event.type === 'no') return 'cancelled';
  if (step === 'confirm1' && event.type === 'yes') return 'confirm2';
  if (step === 'confirm2' && event.type === 'yes') return 'type';
  if (step === 'type' && event.type === 'typed') return confirmationMatches(event.text, DELETE) ? 'run' : 'mismatch';
  return step;
}
