import { useEffect, useState } from 'react';
import { useRefresh } from 'react-admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Container, Stack } from '@mui/material';
import { useTimedMessage } from '@/common/useTimedMessage';
import { AuditLogView } from '@/it-admin/AuditLogView';
import { IntegrationPanel } from '@/it-admin/IntegrationPanel';
import { OrganizationsTable, ORGANIZATIONS_PER_PAGE } from '@/it-admin/OrganizationsTable';
import { StaffHeader } from '@/it-admin/StaffHeader';
import { useStaffDataProvider } from '@/it-admin/staffProviders';

/** /it-admin/dashboard (spec 3 §2.12): integration panel, organizations, audit log; Refresh and Sign Out. */
export function ItAdminDashboard() {
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [notice, setNotice] = useTimedMessage(3000);

  // A search waits for typing to pause, and starts again at page 1.
  useEffect(() => {
    const t = setTimeout(() => {
      setSearch(q);
      setPage(0);
    }, 300);
    return () => clearTimeout(t);
  }, [q]);

  const dp = useStaffDataProvider();
  const refresh = useRefresh();
  const system = useQuery({ queryKey: ['system-info'], queryFn: () => dp.systemInfo() });
  // A new search or page keeps the last rows on screen (with the spinner) until its answer comes.
  const orgs = useQuery({
    queryKey: ['organizations', search, page],
    queryFn: () => dp.organizations(search, page, ORGANIZATIONS_PER_PAGE),
    placeholderData: keepPreviousData,
  });

  return (
    <>
      <StaffHeader />
      <Container maxWidth="xl" sx={{ py: 3 }}>
        <Stack spacing={4}>
          {notice && (
            <Alert severity="success" onClose={() => setNotice(null)}>
              {notice}
            </Alert>
          )}
          <IntegrationPanel info={system.data} loading={system.isPending} error={system.error} />
          <OrganizationsTable
            q={q}
            onSearch={setQ}
            page={page}
            onPage={setPage}
            rows={orgs.data?.rows ?? []}
            total={orgs.data?.total ?? 0}
            loading={orgs.isFetching}
            error={orgs.error}
            onChanged={(message) => {
              setNotice(message);
              refresh();
            }}
          />
          <AuditLogView />
        </Stack>
      </Container>
    </>
  );
}
