import { Box, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { RoomCalendar } from '@/providers/types';
import { dateIn, dayLabel } from './calendarApi';
import { SessionCard } from './SessionCard';

/** Sessions by room, then by day (the calendar date in the organization's zone). */
export function byRoomAndDay(cal: RoomCalendar) {
  const out = new Map<string, Map<string, RoomCalendar['sessions']>>();
  for (const s of cal.sessions) {
    const days = out.get(s.roomId) ?? new Map<string, RoomCalendar['sessions']>();
    const day = dateIn(s.startsAt, cal.timeZone);
    days.set(day, [...(days.get(day) ?? []), s]);
    out.set(s.roomId, days);
  }
  return out;
}

const roomName = (r: RoomCalendar['rooms'][number], many: boolean) => (many ? `${r.locationName} · ${r.name}` : r.name);

/** A desktop's week: one row per room, one column per day. */
export function RoomWeekTable({ cal }: { cal: RoomCalendar }) {
  const cells = byRoomAndDay(cal);
  const manyLocations = new Set(cal.rooms.map((r) => r.locationId)).size > 1;
  return (
    <TableContainer component={Paper} variant="outlined" tabIndex={0} aria-label="Room week, scrollable">
      <Table size="small" sx={{ tableLayout: 'fixed', minWidth: 960 }}>
        <caption style={{ captionSide: 'top', textAlign: 'left', padding: 8 }}>
          Sessions in each room from {dayLabel(cal.weekStart)} to {dayLabel(cal.weekEnd)}
        </caption>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col" sx={{ width: 140 }}>
              Room
            </TableCell>
            {cal.days.map((d) => (
              <TableCell key={d} component="th" scope="col">
                {dayLabel(d)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {cal.rooms.map((r) => (
            <TableRow key={r.id}>
              <TableCell component="th" scope="row" sx={{ verticalAlign: 'top' }}>
                <Typography variant="body2" fontWeight={600}>
                  {roomName(r, manyLocations)}
                </Typography>
                {r.capacity !== null && (
                  <Typography variant="caption" color="text.secondary">
                    Seats {r.capacity}
                  </Typography>
                )}
              </TableCell>
              {cal.days.map((d) => {
                const list = cells.get(r.id)?.get(d) ?? [];
                return (
                  <TableCell key={d} sx={{ verticalAlign: 'top', px: 0.5 }}>
                    {list.length > 0 && (
                      <Box component="ul" sx={{ m: 0, p: 0 }} aria-label={`${r.name}, ${dayLabel(d)}`}>
                        {list.map((s) => (
                          <SessionCard key={s.sessionId} s={s} timeZone={cal.timeZone} />
                        ))}
                      </Box>
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** A phone's week: one section per room, its booked days one under the other (a free day is not listed). */
export function RoomWeekList({ cal }: { cal: RoomCalendar }) {
  const cells = byRoomAndDay(cal);
  const manyLocations = new Set(cal.rooms.map((r) => r.locationId)).size > 1;
  return (
    <Box>
      {cal.rooms.map((r) => {
        const days = cal.days.filter((d) => (cells.get(r.id)?.get(d) ?? []).length > 0);
        return (
          <Paper key={r.id} component="section" variant="outlined" aria-label={roomName(r, manyLocations)} sx={{ p: 1.5, mb: 1.5 }}>
            <Typography variant="h6" component="h2">
              {roomName(r, manyLocations)}
            </Typography>
            {days.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                Free all week
              </Typography>
            ) : (
              days.map((d) => (
                <Box key={d} sx={{ mt: 1 }}>
                  <Typography variant="subtitle2" component="h3">
                    {dayLabel(d)}
                  </Typography>
                  <Box component="ul" sx={{ m: 0, p: 0, mt: 0.5 }}>
                    {cells
                      .get(r.id)!
                      .get(d)!
                      .map((s) => (
                        <SessionCard key={s.sessionId} s={s} timeZone={cal.timeZone} />
                      ))}
                  </Box>
                </Box>
              ))
            )}
          </Paper>
        );
      })}
    </Box>
  );
}
