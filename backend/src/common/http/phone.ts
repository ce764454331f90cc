/**
 * US phone numbers (spec 1 §5), one rule for the server and both front ends (shared/us-phone.ts applies the
 * same steps with the same messages; us-phone.spec.ts fails when they differ): the spec's messages for the shapes it names, then
 * libphonenumber-js for what no US number can be (an exchange or area code starting with 0 or 1, N11 codes…).
 * Stored as the 10 national digits, the format the admin app, the search and the seed already use; E.164
 * (`toE164`) is derived for the providers that need it (SMS).
 */
import { registerDecorator, type ValidationOptions } from 'class-validator';
import { isValidPhoneNumber } from 'libphonenumber-js/min';

export const INVALID_US_PHONE = 'Please enter a valid 10-digit US phone number';

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** The message for a phone the spec refuses, or null when it is a valid US number. */
export function usPhoneProblem(value: unknown): string | null {
  const digits = typeof value === 'string' ? digitsOf(value) : '';
  if (!digits) return 'Phone number is required';
  if (digits.length < 10) return 'Phone number is too short. Please enter a 10-digit US phone number';
  if (digits.length > 11) return 'Phone number is too long. Please enter a 10-digit US phone number';
  if (digits.length === 11) {
    if (digits[0] !== '1') return '11-digit number must start with 1 (US country code)';
    if (digits[1] === '0' || digits[1] === '1') return 'Area code cannot start with 0 or 1';
  } else if (digits[0] === '0' || digits[0] === '1') {
    return 'Phone number cannot start with 0 or 1';
  }
  return validUsNumber(digits.slice(-10)) ? null : INVALID_US_PHONE;
}

/**
 * libphonenumber-js's check, the costly part of validating a registration's body. Each phone is checked twice in a
 * row (by the transform that stores its digits, then by the validator): the last number found valid is kept, so the
 * second check of the same digits is answered without it. The rule is a pure function of the digits, so a number
 * kept from another request gives the same answer. `libphonenumberChecks` counts the library's calls (for the test of this).
 */
export const libphonenumberChecks = { count: 0 };
let lastValid: string | null = null;
function validUsNumber(tenDigits: string): boolean {
  if (tenDigits === lastValid) return true;
  libphonenumberChecks.count += 1;
  const valid = isValidPhoneNumber(tenDigits, 'US');
  if (valid) lastValid = tenDigits;
  return valid;
}

/** The stored form: 10 national digits for a valid number; anything else keeps its digits so the validator can name the problem. */
export function normaliseUsPhone({ value }: { value: unknown }): unknown {
  if (typeof value !== 'string') return value;
  const digits = digitsOf(value);
  return usPhoneProblem(digits) === null ? digits.slice(-10) : digits;
}

export function toE164(nationalDigits: string): string {
  return `+1${digitsOf(nationalDigits).slice(-10)}`;
}

/** class-validator decorator: a US phone number by the rule above, failing with the spec's message. */
export function IsUsPhone(options: ValidationOptions = {}) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isUsPhone',
      target: target.constructor,
      propertyName,
      options,
      validator: {
        validate: (value: unknown) => usPhoneProblem(value) === null,
        defaultMessage: (args) => usPhoneProblem(args?.value) ?? INVALID_US_PHONE,
      },
    });
}
