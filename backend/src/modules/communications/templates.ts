import type { Language } from '../../common/i18n/languages';
import type { Channel, TemplatedKind } from './communication.types';
import { MESSAGE_WORDS } from './i18n/message-words';

/** Variables a template may use; anything else is refused when a template is saved. */
export const TEMPLATE_VARIABLES = [
  'firstName',
  'lastName',
  'fullName',
  'email',
  'className',
  'startDate',
  'startTime',
  'location',
  'instructor',
  'sessionCount',
  'organizationName',
  'organizationEmail',
  'organizationPhone',
  'amount',
  'refundAmount',
  'ratingLinks',
  // The go/no-go messages.
  'enrolledCount',
  'minEnrollment',
  'decisionOutcome',
  'classUrl',
  'waitlistPosition',
  'offerExpiresAt',
  'offerLink',
  'leaveLink',
] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];
export type TemplateValues = Partial<Record<TemplateVariable, string>>;

const VARIABLE = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/** The variables a text uses, in order of first use. */
export function variablesOf(...texts: (string | null | undefined)[]): string[] {
  const found: string[] = [];
  for (const t of texts) for (const m of (t ?? '').matchAll(VARIABLE)) if (!found.includes(m[1])) found.push(m[1]);
  return found;
}

export function unknownVariables(...texts: (string | null | undefined)[]): string[] {
  return variablesOf(...texts).filter((v) => !(TEMPLATE_VARIABLES as readonly string[]).includes(v));
}

/** Fills `{{name}}`; a known variable without a value becomes empty, an unknown one is left as written. */
export function render(text: string, values: TemplateValues): string {
  return text.replace(VARIABLE, (all, name: string) =>
    (TEMPLATE_VARIABLES as readonly string[]).includes(name) ? (values[name as TemplateVariable] ?? '') : all,
  );
}

interface BuiltIn {
  subject: string;
  message: string;
}
/** Every built-in message of one language: the same kinds, channels and variables in each (i18n/built-in-messages.ts). */
export type BuiltInMessages = Record<TemplatedKind, Record<Channel, BuiltIn>>;

/**
 * Built-in defaults for the messages the product sends by itself (an organization's active template wins), in
 * English; the Spanish and French ones are in i18n/.
 */
export const BUILT_IN: BuiltInMessages = {
  confirmation: {
    email: {
      subject: "You're registered: {{className}}",
      message:
        'Hi {{firstName}},\n\nYou are registered for {{className}} with {{organizationName}}.\n\nFirst session: {{startDate}} at {{startTime}}\nLocation: {{location}}\nInstructor: {{instructor}}\nSessions: {{sessionCount}}\n\nThe attached calendar file lists every session.\n\nSee you there!',
    },
    sms: {
      subject: '',
      message: '{{organizationName}}: you are registered for {{className}}, starting {{startDate}} {{startTime}} at {{location}}.',
    },
  },
  reminder: {
    email: {
      subject: 'Reminder: {{className}} on {{startDate}}',
      message:
        'Hi {{firstName}},\n\nA reminder that {{className}} meets on {{startDate}} at {{startTime}}.\nLocation: {{location}}\n\nSee you there!',
    },
    sms: {
      subject: '',
      message: '{{organizationName}}: reminder, {{className}} on {{startDate}} at {{startTime}}, {{location}}. Reply STOP to opt out.',
    },
  },
  receipt: {
    email: {
      subject: 'Payment receipt: {{className}}',
      message:
        'Hi {{firstName}},\n\nWe received your payment of {{amount}} for {{className}} with {{organizationName}}.\n\nFirst session: {{startDate}} at {{startTime}}\nLocation: {{location}}\n\nThank you!',
    },
    sms: { subject: '', message: '{{organizationName}}: payment of {{amount}} received for {{className}}. Thank you!' },
  },
  refund: {
    email: {
      subject: 'Refund issued: {{className}}',
      message:
        'Hi {{firstName}},\n\n{{organizationName}} has refunded {{refundAmount}} for {{className}}. It will appear on your statement within 5-10 business days.',
    },
    sms: { subject: '', message: '{{organizationName}}: a refund of {{refundAmount}} for {{className}} is on its way.' },
  },
  rating: {
    email: {
      subject: 'How was {{className}}?',
      message:
        'Hi {{firstName}},\n\nHow was {{className}}? One click rates it from 1 (poor) to 5 (excellent):\n\n{{ratingLinks}}\n\nThank you for taking part!',
    },
    sms: { subject: '', message: '{{organizationName}}: how was {{className}}? Rate it from 1 to 5: {{ratingLinks}}' },
  },
  class_confirmed: {
    email: {
      subject: 'Your class is on: {{className}}',
      message:
        'Hi {{firstName}},\n\nGood news: {{className}} with {{organizationName}} has enough students and will run as planned.\n\nFirst session: {{startDate}} at {{startTime}}\nLocation: {{location}}\nInstructor: {{instructor}}\n\nSee you there!',
    },
    sms: {
      subject: '',
      message: '{{organizationName}}: your class is on! {{className}} starts {{startDate}} {{startTime}} at {{location}}.',
    },
  },
  class_cancelled: {
    email: {
      subject: 'Class cancelled: {{className}}',
      message:
        'Hi {{firstName}},\n\nWe are sorry: {{className}} with {{organizationName}}, planned to start on {{startDate}} at {{startTime}}, did not reach the minimum number of students and has been cancelled.\n\nIf you paid by card, your payment is refunded in full (a separate email confirms the refund). If you paid in person, {{organizationName}} will contact you about your payment.\n\nWe hope to see you at another class.',
    },
    sms: {
      subject: '',
      message: '{{organizationName}}: {{className}} on {{startDate}} is cancelled (too few students). Card payments are refunded in full.',
    },
  },
  class_below_minimum: {
    email: {
      subject: 'Below minimum: {{className}} has {{enrolledCount}} of {{minEnrollment}} students',
      message:
        'Hello,\n\n{{className}} (first session {{startDate}} at {{startTime}}) has {{enrolledCount}} registered students, below its minimum of {{minEnrollment}}, at its go/no-go time.\n\n{{decisionOutcome}}\n\nOpen the class: {{classUrl}}',
    },
    sms: {
      subject: '',
      message: '{{organizationName}}: {{className}} has {{enrolledCount}} of {{minEnrollment}} students. {{decisionOutcome}}',
    },
  },
  waitlist_joined: {
    email: {
      subject: "You're on the waitlist: {{className}}",
      message:
        'Hi {{firstName}},\n\nYou are number {{waitlistPosition}} on the waitlist for {{className}} with {{organizationName}}.\n\nWhen a seat opens up and it is your turn, we will hold it for you and send you a link to register.\n\nIf you no longer want a seat, leave the waitlist: {{leaveLink}}',
    },
    sms: {
      subject: '',
      message: '{{organizationName}}: you are number {{waitlistPosition}} on the waitlist for {{className}}.',
    },
  },
  waitlist_offer: {
    email: {
      subject: 'A seat is yours: {{className}}',
      message:
        'Hi {{firstName}},\n\nA seat in {{className}} with {{organizationName}} has opened up, and we are holding it for you until {{offerExpiresAt}}.\n\nFirst session: {{startDate}} at {{startTime}}\nLocation: {{location}}\n\nRegister into your seat: {{offerLink}}\n\nIf you no longer want a seat, leave the waitlist: {{leaveLink}}\n\nAfter {{offerExpiresAt}} the seat goes to the next person on the waitlist.',
    },
    sms: {
      subject: '',
      message: '{{organizationName}}: a seat in {{className}} is held for you until {{offerExpiresAt}}. Register: {{offerLink}}',
    },
  },
};

