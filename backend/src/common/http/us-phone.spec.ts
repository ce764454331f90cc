/**
 * One phone rule: the front ends' shared/us-phone.ts and the server's phone.ts (which nest build needs inside
 * backend/src) must give the same answer, message included, for every number.
 */
import { describe, expect, it } from '@jest/globals';
import { usPhoneProblem as frontEndRule } from '../../../../shared/us-phone';
import { libphonenumberChecks, normaliseUsPhone, usPhoneProblem as serverRule } from './phone';

const numbers = [
  '',
  '555 123',
  '555123456789',
  '25551234567',
  '10551234567',
  '0551234567',
  '1551234567',
  '5590551234',
  '5591551234',
  '15591551234',
  '5555551234',
  '9115551234',
  '5594111234',
  '(559) 555-1234',
  '+1 (559) 555-1234',
  '5595550100',
  '15595550100',
  '2125550199',
  '8005550100',
  '9175551234',
];

describe('US phone rule: shared front-end file and server', () => {
  it.each(numbers)('should give the same answer for %p', (value) => {
    expect(frontEndRule(value)).toBe(serverRule(value));
  });

  it('should refuse what the admin app used to accept (555 area code, exchange starting with 0 or 1)', () => {
    expect(frontEndRule('5555551234')).toBe('Please enter a valid 10-digit US phone number');
    expect(frontEndRule('5590551234')).toBe('Please enter a valid 10-digit US phone number');
  });
});

describe('US phone rule: the library asked once per number', () => {
  it('should ask libphonenumber-js once when the same valid number is checked twice in a row (transform, then validator)', () => {
    const before = libphonenumberChecks.count;
    const stored = normaliseUsPhone({ value: '(212) 555-0143' });
    expect(stored).toBe('2125550143');
    expect(serverRule(stored)).toBeNull();
    expect(libphonenumberChecks.count - before).toBe(1);
    // Another number is asked again, and an invalid one is never kept: asked each time, with the same answer.
    expect(serverRule('9175550172')).toBeNull();
    expect(serverRule('5555551234')).toBe('Please enter a valid 10-digit US phone number');
    expect(serverRule('5555551234')).toBe('Please enter a valid 10-digit US phone number');
    expect(libphonenumberChecks.count - before).toBe(4);
    expect(serverRule('2125550143')).toBeNull();
    expect(libphonenumberChecks.count - before).toBe(5);
  });
});
