import type { PlanDefinition, PlanDefinitionInput, PlanInterval } from '@/providers/paymentPlans';

/** The plan dialog's fields as typed (text), before they become the API's body. */
export interface PlanForm {
  name: string;
  /** 'class:<id>' or 'term:<id>' */
  scope: string;
  depositKind: 'amount' | 'percent';
  depositValue: string;
  schedule: 'interval' | 'dates';
  interval: PlanInterval;
  instalmentCount: string;
  firstDueDate: string;
  paidInFullBy: string;
  /** Explicit due dates, comma separated; equal shares of the balance. */
  dueDates: string;
  minPrice: string;
  surcharge: string;
  chooseBy: string;
}

export const EMPTY_PLAN: PlanForm = {
  name: '',
  scope: '',
  depositKind: 'amount',
  depositValue: '0',
  schedule: 'interval',
  interval: 'monthly',
  instalmentCount: '3',
  firstDueDate: '',
  paidInFullBy: '',
  dueDates: '',
  minPrice: '0',
  surcharge: '0',
  chooseBy: '',
};

export const INTERVAL_LABELS: Record<PlanInterval, string> = { weekly: 'Weekly', biweekly: 'Every 2 weeks', monthly: 'Monthly' };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function formFromPlan(p: PlanDefinition): PlanForm {
  return {
    name: p.name,
    scope: p.classId ? `class:${p.classId}` : `term:${p.termId}`,
    depositKind: p.depositKind,
    depositValue: String(p.depositValue),
    schedule: p.dueDates?.length ? 'dates' : 'interval',
    interval: p.interval ?? 'monthly',
    instalmentCount: p.instalmentCount == null ? '' : String(p.instalmentCount),
    firstDueDate: p.firstDueDate ?? '',
    paidInFullBy: p.paidInFullBy ?? '',
    dueDates: (p.dueDates ?? []).map((d) => d.date).join(', '),
    minPrice: String(p.minPrice),
    surcharge: String(p.surcharge),
    chooseBy: p.chooseBy ?? '',
  };
}

/** The form as the API's body, or the first problem in words (the server checks what depends on the class). */
export function planInput(f: PlanForm): { input: PlanDefinitionInput } | { problem: string } {
  if (!f.name.trim()) return { problem: 'Enter a name' };
  const [kind, id] = f.scope.split(':');
  if (!id) return { problem: 'Choose the class or term the plan is offered on' };
  const deposit = Number(f.depositValue);
  if (f.depositValue.trim() === '' || !Number.isFinite(deposit) || deposit < 0) return { problem: 'Enter a deposit of 0 or more' };
  if (f.depositKind === 'percent' && (!Number.isInteger(deposit) || deposit >= 100))
    return { problem: 'A deposit percent is a whole number under 100' };
  const minPrice = Number(f.minPrice || 0);
  const surcharge = Number(f.surcharge || 0);
  if (!(minPrice >= 0) || !(surcharge >= 0)) return { problem: 'Minimum price and surcharge are 0 or more' };
  if (f.chooseBy && !DAY.test(f.chooseBy)) return { problem: 'Enter the last day to choose it as a date' };
  const base = {
    name: f.name.trim(),
    classId: kind === 'class' ? id : null,
    termId: kind === 'term' ? id : null,
    depositKind: f.depositKind,
    depositValue: deposit,
    minPrice,
    surcharge,
    chooseBy: f.chooseBy || null,
  };
  if (f.schedule === 'dates') {
    const dates = f.dueDates
      .split(',')
      .map((d) => d.trim())
      .filter(Boolean);
    if (!dates.length || dates.some((d) => !DAY.test(d))) return { problem: 'Enter the due dates as YYYY-MM-DD, separated by commas' };
    return {
      input: {
        ...base,
        interval: null,
        instalmentCount: null,
        firstDueDate: null,
        paidInFullBy: null,
        dueDates: dates.map((date) => ({ date, percent: null })),
      },
    };
  }
  if (!DAY.test(f.paidInFullBy)) return { problem: 'Enter the "paid in full by" date' };
  const count = f.instalmentCount.trim() === '' ? null : Number(f.instalmentCount);
  if (count !== null && (!Number.isInteger(count) || count < 1 || count > 52))
    return { problem: 'Instalments: a whole number from 1 to 52' };
  if (f.firstDueDate && !DAY.test(f.firstDueDate)) return { problem: 'Enter the first due date as a date' };
  return {
    input: {
      ...base,
      interval: f.interval,
      instalmentCount: count,
      firstDueDate: f.firstDueDate || null,
      paidInFullBy: f.paidInFullBy,
      dueDates: null,
    },
  };
}

/** One line describing a plan, e.g. "$150 deposit, then 3 monthly payments until 2027-05-31". */
export function planSummary(p: PlanDefinition): string {
  const deposit = p.depositKind === 'percent' ? `${p.depositValue}% deposit` : `$${p.depositValue.toFixed(2)} deposit`;
  if (p.dueDates?.length) return `${deposit}, then ${p.dueDates.length} payments on ${p.dueDates.map((d) => d.date).join(', ')}`;
  const count = p.instalmentCount ? `${p.instalmentCount} ` : '';
  const every = { weekly: 'weekly payments', biweekly: 'payments every 2 weeks', monthly: 'monthly payments' }[p.interval ?? 'monthly'];
  return `${deposit}, then ${count}${every} until ${p.paidInFullBy}`;
}
