import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { Alert } from '@/components/ui/Alert';
import { orgPath } from '@/lib/routing';
import { StudentForm, type SubmitPhase } from '@/features/registration/StudentForm';
import { studentFieldErrors } from '@/features/registration/api/registerStudent';
import type { StudentField, StudentFormValues } from '@/features/registration/studentFormRules';
import './waitlist.css';
import { joinErrorMessage, joinWaitlist, positionText, type WaitlistJoined } from './api/waitlist';

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
            You are on the waitlist
          </h3>
          <p className="waitlist-joined__position">
            <strong>{positionText(joined.position)}</strong> for {classTitle}.
          </p>
        </div>
        <p>
          We have emailed a confirmation to <strong className="waitlist-joined__email">{joined.email}</strong>. When a seat frees up and it
          is your turn, we hold it for you and email you a link to register into it (and text you when you agreed to messages). The seat
          stays yours for a limited time, so please act on that email soon. Every waitlist email has a link to leave the list.
        </p>
        <p className="field__hint">Already on this waitlist with this email address? Your place has not changed.</p>
        <p>
          <Link href={orgPath(organizationId)}>Browse other classes</Link>
        </p>
      </div>
    );
  }

  return (
    <div className="stack" aria-labelledby={titleId} role="group">
      <p>
        All {maxStudents} spots are taken. Join the waitlist and we will hold the next free seat for you and send you a link to register.
      </p>
      {error ? (
        <Alert tone="error" title="We could not add you to the waitlist">
          {error}
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
        submitText="Join the waitlist"
      />
    </div>
  );
}
