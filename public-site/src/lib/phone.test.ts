import { describe, expect, it } from 'vitest';
import { displayPhone, formatPhone, formatPhoneInput, INVALID_US_PHONE, telHref, validatePhone } from './phone';

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
  it('should refuse what no US number can be, as the server does (issue 8 §6: exchange starting with 0 or 1)', () => {
    for (const bad of ['5590551234', '5591551234', '15591551234', '5555551234', '9115551234']) {
      expect(validatePhone(bad), bad).toBe(INVALID_US_PHONE);
    }
  });
  it('should accept 10 digits and 11 digits with the country code', () => {
    expect(validatePhone('(559) 555-1234')).toBeNull();
    expect(validatePhone('+1 (559) 555-1234')).toBeNull();
  });
});

describe('formatPhone', () => {
  it('should format complete numbers', () => {
    expect(formatPhone('5551234567')).toBe('(555) 123-4567');
    expect(formatPhone('15551234567')).toBe('+1 (555) 123-4567');
  });
  it('should format partial input as typed', () => {
    expect(formatPhoneInput('5')).toBe('(5');
    expect(formatPhoneInput('5551')).toBe('(555) 1');
    expect(formatPhoneInput('555123')).toBe('(555) 123');
    expect(formatPhoneInput('5551234')).toBe('(555) 123-4');
  });
  it('should drop a digit when a formatting character is deleted', () => {
    expect(formatPhoneInput('(555) 123', '(555) 123-')).toBe('(555) 12');
  });
});

describe('displayPhone', () => {
  it('should show a stored US number in the spec format (issue 8 §7: the footer showed 5595551234)', () => {
    expect(displayPhone('5595551234')).toBe('(559) 555-1234');
    expect(displayPhone('15595551234')).toBe('+1 (559) 555-1234');
    expect(displayPhone('(559) 555-0100')).toBe('(559) 555-0100');
  });
  it('should keep anything else as typed', () => {
    expect(displayPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(displayPhone('559-555-1234 ext. 12')).toBe('559-555-1234 ext. 12');
  });
  it('should link US numbers in E.164', () => {
    expect(telHref('(559) 555-1234')).toBe('tel:+15595551234');
    expect(telHref('+44 20 7946 0958')).toBe('tel:+442079460958');
  });
});
