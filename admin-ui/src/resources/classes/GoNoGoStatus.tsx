import { Box, Chip, Typography } from '@mui/material';
import type { ClassRecord } from '@/providers/types';
import { goNoGoSummary } from '@/resources/classes/classUtils';
import { useOrganizationTimeZone } from '@/common/zonedTime';

/** The class panel's 'Minimum enrolment' line: the go/no-go decision and when it is (or was) made. */
export function GoNoGoStatus({ record }: { record: ClassRecord }) {
  const s = goNoGoSummary(record, useOrganizationTimeZone());
  if (!s) return null;
  return (
    <Box mt={2} component="section" aria-label="Minimum enrolment">
      <Typography variant="subtitle2" component="h3" gutterBottom>
        Minimum enrolment: {record.minEnrollment} students
      </Typography>
      <Chip size="small" label={`Go/no-go: ${s.label}`} color={s.color} variant={s.color === 'default' ? 'outlined' : 'filled'} />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {s.detail}
      </Typography>
    </Box>
  );
}
