import { MenuItem, TextField } from '@mui/material';

/** Which classes a question or waiver is for: none chosen means every class. */
export function ClassPicker({
  label = 'Classes',
  value,
  classes,
  onChange,
  helperText = 'Leave empty for every class',
}: {
  label?: string;
  value: string[];
  classes: { id: string; title: string }[];
  onChange: (ids: string[]) => void;
  helperText?: string;
}) {
  const title = (id: string) => classes.find((c) => c.id === id)?.title ?? 'A class';
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as unknown as string[])}
      slotProps={{
        select: {
          multiple: true,
          displayEmpty: true,
          renderValue: (v) => ((v as string[]).length ? (v as string[]).map(title).join(', ') : 'Every class'),
        },
        inputLabel: { shrink: true },
      }}
      helperText={helperText}
    >
      {classes.map((c) => (
        <MenuItem key={c.id} value={c.id}>
          {c.title}
        </MenuItem>
      ))}
    </TextField>
  );
}
