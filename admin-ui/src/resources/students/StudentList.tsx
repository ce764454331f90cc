import { useState } from 'react';
import { ListBase, useGetList, useGetOne, useListContext, useRefresh } from 'react-admin';
import {
  Alert,
  Box,
  Card,
  CardActionArea,
  CardContent,
  Drawer,
  Pagination,
  Skeleton,
  Stack,
  TableBody,
  TableCell,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { PageHeader } from '@/common/PageHeader';
import { CsvDownloadButton } from '@/common/CsvDownloadButton';
import { useAppDataProvider } from '@/providers/dataProvider';
import { SimpleTable } from '@/common/SimpleTable';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { useSession } from '@/session/SessionContext';
import { useTimedMessage } from '@/common/useTimedMessage';
import { useSubscriptionValidation } from '@/providers/queries';
import { useDeleteFlow } from '@/common/useDeleteFlow';
import { useListToolbar } from '@/common/useListToolbar';
import { PlanUsageTile, StatTile } from '@/common/StatTile';
import { ListNotices } from '@/common/ListNotices';
import { ListToolbar } from '@/common/ListToolbar';
import { DeleteFlowDialog } from '@/common/DeleteFlowDialog';
import { limitInfo, studentLimitMessage } from '@/common/plans';
import { paymentLabel } from '@/common/paymentStatus';
import { formatDate, fullName } from '@/common/format';
import type { Student } from '@/providers/types';
import { StudentDetailPanel } from '@/resources/students/StudentDetailPanel';
import { StudentFormDialog } from '@/resources/students/StudentFormDialog';
import { formatPhone, studentListError } from '@/resources/students/studentUtils';

type SortKey = 'name' | 'email' | 'classes' | 'date';
const SORT_OPTIONS: { value: SortKey; label: string }[] = [
  { value: 'name', label: 'Name' },
  { value: 'email', label: 'Email' },
  { value: 'classes', label: 'Classes' },
  { value: 'date', label: 'Registration date' },
];
const PER_PAGE = 25;

function paymentSummary(s: Student): string {
  const labels = (s.classEnrollments ?? []).map((e) => paymentLabel(e));
  if (!labels.length) return '—';
  const counts = labels.reduce<Record<string, number>>((acc, l) => ({ ...acc, [l]: (acc[l] ?? 0) + 1 }), {});
  return Object.entries(counts)
    .map(([l, n]) => `${n} ${l}`)
    .join(', ');
}

/**
 * Manage Students (spec 3 §2.4). react-admin's ListBase owns search, sort, page and the fetch (kept in
 * memory, not in the URL, as before); the view below only draws them.
 */
export default function StudentList() {
  return (
    <ListBase<Student> resource="students" perPage={PER_PAGE} sort={{ field: 'name', order: 'ASC' }} debounce={300} disableSyncWithLocation>
      <StudentListView />
    </ListBase>
  );
}

function StudentListView() {
  const { user } = useSession();
  const orgId = user?.organizationId ?? null;
  const refresh = useRefresh();
  const isWide = useMediaQuery((t: Theme) => t.breakpoints.up('md'));

  const list = useListContext<Student>();
  const controls = useListToolbar<SortKey>();
  const appDp = useAppDataProvider();
  const q = typeof list.filterValues.q === 'string' ? list.filterValues.q : '';
  const { page, setPage } = list;
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Student | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useTimedMessage(3000);

  const all = useGetList<Student>('students', { pagination: { page: 1, perPage: 1 }, sort: { field: 'name', order: 'ASC' }, filter: {} });
  const validation = useSubscriptionValidation();
  const plan = validation.data?.plan;
  const limit = limitInfo(plan?.limits?.maxStudents, validation.data?.usage?.students ?? all.total);
  const planName = validation.data?.planName || plan?.name || 'Your plan';
  // Spec 3 §8: without the plan check's data the limit is unknown; say so rather than imply "unlimited".
  const limitUnknown = Boolean(validation.error) || Boolean(validation.data && !plan?.limits);
  const blockedMessage = limit.reached && limit.limit !== null ? studentLimitMessage(planName, limit.limit, limit.current) : null;
  const selected = useGetOne<Student>('students', { id: selectedId ?? '' }, { enabled: Boolean(selectedId) });

  const afterChange = () => {
    // react-admin's refresh invalidates every query, the plan check's usage included.
    refresh();
  };

  const deletion = useDeleteFlow<Student>('students', {
    deleted: (record) => {
      if (selectedId === record.id) setSelectedId(null);
      setSuccess('Student deleted successfully!');
      setError(null);
      afterChange();
    },
    failed: () => setError('Failed to delete student'),
  });

  const rows = list.data ?? [];
  const listError = studentListError(list.error, list.data !== undefined);
  const open = (s: Student) => setSelectedId(s.id);

  return (
    <Stack spacing={2.5} pb={2}>
      <PageHeader
        title="Manage Students"
        action="Add Student"
        actionIcon={<PersonAddIcon />}
        onAction={() => {
          setEditing(null);
          setFormOpen(true);
        }}
      />
      <ListNotices error={error} onCloseError={() => setError(null)} loadError={listError} success={success} />
      {blockedMessage && <Alert severity="info">{blockedMessage}</Alert>}
      {limitUnknown && <Alert severity="warning">Unable to check student limits</Alert>}

      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' }, gap: 1.5 }}>
        <PlanUsageTile label="Total students" count={all.total} limit={limit} planHasLimits={Boolean(plan?.limits)} />
        <StatTile
          label="Plan capacity left"
          value={limit.limit === null ? (plan?.limits ? 'Unlimited' : '—') : Math.max(0, limit.limit - limit.current)}
          accent="secondary.main"
        />
        <StatTile label={q ? 'Matching your search' : 'Shown'} value={list.total ?? '—'} accent="info.main" />
      </Box>

      <ListToolbar {...controls.toolbar} searchLabel="Search students by name, email or phone" sortOptions={SORT_OPTIONS} />
      <CsvDownloadButton
        label="Download CSV"
        accessibleLabel="Download all students as CSV"
        fetchFile={() => appDp.downloadStudentsCsv()}
      />

      {list.isPending ? (
        <Skeleton variant="rounded" height={240} />
      ) : rows.length === 0 ? (
        <Box sx={{ textAlign: 'center', py: 6, color: 'text.secondary' }}>
          <Typography>{q ? 'No students match your search.' : 'No students yet.'}</Typography>
        </Box>
      ) : isWide ? (
        <SimpleTable
          label="Students"
          columns={[
            { label: 'Name' },
            { label: 'Email' },
            { label: 'Phone' },
            { label: 'Classes', align: 'center' },
            { label: 'Payments' },
            { label: 'Registered' },
          ]}
          size="medium"
        >
          <TableBody>
            {rows.map((s) => (
              <TableRow
                key={s.id}
                hover
                selected={s.id === selectedId}
                onClick={() => open(s)}
                sx={{ cursor: 'pointer' }}
                tabIndex={0}
                onKeyDown={(e) => e.key === 'Enter' && open(s)}
              >
                <TableCell sx={{ fontWeight: 600 }}>
                  {fullName(s)}
                  {s.householdContact ? (
                    <Typography variant="body2" color="text.secondary" fontWeight={400}>
                      Household of {s.householdContact.firstName} {s.householdContact.lastName}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell>{s.email}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatPhone(s.phone)}</TableCell>
                <TableCell align="center">{s.classEnrollments?.length ?? 0}</TableCell>
                <TableCell>{paymentSummary(s)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(s.registrationDate || s.createdAt, 'short')}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </SimpleTable>
      ) : (
        <Stack spacing={1.5}>
          {rows.map((s) => (
            <Card key={s.id}>
              <CardActionArea onClick={() => open(s)} aria-label={`View ${fullName(s)}`}>
                <CardContent>
                  <Typography fontWeight={700}>{fullName(s)}</Typography>
                  {s.householdContact ? (
                    <Typography variant="body2" color="text.secondary">
                      Household of {s.householdContact.firstName} {s.householdContact.lastName}
                    </Typography>
                  ) : null}
                  <Typography variant="body2" color="text.secondary">
                    {s.email}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {formatPhone(s.phone)}
                  </Typography>
                  <Typography variant="body2" mt={0.5}>
                    {s.classEnrollments?.length ?? 0} classes · {paymentSummary(s)}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
        </Stack>
      )}
      {(list.total ?? 0) > PER_PAGE && (
        <Stack alignItems="center">
          <Pagination count={Math.ceil((list.total ?? 0) / PER_PAGE)} page={page} onChange={(_, p) => setPage(p)} color="primary" />
        </Stack>
      )}

      <Drawer
        anchor={isWide ? 'right' : 'bottom'}
        open={Boolean(selectedId && selected.data)}
        onClose={() => setSelectedId(null)}
        // The drawer is a dialog (MUI gives its paper that role): named, as axe requires.
        slotProps={{ paper: { 'aria-label': 'Student', sx: { maxHeight: isWide ? undefined : '92vh' } } }}
      >
        {selected.data && (
          <StudentDetailPanel
            record={selected.data}
            onClose={() => setSelectedId(null)}
            onEdit={() => {
              setEditing(selected.data!);
              setFormOpen(true);
            }}
            onDelete={() => deletion.ask(selected.data!)}
          />
        )}
      </Drawer>

      <StudentFormDialog
        open={formOpen}
        record={editing}
        organizationId={orgId}
        blockedMessage={blockedMessage}
        onClose={() => setFormOpen(false)}
        onSaved={(saved, message) => {
          setFormOpen(false);
          setSuccess(message);
          setError(null);
          if (saved?.id && editing) setSelectedId(saved.id);
          afterChange();
        }}
      />
      <DeleteFlowDialog deletion={deletion} noun="student" />
    </Stack>
  );
}
