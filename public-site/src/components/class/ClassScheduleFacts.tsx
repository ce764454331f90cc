import { formatLongDate, formatTimeRange, scheduleText } from '@/lib/classFormat';
import type { ClassItem } from '@/lib/models';

/**
 * Date, time, schedule, instructor and location of a class as description-list rows: the same facts a
 * class card and the registration summary show. Render inside a <dl>.
 */
export function ClassScheduleFacts({
  item,
}: {
  item: Pick<ClassItem, 'startDate' | 'duration' | 'days' | 'schedule' | 'instructor' | 'location'>;
}) {
  return (
    <>
      <div>
        <dt>Date</dt>
        <dd>{formatLongDate(item.startDate)}</dd>
      </div>
      <div>
        <dt>Time</dt>
        <dd>{formatTimeRange(item.startDate, item.duration)}</dd>
      </div>
      <div>
        <dt>Schedule</dt>
        <dd>{scheduleText(item.days, item.schedule)}</dd>
      </div>
      <div>
        <dt>Instructor</dt>
        <dd>{item.instructor || 'TBA'}</dd>
      </div>
      <div>
        <dt>Location</dt>
        <dd>{item.location || 'TBA'}</dd>
      </div>
    </>
  );
}
