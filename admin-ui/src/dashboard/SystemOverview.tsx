import { useState } from 'react';
import { Alert, Box, Paper, Skeleton, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useDashboardSummary } from '@/providers/queries';
import { formatChange, formatMoney } from '@/common/format';
import { DASHBOARD_SUMMARY_ERROR } from '@/providers/dataProvider';
import { errorMessage } from '@/providers/httpClient';
import type { DashboardPeriod, DashboardSummary } from '@/providers/types';

const NO_DATA = 'No data yet';

type Metric = { label: string; value: (s: DashboardSummary) => string | null; change?: (s: DashboardSummary) => number | null | undefined };

const num = (v: unknown) => (v === null || v === undefined || Number.isNaN(Number(v)) ? null : String(v));
const pct = (v: unknown) => (v === null || v === undefined || Number.isNaN(Number(v)) ? null : `${Number(v).toFixed(1)}%`);

const METRICS: Metric[] = [
  {
    label: 'Total revenue',
    value: (s) => (s.totalRevenue === null || s.totalRevenue === undefined ? null : formatMoney(s.totalRevenue)),
    change: (s) => s.revenueChange,
  },
  { label: 'Total students', value: (s) => num(s.totalStudents), change: (s) => s.studentChange },
  { label: 'New students', value: (s) => num(s.newStudents) },
  { label: 'Active students', value: (s) => num(s.activeStudents) },
  { label: 'Enrollments', value: (s) => num(s.enrollments), change: (s) => s.enrollmentChange as number | null | undefined },
  { label: 'Total classes', value: (s) => num(s.totalClasses) },
  { label: 'Upcoming classes', value: (s) => num(s.upcomingClasses) },
  { label: 'Open classes', value: (s) => num(s.openClasses) },
  { label: 'Full classes', value: (s) => num(s.fullClasses) },
  {
    label: 'Repeat students',
    value: (s) =>
      s.repeatRate === null || s.repeatRate === undefined
        ? num(s.repeatStudents)
        : `${pct(s.repeatRate)}${s.repeatStudents !== null && s.repeatStudents !== undefined ? ` (${s.repeatStudents})` : ''}`,
  },
  {
    label: 'Growth rate',
    value: (s) => (s.monthlyGrowthRate === null || s.monthlyGrowthRate === undefined ? null : formatChange(s.monthlyGrowthRate)),
  },
  {
    label: 'Average satisfaction',
    value: (s) =>
      s.averageSatisfaction === null || s.averageSatisfaction === undefined ? null : `${Number(s.averageSatisfaction).toFixed(1)} / 5`,
  },
];

/**
 * System Overview (spec 3 §2.2) with a month/quarter/year selector. All figures come from the server
 * (GET /api/reporting/dashboard-summary); a null shows 'No data yet', never an invented number.
 */
export function SystemOverview() {
  const [period, setPeriod] = useState<DashboardPeriod>('month');
  const summary = useDashboardSummary(period);
  const s = summary.data;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="system-overview">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        justifyContent="space-between"
        alignItems={{ xs: 'flex-start', sm: 'center' }}
        spacing={1}
        mb={2}
      >
        <Typography variant="h6" component="h2" id="system-overview">
          System Overview
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={period}
          onChange={(_, v: DashboardPeriod | null) => v && setPeriod(v)}
          aria-label="Period"
        >
          <ToggleButton value="month">Month</ToggleButton>
          <ToggleButton value="quarter">Quarter</ToggleButton>
          <ToggleButton value="year">Year</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      {summary.error ? (
        <Alert severity="error">{errorMessage(summary.error, DASHBOARD_SUMMARY_ERROR)}</Alert>
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', md: 'repeat(4, 1fr)' }, gap: 1.5 }}>
          {METRICS.map((m) => {
            const value = s ? m.value(s) : undefined;
            const change = s && m.change ? formatChange(m.change(s)) : null;
            return (
              <Box key={m.label} sx={{ p: 1.5, borderRadius: 2, bgcolor: 'action.hover' }}>
                <Typography variant="caption" color="text.secondary" component="div">
                  {m.label}
                </Typography>
                {summary.isPending ? (
                  <Skeleton width={60} />
                ) : (
                  <Typography variant={value ? 'h6' : 'body2'} color={value ? 'text.primary' : 'text.secondary'} sx={{ mt: 0.5 }}>
                    {value ?? NO_DATA}
                  </Typography>
                )}
                {change && (
                  <Typography variant="caption" color={change.startsWith('-') ? 'error.main' : 'success.main'}>
                    {change} vs previous {period}
                  </Typography>
                )}
              </Box>
            );
          })}
        </Box>
      )}
      {s?.topPerformingClass ? (
        <Typography variant="body2" color="text.secondary" mt={2}>
          Top performing class:{' '}
          <strong>
            {typeof s.topPerformingClass === 'string'
              ? s.topPerformingClass
              : String(
                  (s.topPerformingClass as { title?: string; name?: string }).title ??
                    (s.topPerformingClass as { name?: string }).name ??
                    '',
                )}
          </strong>
        </Typography>
      ) : null}
    </Paper>
  );
}
