import { describe, expect, it } from 'vitest';
import { EMPTY_PLAN, planInput, planSummary } from '@/payment-plans/planForm';
import { parseRetryDays } from '@/payment-plans/PlanSettingsForm';
import { plansCsv } from '@/payment-plans/planStatus';
import type { PayerPlanListItem, PlanDefinition } from '@/providers/paymentPlans';

describe('the plan dialog', () => {
  const form = { ...EMPTY_PLAN, name: ' Deposit and 3 ', scope: 'class:c1', depositValue: '150', paidInFullBy: '2027-05-31' };

  it('makes the API body of an interval plan (an empty count: as many as fit)', () => {
    expect(planInput({ ...form, instalmentCount: '' })).toEqual({
      input: {
        name: 'Deposit and 3',
        classId: 'c1',
        termId: null,
        depositKind: 'amount',
        depositValue: 150,
        minPrice: 0,
        surcharge: 0,
        chooseBy: null,
        interval: 'monthly',
        instalmentCount: null,
        firstDueDate: null,
        paidInFullBy: '2027-05-31',
        dueDates: null,
      },
    });
  });

  it('makes explicit equal-share dates for a term', () => {
    const r = planInput({ ...form, scope: 'term:t1', schedule: 'dates', dueDates: '2027-03-01, 2027-04-01' });
    expect(r).toMatchObject({
      input: {
        classId: null,
        termId: 't1',
        interval: null,
        dueDates: [
          { date: '2027-03-01', percent: null },
          { date: '2027-04-01', percent: null },
        ],
      },
    });
  });

  it('names the first problem before asking the server', () => {
    expect(planInput({ ...form, name: '' })).toEqual({ problem: 'Enter a name' });
    expect(planInput({ ...form, scope: '' })).toEqual({ problem: 'Choose the class or term the plan is offered on' });
    expect(planInput({ ...form, depositKind: 'percent', depositValue: '100' })).toEqual({
      problem: 'A deposit percent is a whole number under 100',
    });
    expect(planInput({ ...form, paidInFullBy: '' })).toEqual({ problem: 'Enter the "paid in full by" date' });
    expect(planInput({ ...form, schedule: 'dates', dueDates: 'March' })).toEqual({
      problem: 'Enter the due dates as YYYY-MM-DD, separated by commas',
    });
  });

  it('describes a plan in one line', () => {
    const p = { depositKind: 'amount', depositValue: 150, interval: 'biweekly', instalmentCount: 4, paidInFullBy: '2027-05-31' };
    expect(planSummary(p as PlanDefinition)).toBe('$150.00 deposit, then 4 payments every 2 weeks until 2027-05-31');
  });
});

describe('the plan rules', () => {
  it('reads the retry days: up to 5 whole days from 1 to 30, ascending', () => {
    expect(parseRetryDays('1, 3, 5')).toEqual([1, 3, 5]);
    expect(parseRetryDays('')).toEqual([]);
    expect(parseRetryDays('3, 1')).toBeNull();
    expect(parseRetryDays('0')).toBeNull();
    expect(parseRetryDays('1,2,3,4,5,6')).toBeNull();
    expect(parseRetryDays('1.5')).toBeNull();
  });
});

describe('the plans CSV', () => {
  it('quotes commas and defuses spreadsheet formulas', () => {
    const row = {
      studentName: '=HYPERLINK("x")',
      studentEmail: 'a@example.com',
      classTitle: 'Swim, Level 2',
      termName: null,
      planName: 'Deposit',
      status: 'pastDue',
      total: 600,
      paid: 150,
      balance: 450,
      nextDueAt: '2027-01-07T15:00:00.000Z',
      nextAmount: 150,
    } as PayerPlanListItem;
    expect(plansCsv([row]).split('\n')[1]).toBe(
      `"'=HYPERLINK(""x"")",a@example.com,"Swim, Level 2",,Deposit,Past due,600.00,150.00,450.00,2027-01-07T15:00:00.000Z,150.00`,
    );
  });
});
