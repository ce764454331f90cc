/**
 * "My sessions" (issue 39 §2): what the signed-in teacher teaches in the next two weeks, from the instructor record an
 * admin linked to their user, session by session (a moved or reassigned session shows where it really is). A teacher
 * with no linked record sees nothing here: the class lists below stay their view.
 */
import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { API_URL, httpClient, errorMessage } from '@/providers/httpClient';
import type { MySessions as MySessionsReply } from '@/providers/types';

async function getMySessions(): Promise<MySessionsReply> {
  return (await httpClient<MySessionsReply>(`${API_URL}/teacher/my-sessions`)).json;
}

const dayLabel = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', weekday: 'long', month: 'short', day: 'numeric' });
const timeLabel = (iso: string, timeZone: string) => new Date(iso).toLocaleTimeString('en-US', { timeZone, timeStyle: 'short' });

type Taught = MySessionsReply['sessions'][number];

function SessionRow({ s, timeZone }: { s: Taught; timeZone: string }) {
  const cancelled = s.status === 'cancelled';
  return (
    <Box component="li" sx={{ py: 1, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
      <Box sx={{ minWidth: 0 }}>
        <Typography fontWeight={700} sx={{ textDecoration: cancelled ? 'line-through' : undefined }}>
          {s.classTitle}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {timeLabel(s.startsAt, timeZone)} – {timeLabel(s.endsAt, timeZone)} · {s.roomName ?? s.location} · {s.enrolled} / {s.capacity}{' '}
          students
        </Typography>
        <Stack direction="row" spacing={1} mt={0.5}>
          {cancelled && <Chip size="small" label="Cancelled" />}
          {s.dropIns > 0 && (
            <Chip size="small" variant="outlined" color="info" label={`${s.dropIns} drop-in${s.dropIns === 1 ? '' : 's'}`} />
          )}
        </Stack>
      </Box>
      {!cancelled && (
        <Button
          component={RouterLink}
          to={`/teacher/session/${s.classId}/${s.date}`}
          variant="outlined"
          sx={{ minHeight: 44 }}
          aria-label={`Take the roll ${s.classTitle}, ${dayLabel(s.date)}`}
        >
          Take the roll
        </Button>
      )}
    </Box>
  );
}

export function MySessions() {
  const q = useQuery({ queryKey: ['teacher', 'my-sessions'], queryFn: getMySessions });
  if (q.isPending || (q.data && q.data.instructors.length === 0)) return null;
  if (q.error) return <Alert severity="error">{errorMessage(q.error, 'Failed to load your sessions')}</Alert>;
  const { sessions, timeZone } = q.data;
  const days = [...new Set(sessions.map((s) => s.date))];
  return (
    <Paper variant="outlined" component="section" aria-labelledby="my-sessions-heading" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography id="my-sessions-heading" variant="h6" component="h2">
        My sessions
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        What you teach in the next two weeks, as {q.data.instructors.join(' and ')}.
      </Typography>
      {days.length === 0 ? (
        <Typography color="text.secondary">No sessions in the next two weeks.</Typography>
      ) : (
        days.map((d) => (
          <Box key={d} sx={{ mt: 1 }}>
            <Typography variant="subtitle2" component="h3">
              {dayLabel(d)}
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}>
              {sessions
                .filter((s) => s.date === d)
                .map((s) => (
                  <SessionRow key={s.sessionId} s={s} timeZone={timeZone} />
                ))}
            </Box>
          </Box>
        ))
      )}
    </Paper>
  );
}
