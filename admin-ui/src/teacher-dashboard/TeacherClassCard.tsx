import { Link as RouterLink } from 'react-router-dom';
import { Button, Card, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import PlaceIcon from '@mui/icons-material/Place';
import PeopleIcon from '@mui/icons-material/People';
import { formatDate, formatTimeRange } from '@/common/format';
import type { TeacherClass } from '@/providers/types';

/** A class in teacher mode: time, location, enrolled, Paid and 'Pay at Class' counts, Manage Class. */
export function TeacherClassCard({ record, showDate }: { record: TeacherClass; showDate?: boolean }) {
  return (
    <Card component="article" aria-label={record.title} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flex: 1 }}>
        <Typography variant="subtitle1" fontWeight={700} component="h3">
          {record.title}
        </Typography>
        <Stack spacing={0.5} mt={1} color="text.secondary">
          <Stack direction="row" spacing={1} alignItems="center">
            <AccessTimeIcon fontSize="small" />
            <Typography variant="body2">
              {showDate ? `${formatDate(record.startDate, 'short')} · ` : ''}
              {formatTimeRange(record.startDate, record.duration)}
            </Typography>
          </Stack>
          <Stack direction="row" spacing={1} alignItems="center">
            <PlaceIcon fontSize="small" />
            <Typography variant="body2">{record.location || 'Location TBA'}</Typography>
          </Stack>
          <Stack direction="row" spacing={1} alignItems="center">
            <PeopleIcon fontSize="small" />
            <Typography variant="body2">
              {record.enrolledStudents ?? 0} / {record.maxStudents} students enrolled
            </Typography>
          </Stack>
        </Stack>
        <Stack direction="row" spacing={1} mt={1.5}>
          <Chip size="small" color="success" label={`Paid: ${record.paidCount ?? 0}`} />
          {(record.pendingCount ?? 0) > 0 && (
            <Chip size="small" color="warning" variant="outlined" label={`Pay at Class: ${record.pendingCount}`} />
          )}
        </Stack>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, flexDirection: 'column', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
        <Button
          component={RouterLink}
          to={`/teacher/session/${record.id}`}
          variant="outlined"
          fullWidth
          sx={{ minHeight: 44 }}
          aria-label={`Take the roll ${record.title}`}
        >
          Take the roll
        </Button>
        <Button
          component={RouterLink}
          to={`/teacher/payment-view/${record.id}`}
          variant="contained"
          fullWidth
          aria-label={`Manage Class ${record.title}`}
        >
          Manage Class
        </Button>
      </CardActions>
    </Card>
  );
}
