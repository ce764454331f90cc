import { describe, expect, it } from 'vitest';
import { displayPhone, formatPhone, telHref } from '@shared/us-phone-format';
import { formatPhoneInput } from './phone';

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
  it('should show a stored US number in the spec format (the footer showed 5595551234)', () => {
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
