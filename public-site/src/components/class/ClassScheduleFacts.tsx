import { formatLongDate, formatTimeRange, scheduleText } from '@/lib/classFormat';
import type { ClassItem } from '@/lib/models';
import { Fact } from '@/components/ui/Fact';

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
      <Fact term="Date">{formatLongDate(item.startDate)}</Fact>
      <Fact term="Time">{formatTimeRange(item.startDate, item.duration)}</Fact>
      <Fact term="Schedule">{scheduleText(item.days, item.schedule)}</Fact>
      <Fact term="Instructor">{item.instructor || 'TBA'}</Fact>
      <Fact term="Location">{item.location || 'TBA'}</Fact>
    </>
  );
}
