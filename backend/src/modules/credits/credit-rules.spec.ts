import { describe, expect, it } from '@jest/globals';
import { checkAmount, checkValidity, covers, isLocalDate, useRefusal } from './credit-rules';
import type { Entitlement } from './credit.types';

const base: Entitlement = {
  id: 'e',
  organizationId: 'o',
  holderStudentId: 's',
  household: false,
  kind: 'pack',
  scope: 'all',
  scopeClassIds: [],
  scopeTermId: null,
  grantedAmount: 10,
  remaining: 0,
  validFrom: '2027-01-01',
  validUntil: '2027-03-31',
  source: 'sale',
  sourceRef: null,
  label: null,
  revokedAt: null,
  createdAt: new Date(),
};
const target = { classId: 'c1', termId: 't1', dropIn: false };
const refusal = (e: Partial<Entitlement> | null, today = '2027-02-01', mayUse = true) =>
  useRefusal(e && { ...base, ...e }, { mayUse, today, target, amount: 1 }).code;

describe('credit rules', () => {
  it('should say what a scope covers', () => {
    expect(covers({ scope: 'all', scopeClassIds: [], scopeTermId: null }, target)).toBe(true);
    expect(covers({ scope: 'classes', scopeClassIds: ['c2'], scopeTermId: null }, target)).toBe(false);
    expect(covers({ scope: 'classes', scopeClassIds: ['c2', 'c1'], scopeTermId: null }, target)).toBe(true);
    expect(covers({ scope: 'term', scopeClassIds: [], scopeTermId: 't1' }, target)).toBe(true);
    expect(covers({ scope: 'term', scopeClassIds: [], scopeTermId: 't1' }, { ...target, termId: null })).toBe(false);
    expect(covers({ scope: 'drop_ins', scopeClassIds: [], scopeTermId: null }, target)).toBe(false);
    expect(covers({ scope: 'drop_ins', scopeClassIds: [], scopeTermId: null }, { ...target, dropIn: true })).toBe(true);
    expect(covers({ scope: 'drop_ins', scopeClassIds: ['c2'], scopeTermId: null }, { ...target, dropIn: true })).toBe(false);
  });

  it('should name the first failed condition, in the order a person can act on', () => {
    expect(refusal(null)).toBe('CREDIT_NOT_FOUND');
    expect(refusal({}, '2027-02-01', false)).toBe('CREDIT_NOT_FOUND');
    expect(refusal({ revokedAt: new Date(), validUntil: '2027-01-02' })).toBe('CREDIT_REVOKED');
    expect(refusal({}, '2026-12-31')).toBe('CREDIT_NOT_YET_VALID');
    // Usable through the whole last day: the day after is the first refused.
    expect(refusal({ remaining: 1 }, '2027-03-31')).toBe('CREDIT_EXHAUSTED');
    expect(refusal({ remaining: 1 }, '2027-04-01')).toBe('CREDIT_EXPIRED');
    expect(refusal({ scope: 'drop_ins' })).toBe('CREDIT_NOT_ELIGIBLE');
    expect(refusal({})).toBe('CREDIT_EXHAUSTED');
  });

  it('should refuse amounts outside 1..100,000,000 and dates that do not exist', () => {
    for (const bad of [0, -1, 1.5, 100_000_001, Number.NaN]) expect(() => checkAmount(bad)).toThrow();
    expect(() => checkAmount(100_000_000)).not.toThrow();
    expect(isLocalDate('2028-02-29')).toBe(true);
    expect(isLocalDate('2027-02-29')).toBe(false);
    expect(isLocalDate('2027-1-01')).toBe(false);
    expect(() => checkValidity('2027-01-02', '2027-01-01')).toThrow();
    expect(() => checkValidity('2027-01-01', '2027-01-01')).not.toThrow();
    expect(() => checkValidity('2027-01-01', null)).not.toThrow();
  });
});
