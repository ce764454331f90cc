import { localizeMessage } from '@/lib/i18n/localizeMessage';
import { useT } from '@/lib/i18n/useT';

/**
 * A form field's error under it, or nothing when there is none. `id` is what the field's aria-describedby names, so a
 * screen reader reads the error with the field. The rules give the spec's English; it shows in the page's language.
 */
export function FieldError({ id, error }: { id: string; error: string | null | undefined }) {
  const t = useT();
  return error ? (
    <span id={id} className="field__error">
      {localizeMessage(t, error)}
    </span>
  ) : null;
}
