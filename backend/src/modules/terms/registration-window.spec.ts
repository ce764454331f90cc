/**
 * When a class takes registrations, with no database: the class's own times over its term's, early access only
 * before the opening and only with a link, the instants of opening and closing themselves, late registration while a
 * session is not over, and the sessions counted for the late price (Consecutive days or Weekly).
 */
import { describe, expect, it } from '@jest/globals';
import { effectiveWindow, openingTime, registrationAnswer, sessionsLeft, type WindowClass, type WindowTerm } from './registration-window';

const at = (iso: string) => new Date(iso);

/** Three weekly one-hour sessions from 2027-03-01 18:00 UTC, no window of its own. */
const cls = (over: Partial<WindowClass> = {}): WindowClass => ({
  startDate: at('2027-03-01T18:00:00Z'),
  duration: 60,
  days: 3,
  schedule: 'Weekly',
  registrationOpensAt: null,
  registrationClosesAt: null,
  ...over,
});

const term: WindowTerm = {
  registrationOpensAt: at('2027-02-01T14:00:00Z'),
  registrationClosesAt: at('2027-02-25T00:00:00Z'),
  earlyAccessOpensAt: at('2027-01-25T14:00:00Z'),
};

const anyone = { earlyAccess: false, lateRegistration: false };
const withLink = { earlyAccess: true, lateRegistration: false };
const late = { earlyAccess: false, lateRegistration: true };

describe('effectiveWindow', () => {
  it("should take the class's own opening and closing over the term's, each on its own", () => {
    const own = { registrationOpensAt: at('2027-02-10T00:00:00Z'), registrationClosesAt: null };
    expect(effectiveWindow(own, term)).toEqual({
      opensAt: at('2027-02-10T00:00:00Z'),
      closesAt: term.registrationClosesAt,
      earlyAccessOpensAt: term.earlyAccessOpensAt,
    });
    expect(effectiveWindow({ registrationOpensAt: null, registrationClosesAt: at('2027-02-20T00:00:00Z') }, term)).toEqual({
      opensAt: term.registrationOpensAt,
      closesAt: at('2027-02-20T00:00:00Z'),
      earlyAccessOpensAt: term.earlyAccessOpensAt,
    });
  });

  it('should leave a class with no window and no term open at any time', () => {
    expect(effectiveWindow({ registrationOpensAt: null, registrationClosesAt: null }, null)).toEqual({
      opensAt: null,
      closesAt: null,
      earlyAccessOpensAt: null,
    });
  });

  it('should drop early access that does not come before the opening', () => {
    const same = { ...term, earlyAccessOpensAt: term.registrationOpensAt };
    expect(effectiveWindow({ registrationOpensAt: null, registrationClosesAt: null }, same).earlyAccessOpensAt).toBeNull();
    // The class opens before the term's early access: early access means nothing for it.
    const opensEarlier = { registrationOpensAt: at('2027-01-20T00:00:00Z'), registrationClosesAt: null };
    expect(effectiveWindow(opensEarlier, term).earlyAccessOpensAt).toBeNull();
  });
});

