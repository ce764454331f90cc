import { SubscriptionError } from '@shared/api/error-codes';
/**
 * Reports (spec 3 §2.7): enrollment, revenue and attendance over a range, as a chart, a table and
 * CSV / PDF downloads. Without advancedReporting the server answers 403 and the upsell screen shows instead.
 * A teacher opens it from 'View Reports' of a class: the attendance report of that class, read only. A teacher whose
 * organization's plan lacks advanced reporting is told so in a teacher's words, with no button to the admin pages
 * (plans, dashboard) a teacher cannot open.
 */
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  FormControl,
  InputLabel,
  MenuItem,
  Paper,
  Select,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { saveFile } from '@/common/saveFile';
import { useSession } from '@/session/SessionContext';
import { errorMessage, errorStatus } from '@/providers/httpClient';
import { useAppDataProvider } from '@/providers/dataProvider';
import { discountsGivenText, ReportTable } from './ReportTable';
import { CreditReportsTab } from './CreditReportsTab';
import {
  emptyText,
  loadError,
  RANGES,
  REPORT_KINDS,
  reportQuery,
  type AnyReport,
  type RangeKey,
  type ReportKind,
  type RevenueReport,
} from './reportTypes';

const ReportChart = lazy(() => import('./ReportChart'));

export function ReportsUpsell({ message }: { message: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center', maxWidth: 720, mx: 'auto', mt: 2 }}>
      <WorkspacePremiumIcon color="warning" sx={{ fontSize: 48, mb: 1 }} />
      <Typography variant="h5" component="h1" gutterBottom>
        Advanced Reports
      </Typography>
      <Typography color="text.secondary">{message}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} justifyContent="center" mt={3}>
        <Button variant="contained" component={RouterLink} to="/admin/subscription?tab=plans">
          View Plans
        </Button>
        <Button variant="outlined" component={RouterLink} to="/admin/dashboard">
          Back to Dashboard
        </Button>
      </Stack>
    </Paper>
  );
}

/** A teacher's View Reports without advancedReporting: what to do, and the way back to the class. */
export function TeacherReportsUnavailable({ classId }: { classId?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center', maxWidth: 720, mx: 'auto', mt: 2 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Reports are not available
      </Typography>
      <Typography color="text.secondary">
        Class reports come with advanced reporting, which your organization&apos;s plan does not include. Ask an admin of your organization
        if you need them.
      </Typography>
      {classId && (
        <Button variant="outlined" component={RouterLink} to={`/teacher/payment-view/${classId}`} sx={{ mt: 3 }}>
          Back to the class
        </Button>
      )}
    </Paper>
  );
}

