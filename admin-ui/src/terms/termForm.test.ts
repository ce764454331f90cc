import { describe, expect, it } from 'vitest';
import type { Term } from '@/providers/types';
import { EMPTY_TERM_FORM, canSaveTerm, termFormOf, termInputOf } from './termForm';

const term = {
  id: 't1',
  name: 'Fall Season',
  startDate: '2027-09-06',
  endDate: '2027-12-10',
  registrationOpensAt: '2027-06-01T12:00:00.000Z',
  registrationClosesAt: null,
  earlyAccessOpensAt: '2027-05-31T00:30:00.000Z',
} as unknown as Term;

describe('term form', () => {
  it("shows the times as the organization's wall clock (Denver), whatever the browser's zone", () => {
    expect(termFormOf(term, 'America/Denver')).toEqual({
      name: 'Fall Season',
      startDate: '2027-09-06',
      endDate: '2027-12-10',
      registrationOpensAt: '2027-06-01T06:00',
      registrationClosesAt: '',
      earlyAccessOpensAt: '2027-05-30T18:30',
    });
  });

  it("saves the wall clock in the organization's zone; an empty close or early access is null", () => {
    expect(termInputOf({ ...termFormOf(term, 'America/Denver'), name: ' Fall Season ' }, 'America/Denver')).toEqual({
      name: 'Fall Season',
      startDate: '2027-09-06',
      endDate: '2027-12-10',
      registrationOpensAt: '2027-06-01T12:00:00.000Z',
      registrationClosesAt: null,
      earlyAccessOpensAt: '2027-05-31T00:30:00.000Z',
    });
  });

  it('needs a name, both days and the opening', () => {
    expect(canSaveTerm(EMPTY_TERM_FORM)).toBe(false);
    expect(canSaveTerm({ ...termFormOf(term, 'UTC'), registrationClosesAt: '' })).toBe(true);
    expect(canSaveTerm({ ...termFormOf(term, 'UTC'), name: '  ' })).toBe(false);
    expect(canSaveTerm({ ...termFormOf(term, 'UTC'), registrationOpensAt: '' })).toBe(false);
  });
});
