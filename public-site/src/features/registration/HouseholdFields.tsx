import { useT } from '@/lib/i18n/useT';
import { useRef, useState } from 'react';
import {
  MAX_PEOPLE,
  newAttendee,
  peopleCount,
  validateAttendee,
  type AttendeeField,
  type AttendeeRow,
  type HouseholdValues,
} from './householdRules';
import { FieldError } from '@/components/ui/FieldError';

/** The fields' catalog keys. */
const LABELS: Record<AttendeeField, string> = {
  firstName: 'student.firstName',
  lastName: 'student.lastName',
  dateOfBirth: 'quote.dateOfBirth',
};

/**
 * 'Add another person': each row is a person registered under the contact above (first and last name,
 * optional date of birth); the contact's email and phone are shared. With at least one row, 'I am attending too'
 * (checked by default) says whether the contact takes a seat as well. Errors show on blur, on change once touched,
 * and for every row when `showAllErrors` (a submit).
 */
export function HouseholdFields({
  value,
  onChange,
  showAllErrors,
}: {
  value: HouseholdValues;
  onChange: (value: HouseholdValues) => void;
  showAllErrors: boolean;
}) {
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const t = useT();
  const firstInputs = useRef(new Map<number, HTMLInputElement | null>());
  const addButton = useRef<HTMLButtonElement>(null);
  const { others } = value;
  const canAdd = peopleCount({ ...value, contactAttends: true }) < MAX_PEOPLE;

  function update(key: number, field: AttendeeField, v: string) {
    onChange({ ...value, others: others.map((r) => (r.key === key ? { ...r, [field]: v } : r)) });
  }
  function add() {
    const row = newAttendee();
    onChange({ ...value, others: [...others, row] });
    requestAnimationFrame(() => firstInputs.current.get(row.key)?.focus());
  }
  function remove(key: number) {
    const at = others.findIndex((r) => r.key === key);
    const rest = others.filter((r) => r.key !== key);
    onChange({ ...value, others: rest });
    // Keep the keyboard where it was: the next row's first field, else the add button.
    const next = rest[at] ?? rest[at - 1];
    requestAnimationFrame(() => (next ? firstInputs.current.get(next.key)?.focus() : addButton.current?.focus()));
  }

  const field = (row: AttendeeRow, index: number, f: AttendeeField) => {
    const id = `attendee-${row.key}-${f}`;
    const shown = showAllErrors || touched[id];
    const error = shown ? validateAttendee(row)[f] : undefined;
    const required = f !== 'dateOfBirth';
    return (
      <div className="field">
        <label htmlFor={id}>
          {t(LABELS[f])}
          {required ? (
            <>
              {' '}
              <span className="required" aria-hidden="true">
                *
              </span>
            </>
          ) : null}
          <span className="visually-hidden">{t('household.personSuffix', { number: index + 2 })}</span>
        </label>
        <input
          ref={
            f === 'firstName'
              ? (el) => {
                  firstInputs.current.set(row.key, el);
                }
              : undefined
          }
          id={id}
          name={`attendees.${index}.${f}`}
          type={f === 'dateOfBirth' ? 'date' : 'text'}
          autoComplete="off"
          required={required}
          aria-required={required ? 'true' : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          max={f === 'dateOfBirth' ? new Date().toISOString().slice(0, 10) : undefined}
          value={row[f]}
          onChange={(e) => update(row.key, f, e.target.value)}
          onBlur={() => setTouched((t) => ({ ...t, [id]: true }))}
        />
        <FieldError id={`${id}-error`} error={error} />
      </div>
    );
  };

  return (
    <fieldset className="household">
      <legend className="household__legend">{t('household.legend')}</legend>
      {others.length > 0 ? (
        <label className="checkbox household__self">
          <input
            type="checkbox"
            name="contactAttends"
            checked={value.contactAttends}
            onChange={(e) => onChange({ ...value, contactAttends: e.target.checked })}
          />
          <span>{t('household.selfAttends')}</span>
        </label>
      ) : (
        <p className="field__hint household__hint">{t('household.hint')}</p>
      )}
      {others.map((row, index) => (
        <div key={row.key} className="household__row" role="group" aria-label={t('household.person', { number: index + 2 })}>
          <div className="household__row-head">
            <span className="household__row-title">{t('household.person', { number: index + 2 })}</span>
            <button
              type="button"
              className="btn btn--ghost btn--small"
              aria-label={t('household.removeLabel', { number: index + 2 })}
              onClick={() => remove(row.key)}
            >
              {t('household.remove')}
            </button>
          </div>
          <div className="form-row form-row--2">
            {field(row, index, 'firstName')}
            {field(row, index, 'lastName')}
          </div>
          {field(row, index, 'dateOfBirth')}
        </div>
      ))}
      {canAdd ? (
        <button ref={addButton} type="button" className="btn btn--secondary" onClick={add}>
          {t('household.add')}
        </button>
      ) : (
        <p className="field__hint">{t('household.max', { max: MAX_PEOPLE })}</p>
      )}
    </fieldset>
  );
}
