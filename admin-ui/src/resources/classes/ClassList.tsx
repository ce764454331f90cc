import { useLocation } from 'react-router-dom';
import { useState } from 'react';
import { ListBase, useGetList, useGetOne, useListContext, useRefresh, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { useAppDataProvider } from '@/providers/dataProvider';
import {
  Alert,
  Box,
  Button,
  Chip,
  Collapse,
  Grid,
  MenuItem,
  Pagination,
  Skeleton,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { PageHeader } from '@/common/PageHeader';
import AddIcon from '@mui/icons-material/Add';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import { useTimedMessage } from '@/common/useTimedMessage';
import { useSubscriptionValidation } from '@/providers/queries';
import { useDeleteFlow } from '@/common/useDeleteFlow';
import { useListToolbar } from '@/common/useListToolbar';
import { PlanUsageTile, StatTile } from '@/common/StatTile';
import { ListNotices } from '@/common/ListNotices';
import { ListToolbar } from '@/common/ListToolbar';
import { DeleteFlowDialog } from '@/common/DeleteFlowDialog';
import { classLimitMessage, limitInfo } from '@/common/plans';
import { CLASS_STATUSES, type ClassRecord, type ClassStatus } from '@/providers/types';
import { ClassCard } from '@/resources/classes/ClassCard';
import { ClassDetailPanel } from '@/resources/classes/ClassDetailPanel';
import { ClassPanelPlacement } from '@/resources/classes/ClassPanelPlacement';
import { ClassFormDialog } from '@/resources/classes/ClassFormDialog';
import { CloneClassDialog } from '@/resources/classes/CloneClassDialog';
import { STATUS_META, isListable } from '@/resources/classes/classUtils';
import { useClassSearchAnalytics } from '@/resources/classes/useClassSearchAnalytics';
import { useSession } from '@/session/SessionContext';

type SortKey = 'startDate' | 'title' | 'price' | 'enrolledStudents';
const SORT_OPTIONS: { value: SortKey; label: string }[] = [
  { value: 'startDate', label: 'Start date' },
  { value: 'title', label: 'Title' },
  { value: 'price', label: 'Price' },
  { value: 'enrolledStudents', label: 'Enrollment' },
];
const PER_PAGE = 24;

function useStatusCount(status: ClassStatus) {
  const { total } = useGetList<ClassRecord>('classes', {
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'startDate', order: 'ASC' },
    filter: { status },
  });
  return total;
}

/**
 * Manage Classes (spec 3 §2.3). react-admin's ListBase owns search, status filter, sort, page and the
 * fetch (kept in memory, not in the URL, as before); the view below only draws them.
 */
export default function ClassList() {
  return (
    <ListBase<ClassRecord>
      resource="classes"
      perPage={PER_PAGE}
      sort={{ field: 'startDate', order: 'ASC' }}
      debounce={300}
      disableSyncWithLocation
    >
      <ClassListView />
    </ListBase>
  );
}

function ClassListView() {
  const { user } = useSession();
  const orgId = user?.organizationId ?? null;
  const refresh = useRefresh();
  const isWide = useMediaQuery((t: Theme) => t.breakpoints.up('md'));

  const list = useListContext<ClassRecord>();
  const controls = useListToolbar<SortKey>();
  const q = typeof list.filterValues.q === 'string' ? list.filterValues.q : '';
  useClassSearchAnalytics(orgId, q, list.total);
  const status = (list.filterValues.status ?? '') as ClassStatus | '';
  const termId = typeof list.filterValues.termId === 'string' ? list.filterValues.termId : '';
  const dp = useAppDataProvider();
  const terms = useQuery({ queryKey: ['terms'], queryFn: () => dp.getTerms() });
  const { page, setPage } = list;
  // A link may open a class's panel (the dashboard's classes at risk: ?classId=).
  const location = useLocation();
  const [selectedId, setSelectedId] = useState<string | null>(() => new URLSearchParams(location.search).get('classId'));
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<ClassRecord | null>(null);
  const [cloning, setCloning] = useState<ClassRecord | null>(null);
  const [showGuide, setShowGuide] = useState(false);
  const translate = useTranslate();
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useTimedMessage(3000);
  const [warning, setWarning] = useTimedMessage(8000);

  const counts = {
    Open: useStatusCount('Open'),
    Scheduled: useStatusCount('Scheduled'),
    Closed: useStatusCount('Closed'),
    Cancelled: useStatusCount('Cancelled'),
    Archived: useStatusCount('Archived'),
  };
  const nonArchived = (['Open', 'Scheduled', 'Closed', 'Cancelled'] as const).reduce<number | undefined>(
    (sum, s) => (sum === undefined || counts[s] === undefined ? undefined : sum + (counts[s] as number)),
    0,
  );
  const validation = useSubscriptionValidation();
  const plan = validation.data?.plan;
  const limit = limitInfo(plan?.limits?.maxClasses, validation.data?.usage?.classes ?? nonArchived);
  const planName = validation.data?.planName || plan?.name || 'Your plan';
  // Spec 3 §8: without the plan check's data the limit is unknown; say so rather than imply "unlimited".
  const limitUnknown = Boolean(validation.error) || Boolean(validation.data && !plan?.limits);

  const selected = useGetOne<ClassRecord>('classes', { id: selectedId ?? '' }, { enabled: Boolean(selectedId) });
  const visible = (list.data ?? []).filter(isListable);

  const afterChange = () => {
    // react-admin's refresh invalidates every query, the plan check's usage included.
    refresh();
  };

  const deletion = useDeleteFlow<ClassRecord>('classes', {
    deleted: (record) => {
      if (selectedId === record.id) setSelectedId(null);
      setSuccess(translate('admin.classes.deleted'));
      setError(null);
      afterChange();
    },
    failed: () => setError(translate('admin.classes.deleteFailed')),
  });

  const detail =
    selected.data && selectedId ? (
      <ClassDetailPanel
        record={selected.data}
        onClose={() => setSelectedId(null)}
        onEdit={() => {
          setEditing(selected.data!);
          setFormOpen(true);
        }}
        onClone={() => setCloning(selected.data!)}
        onDelete={() => deletion.ask(selected.data!)}
      />
    ) : null;

  return (
    <Stack spacing={2.5} pb={2}>
      <PageHeader
        title={translate('admin.classes.title')}
        below={
          <Button size="small" startIcon={<HelpOutlineIcon />} onClick={() => setShowGuide((s) => !s)} sx={{ px: 0 }}>
            {translate(showGuide ? 'admin.classes.hideGuide' : 'admin.classes.guide')}
          </Button>
        }
        action={translate('admin.classes.create')}
        actionIcon={<AddIcon />}
        onAction={() => {
          setEditing(null);
          setFormOpen(true);
        }}
      />
      <Collapse in={showGuide}>
        <Alert severity="info" icon={false}>
          <Stack spacing={0.75}>
            {CLASS_STATUSES.map((s) => (
              <Stack key={s} direction="row" spacing={1} alignItems="center">
                <Chip size="small" label={translate(`admin.status.${s}`)} color={STATUS_META[s].color} sx={{ minWidth: 90 }} />
                <Typography variant="body2">{translate(`admin.statusHelp.${s}`)}</Typography>
              </Stack>
            ))}
          </Stack>
        </Alert>
      </Collapse>

      <ListNotices
        error={error}
        onCloseError={() => setError(null)}
        loadError={list.error ? translate('admin.classes.loadFailed') : null}
        warning={warning}
        success={success}
      />
      {limit.reached && limit.limit !== null && <Alert severity="info">{classLimitMessage(planName, limit.limit, limit.current)}</Alert>}
      {limitUnknown && <Alert severity="warning">{translate('admin.classes.limitUnknown')}</Alert>}

      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(3, 1fr)', lg: 'repeat(6, 1fr)' }, gap: { xs: 1, sm: 1.5 } }}>
        <PlanUsageTile
          label={translate('admin.classes.total')}
          count={nonArchived}
          limit={limit}
          planHasLimits={Boolean(plan?.limits)}
          note={translate('admin.classes.notCounting')}
        />
        {CLASS_STATUSES.map((s) => (
          <StatTile
            key={s}
            label={translate(`admin.status.${s}`)}
            value={counts[s] ?? '—'}
            accent={`${STATUS_META[s].color === 'default' ? 'grey' : STATUS_META[s].color}.main`}
          />
        ))}
      </Box>

      <ListToolbar
        {...controls.toolbar}
        searchLabel={translate('admin.classes.search')}
        sortOptions={SORT_OPTIONS.map((o) => ({ ...o, label: translate(`admin.classes.sort.${o.value}`) }))}
      >
        <TextField
          select
          label={translate('admin.classes.status')}
          value={status}
          onChange={(e) => controls.setFilter('status', e.target.value)}
          sx={{ flex: 1, minWidth: 160 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{translate('admin.classes.allStatuses')}</MenuItem>
          {CLASS_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {translate(`admin.status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        {!!terms.data?.length && (
          <TextField
            select
            label={translate('admin.classes.term')}
            value={termId}
            onChange={(e) => controls.setFilter('termId', e.target.value)}
            sx={{ flex: 1, minWidth: 160 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{translate('admin.classes.allTerms')}</MenuItem>
            <MenuItem value="none">{translate('admin.classes.noTerm')}</MenuItem>
            {terms.data.map((t) => (
              <MenuItem key={t.id} value={t.id}>
                {t.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      </ListToolbar>

      <Grid container spacing={2.5} alignItems="flex-start">
        <Grid size={{ xs: 12, md: detail && isWide ? 7 : 12 }}>
          {list.isPending ? (
            <Stack spacing={1.5}>
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} variant="rounded" height={150} />
              ))}
            </Stack>
          ) : visible.length === 0 ? (
            <Box sx={{ textAlign: 'center', py: 6, color: 'text.secondary' }}>
              <Typography>{translate(q || status || termId ? 'admin.classes.noMatch' : 'admin.classes.none')}</Typography>
            </Box>
          ) : (
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: {
                  xs: '1fr',
                  sm: detail && isWide ? '1fr' : 'repeat(2, 1fr)',
                  lg: detail && isWide ? 'repeat(2, 1fr)' : 'repeat(3, 1fr)',
                },
                gap: 1.5,
              }}
            >
              {visible.map((c) => (
                <ClassCard key={c.id} record={c} selected={c.id === selectedId} onSelect={() => setSelectedId(c.id)} />
              ))}
            </Box>
          )}
          {(list.total ?? 0) > PER_PAGE && (
            <Stack alignItems="center" mt={2}>
              <Pagination count={Math.ceil((list.total ?? 0) / PER_PAGE)} page={page} onChange={(_, p) => setPage(p)} color="primary" />
            </Stack>
          )}
        </Grid>
        {detail && (
          <ClassPanelPlacement wide={isWide} onClose={() => setSelectedId(null)}>
            {detail}
          </ClassPanelPlacement>
        )}
      </Grid>

      <ClassFormDialog
        open={formOpen}
        record={editing}
        limit={limit}
        onClose={() => setFormOpen(false)}
        onSaved={(saved, message) => {
          setFormOpen(false);
          setSuccess(message);
          setError(null);
          setSelectedId(saved.id);
          afterChange();
        }}
      />
      <CloneClassDialog
        record={cloning}
        limit={limit}
        onClose={() => setCloning(null)}
        onCloned={(result) => {
          setCloning(null);
          setSuccess(translate('admin.classes.cloned'));
          // The dialog sends Archived itself at the limit, so the server has nothing to warn about then.
          if (result.warning || result.statusForcedByLimit || limit.reached) {
            setWarning(result.warning || translate('admin.classes.clonedArchived'));
          }
          if (result.data?.id) setSelectedId(result.data.id);
          afterChange();
        }}
      />
      <DeleteFlowDialog deletion={deletion} noun="class" />
    </Stack>
  );
}
