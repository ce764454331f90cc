import { createEvents, type EventAttributes } from 'ics';
import type { Language } from '../../common/i18n/languages';

export interface CalendarClass {
  id: string;
  title: string;
  description: string;
  location: string;
  instructor: string;
  duration: number;
  sessions: Date[];
}

/**
 * The words the file adds to the class's own (issue 42 §2), in the reader's language; English as before. The class's
 * title, description and place are the organization's words, left as written.
 */
const CALENDAR_WORDS: Record<Language, { session: (i: number, n: number) => string; instructor: string }> = {
  en: { session: (i, n) => `session ${i} of ${n}`, instructor: 'Instructor: ' },
  es: { session: (i, n) => `sesión ${i} de ${n}`, instructor: 'Instructor: ' },
  fr: { session: (i, n) => `séance ${i} sur ${n}`, instructor: 'Instructeur : ' },
};

/** Files built lately, by everything they are built from: a class's registrations all attach the same file. */
const built = new Map<string, string>();
const BUILT_MAX = 200;

/**
 * An iCalendar file with one event per session of the class (UTC times), built by the `ics` library. The library
 * validates every event against its schema (about 0.6 ms for a class), so a file is built once per content and
 * reused while it is among the last BUILT_MAX built: any change of the class or the organization's name is
 * another key, hence a new file.
 */
export function classCalendar(cls: CalendarClass, organizationName: string, url?: string, language: Language = 'en'): string {
  const key = JSON.stringify([
    cls.id,
    cls.title,
    cls.description,
    cls.location,
    cls.instructor,
    cls.duration,
    cls.sessions.map((d) => d.getTime()),
    organizationName,
    url ?? null,
    language,
  ]);
  const cached = built.get(key);
  if (cached !== undefined) return cached;
  const value = buildCalendar(cls, organizationName, url, language);
  if (built.size >= BUILT_MAX) built.delete(built.keys().next().value!);
  built.set(key, value);
  return value;
}

function buildCalendar(cls: CalendarClass, organizationName: string, url: string | undefined, language: Language): string {
  const words = CALENDAR_WORDS[language];
  const events: EventAttributes[] = cls.sessions.map((start, i) => ({
    uid: `${cls.id}-${i}@classlane`,
    title: cls.sessions.length > 1 ? `${cls.title} (${words.session(i + 1, cls.sessions.length)})` : cls.title,
    description: [cls.description, cls.instructor ? `${words.instructor}${cls.instructor}` : ''].filter(Boolean).join('\n'),
    location: cls.location,
    start: start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: cls.duration },
    organizer: { name: organizationName },
    productId: 'classlane/ics',
    ...(url ? { url } : {}),
  }));
  const { error, value } = createEvents(events);
  if (error || !value) throw error ?? new Error('Could not build the calendar file');
  return value;
}
