import { Link as RouterLink } from 'react-router-dom';
import { Link, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { useDashboardSummary } from '@/providers/queries';
import { formatDateTime } from '@/common/format';
import { useOrganizationTimeZone } from '@/common/zonedTime';

/**
 * Classes at risk: below their minimum with the go/no-go within 7 days, from the dashboard summary.
 * Shown only when there is one; each links to the class's panel.
 */
export function ClassesAtRisk() {
  const summary = useDashboardSummary('month');
  const atRisk = summary.data?.classesAtRisk ?? [];
  const zone = useOrganizationTimeZone();
  if (!atRisk.length) return null;
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, borderColor: 'warning.main' }}
      component="section"
      aria-labelledby="classes-at-risk"
    >
      <Stack direction="row" spacing={1} alignItems="center">
        <WarningAmberIcon color="warning" aria-hidden />
        <Typography variant="h6" component="h2" id="classes-at-risk">
          Classes at risk
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        Below their minimum enrolment, with the go/no-go decision within 7 days.
      </Typography>
      <List dense disablePadding>
        {atRisk.map((c) => (
          <ListItem key={c.id} disableGutters divider>
            <ListItemText
              primary={
                <Link component={RouterLink} to={`/admin/classes?classId=${encodeURIComponent(c.id)}`} fontWeight={600}>
                  {c.title}
                </Link>
              }
              secondary={`${c.enrolled} of ${c.minEnrollment} students · decision ${formatDateTime(c.decisionAt, zone)} · starts ${formatDateTime(c.startDate, zone)}`}
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
