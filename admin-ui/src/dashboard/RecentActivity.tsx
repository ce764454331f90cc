import { Alert, List, ListItem, ListItemText, Paper, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '@/common/format';
import { ACTIVITY_EVENTS_ERROR, useAppDataProvider } from '@/providers/dataProvider';
import { errorMessage } from '@/providers/httpClient';

const LABELS: Record<string, string> = {
  student_registration: 'Student registration',
  class_enrollment: 'Enrollment',
  enrollment: 'Enrollment',
  payment_received: 'Payment received',
  payment: 'Payment',
  class_completion: 'Class completed',
  completion: 'Class completed',
  class_creation: 'Class created',
  class_update: 'Class updated',
  organization_created: 'Organization created',
  class_full: 'Class full',
  class_started: 'Class started',
  class_deleted: 'Class deleted',
  student_removed: 'Student removed',
};

/** 'student_removed' -> 'Student removed' for event types without a fixed label. */
const humanize = (t: string) => LABELS[t] ?? (t.charAt(0).toUpperCase() + t.slice(1)).replace(/_/g, ' ');

/** Latest 5 activity events (spec 3 §2.2). */
export function RecentActivity() {
  const dp = useAppDataProvider();
  const events = useQuery({ queryKey: ['activity-events', 5], queryFn: () => dp.getActivityEvents(5) });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="recent-activity">
      <Typography variant="h6" component="h2" id="recent-activity" gutterBottom>
        Recent Activity
      </Typography>
      {events.isPending ? (
        <>
          <Skeleton />
          <Skeleton />
        </>
      ) : events.error ? (
        <Alert severity="error">{errorMessage(events.error, ACTIVITY_EVENTS_ERROR)}</Alert>
      ) : !events.data?.length ? (
        <Typography color="text.secondary">No recent activity to display</Typography>
      ) : (
        <List disablePadding>
          {events.data.slice(0, 5).map((e, i, shown) => (
            // The item draws its own divider: a separator <li> inside the <ul> is not a list item.
            <ListItem key={e.id} disableGutters divider={i < shown.length - 1}>
              <ListItemText
                primary={e.description || humanize(e.eventType)}
                secondary={`${humanize(e.eventType)} · ${formatDateTime(e.eventDate)}`}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
