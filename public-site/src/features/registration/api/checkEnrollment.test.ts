import { describe, expect, it } from 'vitest';
import { toRegistrationClosed } from './checkEnrollment';

describe('toRegistrationClosed', () => {
  const organizationData = { name: 'Sunrise', contactInfo: { email: 'desk@sunrise.example', phone: '5595550100' } };
  it('should read the enrollment check answer', () => {
    expect(
      toRegistrationClosed({
        enrolled: false,
        classFull: false,
        registrationClosed: true,
        message: 'Sunrise is not accepting…',
        organizationData,
      }),
    ).toEqual({
      message: 'Sunrise is not accepting…',
      organizationName: 'Sunrise',
      contactInfo: organizationData.contactInfo,
    });
  });
  it("should read a refused registration's envelope", () => {
    const body = {
      success: false,
      data: null,
      error: 'Sunrise is not accepting…',
      code: 'REGISTRATION_CLOSED',
      registrationClosed: true,
      organizationData,
    };
    expect(toRegistrationClosed(body)?.message).toBe('Sunrise is not accepting…');
  });
  it('should be null for an open registration or another refusal', () => {
    expect(toRegistrationClosed({ enrolled: false, classFull: false })).toBeNull();
    expect(toRegistrationClosed({ success: false, error: 'This class is full', code: 'CLASS_FULL' })).toBeNull();
    expect(toRegistrationClosed(null)).toBeNull();
  });
});
