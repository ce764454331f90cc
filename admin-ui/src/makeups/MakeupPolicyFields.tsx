import { Box, Checkbox, FormControlLabel, MenuItem, TextField, Typography } from '@mui/material';
import type { ClassRecord } from '@/providers/types';
import { ELIGIBLE_LABELS, type MakeupPolicyForm } from '@/makeups/makeupPolicyForm';

const numeric = { htmlInput: { inputMode: 'numeric' as const } };

/** The fields of one make-up policy, grouped as the issue lists them: which absences earn, caps, expiry, booking, seats. */
export function MakeupPolicyFields({
  form: f,
  onChange,
  classes,
}: {
  form: MakeupPolicyForm;
  onChange: (patch: Partial<MakeupPolicyForm>) => void;
  classes: ClassRecord[];
}) {
  const num = (k: keyof MakeupPolicyForm, label: string, hint?: string) => (
    <TextField
      label={label}
      value={f[k] as string}
      onChange={(e) => onChange({ [k]: e.target.value } as Partial<MakeupPolicyForm>)}
      size="small"
      helperText={hint}
      slotProps={numeric}
    />
  );
  const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } };
  return (
    <>
      <Typography variant="subtitle2" component="h3">
        Which absences earn a token
      </Typography>
      <Box sx={grid}>
        {num('announceHoursBefore', 'Hours of notice', 'Reported in the portal this long before; empty: none earns')}
        <FormControlLabel
          control={<Checkbox checked={f.teacherMarkedAbsences} onChange={(e) => onChange({ teacherMarkedAbsences: e.target.checked })} />}
          label="Absences the teacher marks"
        />
        <FormControlLabel
          control={<Checkbox checked={f.cancelledSessionToken} onChange={(e) => onChange({ cancelledSessionToken: e.target.checked })} />}
          label="A session the organization cancels"
        />
      </Box>
      <Typography variant="subtitle2" component="h3">
        Caps and expiry
      </Typography>
      <Box sx={grid}>
        {num('capPerMonth', 'Tokens per month', 'Empty: no cap')}
        {num('capPerTerm', 'Tokens per term', 'Empty: no cap')}
        {num('capPerYear', 'Tokens per year', 'Empty: no cap')}
        {num('expiryDays', 'Days a token lasts', 'After the missed session; empty: no limit')}
        <FormControlLabel
          control={<Checkbox checked={f.expiryEndOfTerm} onChange={(e) => onChange({ expiryEndOfTerm: e.target.checked })} />}
          label="Expires at the end of the term"
        />
      </Box>
      <Typography variant="subtitle2" component="h3">
        Booking a make-up
      </Typography>
      <Box sx={grid}>
        {num('bookAheadDays', 'Days ahead', 'How far ahead a make-up may be booked')}
        {num('bookUntilHoursBefore', 'Hours before the session', 'Booking closes this long before it starts')}
        {num('extraSeats', 'Make-up seats beyond the maximum', '0: only free seats')}
        <TextField
          select
          label="Sessions it can book"
          value={f.eligible}
          onChange={(e) => onChange({ eligible: e.target.value })}
          size="small"
        >
          {Object.entries(ELIGIBLE_LABELS).map(([v, l]) => (
            <MenuItem key={v} value={v}>
              {l}
            </MenuItem>
          ))}
        </TextField>
        {f.eligible === 'classes' && (
          <TextField
            select
            label="Classes"
            value={f.eligibleClassIds}
            onChange={(e) => onChange({ eligibleClassIds: e.target.value as unknown as string[] })}
            size="small"
            slotProps={{ select: { multiple: true } }}
          >
            {classes.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.title}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Box>
    </>
  );
}
