import { describe, expect, it } from '@jest/globals';
import {
  firstSessionDay,
  guardianIsMinor,
  isMinorOn,
  minorMustNotSign,
  needsGuardian,
  waiverSigner,
  type WaiverSigning,
} from './waiver-signer';

describe('isMinorOn: under 18 on the class’s first day', () => {
  it('should count the 18th birthday itself as adult, and the day before as a minor', () => {
    expect(isMinorOn('2008-06-15', '2026-06-14')).toBe(true);
    expect(isMinorOn('2008-06-15', '2026-06-15')).toBe(false);
    expect(isMinorOn('2008-06-15', '2026-06-16')).toBe(false);
    expect(isMinorOn('2008-12-31', '2026-12-30')).toBe(true);
    expect(isMinorOn('2009-01-01', '2026-12-31')).toBe(true);
    expect(isMinorOn('2009-01-01', '2027-01-01')).toBe(false);
  });

  it('should turn someone born on 29 February 18 on 1 March (their 18th year never has a 29 February)', () => {
    // 18 years after a leap year is never one: still a minor on 28 February, an adult on 1 March.
    expect(isMinorOn('2008-02-29', '2026-02-28')).toBe(true);
    expect(isMinorOn('2008-02-29', '2026-03-01')).toBe(false);
    expect(isMinorOn('2012-02-29', '2030-02-28')).toBe(true);
    expect(isMinorOn('2012-02-29', '2030-03-01')).toBe(false);
    // Someone born on 28 February of a leap year is 18 on 28 February as usual.
    expect(isMinorOn('2008-02-28', '2026-02-28')).toBe(false);
    expect(isMinorOn('2008-02-28', '2026-02-27')).toBe(true);
  });

  it('should count the day where the organization is: a session at 02:00 UTC is still the evening before in Chicago', () => {
    const at = new Date('2026-06-15T02:00:00Z');
    expect(firstSessionDay(at, 'UTC')).toBe('2026-06-15');
    expect(firstSessionDay(at, 'America/Chicago')).toBe('2026-06-14');
    expect(firstSessionDay(new Date('2026-06-14T23:30:00Z'), 'Asia/Tokyo')).toBe('2026-06-15');
    // Born 15 June 2008: an adult at the UTC day, still a minor on the Chicago day of the same session.
    expect(isMinorOn('2008-06-15', firstSessionDay(at, 'UTC'))).toBe(false);
    expect(isMinorOn('2008-06-15', firstSessionDay(at, 'America/Chicago'))).toBe(true);
  });
});

describe('waiverSigner: who may sign for whom', () => {
  const DAY = '2026-06-15';
  const one = (over: Partial<WaiverSigning>): WaiverSigning => ({
    person: { name: 'Jo Kim', dateOfBirth: '2014-03-03' },
    contact: { name: 'Jo Kim', dateOfBirth: '2014-03-03' },
    personIsContact: true,
    signedName: 'Jo Kim',
    day: DAY,
    waiverTitle: 'Studio waiver',
    ...over,
  });

  it('should refuse a minor signing for themself, with the message that a parent or guardian must sign', () => {
    expect(waiverSigner(one({}))).toEqual({ error: minorMustNotSign('Jo Kim', 'Studio waiver'), field: 'signature' });
    expect(minorMustNotSign('Jo Kim', 'Studio waiver')).toBe(
      'Jo Kim is under 18 on the first day of class: a parent or guardian must sign “Studio waiver” for them. ' +
        'Enter the parent or guardian’s full name and have them type it to sign',
    );
    // Naming a guardian does not let the minor sign with their own name.
    expect(waiverSigner(one({ guardian: { name: 'Sam Kim' } }))).toEqual({
      error: minorMustNotSign('Jo Kim', 'Studio waiver'),
      field: 'signature',
    });
    // Nor naming themself as the guardian.
    expect(waiverSigner(one({ guardian: { name: ' jo  KIM ' } }))).toEqual({ error: guardianIsMinor('Jo Kim'), field: 'guardian' });
    expect(needsGuardian(one({}))).toBe(true);
  });

  it('should take the named guardian’s signature for a minor, as guardian', () => {
    expect(waiverSigner(one({ guardian: { name: 'Sam Kim' }, signedName: 'sam kim' }))).toEqual({ signedAs: 'guardian' });
  });

  it('should leave an adult (18 that day) signing for themself unchanged, and one whose age is not given', () => {
    expect(waiverSigner(one({ person: { name: 'Jo Kim', dateOfBirth: '2008-06-15' } }))).toEqual({ signedAs: 'self' });
    expect(waiverSigner(one({ person: { name: 'Jo Kim' } }))).toEqual({ signedAs: 'self' });
    expect(needsGuardian(one({ person: { name: 'Jo Kim', dateOfBirth: '2008-06-15' } }))).toBe(false);
    expect(waiverSigner(one({ person: { name: 'Jo Kim', dateOfBirth: '2008-06-16' } }))).toEqual({
      error: minorMustNotSign('Jo Kim', 'Studio waiver'),
      field: 'signature',
    });
  });

  it('should let an adult contact sign for a child as guardian, and refuse a minor contact signing for anyone', () => {
    const child = { person: { name: 'Pia Kim', dateOfBirth: '2016-01-01' }, personIsContact: false };
    const adult = { name: 'Ana Kim', dateOfBirth: null };
    expect(waiverSigner(one({ ...child, contact: adult, signedName: 'Ana Kim' }))).toEqual({ signedAs: 'guardian' });
    expect(needsGuardian(one({ ...child, contact: adult }))).toBe(false);
    // A minor contact (14) registering a sibling: the sibling needs a named guardian.
    const minorContact = { name: 'Jo Kim', dateOfBirth: '2012-01-01' };
    expect(needsGuardian(one({ ...child, contact: minorContact }))).toBe(true);
    expect(waiverSigner(one({ ...child, contact: minorContact, signedName: 'Jo Kim' }))).toEqual({
      error: minorMustNotSign('Pia Kim', 'Studio waiver'),
      field: 'signature',
    });
    expect(waiverSigner(one({ ...child, contact: minorContact, guardian: { name: 'Sam Kim' }, signedName: 'Sam Kim' }))).toEqual({
      signedAs: 'guardian',
    });
    // The minor contact cannot sign for an adult member either; that adult signs their own.
    const grown = { person: { name: 'Raul Kim', dateOfBirth: '1980-05-05' }, personIsContact: false };
    expect(waiverSigner(one({ ...grown, contact: minorContact, signedName: 'Jo Kim' }))).toMatchObject({ field: 'signature' });
    expect(waiverSigner(one({ ...grown, contact: minorContact, own: true, signedName: 'Raul Kim' }))).toEqual({ signedAs: 'self' });
    expect(waiverSigner(one({ ...grown, contact: adult, signedName: 'Ana Kim' }))).toEqual({ signedAs: 'contact' });
  });
});
