import type { mapClass } from '../classes/class.entity';
import type { RecipientSnapshot } from './communication.types';
import type { OrganizationLook, TemplateValues } from './templates';

// One formatter each, made once: toLocale*String and a new NumberFormat build the locale data on every call
// (about 0.5 ms of a card payment's messages). Same output, the server's time zone as before.
const DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const LONG_DATE = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
const TIME_12 = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
export const dollars = (cents: number) => DOLLARS.format(cents / 100);
export const longDate = (d: Date) => LONG_DATE.format(d);
export const time12 = (d: Date) => TIME_12.format(d);

/** The recipient as the outbox row keeps it (the row stays readable after the person is gone). */
export function snapshot(p: { firstName: string; lastName: string; email: string; phone: string | null }): RecipientSnapshot {
  return { firstName: p.firstName, lastName: p.lastName, email: p.email, phone: p.phone };
}

export function orgValues(org: OrganizationLook): TemplateValues {
  return { organizationName: org.name, organizationEmail: org.email ?? '', organizationPhone: org.phone ?? '' };
}

/** What a message says about a class: its title, first session, place, instructor and number of sessions. */
export function classFacts(cls: ReturnType<typeof mapClass>): TemplateValues {
  const first = new Date(cls.sessions[0] ?? cls.startDate);
  return {
    className: cls.title,
    startDate: longDate(first),
    startTime: time12(first),
    location: cls.location,
    instructor: cls.instructor,
    sessionCount: String(cls.sessions.length),
  };
}

export function personValues(p: { firstName: string; lastName: string; email: string }): TemplateValues {
  return { firstName: p.firstName, lastName: p.lastName, fullName: `${p.firstName} ${p.lastName}`, email: p.email };
}

/** The people of a household registration, as the confirmation lists them (nothing for one person). */
export function householdList(attendees: { firstName: string; lastName: string }[] | undefined): string {
  if (!attendees?.length) return '';
  return `\n\nRegistered (${attendees.length} ${attendees.length === 1 ? 'person' : 'people'}):\n${attendees
    .map((a) => `- ${a.firstName} ${a.lastName}`)
    .join('\n')}`;
}

/**
 * What was charged, line by line, as the enrollment's price quote keeps it: added to confirmations and receipts
 * whatever the organization's template, so the email says the same as the receipt PDF, the student panel and the
 * reports. Nothing when no discount applied (the amount alone says it all).
 */
export function priceList(lines: { label: string; amount: number }[] | null | undefined): string {
  if (!lines || !lines.some((l) => l.amount < 0)) return '';
  const cents = lines.map((l) => Math.round(l.amount * 100));
  const money = (c: number) => (c < 0 ? `-${dollars(-c)}` : dollars(c));
  const total = Math.max(
    0,
    cents.reduce((a, b) => a + b, 0),
  );
  return `\n\nPrice:\n${lines.map((l, i) => `- ${l.label}: ${money(cents[i])}`).join('\n')}\nTotal: ${dollars(total)}`;
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
