import { describe, expect, it } from 'vitest';
import { actorText, amountText, buysText, leftText, signedAmount, validityText } from './creditText';

describe('credit wording', () => {
  it('says uses and dollars', () => {
    expect(amountText('uses', 1)).toBe('1 use');
    expect(amountText('uses', 9)).toBe('9 uses');
    expect(amountText('dollars', 25.5)).toBe('$25.50');
    expect(signedAmount('uses', -1)).toBe('−1 use');
    expect(signedAmount('dollars', 5)).toBe('+$5.00');
    expect(signedAmount('uses', 0)).toBe('');
    expect(leftText({ unit: 'uses', remaining: 3, granted: 10 })).toBe('3 of 10 uses left');
    expect(leftText({ unit: 'dollars', remaining: 20, granted: 25 })).toBe('$20.00 of $25.00 left');
  });
  it('says validity, what it buys and who moved it', () => {
    expect(validityText({ validFrom: '2026-12-07', validUntil: null })).toBe('Valid from 2026-12-07, no expiry');
    expect(validityText({ validFrom: '2026-12-07', validUntil: '2027-03-07' })).toBe('Valid 2026-12-07 to 2027-03-07');
    const classes = new Map([['c1', 'Swim 2']]);
    expect(buysText({ scope: 'classes', classIds: ['c1'], termId: null }, { classes })).toBe('Classes: Swim 2');
    expect(buysText({ scope: 'drop_ins', classIds: [], termId: null })).toBe('Drop-ins only');
    expect(buysText({ scope: 'all', classIds: [], termId: null })).toBe('All classes');
    expect(actorText({ actorUserId: 'u1', kind: 'grant' }, new Map([['u1', 'Ada Admin']]))).toBe('Ada Admin');
    expect(actorText({ actorUserId: null, kind: 'use' }, new Map())).toBe('Booking');
    expect(actorText({ actorUserId: null, kind: 'expire' }, new Map())).toBe('System');
  });
});