export default function ReportsPage({ classId }: { classId?: string }) {
  const { user } = useSession();
  const dp = useAppDataProvider();
  const [params, setParams] = useSearchParams();
  const [kind, setKind] = useState<ReportKind>(classId ? 'attendance' : 'enrollment');
  const [range, setRange] = useState<RangeKey>('30d');
  const [custom, setCustom] = useState({ start: '', end: '' });
  const [downloading, setDownloading] = useState<'csv' | 'pdf' | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const query = reportQuery(range, custom, classId);
  // A new range keeps the last chart on screen (dimmed) until the new report comes.
  const report = useQuery<AnyReport>({
    queryKey: ['reports', kind, query],
    queryFn: () => dp.getReport(kind, query!),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });

  const onDownload = async (format: 'csv' | 'pdf') => {
    if (query === null) return;
    setDownloading(format);
    setDownloadError(null);
    try {
      const file = await dp.downloadReport(kind, query, format);
      saveFile(file.blob, file.name);
    } catch (e) {
      setDownloadError(errorMessage(e, `Failed to download the ${format.toUpperCase()} file`));
    } finally {
      setDownloading(null);
    }
  };

  if (report.error && errorStatus(report.error) === 403) {
    const planRequired = (report.error as { body?: { code?: string } }).body?.code === SubscriptionError.PlanRequired;
    if (user?.role !== 'teacher') return <ReportsUpsell message={errorMessage(report.error, '')} />;
    if (planRequired) return <TeacherReportsUnavailable classId={classId} />;
  }

  // Until the newly chosen type has loaded, the previous type's figures are not shown under the new headings.
  const data = report.data && report.data.report === kind ? report.data : undefined;
  const empty = data && data.rows.length === 0;
  // The admin's Credits tab (issue 41 §4); a teacher's class report has no tabs.
  const credits = !classId && params.get('tab') === 'credits';
  return (
    <Stack spacing={2.5} pb={2}>
      <Box>
        <Typography variant="h4" component="h1">
          {classId ? `Attendance report${data?.rows[0] ? ` - ${data.rows[0].className}` : ''}` : 'Reports'}
        </Typography>
        {!classId && (
          <Tabs
            value={credits ? 'credits' : 'classes'}
            onChange={(_, v: string) => setParams(v === 'credits' ? { tab: v } : {}, { replace: true })}
            aria-label="Report sections"
          >
            <Tab value="classes" label="Classes" />
            <Tab value="credits" label="Credits" />
          </Tabs>
        )}
      </Box>
      {credits ? <CreditReportsTab /> : classReports()}
    </Stack>
  );

  // A function, not a component: its fields keep their focus across renders.
  function classReports() {
    return (
      <>
        <Box>
          {data && (
            <Typography color="text.secondary">
              {data.startDate} to {data.endDate} · {data.timeZone}
            </Typography>
          )}
        </Box>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'center' }}>
            {!classId && (
              <FormControl size="small" sx={{ minWidth: 180 }}>
                <InputLabel id="report-type-label">Report type</InputLabel>
                <Select
                  labelId="report-type-label"
                  label="Report type"
                  value={kind}
                  onChange={(e) => setKind(e.target.value as ReportKind)}
                >
                  {REPORT_KINDS.map((k) => (
                    <MenuItem key={k.value} value={k.value}>
                      {k.label}
                    </MenuItem>
                  ))}
                </Select>
              </FormControl>
            )}
            <FormControl size="small" sx={{ minWidth: 180 }}>
              <InputLabel id="report-range-label">Date range</InputLabel>
              <Select labelId="report-range-label" label="Date range" value={range} onChange={(e) => setRange(e.target.value as RangeKey)}>
                {RANGES.map((r) => (
                  <MenuItem key={r.value} value={r.value}>
                    {r.label}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
            {range === 'custom' && (
              <>
                <TextField
                  size="small"
                  type="date"
                  label="Start date"
                  value={custom.start}
                  onChange={(e) => setCustom((c) => ({ ...c, start: e.target.value }))}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
                <TextField
                  size="small"
                  type="date"
                  label="End date"
                  value={custom.end}
                  onChange={(e) => setCustom((c) => ({ ...c, end: e.target.value }))}
                  slotProps={{ inputLabel: { shrink: true } }}
                  error={Boolean(custom.start && custom.end && custom.start > custom.end)}
                  helperText={
                    custom.start && custom.end && custom.start > custom.end ? 'End date must not be before start date' : undefined
                  }
                />
              </>
            )}
            <Box flexGrow={1} />
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
              disabled={!data || downloading !== null}
              onClick={() => void onDownload('csv')}
            >
              {downloading === 'csv' ? 'Downloading...' : 'Download CSV'}
            </Button>
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
              disabled={!data || downloading !== null}
              onClick={() => void onDownload('pdf')}
            >
              {downloading === 'pdf' ? 'Downloading...' : 'Download PDF'}
            </Button>
          </Stack>
        </Paper>
        {downloadError && <Alert severity="error">{downloadError}</Alert>}
        {query === null ? (
          <Alert severity="info">Choose a start date and an end date.</Alert>
        ) : !data && !report.error ? (
          <Stack alignItems="center" py={6} spacing={1} role="status">
            <CircularProgress />
            <Typography color="text.secondary">Loading {kind} report...</Typography>
          </Stack>
        ) : report.error ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void report.refetch()}>
                Retry
              </Button>
            }
          >
            {loadError(kind)}
          </Alert>
        ) : empty ? (
          <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
            <Typography color="text.secondary">{emptyText(kind)}</Typography>
          </Paper>
        ) : data ? (
          <>
            <Paper variant="outlined" sx={{ p: 2, opacity: report.isFetching ? 0.6 : 1 }}>
              <Suspense fallback={<Box height={300} />}>
                <ReportChart kind={kind} report={data} />
              </Suspense>
            </Paper>
            <Paper variant="outlined">
              <ReportTable kind={kind} report={data} />
            </Paper>
            {kind === 'revenue' && discountsGivenText(data as RevenueReport) && (
              <Typography variant="body2" color="text.secondary">
                {discountsGivenText(data as RevenueReport)}
              </Typography>
            )}
          </>
        ) : null}
      </>
    );
  }
}
