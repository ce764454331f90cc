import { Grid, Typography } from '@mui/material';
import { FormTextField } from '@/common/formField';

/** The 'Drop-ins' group of the class form: the price of one session, how many of its seats, and until when. */
export function DropInFields() {
  return (
    <fieldset style={{ border: 0, padding: 0, margin: '24px 0 0' }}>
      <Typography component="legend" variant="subtitle1" fontWeight={600} gutterBottom>
        Drop-ins
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Sell single sessions. A session never holds more people than the class maximum: whole-class students count in every session.
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField
            source="dropInPrice"
            label="Drop-in price ($)"
            hint="Empty = no drop-ins"
            type="number"
            slotProps={{ htmlInput: { min: 0, step: 0.01 } }}
          />
        </Grid>
        <Grid size={{ xs: 6, sm: 4 }}>
          <FormTextField
            source="dropInCapacity"
            label="Drop-in seats per session"
            type="number"
            slotProps={{ htmlInput: { min: 0, step: 1 } }}
          />
        </Grid>
        <Grid size={{ xs: 6, sm: 4 }}>
          <FormTextField
            source="dropInCutoffHours"
            label="Stop selling (hours before)"
            type="number"
            slotProps={{ htmlInput: { min: 0, max: 720, step: 1 } }}
          />
        </Grid>
      </Grid>
    </fieldset>
  );
}
