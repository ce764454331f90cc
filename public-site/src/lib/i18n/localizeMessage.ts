/**
 * The site's fixed English messages (form validation, the card step's errors) in the reader's language.
 * The rules that make them (lib/validators.ts, studentFormRules.ts, shared/us-phone.ts, api/cardPayment.ts…) keep
 * returning the spec's English word for word, as their tests and the server's own checks expect; the page shows
 * them through `localizeMessage`, which recognizes each one by its English pattern and gives the `forms` catalog's
 * translation, with the pattern's parts (a field's label, a number) in it. A message it does not know (the server's
 * words, an organization's question label) is shown as is.
 */
import type { Translate } from './useT';

/** English pattern (`{name}` a part) → `forms` catalog key. The English catalog holds the same texts (a test checks). */
export const KNOWN_MESSAGES: Record<string, string> = {
  'forms.required': '{label} is required',
  'forms.nameLetters': '{label} can only contain letters, spaces, hyphens, and apostrophes',
  'forms.nameTooShort': '{label} must be at least 2 characters long',
  'forms.nameTooLong': '{label} must be less than 50 characters long',
  'forms.emailRequired': 'Email is required',
  'forms.emailTooLong': 'Email address is too long',
  'forms.emailInvalid': 'Please enter a valid email address',
  'forms.phoneRequired': 'Phone number is required',
  'forms.phoneShort': 'Phone number is too short. Please enter a 10-digit US phone number',
  'forms.phoneLong': 'Phone number is too long. Please enter a 10-digit US phone number',
  'forms.phoneCountry': '11-digit number must start with 1 (US country code)',
  'forms.phoneArea': 'Area code cannot start with 0 or 1',
  'forms.phoneStart': 'Phone number cannot start with 0 or 1',
  'forms.dateOfBirth': 'Date of birth must be a date in the past',
  'forms.guardianRequired': 'Enter the parent or guardian’s full name',
  'forms.guardianMinor': 'The parent or guardian must be an adult other than {name}',
  'forms.tickBox': '{label}: please tick the box to continue',
  'forms.number': '{label} must be a number',
  'forms.phoneAnswer': '{label} must be a phone number, such as (555) 123-4567',
  'forms.maxLength': '{label} must be at most {max} characters',
  'forms.acceptWaiver': 'Please read and accept “{title}”',
  'forms.guardianSign': 'The parent or guardian types their full name exactly as given above ({name}) to sign “{title}”',
  'forms.signWaiver': 'Type your full name exactly as given above ({name}) to sign “{title}”',
  'forms.passwordRequired': 'Password is required',
  'forms.passwordShort': 'Password must be at least 6 characters long',
  'forms.passwordsDiffer': 'Passwords do not match',
  'waitlistError.joinFailed': 'We could not add you to the waitlist. Please try again.',
  'waitlistError.badLink': 'This waitlist link is not valid. Please check that you copied the whole link from your message.',
  'waitlistError.offerEnded': 'This seat offer is no longer available: it has expired or has already been used.',
  'waitlistError.offerLoadFailed': 'We could not load your seat offer. Please try again.',
  'waitlistError.leaveFailed': 'We could not take you off the waitlist. Please try again.',
  'waitlistError.leaveEnded': 'This link can no longer be used: you are no longer waiting on this list.',
  'waiverError.badLink': 'This signing link is not valid. Please check that you copied the whole link from your email.',
  'waiverError.loadFailed': 'We could not load the waiver. Please try again.',
  'waiverError.signFailed': 'We could not record your signature. Please try again.',
  'signinError.missing': 'Please enter both email and password',
  'signinError.invalid': 'Invalid credentials. Please try again.',
  'contactError.required': 'Please fill in all required fields.',
  'contactError.success': "Your message has been sent successfully! We'll get back to you soon.",
  'contactError.failure': 'Failed to send message. Please try again later.',
  // The portal's server answers, shown as they come (the server's English is the spec's).
  'portalServer.linkSent': 'If this email belongs to a registration with us, a sign-in link is on its way. It works once, for 15 minutes.',
  'portalServer.erasureSent': 'Your request was sent to the organization. They will confirm when your data is erased.',
  'apiError.timeout': 'Request timed out. Please check your connection and try again.',
  'apiError.network': 'Unable to reach the server. Please check your connection and try again.',
  'cardError.notReady': 'Payment system not ready. Please try again.',
  'cardError.cardNotFound': 'Card information not found. Please try again.',
  'cardError.paymentFailed': 'Payment failed. Please try again.',
  'cardError.notCompleted': 'Payment was not completed. Please try again.',
  'cardError.inPersonOnly': "This organization currently only accepts in-person payments. Please select 'Pay in Person at Class'.",
  'cardError.notFound': 'Class or organization not found. Please contact support.',
  'cardError.cardsUnavailable': "Credit card payments are not available. Please select 'Pay in Person at Class'.",
  'cardError.missingInformation': 'Missing class or student information.',
  'cardError.reserveFailed': 'Failed to reserve spot. Please try again.',
  'cardError.paidUnconfirmed':
    'Your payment was received, but we could not confirm your registration yet. Please do not pay again: it will be confirmed automatically. Check again in a moment, or contact the organization.',
};

/** Field labels that appear inside the patterns above, translated too. */
const KNOWN_LABELS: Record<string, string> = { 'First name': 'forms.firstName', 'Last name': 'forms.lastName' };

const escape = (s: string) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

const PATTERNS = Object.entries(KNOWN_MESSAGES).map(([key, english]) => {
  const names: string[] = [];
  const source = english
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (!name) return escape(part);
      names.push(name);
      return '(.+?)';
    })
    .join('');
  return { key, names, regex: new RegExp(`^${source}$`, 's') };
});

/** `message` in the current language when it is one of the known English messages, else `message` unchanged. */
export function localizeMessage(t: Translate, message: string): string {
  for (const { key, names, regex } of PATTERNS) {
    const m = regex.exec(message);
    if (!m) continue;
    const values = Object.fromEntries(names.map((n, i) => [n, KNOWN_LABELS[m[i + 1]] ? t(KNOWN_LABELS[m[i + 1]]) : m[i + 1]]));
    const text = t(key, values);
    // The catalog not loaded on this page yet: Lingui gives the key back; the English is better than a key.
    return text === key ? message : text;
  }
  return message;
}
