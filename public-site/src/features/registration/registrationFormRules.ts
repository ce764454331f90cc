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
}

export const EMPTY_FORM: FormValues = { answers: {}, personAnswers: {}, waivers: {} };

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

export function waiverError(w: Waiver, s: { agreed: boolean; signedName: string } | undefined, contactName: string): string | null {
  if (!s?.agreed) return `Please read and accept “${w.title}”`;
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
): Record<string, string> {
  const out: Record<string, string> = {};
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
    const e = waiverError(w, v.waivers[w.id], contactName);
    if (e) out[`waivers.${w.id}`] = e;
  }
  return out;
}

const toAnswers = (questions: Question[], values: Record<string, AnswerValue> | undefined) =>
  questions.filter((q) => values && !empty(values[q.id])).map((q) => ({ questionId: q.id, value: values![q.id] }));

/** The request's `answers`, `waiverAcceptances` and each attendee's own `answers`. */
export function formPayload<A extends object>(questions: Question[], waivers: Waiver[], v: FormValues, attendees: A[] | undefined) {
  const household = !!attendees;
  return {
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
