import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Divider,
  LinearProgress,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { formatDate, fullName } from '@/common/format';
import { useAppDataProvider } from '@/providers/dataProvider';
import type { ClassRecord, Student } from '@/providers/types';
import { buildSessions, nextAttended, rollOf, sessionPercent, type SessionView } from '@/teacher-dashboard/attendanceUtils';

type Report = { success: (m: string) => void; error: (m: string) => void };

/** Attendance tab: session selector, Mark All Present/Absent (one bulk call), per-student toggles, percent. */
export function AttendanceTab({ cls, students: enrolled, report }: { cls: ClassRecord; students: Student[]; report: Report }) {
  const dp = useAppDataProvider();
  const attendance = useQuery({ queryKey: ['attendance', cls.id], queryFn: () => dp.getAttendance(cls.id) });
  const [overrides, setOverrides] = useState<Record<number, Record<string, boolean>>>({});
  const [selected, setSelected] = useState(0);
  const [busy, setBusy] = useState(false);

  const sessions: SessionView[] = useMemo(
    () => buildSessions(cls, attendance.data).map((s) => ({ ...s, marks: { ...s.marks, ...(overrides[s.sessionIndex] ?? {}) } })),
    [cls, attendance.data, overrides],
  );
  const session = sessions.find((s) => s.sessionIndex === selected) ?? sessions[0];
  // This session's roll: the whole-class students and its drop-ins.
  const students = rollOf(enrolled, attendance.data, session?.sessionIndex);
  const ids = students.map((s) => s.id);
  const percent = sessionPercent(session, ids);
  const present = session ? ids.filter((id) => session.marks[id] === true).length : 0;

  const apply = (sessionIndex: number, marks: Record<string, boolean>) =>
    setOverrides((o) => ({ ...o, [sessionIndex]: { ...(o[sessionIndex] ?? {}), ...marks } }));

  const markAll = async (attended: boolean) => {
    if (!session || !ids.length) return;
    setBusy(true);
    try {
      await dp.bulkAttendance({
        classId: cls.id,
        sessionDate: session.sessionDate,
        sessionIndex: session.sessionIndex,
        attendanceData: ids.map((studentId) => ({ studentId, attended })),
      });
      apply(session.sessionIndex, Object.fromEntries(ids.map((id) => [id, attended])));
      report.success(`All students marked ${attended ? 'present' : 'absent'} for session ${session.sessionIndex + 1}.`);
    } catch {
      report.error('Failed to mark attendance');
    } finally {
      setBusy(false);
    }
  };

  const toggle = async (studentId: string, clicked: boolean) => {
    if (!session) return;
    const attended = nextAttended(session.marks[studentId], clicked);
    setBusy(true);
    try {
      await dp.markAttendance({
        studentId,
        classId: cls.id,
        sessionDate: session.sessionDate,
        sessionIndex: session.sessionIndex,
        attended,
      });
      apply(session.sessionIndex, { [studentId]: attended });
    } catch {
      report.error('Failed to update attendance');
    } finally {
      setBusy(false);
    }
  };

  if (attendance.isPending) return <Skeleton variant="rounded" height={220} />;
  if (attendance.error) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => void attendance.refetch()}>
            Retry
          </Button>
        }
      >
        Failed to load attendance data
      </Alert>
    );
  }

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Attendance">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'center' }}>
        <TextField
          select
          label="Session"
          value={session?.sessionIndex ?? 0}
          onChange={(e) => setSelected(Number(e.target.value))}
          sx={{ maxWidth: { md: 320 } }}
        >
          {sessions.map((s) => (
            <MenuItem key={s.sessionIndex} value={s.sessionIndex}>
              Session {s.sessionIndex + 1} — {formatDate(s.sessionDate, 'short')}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction="row" spacing={1}>
          <Button variant="contained" color="success" disabled={busy || !ids.length} onClick={() => markAll(true)}>
            Mark All Present
          </Button>
          <Button variant="outlined" color="error" disabled={busy || !ids.length} onClick={() => markAll(false)}>
            Mark All Absent
          </Button>
        </Stack>
      </Stack>
      <Box mt={2} aria-live="polite">
        <Stack direction="row" justifyContent="space-between">
          <Typography variant="body2" fontWeight={600}>
            Session attendance: {percent}%
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {present} of {ids.length} present
          </Typography>
        </Stack>
        <LinearProgress
          variant="determinate"
          value={percent}
          sx={{ height: 8, borderRadius: 4, mt: 0.5 }}
          aria-label="Session attendance"
        />
      </Box>
      <Divider sx={{ my: 2 }} />
      {students.length === 0 ? (
        <Typography color="text.secondary">No students enrolled yet.</Typography>
      ) : (
        <Stack divider={<Divider flexItem />}>
          {students.map((s) => {
            const mark = session?.marks[s.id];
            return (
              <Stack
                key={s.id}
                direction="row"
                alignItems="center"
                justifyContent="space-between"
                spacing={1}
                sx={{ py: 1 }}
                role="group"
                aria-label={fullName(s)}
              >
                <Box minWidth={0}>
                  <Typography fontWeight={600} noWrap>
                    {fullName(s)}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {mark === undefined ? 'Not marked' : mark ? 'Present' : 'Absent'}
                    {s.dropIn ? ' · Drop-in' : ''}
                  </Typography>
                </Box>
                <ToggleButtonGroup
                  size="small"
                  exclusive
                  value={mark === undefined ? null : mark ? 'present' : 'absent'}
                  disabled={busy}
                  aria-label={`Attendance for ${fullName(s)}`}
                >
                  <ToggleButton value="present" color="success" onClick={() => toggle(s.id, true)} aria-label={`${fullName(s)} present`}>
                    Present
                  </ToggleButton>
                  <ToggleButton value="absent" color="error" onClick={() => toggle(s.id, false)} aria-label={`${fullName(s)} absent`}>
                    Absent
                  </ToggleButton>
                </ToggleButtonGroup>
              </Stack>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}
