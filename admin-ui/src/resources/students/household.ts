import type { Student } from '@/providers/types';
import { formatPhone } from './studentUtils';

export type HouseholdFields = Pick<Student, 'email' | 'householdContact' | 'dateOfBirth'>;

/** A date of birth (YYYY-MM-DD) as a date, read in UTC so no time zone moves it a day. */
export function formatBirthDate(value: string | null | undefined): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  return new Date(`${value}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

/** "Household contact: Ana Martinez, ana@example.com, (559) 555-1234" for an attendee, else null. */
export function householdContactLine(s: Pick<Student, 'householdContact'>): string | null {
  const c = s.householdContact;
  return c ? `Household contact: ${c.firstName} ${c.lastName}, ${c.email}, ${formatPhone(c.phone)}` : null;
}

/** The second line of a roster row: the email, or for an attendee the household contact; the date of birth when known. */
export function rosterSecondary(s: HouseholdFields): string {
  const born = formatBirthDate(s.dateOfBirth);
  return [householdContactLine(s) ?? s.email, born ? `Born ${born}` : null].filter(Boolean).join(' · ');
}
