import { Box, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { RoomCalendar } from '@/providers/types';
import { dateIn, dayLabel, roomNameOf, rowKeyOf, rowsOf } from './calendarApi';
import { SessionCard } from './SessionCard';

/** Sessions by row (room or instructor), then by day (the calendar date in the organization's zone). */
export function byRoomAndDay(cal: RoomCalendar) {
  const out = new Map<string, Map<string, RoomCalendar['sessions']>>();
  for (const s of cal.sessions) {
    const key = rowKeyOf(cal, s);
    const days = out.get(key) ?? new Map<string, RoomCalendar['sessions']>();
    const day = dateIn(s.startsAt, cal.timeZone);
    days.set(day, [...(days.get(day) ?? []), s]);
    out.set(key, days);
  }
  return out;
}

/** By instructor a card says where; by room the row already does. */
const whereOf = (cal: RoomCalendar, s: RoomCalendar['sessions'][number]) => (cal.by === 'instructor' ? roomNameOf(cal, s) : null);

/** A desktop's week: one row per room (or instructor), one column per day. */
export function RoomWeekTable({ cal }: { cal: RoomCalendar }) {
  const cells = byRoomAndDay(cal);
  const what = cal.by === 'instructor' ? 'Instructor' : 'Room';
  return (
    <TableContainer component={Paper} variant="outlined" tabIndex={0} aria-label={`${what} week, scrollable`}>
      <Table size="small" sx={{ tableLayout: 'fixed', minWidth: 960 }}>
        <caption style={{ captionSide: 'top', textAlign: 'left', padding: 8 }}>
          Sessions {cal.by === 'instructor' ? 'of each instructor' : 'in each room'} from {dayLabel(cal.weekStart)} to{' '}
          {dayLabel(cal.weekEnd)}
        </caption>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col" sx={{ width: 140 }}>
              {what}
            </TableCell>
            {cal.days.map((d) => (
              <TableCell key={d} component="th" scope="col">
                {dayLabel(d)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rowsOf(cal).map((r) => (
            <TableRow key={r.id}>
              <TableCell component="th" scope="row" sx={{ verticalAlign: 'top' }}>
                <Typography variant="body2" fontWeight={600}>
                  {r.label}
                </Typography>
                {r.detail && (
                  <Typography variant="caption" color="text.secondary">
                    {r.detail}
                  </Typography>
                )}
              </TableCell>
              {cal.days.map((d) => {
                const list = cells.get(r.id)?.get(d) ?? [];
                return (
                  <TableCell key={d} sx={{ verticalAlign: 'top', px: 0.5 }}>
                    {list.length > 0 && (
                      <Box component="ul" sx={{ m: 0, p: 0 }} aria-label={`${r.label}, ${dayLabel(d)}`}>
                        {list.map((s) => (
                          <SessionCard key={s.sessionId} s={s} timeZone={cal.timeZone} where={whereOf(cal, s)} />
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

/** A phone's week: one section per room (or instructor), its booked days one under the other (a free day is not listed). */
export function RoomWeekList({ cal }: { cal: RoomCalendar }) {
  const cells = byRoomAndDay(cal);
  return (
    <Box>
      {rowsOf(cal).map((r) => {
        const days = cal.days.filter((d) => (cells.get(r.id)?.get(d) ?? []).length > 0);
        return (
          <Paper key={r.id} component="section" variant="outlined" aria-label={r.label} sx={{ p: 1.5, mb: 1.5 }}>
            <Typography variant="h6" component="h2">
              {r.label}
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
                        <SessionCard key={s.sessionId} s={s} timeZone={cal.timeZone} where={whereOf(cal, s)} />
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
