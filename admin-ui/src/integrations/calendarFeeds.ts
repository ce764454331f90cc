import { API_URL, httpClient } from '@/providers/httpClient';
import type { CalendarFeed, CreatedCalendarFeed } from '@/providers/types';

/** A new secret URL for a feed (POST /calendar-feeds/{id}/rotate): the old URL stops answering at once. */
export async function rotateCalendarFeed(id: string): Promise<CreatedCalendarFeed> {
  return (await httpClient<CreatedCalendarFeed>(`${API_URL}/calendar-feeds/${encodeURIComponent(id)}/rotate`, { method: 'POST' })).json;
}

/** The react-query key of the teacher's own feeds ('Subscribe to my calendar'). */
export const CALENDAR_FEED_KEYS = ['calendar-feeds'];
export const FEED_URL_NOTICE =
  'Copy the feed URL now and add it to your calendar app (Subscribe to calendar / From URL): you will not see it again. Anyone with the URL can read the schedule.';

/** A feed as the list names it: all classes, one class by its title ('A class' once it is gone), or a teacher's own. */
export function describeFeed(f: Pick<CalendarFeed, 'scope' | 'classId'>, classes: { id: string; title: string }[] | undefined): string {
  if (f.scope === 'organization') return 'All classes';
  if (f.scope === 'class') return `Class: ${classes?.find((c) => c.id === f.classId)?.title ?? 'A class'}`;
  return "A teacher's own classes";
}
