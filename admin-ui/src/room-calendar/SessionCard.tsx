import { Box, Chip, Typography } from '@mui/material';
import type { RoomCalendar } from '@/providers/types';
import { timeLabel } from './calendarApi';

type CalendarSession = RoomCalendar['sessions'][number];

/** One booked session: its time, class, how full it is, who teaches (and where, when the row does not say); a cancelled one is struck through and says so. */
export function SessionCard({ s, timeZone, where = null }: { s: CalendarSession; timeZone: string; where?: string | null }) {
  const cancelled = s.status === 'cancelled';
  return (
    <Box
      component="li"
      sx={{
        listStyle: 'none',
        p: 1,
        mb: 0.75,
        borderRadius: 1,
        border: 1,
        borderColor: cancelled ? 'divider' : 'primary.light',
        bgcolor: cancelled ? 'action.hover' : 'background.paper',
      }}
    >
      <Typography variant="caption" component="p" color="text.secondary">
        {timeLabel(s.startsAt, timeZone)} – {timeLabel(s.endsAt, timeZone)}
      </Typography>
      <Typography
        variant="body2"
        fontWeight={600}
        sx={{ textDecoration: cancelled ? 'line-through' : undefined, overflowWrap: 'anywhere' }}
      >
        {s.classTitle}
      </Typography>
      <Typography variant="caption" component="p" color="text.secondary">
        {s.enrolled} / {s.capacity} enrolled{s.instructor ? ` · ${s.instructor}` : ''}
        {where ? ` · ${where}` : ''}
      </Typography>
      {cancelled && <Chip size="small" label="Cancelled" sx={{ mt: 0.5 }} />}
    </Box>
  );
}
