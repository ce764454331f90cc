/**
 * One screen per class session: /teacher/session/{classId}/{date}. The roll with attendance and
 * payment side by side, the totals, walk-ins and notes. Phone first: one column, every control at least 48 px
 * tall. Every tap goes through the write queue (sessionWrites.ts): it shows at once, is kept on the device while
 * the network is down, and is sent and confirmed when it is back.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, Navigate, useNavigate, useParams } from 'react-router-dom';
import { Alert, Box, Button, List, ListItem, ListItemText, Paper, Skeleton, Stack, TextField, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useQuery } from '@tanstack/react-query';
import { useAppDataProvider } from '@/providers/dataProvider';
import { useOwnOrganization } from '@/providers/queries';
import { formatDate, formatTimeRange } from '@/common/format';
import { errorMessage, errorStatus } from '@/providers/httpClient';
import type { TeacherSession as Session, TeacherSessionDay } from '@/providers/types';
import type { QueueSnapshot, WriteQueue } from '@/teacher-session/writeQueue';
import { keys, useSessionQueue, type NotesWrite, type WalkInWrite } from '@/teacher-session/sessionWrites';
import { clockTime, rowState, TOUCH, wanted } from '@/teacher-session/sessionView';
import { SessionRoll } from '@/teacher-session/SessionRoll';
import { WalkInForm } from '@/teacher-session/WalkInForm';

/** /teacher/session/{classId}: today's session, else the next one, else the last one. */
export function SessionRedirect() {
  const { classId = '' } = useParams();
  const days = useSessionDays(classId);
  // Session days are the organization's calendar days, so "today" must be too: a phone in another zone (or a
  // browser in UTC in the evening in California) would otherwise land on the next or previous day's session.
  const org = useOwnOrganization();
  if (days.isPending || org.isPending) return <Skeleton variant="rounded" height={240} />;
  if (!days.data?.length) return <NotFound message="Class not found" />;
  const zone = org.data?.settings?.timeZone ?? undefined;
  return <Navigate to={`/teacher/session/${classId}/${pickDay(days.data, new Date(), zone)}`} replace />;
}

function useSessionDays(classId: string) {
  const dp = useAppDataProvider();
  return useQuery({ queryKey: ['teacher', 'sessions', classId], queryFn: () => dp.getSessionDays(classId) });
}

/** Today's session, else the next, else the last; "today" in `zone` (the organization's), or the device's own. */
export function pickDay(days: TeacherSessionDay[], now = new Date(), zone?: string): string {
  // en-CA formats a date as YYYY-MM-DD, the shape of the session days.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  return (days.find((d) => d.date >= today) ?? days[days.length - 1]).date;
}

function NotFound({ message }: { message: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {message}
      </Typography>
      <Button component={RouterLink} to="/teacher" startIcon={<ArrowBackIcon />} sx={TOUCH}>
        Back to Teacher Dashboard
      </Button>
    </Paper>
  );
}

export default function TeacherSession() {
  const { classId = '', date = '' } = useParams();
  const navigate = useNavigate();
  const dp = useAppDataProvider();
  const session = useQuery({ queryKey: ['teacher', 'sessions', classId, date], queryFn: () => dp.getTeacherSession(classId, date) });
  const days = useSessionDays(classId);
  const [queue, snap] = useSessionQueue();

  // Reload the server's roll once the queue has sent everything it saved since the last load: the totals and
  // the rows then come from the database again.
  const lastSaved = snap.recent.find((r) => r.state === 'saved')?.id;
  const loadedAfter = useRef<string | undefined>(lastSaved);
  const reload = session.refetch;
  useEffect(() => {
    if (snap.waiting === 0 && lastSaved && lastSaved !== loadedAfter.current) {
      loadedAfter.current = lastSaved;
      void reload();
    }
  }, [snap.waiting, lastSaved, reload]);

  if (session.isPending) {
    return (
      <Stack spacing={2} maxWidth={720} mx="auto">
        <Skeleton variant="text" width="70%" height={48} />
        <Skeleton variant="rounded" height={320} />
      </Stack>
    );
  }
  if (!session.data) {
    const status = errorStatus(session.error);
    return (
      <NotFound
        message={
          status === 404 || status === 400 ? errorMessage(session.error, 'Class not found') : 'Failed to load data. Please try again.'
        }
      />
    );
  }

  const s = session.data;
  const dayList = days.data ?? [];
  const at = dayList.findIndex((d) => d.date === s.date);
  const go = (d?: TeacherSessionDay) => d && navigate(`/teacher/session/${classId}/${d.date}`);

  return (
    <Stack spacing={2} pb={3} maxWidth={720} mx="auto">
      <Box>
        <Button component={RouterLink} to="/teacher" startIcon={<ArrowBackIcon />} sx={{ ...TOUCH, mb: 0.5, ml: -1 }}>
          Teacher Dashboard
        </Button>
        <Typography variant="h5" component="h1" fontWeight={700}>
          {s.title}
        </Typography>
        <Typography color="text.secondary">
          Session {s.sessionIndex + 1} of {s.sessionsCount} · {formatDate(s.startsAt)}
        </Typography>
        <Typography color="text.secondary">
          {formatTimeRange(s.startsAt, s.duration)} · {s.location}
        </Typography>
        {dayList.length > 1 && (
          <Stack direction="row" spacing={1} mt={1} component="nav" aria-label="Sessions">
            <Button
              variant="outlined"
              startIcon={<ChevronLeftIcon />}
              disabled={at <= 0}
              onClick={() => go(dayList[at - 1])}
              sx={{ ...TOUCH, flex: 1 }}
            >
              Previous session
            </Button>
            <Button
              variant="outlined"
              endIcon={<ChevronRightIcon />}
              disabled={at < 0 || at >= dayList.length - 1}
              onClick={() => go(dayList[at + 1])}
              sx={{ ...TOUCH, flex: 1 }}
            >
              Next session
            </Button>
          </Stack>
        )}
      </Box>

      <SyncStatus snap={snap} queue={queue} />
      <SessionRoll session={s} snap={snap} queue={queue} />
      <WalkInForm
        classId={s.classId}
        amountDue={s.roll.find((r) => r.paymentStatus !== 'completed')?.amountDue ?? null}
        seatsLeft={s.seatsLeft}
        onSubmit={(body) =>
          queue.enqueue<WalkInWrite>({
            key: keys.walkIn(s.classId, body.email),
            kind: 'walkIn',
            payload: { classId: s.classId, body },
            label: `Walk-in ${body.firstName} ${body.lastName}${body.paidNow ? ' (paid)' : ''}`,
          })
        }
      />
      <Notes key={`${s.classId}:${s.date}:${s.notesUpdatedAt ?? ''}`} session={s} snap={snap} queue={queue} />
      <RecentChanges snap={snap} />
    </Stack>
  );
}

