import { useT } from '@/lib/i18n/useT';
import type { AnswerValue, FormValues, Question, Waiver } from './registrationFormRules';
import { FieldError } from '@/components/ui/FieldError';

/**
 * The organization's own questions and waivers on step 1: each question labelled with its hint and its
 * error tied to it; each waiver's text in a scrollable region the keyboard can reach, 'I have read and agree' and the
 * typed full name. In a household, per-person questions are asked under each person's name.
 */
export function RegistrationFormFields({
  questions,
  waivers,
  value,
  onChange,
  errors,
  people,
  dateOfBirth,
  guardianFor = null,
}: {
  questions: Question[];
  waivers: Waiver[];
  value: FormValues;
  onChange: (v: FormValues) => void;
  errors: Record<string, string>;
  /** Household: the names of the people attending (per-person questions are asked for each); null for one person. */
  people: string[] | null;
  /**
   * One person's date of birth, asked beside the waivers (optional): someone under 18 on the first day of class cannot
   * sign, a parent or guardian does. Shown only for one person with waivers to sign.
   */
  dateOfBirth?: { value: string; onChange: (v: string) => void };
  /** The student's name when they are under 18 and a parent or guardian must sign: the guardian's fields show. */
  guardianFor?: string | null;
}) {
  const t = useT();
  if (!questions.length && !waivers.length) return null;
  const shared = people ? questions.filter((q) => !q.perAttendee) : questions;
  const perPerson = people ? questions.filter((q) => q.perAttendee) : [];
  const setShared = (id: string, v: AnswerValue) => onChange({ ...value, answers: { ...value.answers, [id]: v } });
  const setPerson = (i: number, id: string, v: AnswerValue) =>
    onChange({ ...value, personAnswers: { ...value.personAnswers, [i]: { ...value.personAnswers[i], [id]: v } } });

  return (
    <div className="registration-form">
      {shared.length ? (
        <fieldset className="registration-form__questions">
          <legend>{t('form.questions')}</legend>
          {shared.map((q) => (
            <QuestionField
              key={q.id}
              q={q}
              name={`answers.${q.id}`}
              value={value.answers[q.id]}
              error={errors[`answers.${q.id}`]}
              onChange={(v) => setShared(q.id, v)}
            />
          ))}
        </fieldset>
      ) : null}
      {people && perPerson.length
        ? people.map((name, i) => (
            <fieldset key={i} className="registration-form__questions">
              <legend>{name ? t('form.about', { name }) : t('form.aboutPerson', { number: i + 1 })}</legend>
              {perPerson.map((q) => (
                <QuestionField
                  key={q.id}
                  q={q}
                  name={`attendees.${i}.answers.${q.id}`}
                  value={value.personAnswers[i]?.[q.id]}
                  error={errors[`attendees.${i}.answers.${q.id}`]}
                  onChange={(v) => setPerson(i, q.id, v)}
                />
              ))}
            </fieldset>
          ))
        : null}
      {!people && waivers.length && dateOfBirth ? (
        <div className="field">
          <label htmlFor="student-date-of-birth">{t('quote.dateOfBirth')}</label>
          <span id="student-date-of-birth-hint" className="field__hint">
            {t('form.minorHint')}
          </span>
          <input
            id="student-date-of-birth"
            name="dateOfBirth"
            type="date"
            max={new Date().toISOString().slice(0, 10)}
            aria-describedby="student-date-of-birth-hint"
            value={dateOfBirth.value}
            onChange={(e) => dateOfBirth.onChange(e.target.value)}
          />
        </div>
      ) : null}
      {guardianFor !== null && waivers.length ? (
        <fieldset className="registration-form__guardian">
          <legend>{t('form.guardian')}</legend>
          <p id="guardian-hint" className="field__hint">
            {t('form.guardianHint', { name: guardianFor.trim() || t('form.theStudent'), count: waivers.length })}
          </p>
          <div className="field">
            <label htmlFor="guardian-name">
              {t('form.guardianName')}{' '}
              <span className="required" aria-hidden="true">
                *
              </span>
            </label>
            <input
              id="guardian-name"
              name="guardian.name"
              type="text"
              autoComplete="off"
              maxLength={200}
              required
              aria-required="true"
              aria-invalid={errors['guardian.name'] ? true : undefined}
              aria-describedby={['guardian-hint', errors['guardian.name'] ? 'guardian-name-error' : null].filter(Boolean).join(' ')}
              value={value.guardianName}
              onChange={(e) => onChange({ ...value, guardianName: e.target.value })}
            />
            <FieldError id="guardian-name-error" error={errors['guardian.name']} />
          </div>
        </fieldset>
      ) : null}
      {waivers.map((w) => {
        const s = value.waivers[w.id] ?? { agreed: false, signedName: '' };
        const set = (patch: Partial<typeof s>) => onChange({ ...value, waivers: { ...value.waivers, [w.id]: { ...s, ...patch } } });
        const id = `waiver-${w.id}`;
        const error = errors[`waivers.${w.id}`];
        return (
          <fieldset key={w.id} className="registration-form__waiver">
            <legend>{w.title}</legend>
            <div
              className="waiver__text"
              role="region"
              aria-label={t('form.waiverVersion', { title: w.title, version: w.version })}
              tabIndex={0}
              // The server renders the Markdown with raw HTML turned off and safe links only (waiver-markdown.ts).
              dangerouslySetInnerHTML={{ __html: w.bodyHtml }}
            />
            <label className="checkbox">
              <input
                type="checkbox"
                name={`${id}-agree`}
                checked={s.agreed}
                aria-invalid={error && !s.agreed ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(e) => set({ agreed: e.target.checked })}
              />
              <span>{t('form.agree')}</span>
            </label>
            <div className="field">
              <label htmlFor={`${id}-name`}>
                {guardianFor !== null ? t('form.signAsGuardian') : t('form.sign')}{' '}
                <span className="required" aria-hidden="true">
                  *
                </span>
              </label>
              <input
                id={`${id}-name`}
                name={`waivers.${w.id}`}
                type="text"
                autoComplete={guardianFor !== null ? 'off' : 'name'}
                required
                aria-required="true"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                value={s.signedName}
                onChange={(e) => set({ signedName: e.target.value })}
              />
              <FieldError id={`${id}-error`} error={error} />
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}

function QuestionField({
  q,
  name,
  value,
  error,
  onChange,
}: {
  q: Question;
  name: string;
  value: AnswerValue | undefined;
  error?: string;
  onChange: (v: AnswerValue) => void;
}) {
  const id = `q-${name.replace(/\./g, '-')}`;
  const described = [q.hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
    'aria-required': q.required ? ('true' as const) : undefined,
  };
  const label = (
    <>
      {q.label}
      {q.required ? (
        <>
          {' '}
          <span className="required" aria-hidden="true">
            *
          </span>
        </>
      ) : null}
    </>
  );
  const hint = q.hint ? (
    <span id={`${id}-hint`} className="field__hint">
      {q.hint}
    </span>
  ) : null;
  const err = <FieldError id={`${id}-error`} error={error} />;

  if (q.type === 'checkbox')
    return (
      <div className="field">
        <label className="checkbox">
          <input type="checkbox" {...common} checked={value === true} onChange={(e) => onChange(e.target.checked)} />
          <span>{label}</span>
        </label>
        {hint}
        {err}
      </div>
    );
  if (q.type === 'single_choice' || q.type === 'multi_choice') {
    const multi = q.type === 'multi_choice';
    const chosen = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
    return (
      <fieldset className="field field--choices" aria-describedby={described} aria-invalid={error ? true : undefined}>
        <legend>{label}</legend>
        {hint}
        {q.options.map((o, i) => (
          <label key={o} className="checkbox">
            <input
              type={multi ? 'checkbox' : 'radio'}
              id={`${id}-${i}`}
              name={name}
              value={o}
              checked={chosen.includes(o)}
              onChange={(e) => onChange(multi ? (e.target.checked ? [...chosen, o] : chosen.filter((x) => x !== o)) : o)}
            />
            <span>{o}</span>
          </label>
        ))}
        {err}
      </fieldset>
    );
  }
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint}
      {q.type === 'long_text' ? (
        <textarea
          {...common}
          rows={3}
          maxLength={2000}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <input
          {...common}
          type={q.type === 'date' ? 'date' : q.type === 'number' ? 'number' : q.type === 'phone' ? 'tel' : 'text'}
          inputMode={q.type === 'phone' ? 'tel' : q.type === 'number' ? 'decimal' : undefined}
          autoComplete={q.type === 'phone' ? 'tel' : 'off'}
          maxLength={q.type === 'short_text' ? 200 : undefined}
          value={value === null || value === undefined || typeof value === 'boolean' || Array.isArray(value) ? '' : String(value)}
          onChange={(e) => onChange(q.type === 'number' ? (e.target.value === '' ? null : Number(e.target.value)) : e.target.value)}
        />
      )}
      {err}
    </div>
  );
}
