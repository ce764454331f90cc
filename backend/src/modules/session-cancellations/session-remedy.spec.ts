import { describe, expect, it } from '@jest/globals';
import { makeupTokenMode, remedyOf, sessionShareCents } from './session-remedy';

describe('session remedy', () => {
  it("should take the admin's choice, else the setting, else leave it to the make-up policy", () => {
    expect(remedyOf('refund', 'credit')).toBe('refund');
    expect(remedyOf('nothing', 'credit')).toBe('nothing');
    expect(remedyOf(undefined, 'credit')).toBe('credit');
    expect(remedyOf(undefined, 'refund')).toBe('refund');
    expect(remedyOf(undefined, 'nothing')).toBe('makeup_policy');
    expect(remedyOf(undefined, undefined)).toBe('makeup_policy');
  });

  it('should grant make-up tokens by the policy only when left to it, to everyone when chosen, else never', () => {
    expect(makeupTokenMode('makeup_policy')).toBe('policy');
    expect(makeupTokenMode('makeup_token')).toBe('always');
    for (const r of ['nothing', 'credit', 'refund'] as const) expect(makeupTokenMode(r)).toBe('never');
  });

  it("should share what was paid by the class's sessions, rounded down, a drop-in's whole payment, never past what is left", () => {
    expect(sessionShareCents({ amountPaidCents: 10000, refundedCents: 0, dropIn: false }, 3)).toBe(3333);
    expect(sessionShareCents({ amountPaidCents: 9000, refundedCents: 0, dropIn: false }, 6)).toBe(1500);
    expect(sessionShareCents({ amountPaidCents: 2000, refundedCents: 0, dropIn: true }, 6)).toBe(2000);
    expect(sessionShareCents({ amountPaidCents: 9000, refundedCents: 8000, dropIn: false }, 3)).toBe(1000);
    expect(sessionShareCents({ amountPaidCents: 9000, refundedCents: 9000, dropIn: false }, 3)).toBe(0);
    expect(sessionShareCents({ amountPaidCents: 0, refundedCents: 0, dropIn: false }, 3)).toBe(0);
    expect(sessionShareCents({ amountPaidCents: 500, refundedCents: 0, dropIn: false }, 0)).toBe(500);
  });
});
