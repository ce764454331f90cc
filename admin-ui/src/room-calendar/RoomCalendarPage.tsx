/**
 * Room calendar (issue 39 §2): what each room (or instructor) holds, a week or a month at a time, in the
 * organization's zone. A desktop sees a week as rows by days in one table and a month as a calendar grid; a phone sees
 * one row under the other (or the month's booked days), only the days booked. Read only: sessions are moved, given
 * another room or cancelled from their class (Classes › the class › Sessions).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useGetList } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  MenuItem,
  Skeleton,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { Link } from 'react-router-dom';
import { errorMessage } from '@/providers/httpClient';
import type { Location } from '@/providers/types';
import { addDays, addMonths, dayLabel, getRoomCalendar, monthLabel, type CalendarBy, type CalendarPeriod } from './calendarApi';
import { MonthList, MonthTable } from './MonthGrid';
import { RoomWeekList, RoomWeekTable } from './RoomWeekGrid';

export default function RoomCalendarPage() {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  // null: this week (the server knows the organization's today).
  const [week, setWeek] = useState<string | null>(null);
  const [locationId, setLocationId] = useState('');
  const [period, setPeriod] = useState<CalendarPeriod>('week');
  const [by, setBy] = useState<CalendarBy>('room');
  const locations = useGetList<Location>('locations', { pagination: { page: 1, perPage: 200 }, sort: { field: 'name', order: 'ASC' } });
  const cal = useQuery({
    queryKey: ['room-calendar', week, locationId, period, by],
    queryFn: () => getRoomCalendar(week, locationId, period, by),
  });
  const shown = cal.data;
  const unit = period === 'month' ? 'month' : 'week';
  const step = (n: number) => shown && setWeek(period === 'month' ? addMonths(shown.weekStart, n) : addDays(shown.weekStart, 7 * n));
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }}>
      <Box>
        <Typography variant="h4" component="h1">
          Room calendar
        </Typography>
        <Typography color="text.secondary">
          Every session booked in your rooms, by week or month, by room or instructor. Change a session from its class (Classes › the class
          › Sessions).
        </Typography>
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
        <TextField
          select
          size="small"
          label="Location"
          value={locationId}
          onChange={(e) => setLocationId(e.target.value)}
          sx={{ width: { xs: '100%', sm: 240 } }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">All locations</MenuItem>
          {(locations.data ?? []).map((l) => (
            <MenuItem key={l.id} value={l.id}>
              {l.name}
            </MenuItem>
          ))}
        </TextField>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={period}
          onChange={(_, v: CalendarPeriod | null) => v && setPeriod(v)}
          aria-label="Show"
        >
          <ToggleButton value="week">Week</ToggleButton>
          <ToggleButton value="month">Month</ToggleButton>
        </ToggleButtonGroup>
        <ToggleButtonGroup size="small" exclusive value={by} onChange={(_, v: CalendarBy | null) => v && setBy(v)} aria-label="By">
          <ToggleButton value="room">By room</ToggleButton>
          <ToggleButton value="instructor">By instructor</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      <Stack
        direction="row"
        spacing={1}
        role="group"
        aria-label={unit === 'month' ? 'Month' : 'Week'}
        sx={{ '& .MuiButton-root': { whiteSpace: 'nowrap' } }}
      >
        <Button variant="outlined" disabled={!shown} onClick={() => step(-1)}>
          Previous {unit}
        </Button>
        <Button variant="outlined" onClick={() => setWeek(null)}>
          This {unit}
        </Button>
        <Button variant="outlined" disabled={!shown} onClick={() => step(1)}>
          Next {unit}
        </Button>
      </Stack>
      {shown && (
        <Typography variant="h6" component="p" aria-live="polite">
          {shown.period === 'month'
            ? monthLabel(shown.weekStart)
            : `${dayLabel(shown.weekStart)} – ${dayLabel(shown.weekEnd)}, ${new Date(`${shown.weekEnd}T12:00:00Z`).getUTCFullYear()}`}
        </Typography>
      )}
      {cal.isPending ? (
        <Skeleton height={200} />
      ) : cal.error ? (
        <Alert severity="error">{errorMessage(cal.error, 'Failed to load the room calendar')}</Alert>
      ) : cal.data.by === 'room' && cal.data.rooms.length === 0 ? (
        <Alert severity="info">
          No rooms yet. Add locations and their rooms in <Link to="/admin/settings">Settings</Link>, then give classes a room.
        </Alert>
      ) : cal.data.period === 'month' ? (
        phone ? (
          <MonthList cal={cal.data} />
        ) : (
          <MonthTable cal={cal.data} />
        )
      ) : phone ? (
        <RoomWeekList cal={cal.data} />
      ) : (
        <RoomWeekTable cal={cal.data} />
      )}
    </Stack>
  );
}
