import { Link } from 'wouter';
import { ClassScheduleFacts } from '@/components/class/ClassScheduleFacts';
import { formatPrice, hasDiscount, isOpenStatus, toDate } from '@/lib/classFormat';
import type { ClassItem } from '@/lib/models';
import { classPath, registerPath } from '@/lib/routing';
import { RegistrationOpening } from '@/components/class/RegistrationOpening';

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
  if (classes.length === 0) {
    return (
      <div className="card org-empty__card">
        <h3>No classes yet</h3>
        <p className="muted">There are no classes available right now. Please check back soon.</p>
      </div>
    );
  }
  return (
    <ul className="class-grid" aria-label="Classes">
      {sortByStart(classes).map((item) => {
        const spotsLeft = Math.max(0, item.maxStudents - item.enrolledStudents);
        const open = isOpenStatus(item.status);
        return (
          <li key={item.id} className="class-card">
            <div className="class-card__top">
              <span className={statusBadgeClass(item.status)}>{item.status}</span>
              <span className="class-card__price">
                {hasDiscount(item.price, item.discountPrice) ? (
                  <>
                    <s aria-label={`Regular price ${formatPrice(item.price)}`}>{formatPrice(item.price)}</s>{' '}
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
                ? `${item.enrolledStudents}/${item.maxStudents} enrolled`
                : open
                  ? spotsLeft > 0
                    ? `${spotsLeft} ${spotsLeft === 1 ? 'spot' : 'spots'} left`
                    : 'Class is full'
                  : 'Registration closed'}
            </p>
            {open && !showEnrollment && spotsLeft > 0 && item.registrationWindow?.opensAt ? (
              <RegistrationOpening window={item.registrationWindow} termId={item.termId} compact>
                <Link href={registerPath(item.id, organizationId)} className="btn btn--small class-card__register">
                  Register
                </Link>
              </RegistrationOpening>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
