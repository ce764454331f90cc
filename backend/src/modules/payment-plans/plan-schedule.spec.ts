/**
 * The schedule rules on their own: cents add up exactly (the remainder on the last instalment), monthly dates on
 * the first due date's day or the month's last day when shorter, the charge hour in the organization's zone on both
 * sides of a daylight-saving change. The API tests (payment-plans-quote.e2e-spec.ts) check the same through the quote.
 */
import { describe, expect, it } from '@jest/globals';
import {
  depositCents,
  intervalDates,
  planSchedule,
  plusMonths,
  splitByPercent,
  splitEvenly,
  zonedInstant,
  type ScheduleInput,
} from './plan-schedule';

const base: ScheduleInput = {
  totalCents: 60000,
  deposit: { kind: 'amount', cents: 15000 },
  rule: { kind: 'interval', interval: 'monthly', count: 3, firstDueDate: null, paidInFullBy: '2027-12-31' },
  today: '2027-01-15',
  chargeHour: 9,
  timeZone: 'America/Chicago',
};

describe('plan schedule', () => {
  it('a $600 class: $150 today and three monthly instalments of $150', () => {
    const s = planSchedule(base)!;
    expect(s.depositCents).toBe(15000);
    expect(s.instalments.map((i) => [i.dueDate, i.amountCents])).toEqual([
      ['2027-02-15', 15000],
      ['2027-03-15', 15000],
      ['2027-04-15', 15000],
    ]);
  });

  it('splits cents exactly, the remainder on the last', () => {
    expect(splitEvenly(10000, 3)).toEqual([3333, 3333, 3334]);
    expect(splitEvenly(1, 3)).toEqual([0, 0, 1]);
    expect(splitByPercent(9999, [33, 33, 34])).toEqual([3299, 3299, 3401]);
    const s = planSchedule({ ...base, totalCents: 59999, deposit: { kind: 'percent', percent: 25 } })!;
    expect(s.depositCents).toBe(15000);
    expect(s.instalments.map((i) => i.amountCents)).toEqual([14999, 14999, 15001]);
    expect(s.depositCents + s.instalments.reduce((a, i) => a + i.amountCents, 0)).toBe(59999);
  });

  it('a zero deposit leaves the whole total to the instalments', () => {
    const s = planSchedule({ ...base, deposit: { kind: 'amount', cents: 0 } })!;
    expect(s.depositCents).toBe(0);
    expect(s.instalments.map((i) => i.amountCents)).toEqual([20000, 20000, 20000]);
  });

  it('a deposit is never more than the total, and a plan with nothing left later is not offered', () => {
    expect(depositCents(5000, { kind: 'amount', cents: 9000 })).toBe(5000);
    expect(planSchedule({ ...base, deposit: { kind: 'percent', percent: 100 } })).toBeNull();
  });

  it('monthly dates keep the first due date day, or the month last day when shorter (29/30/31)', () => {
    expect(plusMonths('2027-01-31', 1, 31)).toBe('2027-02-28');
    expect(plusMonths('2028-01-31', 1, 31)).toBe('2028-02-29');
    expect(plusMonths('2027-01-31', 3, 31)).toBe('2027-04-30');
    expect(plusMonths('2027-01-31', 4, 31)).toBe('2027-05-31');
    expect(plusMonths('2027-11-30', 3, 30)).toBe('2028-02-29');
    expect(
      intervalDates(
        { kind: 'interval', interval: 'monthly', count: 5, firstDueDate: '2027-01-31', paidInFullBy: '2027-12-31' },
        '2027-01-02',
      ),
    ).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31']);
    expect(
      intervalDates({ kind: 'interval', interval: 'monthly', count: 2, firstDueDate: null, paidInFullBy: '2027-12-31' }, '2027-12-29'),
    ).toEqual([]);
  });

  it('weekly and every 2 weeks stop at the paid-in-full date', () => {
    expect(
      intervalDates({ kind: 'interval', interval: 'weekly', count: null, firstDueDate: null, paidInFullBy: '2027-02-06' }, '2027-01-15'),
    ).toEqual(['2027-01-22', '2027-01-29', '2027-02-05']);
    expect(
      intervalDates({ kind: 'interval', interval: 'biweekly', count: 10, firstDueDate: null, paidInFullBy: '2027-02-28' }, '2027-01-15'),
    ).toEqual(['2027-01-29', '2027-02-12', '2027-02-26']);
  });

  it('due at the charge hour in the organization zone, on both sides of daylight saving', () => {
    // Chicago: CST (UTC-6) until 2027-03-14, CDT (UTC-5) after.
    expect(zonedInstant('2027-03-13', 9, 'America/Chicago').toISOString()).toBe('2027-03-13T15:00:00.000Z');
    expect(zonedInstant('2027-03-15', 9, 'America/Chicago').toISOString()).toBe('2027-03-15T14:00:00.000Z');
    expect(zonedInstant('2027-11-08', 9, 'America/Chicago').toISOString()).toBe('2027-11-08T15:00:00.000Z');
    // The day of the change itself, and another hemisphere (Sydney's DST ends in April).
    expect(zonedInstant('2027-03-14', 9, 'America/Chicago').toISOString()).toBe('2027-03-14T14:00:00.000Z');
    expect(zonedInstant('2027-04-03', 9, 'Australia/Sydney').toISOString()).toBe('2027-04-02T22:00:00.000Z');
    expect(zonedInstant('2027-04-05', 9, 'Australia/Sydney').toISOString()).toBe('2027-04-04T23:00:00.000Z');
    expect(zonedInstant('2027-01-15', 0, 'UTC').toISOString()).toBe('2027-01-15T00:00:00.000Z');
    const s = planSchedule({ ...base, today: '2027-02-10', rule: { ...base.rule, firstDueDate: '2027-03-10' } as ScheduleInput['rule'] })!;
    expect(s.instalments.map((i) => i.dueAt.toISOString())).toEqual([
      '2027-03-10T15:00:00.000Z',
      '2027-04-10T14:00:00.000Z',
      '2027-05-10T14:00:00.000Z',
    ]);
  });

  it('explicit dates: shares by percent, past dates paid today, equal shares without percents', () => {
    const rule = {
      kind: 'dates' as const,
      dues: [
        { date: '2027-03-01', percent: 50 },
        { date: '2027-01-10', percent: 20 },
        { date: '2027-04-01', percent: 30 },
      ],
    };
    const s = planSchedule({ ...base, totalCents: 10000, deposit: { kind: 'amount', cents: 1000 }, rule })!;
    // 9000 left: 1800 (Jan 10, already past: paid today), 4500, 2700.
    expect(s.depositCents).toBe(2800);
    expect(s.instalments.map((i) => [i.dueDate, i.amountCents])).toEqual([
      ['2027-03-01', 4500],
      ['2027-04-01', 2700],
    ]);
    const even = planSchedule({
      ...base,
      totalCents: 10000,
      deposit: { kind: 'amount', cents: 0 },
      rule: {
        kind: 'dates',
        dues: [
          { date: '2027-02-01', percent: null },
          { date: '2027-03-01', percent: null },
          { date: '2027-04-01', percent: null },
        ],
      },
    })!;
    expect(even.instalments.map((i) => i.amountCents)).toEqual([3333, 3333, 3334]);
  });
});
