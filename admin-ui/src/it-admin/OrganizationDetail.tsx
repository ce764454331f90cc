import { useState } from 'react';
import { useRefresh } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Alert, Box, Button, Container, Skeleton, Stack, Tab, Tabs, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { AuditLogView } from '@/it-admin/AuditLogView';
import { DangerZone } from '@/it-admin/DangerZone';
import { OrganizationOverview } from '@/it-admin/OrganizationOverview';
import { OutboundLimitsPanel } from '@/it-admin/OutboundLimitsPanel';
import { StaffHeader } from '@/it-admin/StaffHeader';
import { StudentPaymentsTab } from '@/it-admin/StudentPaymentsTab';
import { useStaffDataProvider } from '@/it-admin/staffProviders';
import { TEXT } from '@/it-admin/itAdminUtils';

/** /it-admin/organizations/{id} (spec 3 §2.12): Overview and Student Payments tabs, the danger zone, its audit trail. */
export function OrganizationDetail() {
  const { id = '' } = useParams();
  const [tab, setTab] = useState<'overview' | 'payments'>('overview');
  const dp = useStaffDataProvider();
  const refresh = useRefresh();
  const org = useQuery({ queryKey: ['organizations', id], queryFn: () => dp.organization(id), enabled: Boolean(id) });
  const payments = useQuery({
    queryKey: ['organizations', id, 'student-payments'],
    queryFn: () => dp.studentPayments(id),
    enabled: Boolean(id),
  });

  return (
    <>
      <StaffHeader />
      <Container maxWidth="xl" sx={{ py: 3 }}>
        <Button component={RouterLink} to="/it-admin/dashboard" startIcon={<ArrowBackIcon />} sx={{ mb: 2 }}>
          Back to dashboard
        </Button>
        {!id ? (
          <Alert severity="error">{TEXT.noOrganizationId}</Alert>
        ) : org.error && !org.data ? (
          <Alert severity="error">{TEXT.loadOrganization}</Alert>
        ) : !org.data ? (
          <Skeleton variant="rounded" height={240} />
        ) : (
          <Stack spacing={3}>
            <Box>
              <Typography variant="h5" component="h1">
                {org.data.name}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {org.data.subscription_plan_name} plan · {org.data.counts.students} students · {org.data.counts.classes} classes
              </Typography>
            </Box>
            <Box>
              <Tabs value={tab} onChange={(_, v) => setTab(v)} sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
                <Tab value="overview" label="Overview" />
                <Tab value="payments" label={`Student Payments (${payments.data?.total ?? 0})`} />
              </Tabs>
              {tab === 'overview' ? (
                <OrganizationOverview org={org.data} />
              ) : (
                <StudentPaymentsTab rows={payments.data?.rows} loading={payments.isPending} error={payments.error} />
              )}
            </Box>
            <OutboundLimitsPanel organizationId={id} />
            <DangerZone organizationId={id} orgName={org.data.name} onChanged={refresh} onAudited={refresh} />
            <AuditLogView organizationId={id} />
          </Stack>
        )}
      </Container>
    </>
  );
}
