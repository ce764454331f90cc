import { useEffect, useState } from 'react';
import { Alert, Container, Stack } from '@mui/material';
import { useTimedMessage } from '@/common/useFetch';
import { AuditLogView } from '@/it-admin/AuditLogView';
import { IntegrationPanel } from '@/it-admin/IntegrationPanel';
import { OrganizationsTable, ORGANIZATIONS_PER_PAGE } from '@/it-admin/OrganizationsTable';
import { StaffHeader } from '@/it-admin/StaffHeader';
import { staffApi } from '@/it-admin/staffApi';
import { useStaffFetch } from '@/it-admin/useStaffFetch';

/** /it-admin/dashboard (spec 3 §2.12): integration panel, organizations, audit log; Refresh and Sign Out. */
export function ItAdminDashboard() {
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [refreshKey, setRefreshKey] = useState(0);
  const [notice, setNotice] = useTimedMessage(3000);

  // A search waits for typing to pause, and starts again at page 1.
  useEffect(() => {
    const t = setTimeout(() => {
      setSearch(q);
      setPage(0);
    }, 300);
    return () => clearTimeout(t);
  }, [q]);

  const system = useStaffFetch(`system:${refreshKey}`, () => staffApi.systemInfo());
  const orgs = useStaffFetch(`orgs:${search}:${page}:${refreshKey}`, () => staffApi.organizations(search, page, ORGANIZATIONS_PER_PAGE));
  const refresh = () => setRefreshKey((k) => k + 1);

  return (
    <>
      <StaffHeader onRefresh={refresh} />
      <Container maxWidth="xl" sx={{ py: 3 }}>
        <Stack spacing={4}>
          {notice && (
            <Alert severity="success" onClose={() => setNotice(null)}>
              {notice}
            </Alert>
          )}
          <IntegrationPanel info={system.data} loading={system.loading} error={system.error} />
          <OrganizationsTable
            q={q}
            onSearch={setQ}
            page={page}
            onPage={setPage}
            rows={orgs.data?.rows ?? []}
            total={orgs.data?.total ?? 0}
            loading={orgs.loading}
            error={orgs.error}
            onChanged={(message) => {
              setNotice(message);
              refresh();
            }}
          />
          <AuditLogView refreshKey={refreshKey} />
        </Stack>
      </Container>
    </>
  );
}
