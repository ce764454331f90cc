import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Alert, Box, Button, Paper, Skeleton, Stack, Tab, Tabs, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useGetOne } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { useTimedMessage } from '@/common/useTimedMessage';
import { useAppDataProvider } from '@/providers/dataProvider';
import { formatDate, formatTimeRange } from '@/common/format';
import { errorStatus } from '@/providers/httpClient';
import { OverviewTab } from '@/teacher-dashboard/OverviewTab';
import { isPaidInFull as isPaid, PaymentsTab } from '@/teacher-dashboard/PaymentsTab';
import { AttendanceTab } from '@/teacher-dashboard/AttendanceTab';
import type { ClassRecord } from '@/providers/types';

/** Class management (spec 3 §2.11): /teacher/payment-view/{classId}. */
export default function ClassManagement() {
  const { classId = '' } = useParams();
  const dp = useAppDataProvider();
  const cls = useGetOne<ClassRecord>('classes', { id: classId });
  const students = useQuery({ queryKey: ['classes', 'students', classId], queryFn: () => dp.getClassStudents(classId) });
  const [tab, setTab] = useState<'overview' | 'payments' | 'attendance'>('overview');
  const [success, setSuccess] = useTimedMessage(3000);
  const [error, setError] = useTimedMessage(5000);

  if (cls.isPending) {
    return (
      <Stack spacing={2}>
        <Skeleton variant="text" width={320} height={48} />
        <Skeleton variant="rounded" height={240} />
      </Stack>
    );
  }
  if (!cls.data) {
    const notFound = errorStatus(cls.error) === 404 || errorStatus(cls.error) === 400 || !cls.error;
    return (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {notFound ? 'Class not found' : 'Failed to load data. Please try again.'}
        </Typography>
        <Button component={RouterLink} to="/teacher" startIcon={<ArrowBackIcon />}>
          Back to Teacher Dashboard
        </Button>
      </Paper>
    );
  }

  const c = cls.data;
  const list = students.data ?? [];
  const paid = list.filter((s) => isPaid(s, c.id));
  const unpaid = list.filter((s) => !isPaid(s, c.id));
  const sessionsCount = Math.max(1, Number(c.days) || 1);
  const report = {
    success: (m: string) => {
      setError(null);
      setSuccess(m);
    },
    error: (m: string) => {
      setSuccess(null);
      setError(`Error: ${m}. Please try again.`);
    },
  };

  return (
    <Stack spacing={2.5} pb={2}>
      <Box>
        <Button component={RouterLink} to="/teacher" startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1 }}>
          Teacher Dashboard
        </Button>
        <Typography variant="h4" component="h1">
          Class Management - {c.title}
        </Typography>
        <Typography color="text.secondary">
          {formatDate(c.startDate)} · {formatTimeRange(c.startDate, c.duration)} · {c.location}
        </Typography>
        <Button component={RouterLink} to={`/teacher/session/${c.id}`} variant="outlined" sx={{ mt: 1, minHeight: 44 }}>
          Open the session screen
        </Button>
      </Box>
      {error && <Alert severity="error">{error}</Alert>}
      {success && (
        <Alert severity="success" role="status">
          {success}
        </Alert>
      )}
      {students.error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void students.refetch()}>
              Retry
            </Button>
          }
        >
          Failed to load students
        </Alert>
      ) : null}
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs value={tab} onChange={(_, v) => setTab(v)} variant="scrollable" allowScrollButtonsMobile aria-label="Class management">
          <Tab value="overview" label={`Overview (${list.length})`} />
          <Tab value="payments" label={`Payments (${unpaid.length} unpaid)`} />
          <Tab value="attendance" label={`Attendance (${sessionsCount} ${sessionsCount === 1 ? 'session' : 'sessions'})`} />
        </Tabs>
      </Box>
      {students.isPending ? (
        <Skeleton variant="rounded" height={200} />
      ) : tab === 'overview' ? (
        <OverviewTab cls={c} students={list} paid={paid} unpaid={unpaid} onNavigate={setTab} />
      ) : tab === 'payments' ? (
        <PaymentsTab cls={c} paid={paid} unpaid={unpaid} report={report} onChanged={async () => void (await students.refetch())} />
      ) : (
        <AttendanceTab cls={c} students={list} report={report} />
      )}
    </Stack>
  );
}