/** The line that says whether every tap is safe: saved, being sent, or kept on the device while offline. */
function SyncStatus({ snap, queue }: { snap: QueueSnapshot; queue: WriteQueue }) {
  const n = snap.waiting;
  const changes = `${n} change${n === 1 ? '' : 's'}`;
  return (
    <Alert
      role="status"
      aria-live="polite"
      severity={n && snap.offline ? 'warning' : n ? 'info' : 'success'}
      action={
        n && snap.offline ? (
          <Button color="inherit" onClick={() => queue.retryNow()} sx={TOUCH}>
            Retry now
          </Button>
        ) : undefined
      }
    >
      {n && snap.offline
        ? `Offline: ${changes} kept on this device. They will be sent when the connection is back.`
        : n
          ? `Saving ${changes}…`
          : snap.recent.length
            ? 'All changes saved'
            : 'Changes are saved as you tap, and kept on this device if the connection drops.'}
    </Alert>
  );
}

function Notes({ session: s, snap, queue }: { session: Session; snap: QueueSnapshot; queue: WriteQueue }) {
  const key = keys.notes(s.classId, s.date);
  const status = snap.byKey[key];
  const kept = wanted<NotesWrite>(status);
  const [draft, setDraft] = useState(kept?.notes ?? s.notes);
  const saved = kept?.notes ?? s.notes;
  const state = rowState([status], snap.offline);
  const updated = useMemo(() => (s.notesUpdatedAt ? new Date(s.notesUpdatedAt).getTime() : null), [s.notesUpdatedAt]);
  return (
    <Paper
      variant="outlined"
      component="form"
      aria-labelledby="notes-heading"
      sx={{ p: { xs: 1.5, sm: 2 } }}
      onSubmit={(e) => {
        e.preventDefault();
        queue.enqueue<NotesWrite>({
          key,
          kind: 'notes',
          payload: { classId: s.classId, date: s.date, notes: draft },
          label: 'Session notes',
        });
      }}
    >
      <Typography id="notes-heading" variant="h6" component="h2" gutterBottom>
        Notes
      </Typography>
      <TextField
        label="Notes for this session"
        multiline
        minRows={3}
        fullWidth
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 5000 } }}
      />
      <Stack direction="row" alignItems="center" spacing={2} mt={1}>
        <Button type="submit" variant="contained" disabled={draft === saved && status?.state !== 'failed'} sx={TOUCH}>
          Save notes
        </Button>
        <Typography variant="body2" color={state?.tone === 'error' ? 'error' : 'text.secondary'} aria-live="polite">
          {state?.text ?? (updated ? `Saved ${formatDate(new Date(updated).toISOString(), 'short')} ${clockTime(updated)}` : '')}
        </Typography>
      </Stack>
    </Paper>
  );
}

/** What was saved (and what was refused) on this device, newest first. */
function RecentChanges({ snap }: { snap: QueueSnapshot }) {
  if (!snap.recent.length) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="recent-heading" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography id="recent-heading" variant="h6" component="h2">
        Changes saved from this device
      </Typography>
      <List dense disablePadding>
        {snap.recent.slice(0, 10).map((c) => (
          <ListItem key={c.id} disableGutters>
            <ListItemText
              primary={c.label}
              secondary={c.state === 'saved' ? `Saved ${clockTime(c.at)}` : `Not saved: ${c.error ?? 'refused'}`}
              slotProps={{ secondary: { color: c.state === 'saved' ? 'text.secondary' : 'error' } }}
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
