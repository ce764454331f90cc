import { INTL_LOCALE, type Language } from '../../common/i18n/languages';

import type { mapClass } from '../classes/class.entity';
import { MESSAGE_WORDS, plural } from './i18n/message-words';
import type { RecipientSnapshot } from './communication.types';
import type { OrganizationLook, TemplateValues } from './templates';

// One set of formatters per language, made once: toLocale*String and a new NumberFormat build the locale data on
// every call (about 0.5 ms of a card payment's messages). The server's time zone as before; English's output is
// unchanged ('Monday, March 2, 2026', '6:00 PM', '$80.00').
interface Formatters {
  dollars: Intl.NumberFormat;
  longDate: Intl.DateTimeFormat;
  time: Intl.DateTimeFormat;
}
const FORMATTERS = new Map<Language, Formatters>();
function formatters(language: Language): Formatters {
  let f = FORMATTERS.get(language);
  if (!f) {
    const locale = INTL_LOCALE[language];
    f = {
      dollars: new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }),
      longDate: new Intl.DateTimeFormat(locale, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }),
      time: new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }),
    };
    FORMATTERS.set(language, f);
  }
  return f;
}
export const dollars = (cents: number, language: Language = 'en') => formatters(language).dollars.format(cents / 100);
export const longDate = (d: Date, language: Language = 'en') => formatters(language).longDate.format(d);
export const time12 = (d: Date, language: Language = 'en') => formatters(language).time.format(d);

/** The recipient as the outbox row keeps it (the row stays readable after the person is gone). */
export function snapshot(p: { firstName: string; lastName: string; email: string; phone: string | null }): RecipientSnapshot {
  return { firstName: p.firstName, lastName: p.lastName, email: p.email, phone: p.phone };
}

/** French puts a space before a colon ('Prix :'), English and Spanish do not. */
export const colonOf = (language: Language) => (language === 'fr' ? ' :' : ':');

export function orgValues(org: OrganizationLook): TemplateValues {
  return { organizationName: org.name, organizationEmail: org.email ?? '', organizationPhone: org.phone ?? '' };
}

/** What a message says about a class: its title, first session, place, instructor and number of sessions. */
export function classFacts(cls: ReturnType<typeof mapClass>, language: Language = 'en'): TemplateValues {
  const first = new Date(cls.sessions[0] ?? cls.startDate);
  return {
    className: cls.title,
    startDate: longDate(first, language),
    startTime: time12(first, language),
    location: cls.location,
    instructor: cls.instructor,
    sessionCount: String(cls.sessions.length),
  };
}

export function personValues(p: { firstName: string; lastName: string; email: string }): TemplateValues {
  return { firstName: p.firstName, lastName: p.lastName, fullName: `${p.firstName} ${p.lastName}`, email: p.email };
}

/** The people of a household registration, as the confirmation lists them (nothing for one person). */
export function householdList(attendees: { firstName: string; lastName: string }[] | undefined, language: Language = 'en'): string {
  if (!attendees?.length) return '';
  return `\n\n${plural(language, MESSAGE_WORDS[language].registered, attendees.length)}${colonOf(language)}\n${attendees
    .map((a) => `- ${a.firstName} ${a.lastName}`)
    .join('\n')}`;
}

/**
 * What was charged, line by line, as the enrollment's price quote keeps it: added to confirmations and receipts
 * whatever the organization's template, so the email says the same as the receipt PDF, the student panel and the
 * reports. Nothing when no discount applied (the amount alone says it all).
 */
export function priceList(lines: { label: string; amount: number }[] | null | undefined, language: Language = 'en'): string {
  if (!lines || !lines.some((l) => l.amount < 0)) return '';
  const cents = lines.map((l) => Math.round(l.amount * 100));
  const money = (c: number) => (c < 0 ? `-${dollars(-c, language)}` : dollars(c, language));
  const words = MESSAGE_WORDS[language];
  const total = Math.max(
    0,
    cents.reduce((a, b) => a + b, 0),
  );
  const colon = colonOf(language);
  return `\n\n${words.price}${colon}\n${lines.map((l, i) => `- ${l.label}${colon} ${money(cents[i])}`).join('\n')}\n${words.total}${colon} ${dollars(total, language)}`;
}

/** The lines of several enrollments paid together (a household) as one list: each label's amounts added up. */
export function mergedPriceLines(
  all: ({ label: string; amount: number }[] | null | undefined)[],
): { label: string; amount: number }[] | null {
  if (all.some((l) => !l)) return null;
  const sums = new Map<string, number>();
  for (const lines of all) for (const l of lines!) sums.set(l.label, (sums.get(l.label) ?? 0) + Math.round(l.amount * 100));
  const n = all.length;
  return [...sums].map(([label, c]) => ({ label: label === 'Class price' && n > 1 ? `Class price × ${n}` : label, amount: c / 100 }));
}
