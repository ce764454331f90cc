import { Rich } from '@/lib/i18n/Rich';
import { localizeMessage } from '@/lib/i18n/localizeMessage';
import { useT } from '@/lib/i18n/useT';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { Alert } from '@/components/ui/Alert';
import { orgPath } from '@/lib/routing';
import { StudentForm, type SubmitPhase } from '@/features/registration/StudentForm';
import { studentFieldErrors } from '@/features/registration/api/registerStudent';
import type { StudentField, StudentFormValues } from '@/features/registration/studentFormRules';
import './waitlist.css';
import { joinErrorMessage, joinWaitlist, type WaitlistJoined } from './api/waitlist';

/**
 * 'Join the waitlist' on a full class: the registration form's own fields, rules and opt-in, then the
 * person's place. Joining again with the same email answers the same entry, so the confirmation never promises a
 * new place, only states the current one.
 */
export function JoinWaitlist({
  classId,
  classTitle,
  maxStudents,
  organizationId,
  businessName,
  values,
  onChange,
  titleId,
  waitingRoomTicket,
  onRefused,
}: {
  classId: string;
  classTitle: string;
  maxStudents: number;
  organizationId: string;
  businessName: string;
  values: StudentFormValues;
  onChange: (values: StudentFormValues) => void;
  /** The id of the heading that names this section (the page draws it). */
  titleId: string;
  /** The place in the opening's line, sent with the join while the opening's waiting room is on. */
  waitingRoomTicket?: string;
  /** Reads a refused join first: true when the page took it over (the waiting room asked for a place). */
  onRefused?: (error: unknown) => boolean;
}) {
  const [phase, setPhase] = useState<SubmitPhase>('idle');
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<StudentField, string>> | undefined>(undefined);
  const [joined, setJoined] = useState<(WaitlistJoined & { email: string }) | null>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);
  const t = useT();

  useEffect(() => {
    if (joined) doneRef.current?.focus();
  }, [joined]);

  async function submit(student: StudentFormValues) {
    onChange(student);
    setPhase('submitting');
    setError(null);
    try {
      const result = await joinWaitlist({ classId, organizationId, student, waitingRoomTicket });
      setJoined({ ...result, email: student.email });
    } catch (err) {
      if (onRefused?.(err)) return;
      const refused = studentFieldErrors(err);
      if (refused) setFieldErrors(refused);
      else setError(joinErrorMessage(err));
    } finally {
      setPhase('idle');
    }
  }

  if (joined) {
    return (
      <div className="stack waitlist-joined">
        <div className="waitlist-joined__panel">
          <span className="confirmation__icon" aria-hidden="true">
            ✓
          </span>
          <h3 ref={doneRef} tabIndex={-1} className="waitlist-joined__title">
            {t('waitlist.joinedTitle')}
          </h3>
          <p className="waitlist-joined__position">
            <Rich id="waitlist.position" values={{ position: joined.position, title: classTitle }} components={{ 0: <strong /> }} />
          </p>
        </div>
        <p>
          <Rich id="waitlist.emailed" values={{ email: joined.email }} components={{ 0: <strong className="waitlist-joined__email" /> }} />
        </p>
        <p className="field__hint">{t('waitlist.alreadyOn')}</p>
        <p>
          <Link href={orgPath(organizationId)}>{t('waitlist.browse')}</Link>
        </p>
      </div>
    );
  }

  return (
    <div className="stack" aria-labelledby={titleId} role="group">
      <p>{t('waitlist.full', { count: maxStudents })}</p>
      {error ? (
        <Alert tone="error" title={t('waitlist.joinFailedTitle')}>
          {localizeMessage(t, error)}
        </Alert>
      ) : null}
      <StudentForm
        key={fieldErrors ? JSON.stringify(fieldErrors) : 'form'}
        values={values}
        onChange={onChange}
        onSubmit={submit}
        phase={phase}
        businessName={businessName}
        initialErrors={fieldErrors}
        submitText={t('waitlist.join')}
      />
    </div>
  );
}
