import { describe, expect, it } from '@jest/globals';
import { payRuleProblem, readPayRule, sessionPayCents, storePayRule, type PayRule } from './pay-rule';

describe('instructor pay rules', () => {
  it('should accept each kind and keep it through storage (cents) unchanged', () => {
    const rules: PayRule[] = [
      { kind: 'per_session', amount: 45 },
      { kind: 'per_hour', amount: 32.5 },
      { kind: 'flat', amount: 600, per: 'month' },
      {
        kind: 'per_head',
        tiers: [
          { from: 1, amount: 6 },
          { from: 11, amount: 5.25 },
        ],
      },
    ];
    for (const r of rules) {
      expect(payRuleProblem(r)).toBeNull();
      expect(readPayRule(storePayRule(r))).toEqual(r);
    }
  });

  it('should name what is wrong with a bad rule', () => {
    expect(payRuleProblem({ kind: 'weekly', amount: 1 })).toBe('payRule.kind must be one of per_session, per_hour, per_head, flat');
    expect(payRuleProblem({ kind: 'per_hour', amount: 10.001 })).toMatch(/^payRule.amount must be an amount/);
    expect(payRuleProblem({ kind: 'per_hour', amount: -1 })).toMatch(/^payRule.amount/);
    expect(payRuleProblem({ kind: 'flat', amount: 10 })).toBe('payRule.per must be class or month');
    expect(payRuleProblem({ kind: 'per_session', amount: 10, tiers: [] })).toBe('payRule.tiers is not a field of a per_session rule');
    expect(payRuleProblem({ kind: 'per_head', tiers: [] })).toBe('payRule.tiers must list 1 to 20 tiers');
    expect(payRuleProblem({ kind: 'per_head', tiers: [{ from: 2, amount: 1 }] })).toBe('payRule.tiers[0].from must be 1');
    expect(
      payRuleProblem({
        kind: 'per_head',
        tiers: [
          { from: 1, amount: 1 },
          { from: 1, amount: 2 },
        ],
      }),
    ).toBe('payRule.tiers[1].from must be a whole number above the tier before');
  });

  it('should pay a session by the rule: per session, per hour of its minutes, per head at the reached tier', () => {
    expect(sessionPayCents(storePayRule({ kind: 'per_session', amount: 45 }), 90, 8)).toBe(4500);
    expect(sessionPayCents(storePayRule({ kind: 'per_hour', amount: 30 }), 90, 8)).toBe(4500);
    const perHead = storePayRule({
      kind: 'per_head',
      tiers: [
        { from: 1, amount: 6 },
        { from: 11, amount: 5 },
      ],
    });
    expect(sessionPayCents(perHead, 60, 10)).toBe(6000);
    expect(sessionPayCents(perHead, 60, 12)).toBe(6000);
    expect(sessionPayCents(perHead, 60, 0)).toBe(0);
    expect(sessionPayCents(storePayRule({ kind: 'flat', amount: 600, per: 'month' }), 60, 10)).toBe(0);
  });
});
