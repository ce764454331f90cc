import { TextField } from '@mui/material';

/** The field of a destructive action's last step, where the word must be typed exactly (no autocomplete, no spell check). */
export function TypeToConfirmField({
  word,
  value,
  onChange,
  disabled,
}: {
  word: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  return (
    <TextField
      autoFocus
      fullWidth
      margin="dense"
      label="Confirmation"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      disabled={disabled}
      slotProps={{ htmlInput: { 'aria-label': `Type ${word} to confirm`, autoComplete: 'off', spellCheck: false } }}
    />
  );
}
