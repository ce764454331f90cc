/**
 * The cancellation rule is one function for the admin app (shared/refund-policy.ts: the settings preview) and one
 * for the server (cancellation-policy.ts, which refundQuote refunds by and the settings validate with). This table
 * keeps them the same rule: the preview an admin reads is what a cancellation refunds.
 */
import { describe, expect, it } from '@jest/globals';
import * as front from '../../../shared/refund-policy';
import { refundQuote } from '../modules/payments/money';
import * as server from './cancellation-policy';

const DAY = 24 * 3600 * 1000;

const policies: { name: string; tiers: server.CancellationTier[] | null }[] = [
  { name: 'no policy (null)', tiers: null },
  { name: 'no policy (empty)', tiers: [] },
  { name: 'one tier', tiers: [{ daysBeforeClass: 7, refundPercentage: 100 }] },
  {
    name: 'three tiers, stored order',
    tiers: [
      { daysBeforeClass: 14, refundPercentage: 100 },
      { daysBeforeClass: 7, refundPercentage: 50 },
      { daysBeforeClass: 2, refundPercentage: 25 },
    ],
  },
  {
    name: 'tiers in any order, a same-day tier',
    tiers: [
      { daysBeforeClass: 0, refundPercentage: 10 },
      { daysBeforeClass: 3, refundPercentage: 50 },
    ],
  },
  { name: 'a tier that keeps everything', tiers: [{ daysBeforeClass: 1, refundPercentage: 0 }] },
  { name: 'an odd percentage', tiers: [{ daysBeforeClass: 5, refundPercentage: 33 }] },
];

describe('cancellation policy: one rule for the settings preview and the refunds', () => {
  it('should give the same refund in the admin app and on the server for every policy, notice and amount', () => {
    const now = new Date('2026-12-01T15:00:00Z');
    for (const { name, tiers } of policies) {
      for (const days of [-1, 0, 1, 2, 3, 5, 6, 7, 13, 14, 15, 30]) {
        for (const [paid, refunded] of [
          [8000, 0],
          [2999, 0],
          [10000, 6000],
          [10000, 10000],
          [1, 0],
        ]) {
          const a = front.refundForCancellation(tiers, paid, refunded, days);
          const b = server.refundForCancellation(tiers, paid, refunded, days);
          expect({ name, days, paid, refunded, r: a }).toEqual({ name, days, paid, refunded, r: b });
          // What a cancellation that many days before the class refunds (an hour into the day: whole days count).
          const q = refundQuote(tiers, paid, refunded, new Date(now.getTime() + days * DAY + 3600_000), now);
          expect({ name, days, paid, refunded, cents: q.refundCents, tier: q.policyApplied, d: q.daysBeforeClass }).toEqual({
            name,
            days,
            paid,
            refunded,
            cents: a.refundCents,
            tier: a.tier,
            d: days,
          });
        }
      }
    }
  });

  it('should count whole days the same way', () => {
    const start = new Date('2026-12-10T10:00:00Z');
    for (const at of ['2026-12-03T10:00:00Z', '2026-12-03T10:00:01Z', '2026-12-09T23:59:59Z', '2026-12-10T10:00:01Z']) {
      expect(front.wholeDaysBefore(start, new Date(at))).toBe(server.wholeDaysBefore(start, new Date(at)));
    }
    expect(server.wholeDaysBefore(start, new Date('2026-12-03T10:00:00Z'))).toBe(7);
    expect(server.wholeDaysBefore(start, new Date('2026-12-03T10:00:01Z'))).toBe(6);
  });

  it('should refuse the same policies with the same messages', () => {
    const cases: server.CancellationTier[][] = [
      [],
      [{ daysBeforeClass: 7, refundPercentage: 100 }],
      [
        { daysBeforeClass: 3, refundPercentage: 50 },
        { daysBeforeClass: 7, refundPercentage: 100 },
      ],
      [
        { daysBeforeClass: 7, refundPercentage: 50 },
        { daysBeforeClass: 3, refundPercentage: 100 },
      ],
      [
        { daysBeforeClass: 7, refundPercentage: 50 },
        { daysBeforeClass: 7, refundPercentage: 40 },
      ],
      [{ daysBeforeClass: 7, refundPercentage: 50.5 }],
      [{ daysBeforeClass: -1, refundPercentage: 50 }],
      [{ daysBeforeClass: 366, refundPercentage: 50 }],
      [{ daysBeforeClass: 2, refundPercentage: 101 }],
      Array.from({ length: 11 }, (_, i) => ({ daysBeforeClass: i, refundPercentage: 0 })),
    ];
    const answers = cases.map((c) => server.cancellationPolicyProblem(c));
    expect(cases.map((c) => front.cancellationPolicyProblem(c))).toEqual(answers);
    expect(answers).toEqual([
      null,
      null,
      null,
      'Cancelling earlier must not give back less: 7 days before refunds 50%, but 3 days before refunds 100%',
      'Two tiers have the same deadline (7 days)',
      'Refund percentage must be a whole number from 0 to 100',
      'Deadline days must be a whole number from 0 to 365',
      'Deadline days must be a whole number from 0 to 365',
      'Refund percentage must be a whole number from 0 to 100',
      'A cancellation policy has at most 10 tiers',
    ]);
    expect(front.PREVIEW_DAYS).toEqual([1, 3, 7, 14]);
    expect(front.MAX_CANCELLATION_TIERS).toBe(server.MAX_CANCELLATION_TIERS);
  });
});
