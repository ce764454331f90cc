/**
 * Room calendar (issue 39 §2): what each room holds, a week at a time, Monday to Sunday in the organization's zone. A
 * desktop sees rooms by days in one table; a phone sees one room under the other, only the days it is booked. Read
 * only: sessions are moved, given another room or cancelled from their class (Classes › the class › Sessions).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useGetList } from 'react-admin';
import { Alert, Box, Button, MenuItem, Skeleton, Stack, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import { Link } from 'react-router-dom';
import { errorMessage } from '@/providers/httpClient';
import type { Location } from '@/providers/types';
import { addDays, dayLabel, getRoomCalendar } from './calendarApi';
import { RoomWeekList, RoomWeekTable } from './RoomWeekGrid';

export default function RoomCalendarPage() {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  // null: this week (the server knows the organization's today).
  const [week, setWeek] = useState<string | null>(null);
  const [locationId, setLocationId] = useState('');
  const locations = useGetList<Location>('locations', { pagination: { page: 1, perPage: 200 }, sort: { field: 'name', order: 'ASC' } });
  const cal = useQuery({ queryKey: ['room-calendar', week, locationId], queryFn: () => getRoomCalendar(week, locationId) });
  const shown = cal.data;
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }}>
      <Box>
        <Typography variant="h4" component="h1">
          Room calendar
        </Typography>
        <Typography color="text.secondary">
          Every session booked in your rooms this week. Change a session from its class (Classes › the class › Sessions).
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
        <Stack direction="row" spacing={1} role="group" aria-label="Week" sx={{ '& .MuiButton-root': { whiteSpace: 'nowrap' } }}>
          <Button variant="outlined" disabled={!shown} onClick={() => shown && setWeek(addDays(shown.weekStart, -7))}>
            Previous week
          </Button>
          <Button variant="outlined" onClick={() => setWeek(null)}>
            This week
          </Button>
          <Button variant="outlined" disabled={!shown} onClick={() => shown && setWeek(addDays(shown.weekStart, 7))}>
            Next week
          </Button>
        </Stack>
      </Stack>
      {shown && (
        <Typography variant="h6" component="p" aria-live="polite">
          {dayLabel(shown.weekStart)} – {dayLabel(shown.weekEnd)}, {new Date(`${shown.weekEnd}T12:00:00Z`).getUTCFullYear()}
        </Typography>
      )}
      {cal.isPending ? (
        <Skeleton height={200} />
      ) : cal.error ? (
        <Alert severity="error">{errorMessage(cal.error, 'Failed to load the room calendar')}</Alert>
      ) : cal.data.rooms.length === 0 ? (
        <Alert severity="info">
          No rooms yet. Add locations and their rooms in <Link to="/admin/settings">Settings</Link>, then give classes a room.
        </Alert>
      ) : phone ? (
        <RoomWeekList cal={cal.data} />
      ) : (
        <RoomWeekTable cal={cal.data} />
      )}
    </Stack>
  );
}
