import { describe, expect, it } from 'vitest';
import { INVALID_US_PHONE, usPhoneProblem as validatePhone } from '@shared/us-phone';

describe('validatePhone', () => {
  it('should give every spec message', () => {
    expect(validatePhone('')).toBe('Phone number is required');
    expect(validatePhone('555 123')).toBe('Phone number is too short. Please enter a 10-digit US phone number');
    expect(validatePhone('555123456789')).toBe('Phone number is too long. Please enter a 10-digit US phone number');
    expect(validatePhone('25551234567')).toBe('11-digit number must start with 1 (US country code)');
    expect(validatePhone('10551234567')).toBe('Area code cannot start with 0 or 1');
    expect(validatePhone('0551234567')).toBe('Phone number cannot start with 0 or 1');
    expect(validatePhone('1551234567')).toBe('Phone number cannot start with 0 or 1');
  });
  it('should refuse what no US number can be, as the server does (exchange starting with 0 or 1)', () => {
    for (const bad of ['5590551234', '5591551234', '15591551234', '5555551234', '9115551234']) {
      expect(validatePhone(bad), bad).toBe(INVALID_US_PHONE);
    }
  });
  it('should accept 10 digits and 11 digits with the country code', () => {
    expect(validatePhone('(559) 555-1234')).toBeNull();
    expect(validatePhone('+1 (559) 555-1234')).toBeNull();
  });
});
