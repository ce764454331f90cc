/** The waitlist's public calls; the server's readable messages are shown as they are. */
import { currentLocale } from '@/lib/i18n/i18n';
import type { components } from '@shared/api/schema';
import { api, ApiError } from '@/lib/apiClient';
import type { StudentDetails } from '@/features/registration/api/registerStudent';

/** `POST /api/classes/{classId}/waitlist`: the entry and its place (the same entry again for the same email). */
export type WaitlistJoined = components['schemas']['WaitlistJoinResponseDto'];

/** `GET /api/waitlist/offers/{token}`: the offer, its held seat and the prices (in dollars); date-times revived. */
export type WaitlistOffer = Omit<components['schemas']['WaitlistOfferResponseDto'], 'startDate' | 'offerExpiresAt'> & {
  startDate: Date | string | null;
  offerExpiresAt: Date | string;
};

type WaitlistLeft = components['schemas']['WaitlistLeaveResponseDto'];

export function joinWaitlist(input: {
  classId: string;
  organizationId: string;
  student: StudentDetails;
  /** The place in the opening's line, while the opening's waiting room is on. */
  waitingRoomTicket?: string;
}): Promise<WaitlistJoined> {
  return api.post<WaitlistJoined>(
    `/api/classes/${encodeURIComponent(input.classId)}/waitlist`,
    {
      organizationId: input.organizationId,
      ...input.student,
      // The page's language: the waitlist's messages are written in it (issue 42 §2).
      language: currentLocale(),
      ...(input.waitingRoomTicket ? { waitingRoomTicket: input.waitingRoomTicket } : {}),
    },
    { public: true },
  );
}

export function getWaitlistOffer(token: string): Promise<WaitlistOffer> {
  return api.get<WaitlistOffer>(`/api/waitlist/offers/${encodeURIComponent(token)}`, { public: true });
}

export function leaveWaitlist(token: string): Promise<WaitlistLeft> {
  return api.post<WaitlistLeft>(`/api/waitlist/leave/${encodeURIComponent(token)}`, {}, { public: true });
}

export const WAITLIST_MESSAGES = {
  joinFailed: 'We could not add you to the waitlist. Please try again.',
  badLink: 'This waitlist link is not valid. Please check that you copied the whole link from your message.',
  offerEnded: 'This seat offer is no longer available: it has expired or has already been used.',
  offerLoadFailed: 'We could not load your seat offer. Please try again.',
  leaveFailed: 'We could not take you off the waitlist. Please try again.',
  leaveEnded: 'This link can no longer be used: you are no longer waiting on this list.',
} as const;

/** The student-form fields a refused join names (400), else null. */
export function joinErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return WAITLIST_MESSAGES.joinFailed;
  if (error.kind === 'timeout' || error.kind === 'network') return error.message;
  // 409: a seat is free (register instead) or the class takes no waitlist; 400/404/429: the server's own words.
  if ([400, 404, 409, 422, 429].includes(error.status) && error.message && error.message !== 'Request failed') return error.message;
  return WAITLIST_MESSAGES.joinFailed;
}

/**
 * What a failed offer read means: 410 is an offer that ended (the server's words when it gave some), 404 a link
 * that never was one; anything else may pass and is worth a retry.
 */
export function offerErrorMessage(error: unknown): { ended: boolean; message: string } {
  if (error instanceof ApiError && error.status === 410) {
    return { ended: true, message: error.message && error.message !== 'Request failed' ? error.message : WAITLIST_MESSAGES.offerEnded };
  }
  if (error instanceof ApiError && (error.status === 404 || error.status === 400))
    return { ended: true, message: WAITLIST_MESSAGES.badLink };
  if (error instanceof ApiError && (error.kind === 'timeout' || error.kind === 'network')) return { ended: false, message: error.message };
  return { ended: false, message: WAITLIST_MESSAGES.offerLoadFailed };
}

export function leaveErrorMessage(error: unknown): string {
  // 409: already registered from the list (the server says whom to contact).
  if (error instanceof ApiError && error.status === 409 && error.message && error.message !== 'Request failed') return error.message;
  if (error instanceof ApiError && error.status === 410) {
    return error.message && error.message !== 'Request failed' ? error.message : WAITLIST_MESSAGES.leaveEnded;
  }
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return WAITLIST_MESSAGES.badLink;
  if (error instanceof ApiError && (error.kind === 'timeout' || error.kind === 'network')) return error.message;
  return WAITLIST_MESSAGES.leaveFailed;
}
