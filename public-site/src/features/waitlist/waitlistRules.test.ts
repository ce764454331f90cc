import { describe, expect, it } from 'vitest';
import { joinErrorMessage, leaveErrorMessage, offerErrorMessage, WAITLIST_MESSAGES } from './api/waitlist';
import { ApiError } from '@/lib/apiClient';

describe('waitlist messages', () => {
  it("should keep the server's readable refusal of a join", () => {
    expect(joinErrorMessage(new ApiError('A seat is free in this class: please register instead', 409))).toBe(
      'A seat is free in this class: please register instead',
    );
    expect(joinErrorMessage(new ApiError('Internal server error', 500))).toBe(WAITLIST_MESSAGES.joinFailed);
  });

  it('should tell an ended offer from a bad link and from a failure worth a retry', () => {
    expect(offerErrorMessage(new ApiError('This offer has expired', 410))).toEqual({ ended: true, message: 'This offer has expired' });
    expect(offerErrorMessage(new ApiError('Request failed', 410))).toEqual({ ended: true, message: WAITLIST_MESSAGES.offerEnded });
    expect(offerErrorMessage(new ApiError('Not found', 404))).toEqual({ ended: true, message: WAITLIST_MESSAGES.badLink });
    expect(offerErrorMessage(new ApiError('Internal server error', 500))).toEqual({
      ended: false,
      message: WAITLIST_MESSAGES.offerLoadFailed,
    });
    expect(leaveErrorMessage(new ApiError('Not found', 404))).toBe(WAITLIST_MESSAGES.badLink);
    expect(leaveErrorMessage(new ApiError('Request failed', 410))).toBe(WAITLIST_MESSAGES.leaveEnded);
    expect(leaveErrorMessage(new ApiError('You have already registered for this class from the waitlist.', 409))).toBe(
      'You have already registered for this class from the waitlist.',
    );
  });
});
