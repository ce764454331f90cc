import { localDate } from '../../common/time-zone';
import { sameName } from './answer-rules';

/**
 * Who may sign a waiver for whom: the one rule of every path that records a signature (a registration in person or by
 * card, one person or a household, a waitlist offer claimed, and the emailed link to sign a new version). A person
 * under 18 on the class's first day cannot sign for themself or for anyone else: an adult signs for them, either the
 * registration's contact (an adult registering a child) or a parent or guardian the registration names.
 */

export type SignedAs = 'self' | 'guardian' | 'contact';

/** The calendar day (YYYY-MM-DD) of a class's first session where the organization is: the day ages are counted on. */
export function firstSessionDay(firstSession: Date, timeZone: string): string {
  return localDate(firstSession, timeZone);
}

/**
 * Under 18 on `day` (YYYY-MM-DD) by a date of birth (YYYY-MM-DD). The 18th birthday itself counts as adult; someone
 * born on 29 February turns 18 on 1 March in a year without that day (the day after 28 February, as the law of
 * most places reads it), so on 28 February they are still a minor.
 */
export function isMinorOn(dateOfBirth: string, day: string): boolean {
  const [y, m, d] = dateOfBirth.split('-').map(Number);
  const adult = `${String(y + 18).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  // A plain string comparison: "2026-02-29" sorts after "2026-02-28" and before "2026-03-01".
  return adult > day;
}

export interface WaiverSigning {
  /** The person the waiver is signed for (their full name) and their date of birth, when given. */
  person: { name: string; dateOfBirth?: string | null };
  /** The registration's contact (or the person a signing link was sent to), with their date of birth when known. */
  contact: { name: string; dateOfBirth?: string | null };
  /** The person is the contact themself (a one-person registration, or the contact attending with their household). */
  personIsContact: boolean;
  /** A household signature naming this attendee: an adult attendee may sign their own. */
  own?: boolean;
  /** The parent or guardian the registration names, when it names one. */
  guardian?: { name: string } | null;
  /** The name typed to sign. */
  signedName: string;
  /** The class's first day (`firstSessionDay`). */
  day: string;
  waiverTitle: string;
}

/** The message of a signature a minor gave (or that names no adult for them): a parent or guardian must sign. */
export const minorMustNotSign = (name: string, waiverTitle: string) =>
  `${name} is under 18 on the first day of class: a parent or guardian must sign “${waiverTitle}” for them. ` +
  'Enter the parent or guardian’s full name and have them type it to sign';

/** A guardian named as the minor themself. */
export const guardianIsMinor = (name: string) => `The parent or guardian must be an adult other than ${name}`;

/** Whether this person needs a parent or guardian named to sign for them: under 18, with no adult contact to sign. */
export function needsGuardian(s: Pick<WaiverSigning, 'person' | 'contact' | 'personIsContact' | 'day'>): boolean {
  if (!minor(s.person.dateOfBirth, s.day)) return false;
  return s.personIsContact || minor(s.contact.dateOfBirth, s.day);
}

const minor = (dateOfBirth: string | null | undefined, day: string) => !!dateOfBirth && isMinorOn(dateOfBirth, day);

/**
 * The capacity a signature is recorded in, or why it is refused. Under 18: the named guardian (never the minor
 * themself) or an adult contact signs, as 'guardian'. Otherwise as before: the person themself ('self'), or for
 * another person the contact ('contact'), unless that contact is a minor.
 */
export function waiverSigner(s: WaiverSigning): { signedAs: SignedAs } | { error: string; field: 'signature' | 'guardian' } {
  const personMinor = minor(s.person.dateOfBirth, s.day);
  const contactMinor = s.personIsContact ? personMinor : minor(s.contact.dateOfBirth, s.day);
  const byGuardian = !!s.guardian && sameName(s.signedName, s.guardian.name);
  if (personMinor) {
    if (byGuardian) {
      // A minor typing their own name as "the guardian" is the same minor signing.
      if (sameName(s.guardian!.name, s.person.name) || (contactMinor && sameName(s.guardian!.name, s.contact.name)))
        return { error: guardianIsMinor(sameName(s.guardian!.name, s.person.name) ? s.person.name : s.contact.name), field: 'guardian' };
      return { signedAs: 'guardian' };
    }
    if (!s.personIsContact && !contactMinor && sameName(s.signedName, s.contact.name)) return { signedAs: 'guardian' };
    if (!s.personIsContact && !contactMinor && !s.guardian)
      return {
        error: `${s.person.name} is under 18: a parent or guardian signs “${s.waiverTitle}” for them, with the contact’s full name (${s.contact.name})`,
        field: 'signature',
      };
    return { error: minorMustNotSign(s.person.name, s.waiverTitle), field: 'signature' };
  }
  if (s.personIsContact && sameName(s.signedName, s.person.name)) return { signedAs: 'self' };
  if (!s.personIsContact) {
    if (s.own && sameName(s.signedName, s.person.name)) return { signedAs: 'self' };
    if (sameName(s.signedName, s.contact.name)) {
      if (contactMinor)
        return {
          error: `${s.contact.name} is under 18 on the first day of class and cannot sign “${s.waiverTitle}” for ${s.person.name}: they sign their own`,
          field: 'signature',
        };
      return { signedAs: 'contact' };
    }
  }
  return { error: `Type your full name exactly as given above (${s.contact.name}) to sign “${s.waiverTitle}”`, field: 'signature' };
}
