/** A report laid out as tables: what the CSV and the PDF both print (one definition, so they never disagree). */
export interface Column {
  header: string;
  /** 'money' prints dollars with 2 decimals, 'percent' a rounded percent, 'int' a count. */
  kind: 'text' | 'int' | 'money' | 'percent';
}

export interface ReportTable {
  title: string;
  columns: Column[];
  rows: (string | number | null)[][];
  /** The totals row (first cell 'Total'). */
  totals?: (string | number | null)[];
}

type Row = Record<string, unknown>;
interface Report {
  report: string;
  rows: Row[];
  series: Row[];
  totals: Row;
}

const c = (header: string, kind: Column['kind'] = 'text'): Column => ({ header, kind });
const n = (v: unknown) => (v === null || v === undefined ? null : (v as number));

/** The main table (per class, or per class and session) and the per-day table of the chart's figures. */
export function reportTables(r: Report): { main: ReportTable; daily: ReportTable } {
  const t = r.totals;
  if (r.report === 'enrollment') {
    return {
      main: {
        title: 'Enrollment by class',
        columns: [
          c('Class'),
          c('Class start'),
          c('Enrolled', 'int'),
          c('Cancelled', 'int'),
          c('Capacity', 'int'),
          c('Fill rate (%)', 'percent'),
        ],
        rows: r.rows.map((x) => [
          x.className as string,
          new Date(x.classStartDate as string).toISOString().slice(0, 10),
          n(x.enrolled),
          n(x.cancelled),
          n(x.capacity),
          n(x.fillRate),
        ]),
        totals: ['Total', '', n(t.enrolled), n(t.cancelled), n(t.capacity), n(t.fillRate)],
      },
      daily: {
        title: 'Enrollments per day',
        columns: [c('Date'), c('Enrollments', 'int')],
        rows: r.series.map((x) => [x.date as string, n(x.enrollments)]),
        totals: ['Total', n(t.enrolled)],
      },
    };
  }
  if (r.report === 'revenue') {
    const money = (x: Row) => [
      n(x.payments),
      n(x.gross),
      n(x.refunds),
      n(x.total),
      n(x.averagePerStudent),
      n(x.card),
      n(x.inPerson),
      n(x.platformFee),
      n(x.organizationAmount),
      n(x.discounts),
    ];
    return {
      main: {
        title: 'Revenue by class',
        columns: [
          c('Class'),
          c('Payments', 'int'),
          c('Received ($)', 'money'),
          c('Refunds ($)', 'money'),
          c('Total ($)', 'money'),
          c('Average per student ($)', 'money'),
          c('Card ($)', 'money'),
          c('In person ($)', 'money'),
          c('Platform fee ($)', 'money'),
          c('Organization amount ($)', 'money'),
          c('Discounts given ($)', 'money'),
        ],
        rows: r.rows.map((x) => [x.className as string, ...money(x)]),
        totals: ['Total', ...money(t)],
      },
      daily: {
        title: 'Revenue per day',
        columns: [c('Date'), c('Revenue ($)', 'money'), c('Refunds ($)', 'money')],
        rows: r.series.map((x) => [x.date as string, n(x.revenue), n(x.refunds)]),
        totals: ['Total', n(t.total), n(t.refunds)],
      },
    };
  }
  return {
    main: {
      title: 'Attendance by session',
      columns: [
        c('Class'),
        c('Session', 'int'),
        c('Date'),
        c('Enrolled', 'int'),
        c('Present', 'int'),
        c('Absent', 'int'),
        c('Unmarked', 'int'),
        c('Attendance rate (%)', 'percent'),
      ],
      rows: r.rows.map((x) => [
        x.className as string,
        (x.sessionIndex as number) + 1,
        x.date as string,
        n(x.enrolled),
        n(x.present),
        n(x.absent),
        n(x.unmarked),
        n(x.attendanceRate),
      ]),
      totals: ['Total', n(t.sessions), '', null, n(t.present), n(t.absent), n(t.unmarked), n(t.attendanceRate)],
    },
    daily: {
      title: 'Attendance per day',
      columns: [c('Date'), c('Present', 'int'), c('Absent', 'int')],
      rows: r.series.map((x) => [x.date as string, n(x.present), n(x.absent)]),
      totals: ['Total', n(t.present), n(t.absent)],
    },
  };
}

export function formatCell(v: string | number | null, kind: Column['kind']): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number' && kind === 'money') return v.toFixed(2);
  return String(v);
}

/** `enrollment-report_2026-11-01_2026-11-30.csv`: the report and its range. */
export const fileName = (report: string, startDate: string, endDate: string, ext: 'csv' | 'pdf') =>
  `${report}-report_${startDate}_${endDate}.${ext}`;
