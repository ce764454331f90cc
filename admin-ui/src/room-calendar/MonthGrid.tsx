import { Box, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { RoomCalendar } from '@/providers/types';
import { dateIn, dayLabel, monthLabel, roomNameOf } from './calendarApi';
import { SessionCard } from './SessionCard';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** The month's sessions by day (the calendar date in the organization's zone). */
function byDay(cal: RoomCalendar) {
  const out = new Map<string, RoomCalendar['sessions']>();
  for (const s of cal.sessions) {
    const day = dateIn(s.startsAt, cal.timeZone);
    out.set(day, [...(out.get(day) ?? []), s]);
  }
  return out;
}

/** The month's days in weeks, Monday first; null pads the days of the neighbouring months. */
function weeksOf(days: string[]): (string | null)[][] {
  const lead = (new Date(`${days[0]}T00:00:00Z`).getUTCDay() + 6) % 7;
  const cells: (string | null)[] = [...Array<null>(lead).fill(null), ...days];
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
}

/** A desktop's month: the weeks as rows, Monday to Sunday, each day's sessions with their room and instructor. */
export function MonthTable({ cal }: { cal: RoomCalendar }) {
  const days = byDay(cal);
  return (
    <TableContainer component={Paper} variant="outlined" tabIndex={0} aria-label="Month, scrollable">
      <Table size="small" sx={{ tableLayout: 'fixed', minWidth: 960 }}>
        <caption style={{ captionSide: 'top', textAlign: 'left', padding: 8 }}>Sessions in {monthLabel(cal.weekStart)}</caption>
        <TableHead>
          <TableRow>
            {WEEKDAYS.map((d) => (
              <TableCell key={d} component="th" scope="col">
                {d}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {weeksOf(cal.days).map((week) => (
            <TableRow key={week.find(Boolean)}>
              {week.map((d, i) => {
                const list = d ? (days.get(d) ?? []) : [];
                return (
                  <TableCell key={d ?? `pad-${i}`} sx={{ verticalAlign: 'top', px: 0.5, height: 96 }}>
                    {d && (
                      <>
                        <Typography variant="caption" component="p" fontWeight={600}>
                          {Number(d.slice(8))}
                        </Typography>
                        {list.length > 0 && (
                          <Box component="ul" sx={{ m: 0, p: 0 }} aria-label={dayLabel(d)}>
                            {list.map((s) => (
                              <SessionCard key={s.sessionId} s={s} timeZone={cal.timeZone} where={roomNameOf(cal, s)} />
                            ))}
                          </Box>
                        )}
                      </>
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

/** A phone's month: the booked days one under the other (a free day is not listed). */
export function MonthList({ cal }: { cal: RoomCalendar }) {
  const days = byDay(cal);
  const booked = cal.days.filter((d) => days.has(d));
  if (!booked.length)
    return (
      <Typography color="text.secondary" sx={{ p: 1 }}>
        Nothing booked in {monthLabel(cal.weekStart)}.
      </Typography>
    );
  return (
    <Box>
      {booked.map((d) => (
        <Paper key={d} component="section" variant="outlined" aria-label={dayLabel(d)} sx={{ p: 1.5, mb: 1.5 }}>
          <Typography variant="h6" component="h2">
            {dayLabel(d)}
          </Typography>
          <Box component="ul" sx={{ m: 0, p: 0, mt: 0.5 }}>
            {days.get(d)!.map((s) => (
              <SessionCard key={s.sessionId} s={s} timeZone={cal.timeZone} where={roomNameOf(cal, s)} />
            ))}
          </Box>
        </Paper>
      ))}
    </Box>
  );
}
