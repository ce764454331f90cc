import { Link } from 'wouter';
import { formatLongDate, formatPrice, formatTimeRange } from '@/lib/classFormat';
import type { ClassItem } from '@/lib/models';
import { useT } from '@/lib/i18n/useT';
import { useAsync } from '@/lib/useAsync';
import { dropInPath, getDropInSessions, sellsDropIns } from '@/lib/dropIns';
import './DropInSessions.css';

/** The class page's drop-ins (issue 39 §3): each session on sale with its seats left and a "Drop in" link. */
export function DropInSessions({ item }: { item: ClassItem }) {
  const t = useT();
  const sells = sellsDropIns(item);
  const state = useAsync(() => getDropInSessions(item.id, item.organizationId), [item.id, item.organizationId], sells);
  if (!sells) return null;
  const sessions = state.data ?? [];
  return (
    <section className="drop-ins" aria-labelledby="drop-ins-title">
      <h2 id="drop-ins-title" className="class-section-title">
        {t('dropIn.title')}
      </h2>
      <p>{t('dropIn.intro', { price: formatPrice(item.dropInPrice) })}</p>
      {state.loading ? null : sessions.length === 0 ? (
        <p className="drop-ins__none">{t('dropIn.none')}</p>
      ) : (
        <ul className="drop-ins__list">
          {sessions.map((s) => {
            const minutes = Math.round((new Date(s.endsAt).getTime() - new Date(s.startsAt).getTime()) / 60_000);
            const date = formatLongDate(s.startsAt);
            return (
              <li key={s.id} className="drop-ins__session">
                <span className="drop-ins__when">
                  <strong>{date}</strong> · {formatTimeRange(s.startsAt, minutes)}
                </span>
                <span className="drop-ins__seats">
                  {s.seatsLeft > 0 ? t('dropIn.seatsLeft', { count: s.seatsLeft }) : t('dropIn.full')}
                </span>
                {s.seatsLeft > 0 ? (
                  <Link
                    href={dropInPath(item.id, item.organizationId, s.id)}
                    className="btn btn--secondary btn--small"
                    aria-label={t('dropIn.buttonLabel', { date })}
                  >
                    {t('dropIn.button')}
                  </Link>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
