import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import {
  money,
  pct,
  type AnyReport,
  type AttendanceReport,
  type EnrollmentReport,
  type ReportKind,
  type RevenueReport,
} from './reportTypes';

type Cell = string | number;
interface Layout {
  headers: string[];
  rows: Cell[][];
  totals: Cell[];
}

function layout(kind: ReportKind, report: AnyReport): Layout {
  if (kind === 'enrollment') {
    const r = report as EnrollmentReport;
    return {
      headers: ['Class', 'Enrolled', 'Cancelled', 'Capacity', 'Fill rate'],
      rows: r.rows.map((x) => [x.className, x.enrolled, x.cancelled, x.capacity, pct(x.fillRate)]),
      totals: ['Total', r.totals.enrolled, r.totals.cancelled, r.totals.capacity, pct(r.totals.fillRate)],
    };
  }
  if (kind === 'revenue') {
    const r = report as RevenueReport;
    const cells = (x: Omit<RevenueReport['totals'], 'classes'>) => [
      x.payments,
      money(x.total),
      money(x.averagePerStudent),
      money(x.card),
      money(x.inPerson),
      money(x.platformFee),
      money(x.refunds),
      money(x.organizationAmount),
      money(x.discounts),
    ];
    return {
      headers: [
        'Class',
        'Payments',
        'Total',
        'Average per student',
        'Card',
        'In person',
        'Platform fee',
        'Refunds',
        'Your amount',
        'Discounts given',
      ],
      rows: r.rows.map((x) => [x.className, ...cells(x)]),
      totals: ['Total', ...cells(r.totals)],
    };
  }
  const r = report as AttendanceReport;
  return {
    headers: ['Class', 'Session', 'Date', 'Present', 'Absent', 'Unmarked', 'Attendance rate'],
    rows: r.rows.map((x) => [x.className, x.sessionIndex + 1, x.date, x.present, x.absent, x.unmarked, pct(x.attendanceRate)]),
    totals: ['Total', r.totals.sessions, '', r.totals.present, r.totals.absent, r.totals.unmarked, pct(r.totals.attendanceRate)],
  };
}

/** The figures under the chart: one row per class (per session for attendance) and the totals. */
export function ReportTable({ kind, report }: { kind: ReportKind; report: AnyReport }) {
  const t = layout(kind, report);
  return (
    // On a phone the table scrolls sideways: the scrolling area takes focus so the keyboard can reach every cell (WCAG 2.1.1).
    <TableContainer tabIndex={0} role="region" aria-label={`${kind} report figures`}>
      <Table size="small" aria-label={`${kind} report table`}>
        <TableHead>
          <TableRow>
            {t.headers.map((h, i) => (
              <TableCell key={h} align={i === 0 || h === 'Date' ? 'left' : 'right'}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {t.rows.map((row, r) => (
            <TableRow key={r}>
              {row.map((c, i) => (
                <TableCell key={i} align={i === 0 || t.headers[i] === 'Date' ? 'left' : 'right'}>
                  {c}
                </TableCell>
              ))}
            </TableRow>
          ))}
          <TableRow sx={{ '& td': { fontWeight: 700, bgcolor: 'action.hover' } }}>
            {t.totals.map((c, i) => (
              <TableCell key={i} align={i === 0 || t.headers[i] === 'Date' ? 'left' : 'right'}>
                {c}
              </TableCell>
            ))}
          </TableRow>
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The discounts given in a revenue report's range, per automatic rule and per promo code (nothing when none). */
export function discountsGivenText(r: RevenueReport): string | null {
  const parts = [
    ...(r.discountsGiven?.rules ?? []).map((x) => `${x.label} ${money(x.amount)} (${x.enrollments})`),
    // A code's uses are counted as Settings › Discounts counts them (the same figures for the same registrations).
    ...(r.discountsGiven?.codes ?? []).map(
      (x) =>
        `Promo code ${x.code} ${money(x.amount)} (${x.redemptions} ${x.redemptions === 1 ? 'use' : 'uses'}, ${money(x.revenue)} revenue)`,
    ),
  ];
  return parts.length ? `Discounts given: ${parts.join(' · ')}` : null;
}
