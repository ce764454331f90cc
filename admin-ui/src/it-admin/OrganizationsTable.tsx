import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Box, Button, Chip, Stack, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { SimpleTable } from '@/common/SimpleTable';
import { ConfirmDialog } from '@/common/ConfirmDialog';
import { formatDate } from '@/common/format';
import { DeleteOrganizationDialog } from '@/it-admin/DeleteOrganizationDialog';
import { type StaffOrganization } from '@/it-admin/staffApi';
import { useStaffDataProvider } from '@/it-admin/staffProviders';
import { actionErrorText, TEXT } from '@/it-admin/itAdminUtils';
import { SearchField } from '@/common/SearchField';

const PER_PAGE = 10;

/** Plan and status as a chip colour. */
export const statusColor = (status: string) =>
  status === 'active' || status === 'trialing' ? 'success' : status === 'past_due' || status === 'unpaid' ? 'warning' : 'default';

export function PaymentProviderCell({
  org,
}: {
  org: Pick<StaffOrganization, 'stripe_connect_account_id' | 'stripe_onboarding_completed' | 'stripe_charges_enabled'>;
}) {
  if (!org.stripe_connect_account_id)
    return (
      <Typography variant="body2" color="text.secondary">
        Not connected
      </Typography>
    );
  return (
    <Stack spacing={0.5}>
      <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
        {org.stripe_connect_account_id}
      </Typography>
      <Stack direction="row" gap={0.5} flexWrap="wrap">
        <Chip
          size="small"
          label={org.stripe_onboarding_completed ? 'Onboarded' : 'Onboarding incomplete'}
          color={org.stripe_onboarding_completed ? 'success' : 'warning'}
        />
        <Chip
          size="small"
          label={org.stripe_charges_enabled ? 'Charges on' : 'Charges off'}
          color={org.stripe_charges_enabled ? 'success' : 'default'}
        />
      </Stack>
    </Stack>
  );
}

/**
 * The organizations table of the dashboard (spec 3 §2.12): organization, subscription, counts, payment-provider
 * status and the actions View Details, Reset Subscription and Delete Organization.
 */
export function OrganizationsTable({
  q,
  onSearch,
  page,
  onPage,
  rows,
  total,
  loading,
  error,
  onChanged,
}: {
  q: string;
  onSearch: (q: string) => void;
  page: number;
  onPage: (page: number) => void;
  rows: StaffOrganization[];
  total: number;
  loading: boolean;
  error: unknown;
  onChanged: (message: string) => void;
}) {
  const dp = useStaffDataProvider();
  const navigate = useNavigate();
  const [resetting, setResetting] = useState<StaffOrganization | null>(null);
  const [deleting, setDeleting] = useState<StaffOrganization | null>(null);
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const resetSubscription = async () => {
    if (!resetting) return;
    setBusy(true);
    setActionError(null);
    try {
      const res = await dp.resetSubscription(resetting.id);
      setResetting(null);
      onChanged(res.message ?? `${resetting.name} is back on the Free plan.`);
    } catch (e) {
      setResetting(null);
      setActionError(actionErrorText(e, TEXT.resetSubscription, TEXT.resetNetwork));
    } finally {
      setBusy(false);
    }
  };

  const deleteOrganization = async (typed: string) => {
    if (!deleting) return;
    setBusy(true);
    setDeleteError(null);
    try {
      const res = await dp.deleteOrganization(deleting.id, typed);
      setDeleting(null);
      onChanged(res.message ?? `${deleting.name} was deleted.`);
    } catch (e) {
      setDeleteError(actionErrorText(e, TEXT.deleteOrganization, TEXT.deleteNetwork));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="section" aria-labelledby="organizations-title">
      <Stack direction={{ xs: 'column', sm: 'row' }} justifyContent="space-between" alignItems={{ sm: 'center' }} gap={1} mb={1}>
        <Typography id="organizations-title" variant="h6" component="h2">
          Organizations
        </Typography>
        <SearchField
          size="small"
          sx={{ width: { xs: '100%', sm: 360 } }}
          placeholder="Search by name or domain"
          value={q}
          onChange={(e) => onSearch(e.target.value)}
          slotProps={{ htmlInput: { 'aria-label': 'Search organizations' } }}
        />
      </Stack>
      {error ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {TEXT.loadOrganizations}
        </Alert>
      ) : null}
      {actionError && (
        <Alert severity="error" sx={{ mb: 1 }} onClose={() => setActionError(null)}>
          {actionError}
        </Alert>
      )}
      <SimpleTable
        label="Organizations"
        columns={[
          { label: 'Organization' },
          { label: 'Subscription' },
          { label: 'Counts' },
          { label: 'Payment provider' },
          { label: 'Created' },
          { label: 'Actions', align: 'right' },
        ]}
        pager={{ count: total, page, perPage: PER_PAGE, onPage }}
      >
        <TableBody>
          {rows.map((org) => (
            <TableRow key={org.id} hover>
              <TableCell>
                <Typography variant="body2" fontWeight={600}>
                  {org.name}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {org.domain ?? 'No domain'}
                </Typography>
              </TableCell>
              <TableCell>
                <Stack spacing={0.5} alignItems="flex-start">
                  <Typography variant="body2">{org.subscription_plan_name}</Typography>
                  <Chip size="small" label={org.subscription_status} color={statusColor(org.subscription_status)} />
                </Stack>
              </TableCell>
              <TableCell>
                <Typography variant="caption" component="div">
                  {org.counts.users} users · {org.counts.classes} classes
                </Typography>
                <Typography variant="caption" component="div">
                  {org.counts.students} students · {org.counts.enrollments} enrollments
                </Typography>
                <Typography variant="caption" component="div" color="text.secondary">
                  {org.counts.communications} communications
                </Typography>
              </TableCell>
              <TableCell>
                <PaymentProviderCell org={org} />
              </TableCell>
              <TableCell>
                <Typography variant="body2">{formatDate(org.created_at, 'short')}</Typography>
              </TableCell>
              <TableCell align="right">
                <Stack direction={{ xs: 'column', lg: 'row' }} gap={0.5} justifyContent="flex-end">
                  <Button size="small" variant="outlined" onClick={() => navigate(`/it-admin/organizations/${org.id}`)}>
                    View Details
                  </Button>
                  <Button size="small" variant="outlined" color="warning" onClick={() => setResetting(org)}>
                    Reset Subscription
                  </Button>
                  <Button
                    size="small"
                    variant="outlined"
                    color="error"
                    onClick={() => {
                      setDeleteError(null);
                      setDeleting(org);
                    }}
                  >
                    Delete Organization
                  </Button>
                </Stack>
              </TableCell>
            </TableRow>
          ))}
          {!rows.length && !loading && (
            <TableRow>
              <TableCell colSpan={6}>
                <Typography variant="body2" color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                  {q.trim() ? 'No organization matches this search.' : 'No organizations yet.'}
                </Typography>
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </SimpleTable>
      <ConfirmDialog
        open={!!resetting}
        title="Reset Subscription"
        message={`Reset ${resetting?.name ?? ''} to the Free plan? Its paid subscription is cancelled.`}
        confirmLabel="Reset Subscription"
        busy={busy}
        onConfirm={resetSubscription}
        onClose={() => setResetting(null)}
      />
      <DeleteOrganizationDialog
        key={deleting?.id ?? 'none'}
        name={deleting?.name ?? ''}
        open={!!deleting}
        busy={busy}
        error={deleteError}
        onConfirm={deleteOrganization}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}

export const ORGANIZATIONS_PER_PAGE = PER_PAGE;
