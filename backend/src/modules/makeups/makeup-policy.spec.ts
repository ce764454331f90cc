import { describe, expect, it } from '@jest/globals';
import {
  addDays,
  capRefusal,
  DEFAULT_MAKEUP_POLICY,
  localDate,
  portalTokenRefusal,
  tokenScope,
  tokenValidUntil,
  windowRefusal,
  type MakeupPolicy,
} from './makeup-policy';

const HOUR = 3_600_000;
const policy = (p: Partial<MakeupPolicy>): MakeupPolicy => ({ ...DEFAULT_MAKEUP_POLICY, ...p });
const none = { month: 0, term: 0, year: 0 };

describe('make-up policy rules', () => {
  it('should earn no token without a portal notice rule, and none for a notice shorter than N hours', () => {
    const startsAt = new Date('2027-01-10T17:00:00Z');
    expect(
      portalTokenRefusal(DEFAULT_MAKEUP_POLICY, { reportedAt: new Date('2027-01-01T00:00:00Z'), startsAt, hasTerm: false }, none),
    ).toBe('policy');
    const p = policy({ announceHoursBefore: 24 });
    expect(portalTokenRefusal(p, { reportedAt: new Date(startsAt.getTime() - 24 * HOUR), startsAt, hasTerm: false }, none)).toBeNull();
    expect(portalTokenRefusal(p, { reportedAt: new Date(startsAt.getTime() - 24 * HOUR + 1), startsAt, hasTerm: false }, none)).toBe(
      'too_late',
    );
  });

  it('should count notice in real hours across a daylight-saving change', () => {
    // New York springs forward on 2027-03-14 at 02:00: 17:00 EDT on the 14th is 23 real hours after 17:00 EST on the 13th.
    const p = policy({ announceHoursBefore: 24 });
    const startsAt = new Date('2027-03-14T21:00:00Z'); // 17:00 EDT
    const sameClockDayBefore = new Date('2027-03-13T22:00:00Z'); // 17:00 EST
    expect(portalTokenRefusal(p, { reportedAt: sameClockDayBefore, startsAt, hasTerm: false }, none)).toBe('too_late');
    expect(portalTokenRefusal(p, { reportedAt: new Date('2027-03-13T21:00:00Z'), startsAt, hasTerm: false }, none)).toBeNull();
  });

  it('should apply the caps in order, the term cap only to a class with a term, and 0 as "none at all"', () => {
    const p = policy({ capPerMonth: 2, capPerTerm: 3, capPerYear: 5 });
    expect(capRefusal(p, true, { month: 1, term: 2, year: 4 })).toBeNull();
    expect(capRefusal(p, true, { month: 2, term: 0, year: 0 })).toBe('cap_month');
    expect(capRefusal(p, true, { month: 0, term: 3, year: 0 })).toBe('cap_term');
    expect(capRefusal(p, false, { month: 0, term: 3, year: 0 })).toBeNull();
    expect(capRefusal(p, true, { month: 0, term: 0, year: 5 })).toBe('cap_year');
    expect(capRefusal(policy({ capPerMonth: 0 }), false, none)).toBe('cap_month');
  });

  it('should date expiry from the local day of the missed session, by calendar days (no DST hour), capped by the term', () => {
    // The missed session's day is the organization's: 04:30Z on the 14th is 23:30 on the 13th in New York.
    expect(localDate(new Date('2027-03-14T04:30:00Z'), 'America/New_York')).toBe('2027-03-13');
    expect(localDate(new Date('2027-03-14T05:30:00Z'), 'America/New_York')).toBe('2027-03-14');
    // Across the spring-forward night, one calendar day later is the 15th, not the 14th at 23:00.
    expect(addDays('2027-03-14', 1)).toBe('2027-03-15');
    expect(addDays('2027-11-07', 1)).toBe('2027-11-08');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    const p = policy({ expiryDays: 30 });
    expect(tokenValidUntil(p, '2027-03-13', null, '2027-03-01')).toBe('2027-04-12');
    expect(tokenValidUntil(policy({ expiryDays: 30, expiryEndOfTerm: true }), '2027-03-13', '2027-03-31', '2027-03-01')).toBe('2027-03-31');
    expect(tokenValidUntil(policy({ expiryEndOfTerm: true }), '2027-03-13', null, '2027-03-01')).toBeNull();
    expect(tokenValidUntil(DEFAULT_MAKEUP_POLICY, '2027-03-13', '2027-03-31', '2027-03-01')).toBeNull();
    // Granted after the term ended: usable at least today.
    expect(tokenValidUntil(policy({ expiryEndOfTerm: true }), '2027-04-02', '2027-03-31', '2027-04-01')).toBe('2027-04-01');
  });

  it('should book only inside the window: until N hours before, up to D days ahead', () => {
    const now = new Date('2027-01-01T12:00:00Z');
    const p = policy({ bookUntilHoursBefore: 2, bookAheadDays: 14 });
    expect(windowRefusal(p, new Date(now.getTime() + 2 * HOUR), now)).toBeNull();
    expect(windowRefusal(p, new Date(now.getTime() + 2 * HOUR - 1), now)).toBe('too_soon');
    expect(windowRefusal(policy({ bookUntilHoursBefore: 0 }), now, now)).toBe('too_soon');
    expect(windowRefusal(p, new Date(now.getTime() + 14 * 24 * HOUR), now)).toBeNull();
    expect(windowRefusal(p, new Date(now.getTime() + 14 * 24 * HOUR + 1), now)).toBe('too_far');
  });

  it("should give the token the ledger scope of the policy's eligible sessions", () => {
    const missed = { classId: 'c1', termId: 't1' };
    expect(tokenScope(policy({ eligible: 'any' }), missed)).toEqual({ scope: 'all' });
    expect(tokenScope(policy({ eligible: 'same_term' }), missed)).toEqual({ scope: 'term', scopeTermId: 't1' });
    expect(tokenScope(policy({ eligible: 'same_term' }), { classId: 'c1', termId: null })).toEqual({
      scope: 'classes',
      scopeClassIds: ['c1'],
    });
    expect(tokenScope(policy({ eligible: 'classes', eligibleClassIds: ['c2', 'c3'] }), missed)).toEqual({
      scope: 'classes',
      scopeClassIds: ['c2', 'c3'],
    });
    expect(tokenScope(policy({ eligible: 'same_class' }), missed)).toEqual({ scope: 'classes', scopeClassIds: ['c1'] });
  });
});
