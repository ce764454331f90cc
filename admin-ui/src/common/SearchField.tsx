import { InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';

/** A list's search box: a text field with the magnifier in front; the other props go to the TextField. */
export function SearchField({ slotProps, ...props }: TextFieldProps) {
  return (
    <TextField
      {...props}
      slotProps={{
        ...slotProps,
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
