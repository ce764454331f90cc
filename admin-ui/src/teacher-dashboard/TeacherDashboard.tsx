import { useNavigate } from 'react-router-dom';
import { Alert, Box, Button, Skeleton, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useSession } from '@/session/SessionContext';
import { useQuery } from '@tanstack/react-query';
import { useAppDataProvider } from '@/providers/dataProvider';
import { formatDate } from '@/common/format';
import { QuickOverview } from '@/teacher-dashboard/QuickOverview';
import { TeacherClassCard } from '@/teacher-dashboard/TeacherClassCard';
import { TeacherCalendarFeed } from '@/teacher-dashboard/TeacherCalendarFeed';
import { MySessions } from '@/teacher-dashboard/MySessions';
import type { TeacherClass } from '@/providers/types';

function ClassGrid({
  classes,
  loading,
  error,
  empty,
  showDate,
  onRetry,
}: {
  classes?: TeacherClass[];
  loading: boolean;
  error: unknown;
  empty: string;
  showDate?: boolean;
  onRetry: () => void;
}) {
  if (loading && !classes) {
    return (
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }, gap: 2 }}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={200} />
        ))}
      </Box>
    );
  }
  if (error) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={onRetry}>
            Retry
          </Button>
        }
      >
        Failed to load data. Please try again.
      </Alert>
    );
  }
  if (!classes?.length)
    return (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        {empty}
      </Typography>
    );
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }, gap: 2 }}>
      {classes.map((c) => (
        <TeacherClassCard key={c.id} record={c} showDate={showDate} />
      ))}
    </Box>
  );
}

/** Teacher dashboard (spec 3 §2.11): composition only; /teacher/today and /teacher/upcoming pick the tab. */
export default function TeacherDashboard({ tab }: { tab: 'today' | 'upcoming' }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const dp = useAppDataProvider();
  const today = useQuery({ queryKey: ['teacher', 'classes', 'today'], queryFn: () => dp.getTeacherClasses('today') });
  const upcoming = useQuery({ queryKey: ['teacher', 'classes', 'upcoming'], queryFn: () => dp.getTeacherClasses('upcoming') });
  const overview = useQuery({ queryKey: ['teacher', 'overview'], queryFn: () => dp.getTeacherOverview() });
  const nextFive = upcoming.data?.slice(0, 5);

  return (
    <Stack spacing={3} pb={2}>
      <Stack direction="row" justifyContent="space-between" alignItems="flex-start" flexWrap="wrap" gap={1}>
        <Box>
          <Typography variant="h4" component="h1">
            Teacher Dashboard
          </Typography>
          <Typography color="text.secondary">
            Welcome {user?.firstName} {user?.lastName} · {formatDate(new Date().toISOString())}
          </Typography>
        </Box>
        <TeacherCalendarFeed />
      </Stack>
      <QuickOverview overview={overview.data} />
      <MySessions />
      <Box>
        <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
          <Tabs value={tab} onChange={(_, v: 'today' | 'upcoming') => navigate(`/teacher/${v}`)} aria-label="Class lists">
            <Tab value="today" label={`Today's Classes (${today.data?.length ?? 0})`} />
            <Tab value="upcoming" label={`Upcoming Classes (${nextFive?.length ?? 0})`} />
          </Tabs>
        </Box>
        {tab === 'today' ? (
          <section aria-label="Today's Classes">
            <ClassGrid
              classes={today.data}
              loading={today.isPending}
              error={today.error}
              empty="No classes scheduled for today."
              onRetry={() => void today.refetch()}
            />
          </section>
        ) : (
          <section aria-label="Upcoming Classes">
            <ClassGrid
              classes={nextFive}
              loading={upcoming.isPending}
              error={upcoming.error}
              empty="No upcoming classes."
              showDate
              onRetry={() => void upcoming.refetch()}
            />
          </section>
        )}
      </Box>
    </Stack>
  );
}
