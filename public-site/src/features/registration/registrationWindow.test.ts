import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/apiClient';
import { windowRefusal } from './registrationWindow';

describe('windowRefusal', () => {
  const envelope = (extra: Record<string, unknown>) => ({
    success: false,
    data: null,
    error: 'Registration for Pottery opens …',
    ...extra,
  });

  it('reads the opening and the closing out of the 409 envelope', () => {
    expect(windowRefusal(new ApiError('x', 409, envelope({ code: 'REGISTRATION_NOT_OPEN', opensAt: '2027-01-05T11:00:00.000Z' })))).toEqual(
      {
        code: 'REGISTRATION_NOT_OPEN',
        opensAt: '2027-01-05T11:00:00.000Z',
      },
    );
    expect(windowRefusal(new ApiError('x', 409, envelope({ code: 'REGISTRATION_CLOSED', closedAt: '2027-02-01T00:00:00.000Z' })))).toEqual({
      code: 'REGISTRATION_CLOSED',
      closedAt: '2027-02-01T00:00:00.000Z',
    });
  });

  it("is not the plan limit's 403, a full class's 409 or a refusal without its time", () => {
    expect(windowRefusal(new ApiError('x', 403, envelope({ code: 'REGISTRATION_CLOSED', registrationClosed: true })))).toBeNull();
    expect(windowRefusal(new ApiError('This class is full', 409, envelope({ code: 'CLASS_FULL' })))).toBeNull();
    expect(windowRefusal(new ApiError('x', 409, envelope({ code: 'REGISTRATION_NOT_OPEN' })))).toBeNull();
    expect(windowRefusal(new Error('network'))).toBeNull();
  });
});
