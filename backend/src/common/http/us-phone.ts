import { registerDecorator, type ValidationArguments, type ValidationOptions } from 'class-validator';

/**
 * The US phone validator of spec 1 §5, checked in the spec's order so the first rule a number breaks
 * is the one reported (the admin app's `validateUsPhone` gives the same texts). Input is digits only
 * (the DTOs strip everything else first). Returns null for a valid number.
 */
export function usPhoneProblem(value: unknown): string | null {
  if (typeof value !== 'string' || !value) return 'Phone number is required';
  if (!/^\d+$/.test(value)) return 'Please enter a valid 10-digit US phone number';
  if (value.length < 10) return 'Phone number is too short. Please enter a 10-digit US phone number';
  if (value.length > 11) return 'Phone number is too long. Please enter a 10-digit US phone number';
  if (value.length === 11 && !value.startsWith('1')) return '11-digit number must start with 1 (US country code)';
  const local = value.length === 11 ? value.slice(1) : value;
  if (/^[01]/.test(local)) return value.length === 10 ? 'Phone number cannot start with 0 or 1' : 'Area code cannot start with 0 or 1';
  // The exchange (digits 4-6) cannot start with 0 or 1 either (NANP).
  if (/^[01]/.test(local.slice(3))) return 'Please enter a valid 10-digit US phone number';
  return null;
}

/** `@IsUsPhone()`: one constraint whose message is the spec's text for the first rule broken. */
export function IsUsPhone(options?: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isUsPhone',
      target: target.constructor,
      propertyName,
      options,
      validator: {
        validate: (value: unknown) => usPhoneProblem(value) === null,
        defaultMessage: (args?: ValidationArguments) => usPhoneProblem(args?.value) ?? 'Please enter a valid 10-digit US phone number',
      },
    });
}
