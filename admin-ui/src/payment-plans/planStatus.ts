import type { InstalmentDetail, PayerPlanListItem, PayerPlanStatus } from '@/providers/paymentPlans';

export const PLAN_STATUS_LABELS: Record<PayerPlanStatus, string> = {
  pending: 'Pending',
  active: 'Active',
  pastDue: 'Past due',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const PLAN_STATUS_COLORS: Record<PayerPlanStatus, 'default' | 'success' | 'error' | 'info' | 'warning'> = {
  pending: 'default',
  active: 'info',
  pastDue: 'error',
  completed: 'success',
  cancelled: 'default',
};

export const INSTALMENT_LABELS: Record<InstalmentDetail['status'], string> = {
  scheduled: 'Due',
  paid: 'Paid',
  processing: 'Processing',
  failed: 'Failed',
  waived: 'Waived',
  cancelled: 'Cancelled',
};

const cell = (v: string | number | null) => {
  const s = v === null ? '' : String(v);
  // A leading = + - @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(s) ? `'${s}` : s;
  return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The list as CSV, one plan a line, in the columns the screen shows. */
export function plansCsv(rows: PayerPlanListItem[]): string {
  const head = ['Student', 'Email', 'Class', 'Term', 'Plan', 'Status', 'Total', 'Paid', 'Balance', 'Next due', 'Next amount'];
  const lines = rows.map((r) =>
    [
      r.studentName,
      r.studentEmail,
      r.classTitle,
      r.termName,
      r.planName,
      PLAN_STATUS_LABELS[r.status],
      r.total.toFixed(2),
      r.paid.toFixed(2),
      r.balance.toFixed(2),
      r.nextDueAt,
      r.nextAmount === null ? null : r.nextAmount.toFixed(2),
    ]
      .map(cell)
      .join(','),
  );
  return [head.join(','), ...lines].join('\n') + '\n';
}
