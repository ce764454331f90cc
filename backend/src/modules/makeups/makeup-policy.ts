/**
 * A make-up policy (issue 41 §3) and its pure rules: whether an absence earns a token, until when the token is valid,
 * and whether a session is inside the booking window. The makeups service reads the rows and counts; these functions
 * decide, so the edges (caps, windows, local dates across a daylight-saving change) are tested without a database.
 */

/**
 * Which sessions a token books: the same class as the missed session (useful when the student does not hold every
 * session of it), any class of the same term, any class of a list, or any class. Classes carry no level or age range
 * yet, so "same level or age range" is a list of classes for now.
 */
export const MAKEUP_ELIGIBILITY = ['same_class', 'same_term', 'classes', 'any'] as const;
export type MakeupEligibility = (typeof MAKEUP_ELIGIBILITY)[number];

/** Why an absence earned no token. */
export type NoTokenReason = 'policy' | 'too_late' | 'cap_month' | 'cap_term' | 'cap_year';

export interface MakeupPolicy {
  /** The class this policy is for; null: the organization's own, used by every class without one. */
  classId: string | null;
  /** An absence announced in the portal at least this many hours before the session earns a token; null: none does. */
  announceHoursBefore: number | null;
  /** Any absence the teacher marks earns a token (stored; the attendance screen does not grant it yet). */
  teacherMarkedAbsences: boolean;
  /** The most tokens a student earns per calendar month, term and year of the missed session; null: no cap. */
  capPerMonth: number | null;
  capPerTerm: number | null;
  capPerYear: number | null;
  /** The token's last valid day: this many days after the missed session's local date; null: no day limit. */
  expiryDays: number | null;
  /** The token's last valid day is at most the last day of the missed class's term (when it has one). */
  expiryEndOfTerm: boolean;
  /** A make-up may be booked for a session starting within this many days. */
  bookAheadDays: number;
  /** ...and until this many hours before it starts. */
  bookUntilHoursBefore: number;
  eligible: MakeupEligibility;
  /** The classes a token books when `eligible` is `classes`. */
  eligibleClassIds: string[];
  /** Make-up seats a session holds beyond the class maximum (0: only free seats). */
  extraSeats: number;
  /** A session the organization cancels gives each enrolled student a token (stored; see docs/decisions/makeup-policies.md). */
  cancelledSessionToken: boolean;
}

/** Without a saved policy nothing earns a token: an organization opts in to make-ups in its settings. */
export const DEFAULT_MAKEUP_POLICY: MakeupPolicy = {
  classId: null,
  announceHoursBefore: null,
  teacherMarkedAbsences: false,
  capPerMonth: null,
  capPerTerm: null,
  capPerYear: null,
  expiryDays: null,
  expiryEndOfTerm: false,
  bookAheadDays: 60,
  bookUntilHoursBefore: 0,
  eligible: 'same_class',
  eligibleClassIds: [],
  extraSeats: 0,
  cancelledSessionToken: false,
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Tokens the student already earned for missed sessions in the same month, term and year as this one. */
export interface EarnedCounts {
  month: number;
  term: number;
  year: number;
}

/**
 * Whether a portal absence earns a token: null when it does, else why not. The notice is measured in real hours
 * between the report and the session's start (a daylight-saving night does not add or remove an hour of notice).
 */
export function portalTokenRefusal(
  p: MakeupPolicy,
  a: { reportedAt: Date; startsAt: Date; hasTerm: boolean },
  earned: EarnedCounts,
): NoTokenReason | null {
  if (p.announceHoursBefore === null) return 'policy';
  if (a.startsAt.getTime() - a.reportedAt.getTime() < p.announceHoursBefore * HOUR) return 'too_late';
  return capRefusal(p, a.hasTerm, earned);
}

/** The first cap the student has reached, or null. The term cap applies only to classes that belong to a term. */
export function capRefusal(p: MakeupPolicy, hasTerm: boolean, earned: EarnedCounts): NoTokenReason | null {
  if (p.capPerMonth !== null && earned.month >= p.capPerMonth) return 'cap_month';
  if (hasTerm && p.capPerTerm !== null && earned.term >= p.capPerTerm) return 'cap_term';
  if (p.capPerYear !== null && earned.year >= p.capPerYear) return 'cap_year';
  return null;
}

/** A date YYYY-MM-DD plus whole days (calendar arithmetic: no clock, so no daylight-saving hour to gain or lose). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/** The local date (YYYY-MM-DD) of an instant in a time zone. */
export function localDate(at: Date, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at);
  const get = (t: string) => parts.find((x) => x.type === t)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/**
 * The token's last valid day (usable through that whole day in the organization's zone, as the ledger judges it):
 * `expiryDays` after the missed session's local date and, with `expiryEndOfTerm`, no later than the term's last day;
 * null: no expiry. Never before the day it is granted (`today`): a token is usable at least on its first day.
 */
export function tokenValidUntil(p: MakeupPolicy, missedLocalDate: string, termEndDate: string | null, today: string): string | null {
  const candidates: string[] = [];
  if (p.expiryDays !== null) candidates.push(addDays(missedLocalDate, p.expiryDays));
  if (p.expiryEndOfTerm && termEndDate) candidates.push(termEndDate);
  if (!candidates.length) return null;
  const until = candidates.sort()[0];
  return until < today ? today : until;
}

/** Why a session cannot be booked as a make-up now (the window), or null. */
export function windowRefusal(p: MakeupPolicy, startsAt: Date, now: Date): 'too_soon' | 'too_far' | null {
  const ahead = startsAt.getTime() - now.getTime();
  if (ahead < p.bookUntilHoursBefore * HOUR || ahead <= 0) return 'too_soon';
  if (ahead > p.bookAheadDays * DAY) return 'too_far';
  return null;
}

/** What the token covers in the ledger (its scope), so the ledger itself refuses a session it does not cover. */
export function tokenScope(
  p: MakeupPolicy,
  missed: { classId: string; termId: string | null },
): { scope: 'all' | 'classes' | 'term'; scopeClassIds?: string[]; scopeTermId?: string } {
  if (p.eligible === 'any') return { scope: 'all' };
  if (p.eligible === 'classes') return { scope: 'classes', scopeClassIds: p.eligibleClassIds };
  if (p.eligible === 'same_term' && missed.termId) return { scope: 'term', scopeTermId: missed.termId };
  return { scope: 'classes', scopeClassIds: [missed.classId] };
}
