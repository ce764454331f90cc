import { useQuery } from '@tanstack/react-query';
import { Grid, MenuItem, Typography } from '@mui/material';
import { FormTextField } from '@/common/formField';
import { useAppDataProvider } from '@/providers/dataProvider';
import { FormZonedDateTimeField } from '@/common/ZonedDateTimeField';

/**
 * The class's term and its own registration opening and closing (empty: the term's times), entered in the
 * organization's time zone (`timeZone`; the form converts them).
 */
export function ClassTermFields({ timeZone }: { timeZone: string }) {
  const dp = useAppDataProvider();
  const terms = useQuery({ queryKey: ['terms'], queryFn: () => dp.getTerms() });
  return (
    <Grid container spacing={2} pt={2}>
      <Grid size={12}>
        <Typography variant="subtitle1" component="h3" fontWeight={600}>
          Registration
        </Typography>
      </Grid>
      <Grid size={12}>
        <FormTextField source="termId" label="Term" select hint="Its registration opens and closes with the term">
          <MenuItem value="">No term</MenuItem>
          {(terms.data ?? []).map((t) => (
            <MenuItem key={t.id} value={t.id}>
              {t.name}
            </MenuItem>
          ))}
        </FormTextField>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormZonedDateTimeField
          source="registrationOpensAt"
          label="Registration opens"
          timeZone={timeZone}
          hint="Empty: the term's opening"
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormZonedDateTimeField
          source="registrationClosesAt"
          label="Registration closes"
          timeZone={timeZone}
          hint="Empty: the term's closing"
        />
      </Grid>
    </Grid>
  );
}
