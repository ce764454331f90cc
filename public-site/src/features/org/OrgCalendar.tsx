import { currentIntlLocale } from '@/lib/i18n/i18n';
import { Rich } from '@/lib/i18n/Rich';
import { useT } from '@/lib/i18n/useT';
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { dayKey, formatTime } from '@/lib/classFormat';
import type { ClassItem } from '@/lib/models';
import { classPath } from '@/lib/routing';
import { useMediaQuery } from './useMediaQuery';
import { addMonths, entriesByDay, isCancelled, monthTitles, monthWeeks, startOfMonth, type CalendarEntry } from './calendarUtils';

/**
 * A cancelled class stays on the calendar (a registered student looks for it there) but reads 'Cancelled' and is
 * struck through, as the grid card says it.
 */
function EventLabel({ entry }: { entry: CalendarEntry }) {
  const t = useT();
  const title = <span className="calendar__event-title">{entry.classItem.title}</span>;
  return (
    <>
      <span className="calendar__event-time">{formatTime(entry.date)}</span>{' '}
      {isCancelled(entry.classItem) ? (
        <>
          <s>{title}</s> <span className="calendar__event-status">{t('status.Cancelled')}</span>
        </>
      ) : (
        title
      )}
    </>
  );
}

/** The week's days from Sunday, long and short, in the language (a Sunday in January 2023 is the 1st). */
function weekdays(locale: string): { long: string; short: string }[] {
  const long = new Intl.DateTimeFormat(locale, { weekday: 'long' });
  const short = new Intl.DateTimeFormat(locale, { weekday: 'short' });
  return [0, 1, 2, 3, 4, 5, 6].map((i) => {
    const day = new Date(2023, 0, 1 + i);
    return { long: long.format(day), short: short.format(day) };
  });
}

/** Month calendar: 7-column grid on desktop, a list grouped by day on mobile (spec 1 §2). */
export function OrgCalendar({ classes, organizationId }: { classes: ClassItem[]; organizationId: string }) {
  const [month, setMonth] = useState(() => startOfMonth(new Date()));
  const desktop = useMediaQuery('(min-width: 768px)');
  const byDay = useMemo(() => entriesByDay(classes, month), [classes, month]);
  const titles = useMemo(() => monthTitles(byDay), [byDay]);
  const todayKey = dayKey(new Date());
  const t = useT();
  const locale = currentIntlLocale();
  const monthLabel = month.toLocaleDateString(locale, { month: 'long', year: 'numeric' });

  return (
    <section className="calendar card" aria-labelledby="calendar-month">
      <div className="calendar__nav">
        <button type="button" className="btn btn--small btn--secondary" onClick={() => setMonth((m) => addMonths(m, -1))}>
          <span aria-hidden="true">‹</span> <Rich id="calendar.previous" components={{ 0: <span className="visually-hidden" /> }} />
        </button>
        <h3 id="calendar-month" className="calendar__month" aria-live="polite">
          {monthLabel}
        </h3>
        <div className="calendar__nav-right">
          <button type="button" className="btn btn--small btn--ghost" onClick={() => setMonth(startOfMonth(new Date()))}>
            {t('calendar.today')}
          </button>
          <button type="button" className="btn btn--small btn--secondary" onClick={() => setMonth((m) => addMonths(m, 1))}>
            <Rich id="calendar.next" components={{ 0: <span className="visually-hidden" /> }} /> <span aria-hidden="true">›</span>
          </button>
        </div>
      </div>

      {desktop ? (
        <table className="calendar__grid">
          <caption className="visually-hidden">{t('calendar.caption', { month: monthLabel })}</caption>
          <thead>
            <tr>
              {weekdays(locale).map((day) => (
                <th key={day.long} scope="col">
                  <abbr title={day.long}>{day.short}</abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {monthWeeks(month).map((week, i) => (
              <tr key={i}>
                {week.map((date, j) => {
                  if (!date) return <td key={j} className="calendar__cell calendar__cell--empty" />;
                  const key = dayKey(date);
                  const entries = byDay.get(key) ?? [];
                  const isToday = key === todayKey;
                  return (
                    <td key={j} className={`calendar__cell${isToday ? ' calendar__cell--today' : ''}`}>
                      <span className="calendar__day">{date.getDate()}</span>
                      {isToday ? <span className="visually-hidden"> {t('calendar.todayMark')}</span> : null}
                      {entries.map((entry) => (
                        <Link
                          key={`${entry.classItem.id}-${entry.date.getTime()}`}
                          href={classPath(entry.classItem.id, organizationId)}
                          className={`calendar__event${isCancelled(entry.classItem) ? ' calendar__event--cancelled' : ''}`}
                        >
                          <EventLabel entry={entry} />
                        </Link>
                      ))}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      ) : byDay.size === 0 ? (
        <p className="calendar__none">{t('calendar.noneIn', { month: monthLabel })}</p>
      ) : (
        <ol className="calendar__list">
          {[...byDay.keys()].sort().map((key) => {
            const entries = byDay.get(key)!;
            const isToday = key === todayKey;
            return (
              <li key={key} className={`calendar__list-day${isToday ? ' calendar__list-day--today' : ''}`}>
                <h4 className="calendar__list-date">
                  {entries[0].date.toLocaleDateString(locale, { weekday: 'long', month: 'long', day: 'numeric' })}
                  {isToday ? <span className="badge badge--accent">{t('calendar.today')}</span> : null}
                </h4>
                <ul>
                  {entries.map((entry) => (
                    <li key={`${entry.classItem.id}-${entry.date.getTime()}`}>
                      <Link
                        href={classPath(entry.classItem.id, organizationId)}
                        className={`calendar__list-event${isCancelled(entry.classItem) ? ' calendar__event--cancelled' : ''}`}
                      >
                        <EventLabel entry={entry} />
                      </Link>
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ol>
      )}

      <div className="calendar__legend">
        <h4>{t('calendar.thisMonth')}</h4>
        {titles.length === 0 ? (
          <p className="muted">{t('calendar.noneThisMonth')}</p>
        ) : (
          <ul>
            {titles.map(({ title, classItem }) => (
              <li key={title}>
                <Link href={classPath(classItem.id, organizationId)}>{isCancelled(classItem) ? <s>{title}</s> : title}</Link>
                {isCancelled(classItem) ? <span className="calendar__event-status">{t('status.Cancelled')}</span> : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
