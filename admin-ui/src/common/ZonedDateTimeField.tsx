import { TextField, type TextFieldProps } from '@mui/material';
import { FormTextField } from '@/common/formField';
import { zoneHint } from '@/common/zonedTime';

/*
 * The one input for a date and time an admin enters (a term's opening, a class's start or its own opening, a message
 * scheduled for later). It is a datetime-local field whose value is the wall clock in the organization's zone, and it
 * says which zone under it ('Times in America/Denver'), so an admin whose laptop is elsewhere types the organization's
 * clock. Forms hold that wall-clock text and convert it with toZonedInput / fromZonedInput (common/zonedTime) when they
 * load and save, in the zone they pass here: the text typed is what is checked and shown, and the zone that shows a
 * value is the one that saves it.
 */

type Shared = {
  label: string;
  /** The organization's zone (or the browser's, named, while the settings load): the one the form converts in. */
  timeZone: string;
  /** Said before the zone, e.g. 'Empty: stays open'. */
  hint?: string;
};

const shrink = { inputLabel: { shrink: true } };

/** For a form holding its values in React state: `value` and `onChange` carry the wall-clock text. */
export function ZonedDateTimeField({
  timeZone,
  hint,
  error,
  value,
  onChange,
  ...props
}: Shared & {
  value: string;
  onChange: (value: string) => void;
  /** The field's error message, shown instead of the hint. */
  error?: string;
} & Omit<TextFieldProps, 'type' | 'value' | 'onChange' | 'error' | 'helperText' | 'label'>) {
  return (
    <TextField
      {...props}
      type="datetime-local"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error || zoneHint(timeZone, hint)}
      slotProps={shrink}
    />
  );
}

/** For react-admin's `<Form>`: the field `source` holds the wall-clock text (see FormTextField for errors). */
export function FormZonedDateTimeField({ source, timeZone, hint, label }: Shared & { source: string }) {
  return <FormTextField source={source} label={label} type="datetime-local" hint={zoneHint(timeZone, hint)} slotProps={shrink} />;
}
