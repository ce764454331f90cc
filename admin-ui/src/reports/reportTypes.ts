import type { components } from '@shared/api/schema';

type Schemas = components['schemas'];
export type EnrollmentReport = Schemas['EnrollmentReportDto'];
export type RevenueReport = Schemas['RevenueReportDto'];
export type AttendanceReport = Schemas['AttendanceReportDto'];
export type AnyReport = EnrollmentReport | RevenueReport | AttendanceReport;

export type ReportKind = 'enrollment' | 'revenue' | 'attendance';
export const REPORT_KINDS: { value: ReportKind; label: string }[] = [
  { value: 'enrollment', label: 'Enrollment' },
  { value: 'revenue', label: 'Revenue' },
  { value: 'attendance', label: 'Attendance' },
];

/** Spec 3 §2.7 / §9: 7 days, 2 weeks, month (30 days), quarter (90 days), year (365 days), custom. */
export type RangeKey = '7d' | '14d' | '30d' | '90d' | '365d' | 'custom';
export const RANGES: { value: RangeKey; label: string }[] = [
  { value: '7d', label: '7 days' },
  { value: '14d', label: '2 weeks' },
  { value: '30d', label: 'Month (30 days)' },
  { value: '90d', label: 'Quarter (90 days)' },
  { value: '365d', label: 'Year (365 days)' },
  { value: 'custom', label: 'Custom' },
];

/** Spec 3 §8, verbatim. */
export const loadError = (kind: ReportKind) => `Failed to load ${kind} data`;
export const emptyText = (kind: ReportKind) => `No ${kind} data found for the selected date range.`;

/** The query of a report: a preset range is resolved by the server in the organization's time zone. */
export function reportQuery(range: RangeKey, custom: { start: string; end: string }, classId?: string): string | null {
  const p = new URLSearchParams();
  if (range === 'custom') {
    if (!custom.start || !custom.end || custom.start > custom.end) return null;
    p.set('startDate', custom.start);
    p.set('endDate', custom.end);
  } else p.set('timeframe', range);
  if (classId) p.set('classId', classId);
  return p.toString();
}

export const money = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `$${v.toFixed(2)}`);
export const pct = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${v}%`);
