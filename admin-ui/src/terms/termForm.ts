import { fromZonedInput, toZonedInput } from '@/common/zonedTime';
import type { Term, TermInput } from '@/providers/types';

/** The term form's fields as typed: days (YYYY-MM-DD) and wall-clock times in the organization's zone. */
export interface TermForm {
  name: string;
  startDate: string;
  endDate: string;
  registrationOpensAt: string;
  registrationClosesAt: string;
  earlyAccessOpensAt: string;
}

export const EMPTY_TERM_FORM: TermForm = {
  name: '',
  startDate: '',
  endDate: '',
  registrationOpensAt: '',
  registrationClosesAt: '',
  earlyAccessOpensAt: '',
};

// The opening times are entered and shown in the organization's time zone, whatever the admin's browser says.
export const termFormOf = (t: Term, zone: string): TermForm => ({
  name: t.name,
  startDate: t.startDate,
  endDate: t.endDate,
  registrationOpensAt: toZonedInput(t.registrationOpensAt, zone),
  registrationClosesAt: toZonedInput(t.registrationClosesAt, zone),
  earlyAccessOpensAt: toZonedInput(t.earlyAccessOpensAt, zone),
});

/** The body of POST/PUT /api/terms. */
export const termInputOf = (f: TermForm, zone: string): TermInput => ({
  name: f.name.trim(),
  startDate: f.startDate,
  endDate: f.endDate,
  registrationOpensAt: fromZonedInput(f.registrationOpensAt, zone) ?? '',
  registrationClosesAt: fromZonedInput(f.registrationClosesAt, zone),
  earlyAccessOpensAt: fromZonedInput(f.earlyAccessOpensAt, zone),
});

/** What the form needs before it can be saved: a name, both days and the opening. */
export const canSaveTerm = (f: Partial<TermForm>) => !!f.name?.trim() && !!f.startDate && !!f.endDate && !!f.registrationOpensAt;
