import { Modal } from '@/components/ui/Modal';
import { env, publicOrigin } from '@/config/env';
import { formatLongDate } from '@/lib/classFormat';
import { displayPhone, telHref } from '@shared/us-phone-format';
import { classPath } from '@/lib/routing';
import type { EnrollmentProblem } from './api/checkEnrollment';
import { Fact } from '@/components/ui/Fact';

const PAYMENT_STATUS_LABELS: Record<string, string> = {
  completed: 'Paid',
  pending: 'Payment Pending',
  failed: 'Payment Failed',
};

const ALREADY_ENROLLED_ADVICE = [
  'Your earlier registration for this class still holds: there is no need to register again.',
  'If you still need to pay, bring payment to the class or contact the organization.',
  'To register another person, use their own email address.',
];
const ERROR_ADVICE = [
  'Check your internet connection and try again.',
  'Make sure your email address is spelled correctly.',
  'If the problem continues, contact the organization below.',
];

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
  const open = problem !== null;
  const title = problem?.isAlreadyEnrolled ? 'Already Enrolled' : 'Enrollment Error';
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
    `mailto:${supportEmail}?subject=${encodeURIComponent(`Registration help: ${className}`)}&body=${encodeURIComponent(
      `Hello,\n\nI had a problem registering for "${className}".\n\nError: ${problem?.message ?? ''}\nClass link: ${publicOrigin()}${classHref}\n\nThank you.`,
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
              <h3 id="enrollment-details-title">Enrollment details</h3>
              <dl className="enrollment-dialog__facts">
                <Fact term="Class">{className}</Fact>
                {enrollment?.enrollmentDate ? <Fact term="Enrolled">{formatLongDate(enrollment.enrollmentDate)}</Fact> : null}
                {enrollment?.paymentStatus ? (
                  <Fact term="Status">{PAYMENT_STATUS_LABELS[enrollment.paymentStatus] ?? enrollment.paymentStatus}</Fact>
                ) : null}
              </dl>
            </section>
          ) : null}

          <section aria-labelledby="enrollment-contact-title" className="enrollment-dialog__box">
            <h3 id="enrollment-contact-title">Contact information</h3>
            <dl className="enrollment-dialog__facts">
              <Fact term="Organization">{orgName}</Fact>
              {instructor ? <Fact term="Instructor">{instructor}</Fact> : null}
              {contact.email ? (
                <Fact term="Email">
                  <a href={`mailto:${contact.email}`}>{contact.email}</a>
                </Fact>
              ) : null}
              {contact.phone ? (
                <Fact term="Phone">
                  <a href={telHref(contact.phone)}>{displayPhone(contact.phone)}</a>
                </Fact>
              ) : null}
              {contact.address ? <Fact term="Address">{contact.address}</Fact> : null}
            </dl>
          </section>

          <section aria-labelledby="enrollment-advice-title">
            <h3 id="enrollment-advice-title">What you can do</h3>
            <ul className="enrollment-dialog__advice">
              {(problem.isAlreadyEnrolled ? ALREADY_ENROLLED_ADVICE : ERROR_ADVICE).map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
          </section>

          <div className="modal__actions">
            {mailto ? (
              <a className="btn btn--secondary" href={mailto}>
                Contact Support
              </a>
            ) : null}
            <a className="btn btn--secondary" href={classHref} target="_blank" rel="noopener noreferrer">
              View Class<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
            {!problem.isAlreadyEnrolled ? (
              <button type="button" className="btn" onClick={onRetry}>
                Try Again
              </button>
            ) : null}
            <button type="button" className="btn btn--ghost" onClick={onClose}>
              Close
            </button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