/** A link shown as its address in the text part and as a clickable label in the HTML part. */
export function linkValue(url: string, label: string): HtmlValue {
  return { text: url, html: `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>` };
}

/** A value whose HTML form is not its escaped text (links): placed after the text is escaped. */
export interface HtmlValue {
  text: string;
  html: string;
}

/** The five one-click rating links (`urls[0]` rates 1): one per line in the text, clickable in the HTML. */
export function ratingLinks(urls: string[], language: Language = 'en'): HtmlValue {
  const RATING_LABELS = MESSAGE_WORDS[language].ratings;
  return {
    text: urls.map((u, i) => `${i + 1} - ${RATING_LABELS[i]}: ${u}`).join('\n'),
    html: urls.map((u, i) => `<a href="${escapeHtml(u)}">${i + 1} - ${RATING_LABELS[i]}</a>`).join('<br>'),
  };
}

/** The marker a rich value stands as while the text is escaped (U+0001 never occurs in a template). */
export const htmlMarker = (name: string) => `\u0001${name}\u0001`;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const colour = (c: string | undefined, fallback: string) => (c && /^#[0-9a-fA-F]{3,8}$/.test(c) ? c : fallback);

export interface OrganizationLook {
  name: string;
  /** The organization's default language (its settings; absent: English): its own templates are written in it. */
  language?: Language;
  primaryColor?: string;
  footerBackgroundColor?: string;
  footerTextColor?: string;
  email?: string;
  phone?: string;
  address?: string;
}

/** The HTML part of an email: the text, the organization's colours, and its name and contact in the footer. */
export function htmlEmail(
  text: string,
  org: OrganizationLook,
  unsubscribeUrl?: string,
  rich: Record<string, string> = {},
  language: Language = 'en',
): string {
  let body = escapeHtml(text)
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 16px">${p.replace(/\n/g, '<br>')}</p>`)
    .join('');
  for (const [name, html] of Object.entries(rich)) body = body.split(htmlMarker(name)).join(html);
  const contact = [org.email, org.phone, org.address]
    .filter(Boolean)
    .map((x) => escapeHtml(x!))
    .join(' · ');
  const bg = colour(org.footerBackgroundColor, '#15385F');
  const fg = colour(org.footerTextColor, '#ffffff');
  return `<!doctype html><html lang="${language}"><body style="margin:0;background:#f5f6f8;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${colour(org.primaryColor, '#15385F')};color:#ffffff;padding:16px 24px;font-size:20px;font-weight:bold">${escapeHtml(org.name)}</td></tr>
<tr><td style="padding:24px;font-size:16px;line-height:1.5">${body}</td></tr>
<tr><td style="background:${bg};color:${fg};padding:16px 24px;font-size:13px">${escapeHtml(org.name)}${contact ? `<br>${contact}` : ''}${
    unsubscribeUrl
      ? `<br><a href="${escapeHtml(unsubscribeUrl)}" style="color:${fg}">${escapeHtml(MESSAGE_WORDS[language].unsubscribe)}</a>`
      : ''
  }</td></tr>
</table></td></tr></table></body></html>`;
}
