/** The student portal's calls (decision 18): sign in by an emailed link, then the student's own registrations. */
import type { Translate } from '@/lib/i18n/useT';
import { money } from '../portalFormat';
import type { components } from '@shared/api/schema';
import { api, ApiError } from '@/lib/apiClient';

type S = components['schemas'];
export type PortalRegistrations = S['PortalRegistrationsDto'];
export type PortalEnrollment = S['PortalEnrollmentDto'];
export type PortalTransferOption = S['PortalTransferOptionDto'];
type Session = S['PortalSessionResponseDto'];

/** The portal session lives in this tab only (sessionStorage): closing the tab signs out, an hour ends it anyway. */
const KEY = 'classlane.portal';
export interface PortalSession {
  token: string;
  expiresAt: string;
  organizationId: string;
  firstName: string;
}

export function readSession(): PortalSession | null {
  try {
    const s = JSON.parse(window.sessionStorage.getItem(KEY) ?? 'null') as PortalSession | null;
    return s && new Date(s.expiresAt).getTime() > Date.now() ? s : null;
  } catch {
    return null;
  }
}

function saveSession(s: PortalSession | null) {
  try {
    if (s) window.sessionStorage.setItem(KEY, JSON.stringify(s));
    else window.sessionStorage.removeItem(KEY);
  } catch {
    /* storage disabled: the session is not remembered across reloads */
  }
}

export function requestLink(organizationId: string, email: string): Promise<{ message: string }> {
  return api.post('/api/portal/link', { organizationId, email }, { public: true });
}

export async function signIn(token: string): Promise<PortalSession> {
  const s = await api.post<Session>('/api/portal/session', { token }, { public: true });
  const session = { token: s.token, expiresAt: String(s.expiresAt), organizationId: s.organizationId, firstName: s.student.firstName };
  saveSession(session);
  return session;
}

export async function signOut(s: PortalSession): Promise<void> {
  saveSession(null);
  await api.post('/api/portal/signout', {}, { bearer: s.token }).catch(() => undefined);
}

export const forgetSession = () => saveSession(null);

const auth = (s: PortalSession) => ({ bearer: s.token });
export const getRegistrations = (s: PortalSession) => api.get<PortalRegistrations>('/api/portal/registrations', auth(s));
export type PortalReceipt = S['ReceiptResponseDto'];
/** The student's numbered receipts and credit notes, newest first. */
export const getReceipts = (s: PortalSession) => api.get<PortalReceipt[]>('/api/portal/receipts', auth(s));
export const cancelEnrollment = (s: PortalSession, id: string) =>
  api.post<S['PortalCancelResponseDto']>(`/api/portal/enrollments/${encodeURIComponent(id)}/cancel`, {}, { ...auth(s), movesSeats: true });
export const transferOptions = (s: PortalSession, id: string) =>
  api.get<PortalTransferOption[]>(`/api/portal/enrollments/${encodeURIComponent(id)}/transfer-options`, auth(s));
/** `payDifferenceInPerson`: a dearer class switched now, the difference paid at class (when the organization allows it). */
export const transferEnrollment = (s: PortalSession, id: string, toClassId: string, payDifferenceInPerson = false) =>
  api.post<S['PortalTransferResponseDto']>(
    `/api/portal/enrollments/${encodeURIComponent(id)}/transfer`,
    payDifferenceInPerson ? { toClassId, payDifferenceInPerson } : { toClassId },
    { ...auth(s), movesSeats: true },
  );
/** A switch to a dearer class paid by card: the seat is held and the PaymentIntent opened for exactly `amount`. */
export const transferPaymentIntent = (s: PortalSession, id: string, toClassId: string, amount: number) =>
  api.post<S['PortalTransferPaymentDto']>(
    `/api/portal/enrollments/${encodeURIComponent(id)}/transfer/payment-intent`,
    { toClassId, amount },
    auth(s),
  );
/** The server checks the payment with Stripe and makes the switch. */
export const confirmTransferPayment = (s: PortalSession, id: string, paymentIntentId: string) =>
  api.post<S['PortalTransferResponseDto']>(
    `/api/portal/enrollments/${encodeURIComponent(id)}/transfer/confirm`,
    { paymentIntentId },
    auth(s),
  );
/** The student stepped back: the held seat is given back. */
export const abandonTransferPayment = (s: PortalSession, id: string) =>
  api.post<S['PortalTransferAbandonedDto']>(`/api/portal/enrollments/${encodeURIComponent(id)}/transfer/abandon`, {}, auth(s));
export const updateProfile = (s: PortalSession, body: S['UpdatePortalProfileDto']) =>
  api.put<S['PortalProfileUpdatedDto']>('/api/portal/profile', body, auth(s));
export const requestErasure = (s: PortalSession) => api.post<S['PortalErasureRequestedDto']>('/api/portal/erasure', {}, auth(s));

/** Downloads a portal file (receipt, calendar, export) with the portal token, and saves it under `filename`. */
export async function download(s: PortalSession, path: string, filename: string): Promise<void> {
  const res = await fetch(path, { headers: { Authorization: `Bearer ${s.token}` } });
  if (!res.ok) throw new ApiError('Request failed', res.status, null, 'http');
  const blob = path.endsWith('/export')
    ? new Blob([JSON.stringify((await res.json()).data, null, 2)], { type: 'application/json' })
    : await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export { money };

/** What a cancel gives back, in words: 'You will get $40.00 back (50% under the policy in force when you registered)'. */
export function refundText(t: Translate, e: Pick<PortalEnrollment, 'refundQuote' | 'paymentMethod' | 'paymentStatus'>): string {
  const q = e.refundQuote;
  if (!q || e.paymentMethod !== 'card' || e.paymentStatus !== 'completed') return t('portal.refund.nothingPaid');
  if (q.noPolicy) return t('portal.refund.noPolicy', { amount: money(q.refundAmount) });
  if (q.refundAmount <= 0) return t('portal.refund.none');
  return t('portal.refund.percent', { amount: money(q.refundAmount), percent: q.refundPercentage });
}

/** '$20.00 back to your card', '$40.00 more', 'Same price'. */
export function differenceText(t: Translate, d: number): string {
  if (d < 0) return t('portal.difference.back', { amount: money(-d) });
  if (d > 0) return t('portal.difference.more', { amount: money(d) });
  return t('portal.difference.same');
}

/** The server's own words when it gave some, else `fallback`. */
export function portalError(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message && error.message !== 'Request failed') return error.message;
  return fallback;
}
