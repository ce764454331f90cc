/**
 * A form field's error under it, or nothing when there is none. `id` is what the field's aria-describedby names, so a
 * screen reader reads the error with the field.
 */
export function FieldError({ id, error }: { id: string; error: string | null | undefined }) {
  return error ? (
    <span id={id} className="field__error">
      {error}
    </span>
  ) : null;
}
