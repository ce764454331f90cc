import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** E.164 for a phone as stored (10 US digits) or typed; null when it is not a valid number. */
export function toE164Phone(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const parsed = parsePhoneNumberFromString(phone, 'US');
  return parsed?.isValid() ? parsed.number : null;
}
