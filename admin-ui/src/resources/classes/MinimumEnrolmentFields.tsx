import { FormControlLabel, Grid, Switch, Typography } from '@mui/material';
import { useInput } from 'react-admin';
import { FormTextField } from '@/common/formField';

/**
 * The 'Minimum enrolment' group of the class form: the minimum, when the go/no-go is decided, and
 * whether a class below it is cancelled (and refunded) automatically.
 */
export function MinimumEnrolmentFields() {
  const { field } = useInput({ source: 'autoCancelBelowMinimum' });
  return (
    <fieldset style={{ border: 0, padding: 0, margin: '24px 0 0' }}>
      <Typography component="legend" variant="subtitle1" fontWeight={600} gutterBottom>
        Minimum enrolment
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        At the decision time the class is confirmed when enough students are registered. Below the minimum, admins are emailed at once.
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            source="minEnrollment"
            label="Minimum students"
            hint="0 = no minimum"
            type="number"
            slotProps={{ htmlInput: { min: 0, step: 1 } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            source="decisionHoursBefore"
            label="Decide this many hours before the start"
            hint="1 to 720 (default 48)"
            type="number"
            slotProps={{ htmlInput: { min: 1, max: 720, step: 1 } }}
          />
        </Grid>
        <Grid size={12}>
          <FormControlLabel
            control={<Switch checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} inputRef={field.ref} />}
            label="Cancel automatically below the minimum (students are told and card payments refunded in full)"
          />
        </Grid>
      </Grid>
    </fieldset>
  );
}
