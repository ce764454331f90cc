/** The emailed link to sign a new waiver version: read it (changes nothing), then sign it with a POST. */
import type { components } from '@shared/api/schema';
import { api, ApiError } from '@/lib/apiClient';

export type WaiverLink = components['schemas']['WaiverLinkResponseDto'];
export type WaiverLinkSigned = components['schemas']['WaiverLinkSignedResponseDto'];

export function getWaiverLink(token: string): Promise<WaiverLink> {
  return api.get<WaiverLink>(`/api/waiver-links/${encodeURIComponent(token)}`, { public: true });
}

/** `byGuardian`: the person is under 18, so the name typed is their parent or guardian's, who signs for them. */
export function signWaiverLink(token: string, signedName: string, byGuardian = false): Promise<WaiverLinkSigned> {
  return api.post<WaiverLinkSigned>(
    `/api/waiver-links/${encodeURIComponent(token)}/sign`,
    byGuardian ? { signedName, guardian: { name: signedName } } : { signedName },
    { public: true },
  );
}

export const WAIVER_LINK_MESSAGES = {
  badLink: 'This signing link is not valid. Please check that you copied the whole link from your email.',
  loadFailed: 'We could not load the waiver. Please try again.',
  signFailed: 'We could not record your signature. Please try again.',
} as const;

/** The server's own words for a refusal it explains (400 name, 404 link, 410 used or replaced), else a retry text. */
export function waiverLinkError(error: unknown, fallback: string): { message: string; field?: string; ended: boolean } {
  if (!(error instanceof ApiError)) return { message: fallback, ended: false };
  if (error.kind === 'timeout' || error.kind === 'network') return { message: error.message, ended: false };
  if (error.status === 404) return { message: WAIVER_LINK_MESSAGES.badLink, ended: true };
  if (error.status === 410) return { message: error.message, ended: true };
  if (error.status === 400)
    return {
      message: error.fieldErrors.signedName ?? error.fieldErrors['guardian.name'] ?? error.message,
      field: 'signedName',
      ended: false,
    };
  if (error.status === 429) return { message: error.message, ended: false };
  return { message: fallback, ended: false };
}
