import { validateName } from './studentFormRules';

/** One more person on the registration form. `key` only keeps React rows stable. */
export interface AttendeeRow {
  key: number;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD or empty (optional). */
  dateOfBirth: string;
}

/** The household part of the form: the people added, and whether the contact attends too (default yes). */
export interface HouseholdValues {
  contactAttends: boolean;
  others: AttendeeRow[];
}

export type AttendeeField = 'firstName' | 'lastName' | 'dateOfBirth';
export type AttendeeErrors = Partial<Record<AttendeeField, string>>;

/** The server accepts 1 to 10 people per registration. */
export const MAX_PEOPLE = 10;
export const EMPTY_HOUSEHOLD: HouseholdValues = { contactAttends: true, others: [] };
export const DATE_OF_BIRTH_MESSAGE = 'Date of birth must be a date in the past';

let nextKey = 1;
export const newAttendee = (): AttendeeRow => ({ key: nextKey++, firstName: '', lastName: '', dateOfBirth: '' });

/** Optional; when given, a real calendar date that is not in the future. */
export function validateDateOfBirth(value: string, today = new Date()): string | null {
  if (!value) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return DATE_OF_BIRTH_MESSAGE;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (d.getUTCMonth() !== Number(m[2]) - 1 || d.getUTCDate() !== Number(m[3]) || Number(m[1]) < 1900) return DATE_OF_BIRTH_MESSAGE;
  const todayUtc = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return d.getTime() > todayUtc ? DATE_OF_BIRTH_MESSAGE : null;
}

export function validateAttendee(row: AttendeeRow): AttendeeErrors {
  const errors: AttendeeErrors = {};
  const first = validateName(row.firstName, 'First name');
  const last = validateName(row.lastName, 'Last name');
  const dob = validateDateOfBirth(row.dateOfBirth);
  if (first) errors.firstName = first;
  if (last) errors.lastName = last;
  if (dob) errors.dateOfBirth = dob;
  return errors;
}

/** Whether every added row is valid (the contact's own fields are checked by the student form). */
export function householdValid(h: HouseholdValues): boolean {
  return h.others.every((r) => Object.keys(validateAttendee(r)).length === 0);
}

/** How many seats the registration takes (and pays for). */
export function peopleCount(h: HouseholdValues): number {
  return h.others.length === 0 ? 1 : h.others.length + (h.contactAttends ? 1 : 0);
}

/**
 * The `attendees` the server gets: none for one person registering themself (today's registration, unchanged);
 * otherwise the contact (when attending) followed by each person added, trimmed, the date of birth only when given.
 */
export function attendeesToSend(
  contact: { firstName: string; lastName: string },
  h: HouseholdValues,
): { firstName: string; lastName: string; dateOfBirth?: string }[] | undefined {
  if (h.others.length === 0) return undefined;
  const people = h.others.map((r) => ({
    firstName: r.firstName.trim(),
    lastName: r.lastName.trim(),
    ...(r.dateOfBirth ? { dateOfBirth: r.dateOfBirth } : {}),
  }));
  return h.contactAttends ? [{ firstName: contact.firstName.trim(), lastName: contact.lastName.trim() }, ...people] : people;
}
