/**
 * The report's chart (recharts). Imported lazily by ReportsPage only, so the chart library is a chunk of the
 * reports screen and never part of the admin's first load.
 */
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTheme } from '@mui/material';
import type { AnyReport, AttendanceReport, EnrollmentReport, ReportKind, RevenueReport } from './reportTypes';

const shortDate = (d: string) => `${Number(d.slice(5, 7))}/${Number(d.slice(8, 10))}`;

export default function ReportChart({ kind, report }: { kind: ReportKind; report: AnyReport }) {
  const theme = useTheme();
  const primary = theme.palette.primary.main;
  const secondary = theme.palette.secondary.main;
  return (
    <div data-testid="report-chart" style={{ width: '100%', height: 300 }}>
      <ResponsiveContainer>
        <BarChart data={report.series as Record<string, unknown>[]} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="date" tickFormatter={shortDate} minTickGap={12} />
          <YAxis allowDecimals={kind === 'revenue'} />
          <Tooltip />
          {kind === 'enrollment' && <Bar dataKey="enrollments" name="Enrollments" fill={primary} isAnimationActive={false} />}
          {kind === 'revenue' && <Bar dataKey="revenue" name="Revenue ($)" fill={primary} isAnimationActive={false} />}
          {kind === 'revenue' && <Bar dataKey="refunds" name="Refunds ($)" fill={theme.palette.error.main} isAnimationActive={false} />}
          {kind === 'attendance' && <Bar dataKey="present" name="Present" stackId="a" fill={primary} isAnimationActive={false} />}
          {kind === 'attendance' && <Bar dataKey="absent" name="Absent" stackId="a" fill={secondary} isAnimationActive={false} />}
          {kind !== 'enrollment' && <Legend />}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

export type { AttendanceReport, EnrollmentReport, RevenueReport };
