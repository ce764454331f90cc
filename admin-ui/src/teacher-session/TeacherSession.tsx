/**
 * One screen per class session: /teacher/session/{classId}/{date}. The roll with attendance and
 * payment side by side, the totals, walk-ins and notes. Phone first: one column, every control at least 48 px
 * tall. Every tap goes through the write queue (sessionWrites.ts): it shows at once, is kept on the device while
 * the network is down, and is sent and confirmed when it is back.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, Navigate, useNavigate, useParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  List,
  ListItem,
  ListItemText,
  Paper,
  Skeleton,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useQuery } from '@tanstack/react-query';
import { useAppDataProvider } from '@/providers/dataProvider';
import { useOwnOrganization } from '@/providers/queries';
import { formatDate, formatMoney, formatTimeRange } from '@/common/format';
import { errorMessage, errorStatus } from '@/providers/httpClient';
import type { SessionRollEntry, TeacherSession as Session, TeacherSessionDay } from '@/providers/types';
import { nextAttended } from '@/teacher-dashboard/attendanceUtils';
import type { KeyStatus, QueueSnapshot, WriteQueue } from '@/teacher-session/writeQueue';
import {
  keys,
  useSessionQueue,
  type AttendanceWrite,
  type NotesWrite,
  type PaymentWrite,
  type WalkInWrite,
} from '@/teacher-session/sessionWrites';
import { WalkInForm } from '@/teacher-session/WalkInForm';
import { formatPhone } from '@/resources/students/studentUtils';

const TOUCH = { minHeight: 48, minWidth: 48 };
const time = (at: number) => new Date(at).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
const name = (r: { firstName: string; lastName: string }) => `${r.firstName} ${r.lastName}`;

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

/** What a key's latest tap says, when it is still on its way or was saved (a refused tap falls back to the server's). */
function wanted<T>(status: KeyStatus | undefined): T | undefined {
  return status && status.state !== 'failed' ? (status.payload as T) : undefined;
}

