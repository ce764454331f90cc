/** The question types of a registration form. */
export const QUESTION_TYPES = ['short_text', 'long_text', 'single_choice', 'multi_choice', 'checkbox', 'date', 'number', 'phone'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const CHOICE_TYPES: readonly QuestionType[] = ['single_choice', 'multi_choice'];

export interface QuestionRule {
  label: string;
  type: QuestionType;
  options: string[];
  required: boolean;
}

export const MAX_LENGTH: Partial<Record<QuestionType, number>> = { short_text: 200, long_text: 2000, phone: 30 };
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Nothing given: null, an empty text, an empty list, or an unticked box. */
export function isEmptyAnswer(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0) ||
    value === false
  );
}

/**
 * One answer checked against its question: `{ value }` is what is stored (text trimmed), `{ error }` the readable
 * message shown beside the field, `{}` an optional question left empty (nothing stored).
 */
export function checkAnswer(q: QuestionRule, value: unknown): { value?: string | number | boolean | string[]; error?: string } {
  if (isEmptyAnswer(value)) {
    if (!q.required) return {};
    return { error: q.type === 'checkbox' ? `${q.label}: please tick the box to continue` : `${q.label} is required` };
  }
  switch (q.type) {
    case 'short_text':
    case 'long_text':
    case 'phone': {
      if (typeof value !== 'string') return { error: `${q.label} must be text` };
      const text = value.trim();
      const max = MAX_LENGTH[q.type]!;
      if (text.length > max) return { error: `${q.label} must be at most ${max} characters` };
      if (q.type === 'phone') {
        const digits = text.replace(/\D/g, '');
        if (!/^\+?[\d\s().-]+$/.test(text) || digits.length < 7 || digits.length > 15)
          return { error: `${q.label} must be a phone number, such as (555) 123-4567` };
      }
      return { value: text };
    }
    case 'single_choice':
      if (typeof value !== 'string' || !q.options.includes(value)) return { error: `${q.label}: choose one of ${q.options.join(', ')}` };
      return { value };
    case 'multi_choice': {
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || !q.options.includes(v)))
        return { error: `${q.label}: choose from ${q.options.join(', ')}` };
      const chosen = q.options.filter((o) => (value as string[]).includes(o));
      return { value: chosen };
    }
    case 'checkbox':
      if (value !== true) return { error: `${q.label} must be ticked or left empty` };
      return { value: true };
    case 'date': {
      if (typeof value !== 'string' || !DATE.test(value)) return { error: `${q.label} must be a date (YYYY-MM-DD)` };
      const d = new Date(`${value}T00:00:00Z`);
      if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value) return { error: `${q.label} must be a date (YYYY-MM-DD)` };
      return { value };
    }
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) > 1e9) return { error: `${q.label} must be a number` };
      return { value };
  }
}

/** How an answer reads in a roster, an export or a PDF. */
export function answerText(value: unknown): string {
  if (Array.isArray(value)) return value.join(', ');
  if (value === true) return 'Yes';
  if (value === false || value === null || value === undefined) return '';
  return String(value);
}

/** Names compared the way a person types them: case, spacing and apostrophe style do not matter. */
export function sameName(a: string, b: string): boolean {
  const n = (s: string) => s.normalize('NFKC').replace(/[’‘]/g, "'").replace(/\s+/g, ' ').trim().toLowerCase();
  return n(a) === n(b);
}
