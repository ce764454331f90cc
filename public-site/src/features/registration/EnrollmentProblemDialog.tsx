import { Modal } from '@/components/ui/Modal';
import { env, publicOrigin } from '@/config/env';
import { formatLongDate } from '@/lib/classFormat';
import { displayPhone, telHref } from '@shared/us-phone-format';
import { classPath } from '@/lib/routing';
import type { EnrollmentProblem } from './api/checkEnrollment';
import { Fact } from '@/components/ui/Fact';
import { useT } from '@/lib/i18n/useT';

/** Catalog keys (payment namespace). */
const PAYMENT_STATUS_LABELS: Record<string, string> = {
  completed: 'problem.paid',
  pending: 'problem.pending',
  failed: 'problem.failed',
};

const ALREADY_ENROLLED_ADVICE = ['problem.already1', 'problem.already2', 'problem.already3'];
const ERROR_ADVICE = ['problem.error1', 'problem.error2', 'problem.error3'];

/** "Already Enrolled" / "Enrollment Error" dialog (spec 2 §2). */
export function EnrollmentProblemDialog({
  problem,
  classId,
  classTitle,
  organizationId,
  fallbackOrganizationName,
  fallbackInstructor,
  onClose,
  onRetry,
}: {
  problem: EnrollmentProblem | null;
  classId: string;
  classTitle: string;
  organizationId: string;
  fallbackOrganizationName: string;
  fallbackInstructor: string;
  onClose: () => void;
  onRetry: () => void;
}) {
  const t = useT();
  const open = problem !== null;
  const title = problem?.isAlreadyEnrolled ? t('problem.alreadyTitle') : t('problem.errorTitle');
  const details = problem?.details;
  const enrollment = details?.existingEnrollment;
  const orgName = problem?.organizationData?.name || fallbackOrganizationName;
  const contact = problem?.organizationData?.contactInfo ?? {};
  const instructor = problem?.classInstructor || fallbackInstructor;
  const className = details?.className || classTitle;
  const classHref = classPath(details?.classId || classId, organizationId);
  // The organization's address, else the platform's when one is configured; with neither there is no mail draft.
  const supportEmail = contact.email || env.supportEmail;
  const mailto =
    supportEmail &&
    `mailto:${supportEmail}?subject=${encodeURIComponent(t('problem.mailSubject', { title: className }))}&body=${encodeURIComponent(
      t('problem.mailBody', { title: className, error: problem?.message ?? '', link: `${publicOrigin()}${classHref}` }),
    )}`;

  return (
    <Modal open={open} title={title} onClose={onClose} className="enrollment-dialog">
      {problem ? (
        <div className="stack">
          <p className={problem.isAlreadyEnrolled ? 'enrollment-dialog__message' : 'enrollment-dialog__message is-error'}>
            {problem.message}
          </p>

          {details || enrollment ? (
            <section aria-labelledby="enrollment-details-title" className="enrollment-dialog__box">
              <h3 id="enrollment-details-title">{t('problem.details')}</h3>
              <dl className="enrollment-dialog__facts">
                <Fact term={t('problem.class')}>{className}</Fact>
                {enrollment?.enrollmentDate ? <Fact term={t('problem.enrolled')}>{formatLongDate(enrollment.enrollmentDate)}</Fact> : null}
                {enrollment?.paymentStatus ? (
                  <Fact term={t('problem.status')}>
                    {PAYMENT_STATUS_LABELS[enrollment.paymentStatus]
                      ? t(PAYMENT_STATUS_LABELS[enrollment.paymentStatus])
                      : enrollment.paymentStatus}
                  </Fact>
                ) : null}
              </dl>
            </section>
          ) : null}

          <section aria-labelledby="enrollment-contact-title" className="enrollment-dialog__box">
            <h3 id="enrollment-contact-title">{t('problem.contact')}</h3>
            <dl className="enrollment-dialog__facts">
              <Fact term={t('problem.organization')}>{orgName}</Fact>
              {instructor ? <Fact term={t('problem.instructor')}>{instructor}</Fact> : null}
              {contact.email ? (
                <Fact term={t('problem.email')}>
                  <a href={`mailto:${contact.email}`}>{contact.email}</a>
                </Fact>
              ) : null}
              {contact.phone ? (
                <Fact term={t('problem.phone')}>
                  <a href={telHref(contact.phone)}>{displayPhone(contact.phone)}</a>
                </Fact>
              ) : null}
              {contact.address ? <Fact term={t('problem.address')}>{contact.address}</Fact> : null}
            </dl>
          </section>

          <section aria-labelledby="enrollment-advice-title">
            <h3 id="enrollment-advice-title">{t('problem.whatToDo')}</h3>
            <ul className="enrollment-dialog__advice">
              {(problem.isAlreadyEnrolled ? ALREADY_ENROLLED_ADVICE : ERROR_ADVICE).map((tip) => (
                <li key={tip}>{t(tip)}</li>
              ))}
            </ul>
          </section>

          <div className="modal__actions">
            {mailto ? (
              <a className="btn btn--secondary" href={mailto}>
                {t('problem.support')}
              </a>
            ) : null}
            <a className="btn btn--secondary" href={classHref} target="_blank" rel="noopener noreferrer">
              {t('problem.viewClass')}
              <span className="visually-hidden">{t('problem.newTab')}</span>
            </a>
            {!problem.isAlreadyEnrolled ? (
              <button type="button" className="btn" onClick={onRetry}>
                {t('problem.tryAgain')}
              </button>
            ) : null}
            <button type="button" className="btn btn--ghost" onClick={onClose}>
              {t('problem.close')}
            </button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
