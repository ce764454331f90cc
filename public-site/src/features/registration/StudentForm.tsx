import { Rich } from '@/lib/i18n/Rich';
import { useT } from '@/lib/i18n/useT';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import {
  formatPhoneInput,
  STUDENT_FIELDS,
  validateStudent,
  validateStudentField,
  type StudentField,
  type StudentFormValues,
} from './studentFormRules';
import { FieldError } from '@/components/ui/FieldError';

const SUBMIT_DEBOUNCE_MS = 1000;
export type SubmitPhase = 'idle' | 'submitting' | 'checking';

/** The fields' catalog keys. */
const LABELS: Record<StudentField, string> = {
  firstName: 'student.firstName',
  lastName: 'student.lastName',
  email: 'student.email',
  phone: 'student.phone',
};

/**
 * Step 1 of registration (spec 2 §2, §5): validation on blur, on change once touched and on submit;
 * the button stays disabled until the four fields are filled and valid; submits are debounced (1 s).
 */
export function StudentForm({
  values,
  onChange,
  onSubmit,
  phase,
  businessName,
  initialErrors,
  children,
  extraValid = true,
  onExtraInvalid,
  submitText,
  disabled: formDisabled = false,
  lockedFields,
}: {
  values: StudentFormValues;
  onChange: (values: StudentFormValues) => void;
  onSubmit: (values: StudentFormValues) => Promise<void>;
  phase: SubmitPhase;
  businessName: string;
  /** Field messages the server gave for these values (the form is shown again to correct them). */
  initialErrors?: Partial<Record<StudentField, string>>;
  /** More fields after the contact's (the household's people), checked on submit by `extraValid`. */
  children?: ReactNode;
  extraValid?: boolean;
  onExtraInvalid?: () => void;
  /** The idle button text: the waitlist's join and the seat offer reuse this form with their own action. */
  submitText?: string;
  /** The form cannot be sent at all (e.g. a held seat that has run out). */
  disabled?: boolean;
  /** Fields shown read-only, each with the hint saying why (a waitlist offer is for one email address). */
  lockedFields?: Partial<Record<StudentField, string>>;
}) {
  const [touched, setTouched] = useState<Partial<Record<StudentField, boolean>>>(() =>
    Object.fromEntries(Object.keys(initialErrors ?? {}).map((f) => [f, true])),
  );
  const [errors, setErrors] = useState<Partial<Record<StudentField, string>>>(() => initialErrors ?? {});
  const lastSubmit = useRef(0);
  const t = useT();
  const busy = phase !== 'idle';
  const refs = useRef<Partial<Record<StudentField, HTMLInputElement | null>>>({});

  // Back from the payment step with server field errors: put the cursor on the first field to fix.
  useEffect(() => {
    const first = STUDENT_FIELDS.find((f) => initialErrors?.[f]);
    if (first) refs.current[first]?.focus();
  }, [initialErrors]);

  function update(field: StudentField, raw: string) {
    const value = field === 'phone' ? formatPhoneInput(raw, values.phone) : raw;
    const next = { ...values, [field]: value };
    onChange(next);
    if (touched[field]) setErrors((e) => ({ ...e, [field]: validateStudentField(field, next) ?? undefined }));
  }

  function blur(field: StudentField) {
    setTouched((t) => ({ ...t, [field]: true }));
    setErrors((e) => ({ ...e, [field]: validateStudentField(field, values) ?? undefined }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const now = Date.now();
    if (formDisabled || busy || now - lastSubmit.current < SUBMIT_DEBOUNCE_MS) return;
    lastSubmit.current = now;
    const all = validateStudent(values);
    setTouched({ firstName: true, lastName: true, email: true, phone: true });
    setErrors(all);
    const firstInvalid = STUDENT_FIELDS.find((f) => all[f]);
    if (firstInvalid) {
      refs.current[firstInvalid]?.focus();
      return;
    }
    if (!extraValid) {
      onExtraInvalid?.();
      return;
    }
    await onSubmit({
      ...values,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
    });
  }

  const complete = STUDENT_FIELDS.every((f) => values[f].trim() !== '');
  const hasErrors = STUDENT_FIELDS.some((f) => errors[f]);
  const disabled = formDisabled || busy || !complete || hasErrors;
  const buttonText =
    phase === 'checking' ? t('student.checking') : phase === 'submitting' ? t('student.submitting') : (submitText ?? t('student.continue'));

  const input = (field: StudentField, type: string, autoComplete: string, extra: Record<string, string> = {}) => {
    const id = `student-${field}`;
    const error = errors[field];
    const locked = lockedFields?.[field];
    const hintId = field === 'phone' || locked ? `${id}-hint` : undefined;
    const describedBy = [hintId, error ? `${id}-error` : undefined].filter(Boolean).join(' ') || undefined;
    return (
      <div className="field">
        <label htmlFor={id}>
          {t(LABELS[field])}{' '}
          <span className="required" aria-hidden="true">
            *
          </span>
        </label>
        <input
          ref={(el) => {
            refs.current[field] = el;
          }}
          id={id}
          name={field}
          type={type}
          autoComplete={autoComplete}
          required
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          value={values[field]}
          onChange={(e) => update(field, e.target.value)}
          onBlur={() => blur(field)}
          readOnly={locked ? true : undefined}
          {...extra}
        />
        {hintId ? (
          <span id={hintId} className="field__hint">
            {locked ?? t('student.phoneFormat')}
          </span>
        ) : null}
        <FieldError id={`${id}-error`} error={error} />
      </div>
    );
  };

  return (
    <form className="form" noValidate onSubmit={(e) => void submit(e)} aria-label={t('student.formLabel')}>
      <div className="form-row form-row--2">
        {input('firstName', 'text', 'given-name')}
        {input('lastName', 'text', 'family-name')}
      </div>
      {input('email', 'email', 'email')}
      {input('phone', 'tel', 'tel', { inputMode: 'tel', placeholder: '(555) 123-4567' })}
      {children}
      <label className="checkbox">
        <input
          type="checkbox"
          name="communicationOptIn"
          checked={values.communicationOptIn}
          onChange={(e) => onChange({ ...values, communicationOptIn: e.target.checked })}
        />
        <span>
          <Rich
            id="student.consent"
            values={{ name: businessName }}
            components={{ 0: <Link href="/terms" />, 1: <Link href="/privacy" /> }}
          />
        </span>
      </label>
      <button type="submit" className="btn btn--lg btn--block" disabled={disabled} aria-disabled={disabled}>
        {busy ? <span className="spinner spinner--light" aria-hidden="true" /> : null}
        {buttonText}
      </button>
    </form>
  );
}
