import { useT } from '@/lib/i18n/useT';
import { Link } from 'wouter';
import { ClassScheduleFacts } from '@/components/class/ClassScheduleFacts';
import { formatPrice, hasDiscount, isOpenStatus, toDate } from '@/lib/classFormat';
import type { ClassItem } from '@/lib/models';
import { classPath, registerPath } from '@/lib/routing';
import { RegistrationOpening } from '@/components/class/RegistrationOpening';
import { statusText } from '@/lib/i18n/statusText';

function statusBadgeClass(status: string): string {
  if (status === 'Open') return 'badge badge--open';
  if (status === 'Scheduled') return 'badge badge--scheduled';
  return 'badge badge--closed';
}

/** Upcoming first (by start date); classes without a date last. */
function sortByStart(classes: ClassItem[]): ClassItem[] {
  return [...classes].sort((a, b) => (toDate(a.startDate)?.getTime() ?? Infinity) - (toDate(b.startDate)?.getTime() ?? Infinity));
}

export function OrgClassGrid({
  classes,
  organizationId,
  showEnrollment,
}: {
  classes: ClassItem[];
  organizationId: string;
  showEnrollment: boolean;
}) {
  const t = useT();
  if (classes.length === 0) {
    return (
      <div className="card org-empty__card">
        <h3>{t('org.noClassesTitle')}</h3>
        <p className="muted">{t('org.noClassesText')}</p>
      </div>
    );
  }
  return (
    <ul className="class-grid" aria-label={t('org.classesLabel')}>
      {sortByStart(classes).map((item) => {
        const spotsLeft = Math.max(0, item.maxStudents - item.enrolledStudents);
        const open = isOpenStatus(item.status);
        return (
          <li key={item.id} className="class-card">
            <div className="class-card__top">
              <span className={statusBadgeClass(item.status)}>{statusText(t, item.status)}</span>
              <span className="class-card__price">
                {hasDiscount(item.price, item.discountPrice) ? (
                  <>
                    <s aria-label={t('price.regular', { price: formatPrice(item.price) })}>{formatPrice(item.price)}</s>{' '}
                    <strong>{formatPrice(item.discountPrice)}</strong>
                  </>
                ) : (
                  <strong>{formatPrice(item.price)}</strong>
                )}
              </span>
            </div>
            <h3 className="class-card__title">
              <Link href={classPath(item.id, organizationId)} className="class-card__link">
                {item.title}
              </Link>
            </h3>
            <dl className="class-card__facts">
              <ClassScheduleFacts item={item} />
            </dl>
            <p className="class-card__seats">
              {showEnrollment
                ? t('class.enrolled', { enrolled: item.enrolledStudents, max: item.maxStudents })
                : open
                  ? spotsLeft > 0
                    ? t('class.spotsLeft', { count: spotsLeft })
                    : t('class.full')
                  : t('class.registrationClosed')}
            </p>
            {open && !showEnrollment && spotsLeft > 0 && item.registrationWindow?.opensAt ? (
              <RegistrationOpening window={item.registrationWindow} termId={item.termId} compact>
                <Link href={registerPath(item.id, organizationId)} className="btn btn--small class-card__register">
                  {t('class.register')}
                </Link>
              </RegistrationOpening>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
