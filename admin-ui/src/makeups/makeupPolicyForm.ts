/**
 * A make-up policy (issue 41 §3) as the admin's form holds it (text fields, empty = none) and the MakeupPolicyDto the
 * API saves: the whole policy, every field sent.
 */
import type { components } from '@shared/api/schema';
import { API_URL, httpClient } from '@/providers/httpClient';

export type MakeupPolicy = components['schemas']['MakeupPolicyResponseDto'];
export type MakeupPolicies = components['schemas']['MakeupPoliciesResponseDto'];
export type MakeupPolicyInput = components['schemas']['MakeupPolicyDto'];

export const ELIGIBLE_LABELS: Record<string, string> = {
  same_class: 'The same class',
  same_term: 'Any class of the same term',
  classes: 'Any class of a list',
  any: 'Any class',
};

export interface MakeupPolicyForm {
  announceHoursBefore: string;
  teacherMarkedAbsences: boolean;
  capPerMonth: string;
  capPerTerm: string;
  capPerYear: string;
  expiryDays: string;
  expiryEndOfTerm: boolean;
  bookAheadDays: string;
  bookUntilHoursBefore: string;
  eligible: string;
  eligibleClassIds: string[];
  extraSeats: string;
  cancelledSessionToken: boolean;
}

const text = (n: number | null) => (n === null ? '' : String(n));

export function policyFormOf(p: MakeupPolicy): MakeupPolicyForm {
  return {
    announceHoursBefore: text(p.announceHoursBefore),
    teacherMarkedAbsences: p.teacherMarkedAbsences,
    capPerMonth: text(p.capPerMonth),
    capPerTerm: text(p.capPerTerm),
    capPerYear: text(p.capPerYear),
    expiryDays: text(p.expiryDays),
    expiryEndOfTerm: p.expiryEndOfTerm,
    bookAheadDays: String(p.bookAheadDays),
    bookUntilHoursBefore: String(p.bookUntilHoursBefore),
    eligible: p.eligible,
    eligibleClassIds: p.eligibleClassIds,
    extraSeats: String(p.extraSeats),
    cancelledSessionToken: p.cancelledSessionToken,
  };
}

const FIELD_NAMES: Record<string, string> = {
  announceHoursBefore: 'Hours of notice',
  capPerMonth: 'Tokens per month',
  capPerTerm: 'Tokens per term',
  capPerYear: 'Tokens per year',
  expiryDays: 'Days a token lasts',
  bookAheadDays: 'Days ahead',
  bookUntilHoursBefore: 'Hours before the session',
  extraSeats: 'Make-up seats beyond the maximum',
};

/** The body to save, or the first field that is not a whole number (an empty optional field is "none"). */
export function policyInputOf(f: MakeupPolicyForm): { body?: MakeupPolicyInput; error?: string } {
  const bad = (k: keyof MakeupPolicyForm) => `${FIELD_NAMES[k]} must be a whole number`;
  const optional = (k: keyof MakeupPolicyForm): number | null | string => {
    const v = String(f[k]).trim();
    if (!v) return null;
    return /^\d+$/.test(v) ? Number(v) : bad(k);
  };
  const required = (k: keyof MakeupPolicyForm): number | string => {
    const v = String(f[k]).trim();
    return /^\d+$/.test(v) ? Number(v) : bad(k);
  };
  const numbers = {
    announceHoursBefore: optional('announceHoursBefore'),
    capPerMonth: optional('capPerMonth'),
    capPerTerm: optional('capPerTerm'),
    capPerYear: optional('capPerYear'),
    expiryDays: optional('expiryDays'),
    bookAheadDays: required('bookAheadDays'),
    bookUntilHoursBefore: required('bookUntilHoursBefore'),
    extraSeats: required('extraSeats'),
  };
  const error = Object.values(numbers).find((v) => typeof v === 'string');
  if (typeof error === 'string') return { error };
  if (f.eligible === 'classes' && f.eligibleClassIds.length === 0) return { error: 'Choose at least one class a make-up may be booked in' };
  return {
    body: {
      ...(numbers as Record<string, number | null>),
      bookAheadDays: numbers.bookAheadDays as number,
      bookUntilHoursBefore: numbers.bookUntilHoursBefore as number,
      extraSeats: numbers.extraSeats as number,
      teacherMarkedAbsences: f.teacherMarkedAbsences,
      expiryEndOfTerm: f.expiryEndOfTerm,
      eligible: f.eligible as MakeupPolicyInput['eligible'],
      eligibleClassIds: f.eligible === 'classes' ? f.eligibleClassIds : [],
      cancelledSessionToken: f.cancelledSessionToken,
    },
  };
}

const call = async <T>(path: string, method = 'GET', body?: unknown): Promise<T> =>
  (await httpClient<T>(`${API_URL}${path}`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })).json;

export const makeupPoliciesApi = {
  list: () => call<MakeupPolicies>('/makeup-policies'),
  save: (input: MakeupPolicyInput) => call<MakeupPolicy>('/makeup-policies', 'PUT', input),
  saveForClass: (classId: string, input: MakeupPolicyInput) =>
    call<MakeupPolicy>(`/makeup-policies/classes/${encodeURIComponent(classId)}`, 'PUT', input),
  removeForClass: (classId: string) => call<unknown>(`/makeup-policies/classes/${encodeURIComponent(classId)}`, 'DELETE'),
};
