import { Box, Grid, Paper, Stack, Typography } from '@mui/material';
import { useSession } from '@/session/SessionContext';
import { usePlans, useSubscriptionValidation } from '@/providers/queries';
import { ShareLinkPanel } from '@/common/ShareLink';
import { TeachersModeBanner } from '@/dashboard/TeachersModeBanner';
import { StatusBanners } from '@/dashboard/StatusBanners';
import { SectionCards } from '@/dashboard/SectionCards';
import { SystemOverview } from '@/dashboard/SystemOverview';
import { QuickActions } from '@/dashboard/QuickActions';
import { RecentActivity } from '@/dashboard/RecentActivity';
import { ClassesAtRisk } from '@/dashboard/ClassesAtRisk';
import { WaitingRoomCard } from '@/dashboard/WaitingRoomCard';

/** Admin dashboard (spec 3 §2.2): composition only; each widget loads its own data. */
export default function Dashboard() {
  const { user, branding } = useSession();
  const orgId = user?.organizationId ?? null;
  const validation = useSubscriptionValidation();
  const plans = usePlans();

  return (
    <Stack spacing={3} pb={2}>
      <Box>
        <Typography variant="h4" component="h1">
          Admin Dashboard
        </Typography>
        <Typography color="text.secondary">{branding.businessName} · an overview of your classes, students and activity</Typography>
      </Box>
      <TeachersModeBanner />
      <StatusBanners organizationId={orgId} validation={validation.data} />
      <WaitingRoomCard />
      <SectionCards validation={validation.data} />
      <ClassesAtRisk />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, height: '100%' }}>
            <Typography variant="h6" component="h2" gutterBottom>
              Share your classes
            </Typography>
            <ShareLinkPanel organizationId={orgId} />
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <QuickActions validation={validation.data} plans={plans.data} />
        </Grid>
      </Grid>
      <SystemOverview />
      <RecentActivity />
    </Stack>
  );
}
