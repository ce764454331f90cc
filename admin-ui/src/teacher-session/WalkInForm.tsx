import { useState } from 'react';
import { Button, Checkbox, FormControlLabel, Paper, Stack, TextField, Typography } from '@mui/material';
import { formatMoney } from '@/common/format';
import type { WalkInInput } from '@/providers/types';
import { emptyStudent, validateStudent, type StudentErrors } from '@/resources/students/studentUtils';

const TOUCH = { minHeight: 48 };

/**
 * Walk-in registration at the door: name, email, phone, paid now. The form refuses what the server
 * would refuse (the student form's rules), so a walk-in queued while offline is not refused later for a typo.
 */
export function WalkInForm({
  classId,
  amountDue,
  seatsLeft,
  onSubmit,
}: {
  classId: string;
  amountDue: number | null;
  seatsLeft: number;
  onSubmit: (body: WalkInInput) => void;
}) {
  const [v, setV] = useState({ ...emptyStudent(), paidNow: false });
  const [errors, setErrors] = useState<StudentErrors>({});
  const [queued, setQueued] = useState<string | null>(null);
  const field = (key: 'firstName' | 'lastName' | 'email' | 'phone', label: string, type = 'text', autoComplete?: string) => (
    <TextField
      label={label}
      type={type}
      value={v[key]}
      onChange={(e) => setV((x) => ({ ...x, [key]: e.target.value }))}
      error={Boolean(errors[key])}
      helperText={errors[key]}
      required
      fullWidth
      autoComplete={autoComplete}
      slotProps={{ htmlInput: { 'aria-describedby': undefined } }}
    />
  );
  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      aria-labelledby={`walkin-heading-${classId}`}
      sx={{ p: { xs: 1.5, sm: 2 } }}
      onSubmit={(e) => {
        e.preventDefault();
        const found = validateStudent({ ...v, classIds: [] });
        setErrors(found);
        if (Object.keys(found).length) return;
        const body: WalkInInput = {
          firstName: v.firstName.trim(),
          lastName: v.lastName.trim(),
          email: v.email.trim(),
          phone: v.phone.replace(/\D/g, ''),
          communicationOptIn: true,
          paidNow: v.paidNow,
        };
        onSubmit(body);
        setQueued(`${body.firstName} ${body.lastName} is added to the roll.`);
        setV({ ...emptyStudent(), paidNow: false });
      }}
    >
      <Typography id={`walkin-heading-${classId}`} variant="h6" component="h2">
        Walk-in registration
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {seatsLeft > 0 ? `${seatsLeft} seat${seatsLeft === 1 ? '' : 's'} left` : 'This class is full'}
      </Typography>
      <Stack spacing={1.5} mt={1}>
        {field('firstName', 'First name', 'text', 'off')}
        {field('lastName', 'Last name', 'text', 'off')}
        {field('email', 'Email', 'email', 'off')}
        {field('phone', 'Phone', 'tel', 'off')}
        <FormControlLabel
          control={<Checkbox checked={v.paidNow} onChange={(e) => setV((x) => ({ ...x, paidNow: e.target.checked }))} sx={{ p: 1.5 }} />}
          label={amountDue !== null ? `Paid now (${formatMoney(amountDue)} in person)` : 'Paid now (in person)'}
        />
        <Button type="submit" variant="contained" sx={TOUCH}>
          Register walk-in
        </Button>
        {queued && (
          <Typography variant="body2" role="status">
            {queued}
          </Typography>
        )}
      </Stack>
    </Paper>
  );
}