describe('registrationAnswer', () => {
  it('should be closed before the opening, and open at the opening instant itself', () => {
    expect(registrationAnswer(cls(), term, at('2027-02-01T13:59:59.999Z'), anyone)).toEqual({
      open: false,
      code: 'REGISTRATION_NOT_OPEN',
      opensAt: term.registrationOpensAt,
      earlyAccessOpensAt: term.earlyAccessOpensAt,
    });
    expect(registrationAnswer(cls(), term, at('2027-02-01T14:00:00Z'), anyone)).toEqual({ open: true, early: false, late: false });
  });

  it('should let an early-access link in from the early-access time, and nobody without one', () => {
    expect(registrationAnswer(cls(), term, at('2027-01-25T13:59:59Z'), withLink)).toMatchObject({
      open: false,
      code: 'REGISTRATION_NOT_OPEN',
    });
    expect(registrationAnswer(cls(), term, at('2027-01-25T14:00:00Z'), withLink)).toEqual({ open: true, early: true, late: false });
    expect(registrationAnswer(cls(), term, at('2027-01-30T00:00:00Z'), anyone)).toMatchObject({
      open: false,
      code: 'REGISTRATION_NOT_OPEN',
    });
    // Once the window is open for everyone, the link makes no difference.
    expect(registrationAnswer(cls(), term, at('2027-02-02T00:00:00Z'), withLink)).toEqual({ open: true, early: false, late: false });
  });

  it('should close at the closing instant itself', () => {
    expect(registrationAnswer(cls(), term, at('2027-02-24T23:59:59.999Z'), anyone)).toEqual({ open: true, early: false, late: false });
    expect(registrationAnswer(cls(), term, at('2027-02-25T00:00:00Z'), anyone)).toEqual({
      open: false,
      code: 'REGISTRATION_CLOSED',
      closedAt: term.registrationClosesAt,
    });
  });

  it('should close at the start without late registration, even with no window', () => {
    expect(registrationAnswer(cls(), null, at('2027-03-01T17:59:59Z'), anyone)).toEqual({ open: true, early: false, late: false });
    expect(registrationAnswer(cls(), null, at('2027-03-01T18:00:00Z'), anyone)).toEqual({
      open: false,
      code: 'REGISTRATION_CLOSED',
      closedAt: at('2027-03-01T18:00:00Z'),
    });
  });

  it('with late registration, should stay open until the last session is over', () => {
    expect(registrationAnswer(cls(), null, at('2027-03-01T18:00:00Z'), late)).toEqual({ open: true, early: false, late: true });
    // The last session: 2027-03-15 18:00-19:00.
    expect(registrationAnswer(cls(), null, at('2027-03-15T18:59:59Z'), late)).toEqual({ open: true, early: false, late: true });
    expect(registrationAnswer(cls(), null, at('2027-03-15T19:00:00Z'), late)).toEqual({
      open: false,
      code: 'REGISTRATION_CLOSED',
      closedAt: at('2027-03-15T19:00:00Z'),
    });
  });

  it('should let a closing time that has passed win over late registration', () => {
    const closed = cls({ registrationClosesAt: at('2027-03-02T00:00:00Z') });
    expect(registrationAnswer(closed, null, at('2027-03-05T00:00:00Z'), late)).toEqual({
      open: false,
      code: 'REGISTRATION_CLOSED',
      closedAt: at('2027-03-02T00:00:00Z'),
    });
  });
});

describe('sessionsLeft', () => {
  it('should count weekly sessions 7 days apart, a session left until it ends', () => {
    const c = cls();
    expect(sessionsLeft(c, at('2027-02-01T00:00:00Z'))).toEqual({ left: 3, total: 3, lastEndsAt: at('2027-03-15T19:00:00Z') });
    expect(sessionsLeft(c, at('2027-03-01T18:59:59Z')).left).toBe(3);
    expect(sessionsLeft(c, at('2027-03-01T19:00:00Z')).left).toBe(2);
    expect(sessionsLeft(c, at('2027-03-08T19:00:00Z')).left).toBe(1);
    expect(sessionsLeft(c, at('2027-03-15T19:00:00Z')).left).toBe(0);
  });

  it('should count consecutive sessions 1 day apart, and a class of 0 days as one session', () => {
    const c = cls({ schedule: 'Consecutive', days: 5, duration: 90 });
    expect(sessionsLeft(c, at('2027-03-03T12:00:00Z'))).toEqual({ left: 3, total: 5, lastEndsAt: at('2027-03-05T19:30:00Z') });
    expect(sessionsLeft(cls({ days: 0 }), at('2027-02-01T00:00:00Z'))).toEqual({
      left: 1,
      total: 1,
      lastEndsAt: at('2027-03-01T19:00:00Z'),
    });
  });
});

describe('openingTime', () => {
  it("should say the day and time in the organization's time zone", () => {
    // 14:00 UTC is 9:00 in New York in winter (UTC-5), and 6:00 in Los Angeles (UTC-8).
    expect(openingTime(at('2027-02-01T14:00:00Z'), 'America/New_York')).toBe('Monday, February 1 at 9:00 AM');
    expect(openingTime(at('2027-02-01T14:00:00Z'), 'America/Los_Angeles')).toBe('Monday, February 1 at 6:00 AM');
    // Past midnight UTC is still the evening before in Chicago.
    expect(openingTime(at('2027-02-02T01:30:00Z'), 'America/Chicago')).toBe('Monday, February 1 at 7:30 PM');
  });
});
