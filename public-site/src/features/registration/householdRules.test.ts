import { describe, expect, it } from 'vitest';
import { attendeesToSend, peopleCount, validateAttendee, validateDateOfBirth, type HouseholdValues } from './householdRules';

const row = (firstName: string, lastName: string, dateOfBirth = '') => ({ key: 1, firstName, lastName, dateOfBirth });
const contact = { firstName: ' Ana ', lastName: 'Martinez' };

describe('household rules', () => {
  it('should send no attendees for one person registering themself', () => {
    expect(attendeesToSend(contact, { contactAttends: true, others: [] })).toBeUndefined();
    expect(peopleCount({ contactAttends: false, others: [] })).toBe(1);
  });

  it('should send the contact first when attending, then each person, the date of birth only when given', () => {
    const h: HouseholdValues = { contactAttends: true, others: [row(' Emma ', 'Martinez', '2016-04-12'), row('Liam', 'Martinez')] };
    expect(attendeesToSend(contact, h)).toEqual([
      { firstName: 'Ana', lastName: 'Martinez' },
      { firstName: 'Emma', lastName: 'Martinez', dateOfBirth: '2016-04-12' },
      { firstName: 'Liam', lastName: 'Martinez' },
    ]);
    expect(peopleCount(h)).toBe(3);
    const kidsOnly = { ...h, contactAttends: false };
    expect(attendeesToSend(contact, kidsOnly)?.map((a) => a.firstName)).toEqual(['Emma', 'Liam']);
    expect(peopleCount(kidsOnly)).toBe(2);
  });

  it("should check each person's names by the spec's rules and an optional, past date of birth", () => {
    expect(validateAttendee(row('', 'M'))).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name must be at least 2 characters long',
    });
    expect(validateAttendee(row('Em4', 'Martinez'))).toEqual({
      firstName: 'First name can only contain letters, spaces, hyphens, and apostrophes',
    });
    expect(validateAttendee(row('Emma', 'Martinez'))).toEqual({});
    const today = new Date(2026, 10, 23);
    expect(validateDateOfBirth('', today)).toBeNull();
    expect(validateDateOfBirth('2016-02-29', today)).toBeNull();
    expect(validateDateOfBirth('2015-02-29', today)).toBe('Date of birth must be a date in the past');
    expect(validateDateOfBirth('2026-11-24', today)).toBe('Date of birth must be a date in the past');
    expect(validateDateOfBirth('12/04/2016', today)).toBe('Date of birth must be a date in the past');
  });
});