function rowState(statuses: (KeyStatus | undefined)[], offline: boolean): { text: string; tone: 'muted' | 'ok' | 'error' } | null {
  const present = statuses.filter((s): s is KeyStatus => Boolean(s));
  if (!present.length) return null;
  if (present.some((s) => s.state === 'pending' || s.state === 'sending'))
    return { text: offline ? 'Kept on this device: will be sent when online' : 'Saving…', tone: 'muted' };
  const failed = present.find((s) => s.state === 'failed');
  if (failed) return { text: `Not saved: ${failed.error ?? 'refused'}`, tone: 'error' };
  const last = Math.max(...present.map((s) => s.at));
  return { text: `Saved ${time(last)}`, tone: 'ok' };
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
      <Roll session={s} snap={snap} queue={queue} />
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

function Roll({ session: s, snap, queue }: { session: Session; snap: QueueSnapshot; queue: WriteQueue }) {
  const rows = s.roll.map((r) => {
    const att = snap.byKey[keys.attendance(s.classId, s.sessionIndex, r.studentId)];
    const pay = snap.byKey[keys.payment(s.classId, r.studentId)];
    const a = wanted<AttendanceWrite>(att);
    const p = wanted<PaymentWrite>(pay);
    const attendance: SessionRollEntry['attendance'] = a ? (a.attended ? 'present' : 'absent') : r.attendance;
    const paid = p ? p.paid : r.paymentStatus === 'completed';
    return { r, attendance, paid, state: rowState([att, pay], snap.offline) };
  });
  // Walk-ins still on their way: shown on the roll at once, without controls until the server has them.
  const known = new Set(s.roll.map((r) => r.email.toLowerCase()));
  const arriving = Object.entries(snap.byKey)
    .filter(([k, st]) => k.startsWith(`walk:${s.classId}:`) && (st.state === 'pending' || st.state === 'sending'))
    .map(([k, st]) => ({ key: k, body: (st.payload as WalkInWrite).body }))
    .filter((w) => !known.has(w.body.email.toLowerCase()));

  const present = rows.filter((x) => x.attendance === 'present').length;
  const paidCount = rows.filter((x) => x.paid).length;
  const toCollect = rows.filter((x) => !x.paid).reduce((sum, x) => sum + x.r.amountDue, 0);

  const mark = (r: SessionRollEntry, current: SessionRollEntry['attendance'], clicked: boolean) => {
    const attended = nextAttended(current === null ? undefined : current === 'present', clicked);
    queue.enqueue<AttendanceWrite>({
      key: keys.attendance(s.classId, s.sessionIndex, r.studentId),
      kind: 'attendance',
      payload: { classId: s.classId, sessionIndex: s.sessionIndex, sessionDate: s.startsAt, studentId: r.studentId, attended },
      label: `${name(r)}: ${attended ? 'present' : 'absent'}`,
    });
  };
  const setPaid = (r: SessionRollEntry, paid: boolean) =>
    queue.enqueue<PaymentWrite>({
      key: keys.payment(s.classId, r.studentId),
      kind: 'payment',
      payload: { classId: s.classId, studentId: r.studentId, paid },
      label: `${name(r)}: ${paid ? `paid ${formatMoney(r.amountDue)}` : 'unpaid'}`,
    });

  return (
    <>
      <Box component="section" aria-label="Session totals" sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1 }}>
        <Total label="Present" value={`${present} / ${rows.length}`} />
        <Total label="Paid" value={`${paidCount} / ${rows.length}`} />
        <Total label="To collect" value={formatMoney(toCollect)} />
      </Box>
      <Paper variant="outlined" component="section" aria-labelledby="roll-heading" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Typography id="roll-heading" variant="h6" component="h2" gutterBottom>
          Roll ({rows.length})
        </Typography>
        {rows.length === 0 && arriving.length === 0 ? (
          <Typography color="text.secondary">No students enrolled yet.</Typography>
        ) : (
          <Stack component="ul" sx={{ listStyle: 'none', m: 0, p: 0, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}>
            {rows.map(({ r, attendance, paid, state }) => {
              const card = r.paymentStatus === 'completed' && r.paymentMethod === 'card';
              return (
                <Box component="li" key={r.studentId} sx={{ py: 1.5 }}>
                  <Box role="group" aria-label={name(r)}>
                    <Stack direction="row" justifyContent="space-between" alignItems="baseline" spacing={1}>
                      <Typography fontWeight={700}>{name(r)}</Typography>
                      {state && (
                        <Typography
                          variant="caption"
                          color={state.tone === 'error' ? 'error' : state.tone === 'ok' ? 'success.dark' : 'text.secondary'}
                          data-testid="row-state"
                        >
                          {state.text}
                        </Typography>
                      )}
                    </Stack>
                    <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                      {r.email} · {formatPhone(r.phone)}
                    </Typography>
                    {r.householdContact && (
                      <Typography variant="body2" color="text.secondary">
                        Household contact: {r.householdContact.firstName} {r.householdContact.lastName}
                      </Typography>
                    )}
                    {/* What matters for safety: the answers the organization shows teachers, and a waiver not signed. */}
                    {r.answers?.map((a) => (
                      <Typography key={a.questionId} variant="body2" sx={{ color: 'warning.dark', fontWeight: 600 }}>
                        {a.label}: {Array.isArray(a.value) ? a.value.join(', ') : a.value === true ? 'Yes' : String(a.value)}
                      </Typography>
                    ))}
                    {r.unsignedWaivers?.length ? (
                      <Typography variant="body2" color="error" sx={{ fontWeight: 600 }}>
                        Waiver not signed: {r.unsignedWaivers.join(', ')}
                      </Typography>
                    ) : null}
                    <Stack direction="row" spacing={1} mt={1} useFlexGap flexWrap="wrap">
                      <ToggleButtonGroup exclusive value={attendance} aria-label={`Attendance of ${name(r)}`} sx={{ flex: '1 1 160px' }}>
                        <ToggleButton
                          value="present"
                          color="success"
                          onClick={() => mark(r, attendance, true)}
                          aria-label={`${name(r)} present`}
                          sx={{ ...TOUCH, flex: 1 }}
                        >
                          Present
                        </ToggleButton>
                        <ToggleButton
                          value="absent"
                          color="error"
                          onClick={() => mark(r, attendance, false)}
                          aria-label={`${name(r)} absent`}
                          sx={{ ...TOUCH, flex: 1 }}
                        >
                          Absent
                        </ToggleButton>
                      </ToggleButtonGroup>
                      <ToggleButtonGroup
                        exclusive
                        value={paid ? 'paid' : 'unpaid'}
                        aria-label={`Payment of ${name(r)}`}
                        disabled={card}
                        sx={{ flex: '1 1 160px' }}
                      >
                        <ToggleButton
                          value="paid"
                          color="success"
                          onClick={() => !paid && setPaid(r, true)}
                          aria-label={`${name(r)} paid`}
                          sx={{ ...TOUCH, flex: 1 }}
                        >
                          Paid
                        </ToggleButton>
                        <ToggleButton
                          value="unpaid"
                          color="standard"
                          onClick={() => paid && setPaid(r, false)}
                          aria-label={`${name(r)} unpaid`}
                          sx={{ ...TOUCH, flex: 1 }}
                        >
                          Unpaid
                        </ToggleButton>
                      </ToggleButtonGroup>
                    </Stack>
                    <Typography variant="body2" mt={0.5}>
                      {paid
                        ? `Paid ${formatMoney(r.paymentStatus === 'completed' ? r.amountPaid : r.amountDue)}`
                        : `Due ${formatMoney(r.amountDue)}`}
                      {' · '}
                      {card ? 'by card online' : 'in person'}
                    </Typography>
                  </Box>
                </Box>
              );
            })}
            {arriving.map((w) => (
              <Box component="li" key={w.key} sx={{ py: 1.5 }} aria-label={`${w.body.firstName} ${w.body.lastName} (arriving)`}>
                <Typography fontWeight={700}>
                  {w.body.firstName} {w.body.lastName}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  Walk-in{w.body.paidNow ? ', paid now' : ''}: {snap.offline ? 'kept on this device, will be sent when online' : 'saving…'}
                </Typography>
              </Box>
            ))}
          </Stack>
        )}
      </Paper>
    </>
  );
}

function Total({ label, value }: { label: string; value: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, textAlign: 'center' }}>
      <Typography variant="h6" component="p" fontWeight={700}>
        {value}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Paper>
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
          {state?.text ?? (updated ? `Saved ${formatDate(new Date(updated).toISOString(), 'short')} ${time(updated)}` : '')}
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
              secondary={c.state === 'saved' ? `Saved ${time(c.at)}` : `Not saved: ${c.error ?? 'refused'}`}
              slotProps={{ secondary: { color: c.state === 'saved' ? 'text.secondary' : 'error' } }}
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
