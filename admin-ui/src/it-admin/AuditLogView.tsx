import { useState } from 'react';
import { Alert, Box, Chip, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { SimpleTable } from '@/common/SimpleTable';
import { formatDateTime } from '@/common/format';
import { useQuery } from '@tanstack/react-query';
import { useStaffDataProvider } from '@/it-admin/staffProviders';

const PER_PAGE = 10;
const OUTCOME_COLOR = { success: 'success', refused: 'warning', failed: 'error' } as const;

/** What an entry did, in one line (the full detail stays in the API reply). */
function summary(detail: Record<string, unknown>, request: Record<string, unknown>): string {
  const parts: string[] = [];
  if (typeof detail.name === 'string') parts.push(detail.name);
  if (typeof request.dryRun === 'boolean') parts.push(request.dryRun ? 'dry run' : 'real run');
  if (typeof request.confirmation === 'string') parts.push(`typed "${request.confirmation}"`);
  if (typeof detail.error === 'string') parts.push(detail.error);
  if (typeof detail.reason === 'string') parts.push(detail.reason);
  if (typeof detail.stripeConnectAccountId === 'string') parts.push(`Connect ${detail.stripeConnectAccountId}`);
  return parts.join(' · ');
}

/** The audit log: every staff action, newest first; one organization's when `organizationId` is given. */
export function AuditLogView({ organizationId }: { organizationId?: string }) {
  const dp = useStaffDataProvider();
  const [page, setPage] = useState(0);
  const { data, error } = useQuery({
    queryKey: ['audit-log', organizationId ?? 'all', page],
    queryFn: () => dp.auditLog(page, PER_PAGE, organizationId),
  });
  return (
    <Box component="section" aria-labelledby="audit-title">
      <Typography id="audit-title" variant="h6" component="h2" gutterBottom>
        Audit log
      </Typography>
      {error ? <Alert severity="error">Failed to load the audit log</Alert> : null}
      <SimpleTable
        label="Audit log"
        columns={[
          { label: 'Time' },
          { label: 'Staff' },
          { label: 'Action' },
          { label: 'Organization', hidden: Boolean(organizationId) },
          { label: 'Outcome' },
          { label: 'Details' },
        ]}
        pager={{ count: data?.total ?? 0, page, perPage: PER_PAGE, onPage: setPage }}
      >
        <TableBody>
          {(data?.rows ?? []).map((e) => (
            <TableRow key={e.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.created_at)}</TableCell>
              <TableCell>{e.staff_username}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', fontSize: 12 }}>{e.action}</TableCell>
              {!organizationId && <TableCell sx={{ fontFamily: 'monospace', fontSize: 12 }}>{e.target_organization_id ?? '—'}</TableCell>}
              <TableCell>
                <Chip size="small" label={e.outcome} color={OUTCOME_COLOR[e.outcome as keyof typeof OUTCOME_COLOR] ?? 'default'} />
              </TableCell>
              <TableCell sx={{ fontSize: 12 }}>{summary(e.detail, e.request)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </SimpleTable>
    </Box>
  );
}
