import { useT } from '@/lib/i18n/useT';
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
  const t = useT();
  return (
    <>
      <Fact term={t('class.date')}>{formatLongDate(item.startDate)}</Fact>
      <Fact term={t('class.time')}>{formatTimeRange(item.startDate, item.duration)}</Fact>
      <Fact term={t('class.schedule')}>{scheduleText(item.days, item.schedule)}</Fact>
      <Fact term={t('class.instructor')}>{item.instructor || t('format.tba')}</Fact>
      <Fact term={t('class.location')}>{item.location || t('format.tba')}</Fact>
    </>
  );
}
