import { createEvents, type EventAttributes } from 'ics';

export interface CalendarClass {
  id: string;
  title: string;
  description: string;
  location: string;
  instructor: string;
  duration: number;
  sessions: Date[];
}

/** An iCalendar file with one event per session of the class (UTC times), built by the `ics` library. */
export function classCalendar(cls: CalendarClass, organizationName: string, url?: string): string {
  const events: EventAttributes[] = cls.sessions.map((start, i) => ({
    uid: `${cls.id}-${i}@classlane`,
    title: cls.sessions.length > 1 ? `${cls.title} (session ${i + 1} of ${cls.sessions.length})` : cls.title,
    description: [cls.description, cls.instructor ? `Instructor: ${cls.instructor}` : ''].filter(Boolean).join('\n'),
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
