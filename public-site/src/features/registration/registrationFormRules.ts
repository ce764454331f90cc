import type { components } from '@shared/api/schema';

export type Question = components['schemas']['PublicQuestionDto'];
export type Waiver = components['schemas']['PublicWaiverDto'];
export type AnswerValue = string | number | boolean | string[] | null;

/** What step 1 collected for the organization's form: shared answers, each person's own, and the signatures. */
export interface FormValues {
  answers: Record<string, AnswerValue>;
  /** Household: answers to per-person questions, by the person's index in the attendees sent. */
  personAnswers: Record<number, Record<string, AnswerValue>>;
  waivers: Record<string, { agreed: boolean; signedName: string }>;
  /** The parent or guardian who signs for a student under 18 (asked only then). */
  guardianName: string;
}

export const EMPTY_FORM: FormValues = { answers: {}, personAnswers: {}, waivers: {}, guardianName: '' };

/**
 * Under 18 on `day` (YYYY-MM-DD) by a date of birth (YYYY-MM-DD), as the server counts it (waiver-signer.ts): the 18th
 * birthday counts as adult, and someone born on 29 February turns 18 on 1 March.
 */
export function isMinorOn(dateOfBirth: string, day: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth);
  if (!m) return false;
  return `${String(Number(m[1]) + 18).padStart(4, '0')}-${m[2]}-${m[3]}` > day;
}

/** The class's first day where the organization is (the browser's zone when the class does not say). */
export function firstSessionDay(start: Date | string | number | null | undefined, timeZone: string | null | undefined): string {
  const given = start === null || start === undefined ? new Date() : new Date(start);
  // A class without a readable start: today (the server counts on the real day and says so if it differs).
  const at = Number.isNaN(given.getTime()) ? new Date() : given;
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: timeZone ?? undefined, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      at,
    );
  } catch {
    return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  }
}

/**
 * One person registering (no household) who is under 18 on the class's first day, with waivers to sign: they cannot
 * sign, a parent or guardian does (a household's children are signed for by the contact).
 */
export function guardianSigns(p: {
  dateOfBirth: string;
  household: boolean;
  waivers: Waiver[];
  startDate: Date | string | number | null | undefined;
  timeZone: string | null | undefined;
}): boolean {
  return !p.household && p.waivers.length > 0 && !!p.dateOfBirth && isMinorOn(p.dateOfBirth, firstSessionDay(p.startDate, p.timeZone));
}

/**
 * The answer and signature fields a 400 names (`answers.<id>`, `waivers.<id>`, `attendees.<i>.answers.<id>`, the
 * parent or guardian's `guardian.name`), or null.
 */
export function formFieldErrors(fields: Record<string, string>): Record<string, string> | null {
  const found = Object.entries(fields).filter(([k]) => /^(answers|waivers|guardian|attendees\.\d+\.(answers|waivers))\./.test(k));
  return found.length ? Object.fromEntries(found) : null;
}

export const GUARDIAN_NAME_REQUIRED = 'Enter the parent or guardian’s full name';
/** The server's words for a student named as their own guardian. */
export const guardianIsMinor = (name: string) => `The parent or guardian must be an adult other than ${name}`;

const empty = (v: AnswerValue | undefined) =>
  v === undefined || v === null || v === false || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

const sameName = (a: string, b: string) => a.replace(/\s+/g, ' ').trim().toLowerCase() === b.replace(/\s+/g, ' ').trim().toLowerCase();

/** The same rules the server applies, so most mistakes show before anything is sent. */
export function answerError(q: Question, v: AnswerValue | undefined): string | null {
  if (empty(v))
    return q.required ? (q.type === 'checkbox' ? `${q.label}: please tick the box to continue` : `${q.label} is required`) : null;
  if (q.type === 'number' && (typeof v !== 'number' || !Number.isFinite(v))) return `${q.label} must be a number`;
  if (q.type === 'phone' && typeof v === 'string') {
    const digits = v.replace(/\D/g, '');
    if (!/^\+?[\d\s().-]+$/.test(v.trim()) || digits.length < 7 || digits.length > 15)
      return `${q.label} must be a phone number, such as (555) 123-4567`;
  }
  const max = q.type === 'short_text' ? 200 : q.type === 'long_text' ? 2000 : null;
  if (max && typeof v === 'string' && v.trim().length > max) return `${q.label} must be at most ${max} characters`;
  return null;
}

/** `guardian`: the name of the parent or guardian who signs for a student under 18, when one must. */
export function waiverError(
  w: Waiver,
  s: { agreed: boolean; signedName: string } | undefined,
  contactName: string,
  guardian: string | null = null,
): string | null {
  if (!s?.agreed) return `Please read and accept “${w.title}”`;
  if (guardian !== null) {
    if (guardian.trim() && !sameName(s.signedName, guardian))
      return `The parent or guardian types their full name exactly as given above (${guardian.trim()}) to sign “${w.title}”`;
    return null;
  }
  if (!sameName(s.signedName, contactName)) return `Type your full name exactly as given above (${contactName}) to sign “${w.title}”`;
  return null;
}

/** Field id → message for everything step 1 asks of the organization's form (keys as the server names them). */
export function formErrors(
  questions: Question[],
  waivers: Waiver[],
  v: FormValues,
  contactName: string,
  people: number | null,
  /** The student is under 18 on the first day: a parent or guardian signs the waivers. */
  minor = false,
): Record<string, string> {
  const out: Record<string, string> = {};
  const guardian = minor && waivers.length ? v.guardianName : null;
  if (guardian !== null) {
    if (!guardian.trim()) out['guardian.name'] = GUARDIAN_NAME_REQUIRED;
    else if (sameName(guardian, contactName)) out['guardian.name'] = guardianIsMinor(contactName);
  }
  const household = people !== null;
  for (const q of questions) {
    if (household && q.perAttendee) {
      for (let i = 0; i < people; i++) {
        const e = answerError(q, v.personAnswers[i]?.[q.id]);
        if (e) out[`attendees.${i}.answers.${q.id}`] = e;
      }
    } else {
      const e = answerError(q, v.answers[q.id]);
      if (e) out[`answers.${q.id}`] = e;
    }
  }
  for (const w of waivers) {
    const e = waiverError(w, v.waivers[w.id], contactName, guardian);
    if (e) out[`waivers.${w.id}`] = e;
  }
  return out;
}

const toAnswers = (questions: Question[], values: Record<string, AnswerValue> | undefined) =>
  questions.filter((q) => values && !empty(values[q.id])).map((q) => ({ questionId: q.id, value: values![q.id] }));

/** The request's `answers`, `waiverAcceptances` and each attendee's own `answers`. */
export function formPayload<A extends object>(
  questions: Question[],
  waivers: Waiver[],
  v: FormValues,
  attendees: A[] | undefined,
  minor = false,
) {
  const household = !!attendees;
  return {
    // The parent or guardian signing for a student under 18: the server stores their name as the signer.
    guardian: minor && waivers.length && v.guardianName.trim() ? { name: v.guardianName.trim() } : undefined,
    answers: toAnswers(
      questions.filter((q) => !household || !q.perAttendee),
      v.answers,
    ),
    waiverAcceptances: waivers.map((w) => ({ waiverVersionId: w.versionId, signedName: v.waivers[w.id]?.signedName.trim() ?? '' })),
    attendees: attendees?.map((a, i) => {
      const own = toAnswers(
        questions.filter((q) => q.perAttendee),
        v.personAnswers[i],
      );
      return own.length ? { ...a, answers: own } : a;
    }),
  };
}
