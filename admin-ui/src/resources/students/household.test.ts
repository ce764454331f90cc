import { describe, expect, it } from 'vitest';
import { formatBirthDate, householdContactLine, rosterSecondary } from './household';

describe('household display', () => {
  const contact = { id: 'c', firstName: 'Ana', lastName: 'Martinez', email: 'ana@example.com', phone: '5595551234' };

  it('should show an attendee with the household contact and the date of birth, without a time zone shift', () => {
    expect(formatBirthDate('2016-04-12')).toBe('Apr 12, 2016');
    expect(formatBirthDate(null)).toBeNull();
    expect(householdContactLine({ householdContact: contact })).toBe('Household contact: Ana Martinez, ana@example.com, (559) 555-1234');
    expect(rosterSecondary({ email: 'ana@example.com', householdContact: contact, dateOfBirth: '2016-04-12' })).toBe(
      'Household contact: Ana Martinez, ana@example.com, (559) 555-1234 · Born Apr 12, 2016',
    );
  });

  it('should show anyone else by their email as before', () => {
    expect(rosterSecondary({ email: 'liv@example.com', householdContact: null, dateOfBirth: null })).toBe('liv@example.com');
  });
});
