import { TextField, type TextFieldProps } from '@mui/material';
import { useFormContext } from 'react-hook-form';
import { useInput } from 'react-admin';

/** A react-hook-form error message: a string, or react-admin's `{ message, args }` from a record-level validate. */
function messageOf(error: { message?: unknown } | undefined): string | undefined {
  const m = error?.message;
  if (typeof m === 'string') return m || undefined;
  if (m && typeof m === 'object' && typeof (m as { message?: unknown }).message === 'string') return (m as { message: string }).message;
  return undefined;
}

/**
 * Props for a plain MUI TextField bound to one field of a react-admin `<Form>`. As the spec asks, a
 * field's error shows after a submit and clears as soon as the field is edited (no re-validation while
 * typing); server field errors returned by the form's onSubmit show the same way.
 */
function useFormField(source: string, label: string, hint?: string) {
  const { clearErrors } = useFormContext();
  const { field, fieldState } = useInput({ source });
  const error = messageOf(fieldState.error);
  return {
    name: field.name,
    label,
    value: field.value ?? '',
    inputRef: field.ref,
    onBlur: field.onBlur,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      field.onChange(e.target.value);
      if (fieldState.error) clearErrors(source);
    },
    error: Boolean(error),
    helperText: error ?? hint,
  };
}

/** A MUI TextField bound to `source` of the enclosing react-admin `<Form>` (see useFormField). */
export function FormTextField({
  source,
  label,
  hint,
  ...props
}: { source: string; label: string; hint?: string } & Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'error' | 'helperText' | 'label'
>) {
  return <TextField {...props} {...useFormField(source, label, hint)} />;
}
