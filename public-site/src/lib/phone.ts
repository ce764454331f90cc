/**
 * The phone input of the registration form. Displaying a stored phone (format, tel: link) is shared with the admin
 * app: shared/us-phone-format.ts. The validation rule, which needs libphonenumber-js's metadata (~30 kB gzip), lives
 * with the only form that asks for a phone: shared/us-phone.ts (imported by the lazily loaded registration form only).
 */
import { formatPhone } from '@shared/us-phone-format';

/** Formats the phone input while the user types, keeping deletions natural. */
export function formatPhoneInput(next: string, previous = ''): string {
  const digits = next.replace(/\D/g, '');
  // Deleting a formatting character: drop the digit before it instead of re-adding the character.
  if (next.length < previous.length && previous.replace(/\D/g, '') === digits) {
    return formatPhone(digits.slice(0, -1));
  }
  return formatPhone(digits.slice(0, 11));
}
