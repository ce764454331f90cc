/**
 * A registration form's answers checked one by one, with no database: what counts as left empty, each question
 * type's limits at their edges (length, phone digits, real calendar days, the number range), what is stored (trimmed
 * text, choices in the form's order), and the readable message for each refusal. Also how an answer reads in a
 * roster, names compared as a person types them, and the 18th birthday.
 */
import { describe, expect, it } from '@jest/globals';
import { answerText, checkAnswer, isEmptyAnswer, MAX_LENGTH, type QuestionRule, type QuestionType, sameName } from './answer-rules';

const q = (type: QuestionType, over: Partial<QuestionRule> = {}): QuestionRule => ({
  label: 'Answer',
  type,
  options: [],
  required: false,
  ...over,
});

describe('isEmptyAnswer', () => {
  it('should treat nothing, blank text, an empty list and an unticked box as empty, and nothing else', () => {
    for (const v of [undefined, null, '', '   ', '\n\t', [], false]) expect(isEmptyAnswer(v)).toBe(true);
    for (const v of [0, 'a', ' a ', ['x'], true, {}]) expect(isEmptyAnswer(v)).toBe(false);
  });
});

describe('checkAnswer', () => {
  it('should store nothing for an optional question left empty', () => {
    for (const type of ['short_text', 'checkbox', 'multi_choice', 'number'] as const) {
      expect(checkAnswer(q(type), undefined)).toEqual({});
      expect(checkAnswer(q(type), '  ')).toEqual({});
    }
    expect(checkAnswer(q('checkbox'), false)).toEqual({});
    expect(checkAnswer(q('multi_choice', { options: ['A'] }), [])).toEqual({});
  });

  it('should refuse a required question left empty, asking to tick a required box', () => {
    expect(checkAnswer(q('short_text', { label: 'Allergies', required: true }), ' ')).toEqual({ error: 'Allergies is required' });
    expect(checkAnswer(q('number', { label: 'Age', required: true }), null)).toEqual({ error: 'Age is required' });
    expect(checkAnswer(q('checkbox', { label: 'Photo consent', required: true }), false)).toEqual({
      error: 'Photo consent: please tick the box to continue',
    });
  });

  it('should trim text and allow exactly the maximum length, not one more', () => {
    expect(MAX_LENGTH).toEqual({ short_text: 200, long_text: 2000, phone: 30 });
    expect(checkAnswer(q('short_text'), '  Peanuts  ')).toEqual({ value: 'Peanuts' });
    expect(checkAnswer(q('short_text'), 'x'.repeat(200))).toEqual({ value: 'x'.repeat(200) });
    // Surrounding spaces do not count towards the limit: it is the trimmed text that is stored.
    expect(checkAnswer(q('short_text'), ` ${'x'.repeat(200)} `)).toEqual({ value: 'x'.repeat(200) });
    expect(checkAnswer(q('short_text', { label: 'Notes' }), 'x'.repeat(201))).toEqual({ error: 'Notes must be at most 200 characters' });
    expect(checkAnswer(q('long_text'), 'x'.repeat(2000)).value).toHaveLength(2000);
    expect(checkAnswer(q('long_text', { label: 'Notes' }), 'x'.repeat(2001))).toEqual({ error: 'Notes must be at most 2000 characters' });
  });

  it('should refuse a text answer that is not a string', () => {
    expect(checkAnswer(q('short_text', { label: 'Name' }), 42)).toEqual({ error: 'Name must be text' });
    expect(checkAnswer(q('long_text', { label: 'Name' }), ['a'])).toEqual({ error: 'Name must be text' });
    expect(checkAnswer(q('phone', { label: 'Phone' }), 5551234567)).toEqual({ error: 'Phone must be text' });
  });

  it('should take a phone number of 7 to 15 digits written with the usual signs, and refuse others', () => {
    const phone = q('phone', { label: 'Emergency phone' });
    const refused = { error: 'Emergency phone must be a phone number, such as (555) 123-4567' };
    for (const ok of ['(555) 123-4567', '+1 555.123.4567', '555-1234', '123456789012345', ' 555 1234 '])
      expect(checkAnswer(phone, ok)).toEqual({ value: ok.trim() });
    expect(checkAnswer(phone, '555-123')).toEqual(refused); // 6 digits
    expect(checkAnswer(phone, '1234567890123456')).toEqual(refused); // 16 digits
    expect(checkAnswer(phone, '555-1234 ext 5')).toEqual(refused); // letters
    expect(checkAnswer(phone, '555+1234')).toEqual(refused); // a + not in front
    expect(checkAnswer(phone, `+${'1'.repeat(30)}`)).toEqual({ error: 'Emergency phone must be at most 30 characters' });
  });

  it('should take one of the options for a single choice, exactly as written', () => {
    const size = q('single_choice', { label: 'T-shirt', options: ['S', 'M', 'L'] });
    expect(checkAnswer(size, 'M')).toEqual({ value: 'M' });
    expect(checkAnswer(size, 'm')).toEqual({ error: 'T-shirt: choose one of S, M, L' });
    expect(checkAnswer(size, 'XL')).toEqual({ error: 'T-shirt: choose one of S, M, L' });
    expect(checkAnswer(size, ['M'])).toEqual({ error: 'T-shirt: choose one of S, M, L' });
  });

  it("should store a multiple choice in the form's order, each option once, and refuse anything not offered", () => {
    const days = q('multi_choice', { label: 'Days', options: ['Mon', 'Wed', 'Fri'] });
    expect(checkAnswer(days, ['Fri', 'Mon', 'Fri'])).toEqual({ value: ['Mon', 'Fri'] });
    expect(checkAnswer(days, ['Mon', 'Sun'])).toEqual({ error: 'Days: choose from Mon, Wed, Fri' });
    expect(checkAnswer(days, ['Mon', 1])).toEqual({ error: 'Days: choose from Mon, Wed, Fri' });
    expect(checkAnswer(days, 'Mon')).toEqual({ error: 'Days: choose from Mon, Wed, Fri' });
  });

  it('should take only true for a ticked box', () => {
    expect(checkAnswer(q('checkbox'), true)).toEqual({ value: true });
    expect(checkAnswer(q('checkbox', { label: 'Consent' }), 'yes')).toEqual({ error: 'Consent must be ticked or left empty' });
    expect(checkAnswer(q('checkbox', { label: 'Consent' }), 1)).toEqual({ error: 'Consent must be ticked or left empty' });
  });

  it('should take a real calendar day written YYYY-MM-DD', () => {
    const dob = q('date', { label: 'Date of birth' });
    const refused = { error: 'Date of birth must be a date (YYYY-MM-DD)' };
    expect(checkAnswer(dob, '2016-02-29')).toEqual({ value: '2016-02-29' });
    expect(checkAnswer(dob, '2015-02-29')).toEqual(refused); // not a leap year
    expect(checkAnswer(dob, '2016-04-31')).toEqual(refused);
    expect(checkAnswer(dob, '2016-13-01')).toEqual(refused);
    expect(checkAnswer(dob, '2016-1-5')).toEqual(refused);
    expect(checkAnswer(dob, '01/05/2016')).toEqual(refused);
    expect(checkAnswer(dob, '2016-01-05T00:00:00Z')).toEqual(refused);
  });

  it('should take a finite number up to a billion either way', () => {
    const n = q('number', { label: 'Years of practice' });
    const refused = { error: 'Years of practice must be a number' };
    expect(checkAnswer(n, 0)).toEqual({ value: 0 });
    expect(checkAnswer(n, 1e9)).toEqual({ value: 1e9 });
    expect(checkAnswer(n, -1e9)).toEqual({ value: -1e9 });
    expect(checkAnswer(n, 2.5)).toEqual({ value: 2.5 });
    expect(checkAnswer(n, 1e9 + 1)).toEqual(refused);
    expect(checkAnswer(n, Number.NaN)).toEqual(refused);
    expect(checkAnswer(n, Infinity)).toEqual(refused);
    expect(checkAnswer(n, '5')).toEqual(refused);
  });
});

describe('answerText', () => {
  it('should read a list as commas, a ticked box as Yes, and nothing as empty', () => {
    expect(answerText(['Mon', 'Fri'])).toBe('Mon, Fri');
    expect(answerText(true)).toBe('Yes');
    expect(answerText(false)).toBe('');
    expect(answerText(null)).toBe('');
    expect(answerText(undefined)).toBe('');
    expect(answerText(0)).toBe('0');
    expect(answerText('Peanuts')).toBe('Peanuts');
  });
});

describe('sameName', () => {
  it('should ignore case, spacing, apostrophe style and Unicode width', () => {
    expect(sameName("Mary O'Brien", '  mary   o’brien ')).toBe(true);
    expect(sameName('ANNE‘S', "anne's")).toBe(true);
    expect(sameName('Ｊｏｅ', 'joe')).toBe(true); // full-width letters (NFKC)
    expect(sameName('Mary OBrien', "Mary O'Brien")).toBe(false);
    expect(sameName('Jon', 'John')).toBe(false);
  });
});
