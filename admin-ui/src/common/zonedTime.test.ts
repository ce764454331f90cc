import { describe, expect, it } from 'vitest';
import { formatInZone, fromZonedInput, todayInZone, toZonedInput, zoneAbbreviation, zoneHint } from './zonedTime';

describe('datetime-local values in a named time zone', () => {
  it('reads the wall clock in the zone, not in the zone the test runs in', () => {
    expect(fromZonedInput('2027-01-05T06:00', 'America/New_York')).toBe('2027-01-05T11:00:00.000Z');
    expect(fromZonedInput('2027-01-05T06:00', 'Asia/Tokyo')).toBe('2027-01-04T21:00:00.000Z');
    expect(fromZonedInput('2027-07-05T06:00', 'America/New_York')).toBe('2027-07-05T10:00:00.000Z');
    expect(fromZonedInput('2027-07-05T06:00', 'UTC')).toBe('2027-07-05T06:00:00.000Z');
    // Half-hour zones and zones ahead of UTC across midnight.
    expect(fromZonedInput('2027-01-01T00:15', 'Asia/Kolkata')).toBe('2026-12-31T18:45:00.000Z');
  });

  it('shows an instant as the zone wall clock', () => {
    expect(toZonedInput('2027-01-05T11:00:00.000Z', 'America/New_York')).toBe('2027-01-05T06:00');
    expect(toZonedInput(new Date('2027-01-04T21:00:00Z'), 'Asia/Tokyo')).toBe('2027-01-05T06:00');
    expect(toZonedInput('2026-12-31T18:45:00Z', 'Asia/Kolkata')).toBe('2027-01-01T00:15');
    expect(toZonedInput(null, 'UTC')).toBe('');
    expect(toZonedInput('not a date', 'UTC')).toBe('');
  });

  it('round-trips every hour of a year, both ways, in zones with daylight saving (north and south)', () => {
    for (const zone of ['America/Chicago', 'Australia/Sydney']) {
      for (let t = Date.UTC(2027, 0, 1); t < Date.UTC(2028, 0, 1); t += 3_600_000) {
        const input = toZonedInput(new Date(t), zone);
        const back = fromZonedInput(input, zone)!;
        // The repeated hour of a fall-back reads as its first occurrence; everything else comes back exactly.
        expect(toZonedInput(back, zone)).toBe(input);
        if (new Date(back).getTime() !== t) expect(new Date(back).getTime()).toBe(t - 3_600_000);
      }
    }
  });

  it('across the spring-forward change: the skipped hour moves forward, the hours around it are exact', () => {
    // New York, Sunday March 14 2027: 2:00 AM EST becomes 3:00 AM EDT.
    expect(fromZonedInput('2027-03-14T01:59', 'America/New_York')).toBe('2027-03-14T06:59:00.000Z');
    expect(fromZonedInput('2027-03-14T02:30', 'America/New_York')).toBe('2027-03-14T07:30:00.000Z');
    expect(toZonedInput('2027-03-14T07:30:00.000Z', 'America/New_York')).toBe('2027-03-14T03:30');
    expect(fromZonedInput('2027-03-14T03:00', 'America/New_York')).toBe('2027-03-14T07:00:00.000Z');
    expect(fromZonedInput('2027-03-14T06:00', 'America/New_York')).toBe('2027-03-14T10:00:00.000Z');
  });

  it('across the fall-back change: the repeated hour is its first occurrence', () => {
    // New York, Sunday November 7 2027: 2:00 AM EDT becomes 1:00 AM EST, so 1:30 AM happens twice.
    expect(fromZonedInput('2027-11-07T01:30', 'America/New_York')).toBe('2027-11-07T05:30:00.000Z');
    expect(toZonedInput('2027-11-07T06:30:00.000Z', 'America/New_York')).toBe('2027-11-07T01:30');
    expect(fromZonedInput('2027-11-07T02:00', 'America/New_York')).toBe('2027-11-07T07:00:00.000Z');
    expect(fromZonedInput('2027-11-06T06:00', 'America/New_York')).toBe('2027-11-06T10:00:00.000Z');
    expect(fromZonedInput('2027-11-08T06:00', 'America/New_York')).toBe('2027-11-08T11:00:00.000Z');
  });

  it('refuses what is not a datetime-local value', () => {
    expect(fromZonedInput('', 'UTC')).toBeNull();
    expect(fromZonedInput('2027-01-05', 'UTC')).toBeNull();
    expect(fromZonedInput('tomorrow', 'UTC')).toBeNull();
  });

  it('formats in the zone and names it under the inputs', () => {
    expect(formatInZone('2027-01-05T11:00:00.000Z', 'America/New_York')).toBe('Jan 5, 2027, 6:00 AM');
    expect(formatInZone(null, 'UTC')).toBe('—');
    expect(zoneHint('America/New_York', 'Empty: stays open')).toBe('Empty: stays open · Times in America/New York');
    expect(zoneHint(undefined)).toBe('');
  });

  it('across the changes of the southern hemisphere, of Europe, and of a half-hour daylight saving', () => {
    // Sydney, Sunday October 3 2027: 2:00 AM AEST becomes 3:00 AM AEDT; Sunday April 4 2027: 3:00 AM AEDT becomes 2:00 AM AEST.
    expect(fromZonedInput('2027-10-03T02:30', 'Australia/Sydney')).toBe('2027-10-02T16:30:00.000Z');
    expect(toZonedInput('2027-10-02T16:30:00.000Z', 'Australia/Sydney')).toBe('2027-10-03T03:30');
    expect(fromZonedInput('2027-04-04T02:30', 'Australia/Sydney')).toBe('2027-04-03T15:30:00.000Z');
    expect(fromZonedInput('2027-04-04T03:30', 'Australia/Sydney')).toBe('2027-04-03T17:30:00.000Z');
    // London, Sunday March 28 2027: 1:00 AM GMT becomes 2:00 AM BST; Sunday October 31: 2:00 AM BST becomes 1:00 AM GMT.
    expect(fromZonedInput('2027-03-28T01:30', 'Europe/London')).toBe('2027-03-28T01:30:00.000Z');
    expect(fromZonedInput('2027-03-28T00:59', 'Europe/London')).toBe('2027-03-28T00:59:00.000Z');
    expect(fromZonedInput('2027-10-31T01:30', 'Europe/London')).toBe('2027-10-31T00:30:00.000Z');
    expect(toZonedInput('2027-10-31T01:30:00.000Z', 'Europe/London')).toBe('2027-10-31T01:30');
    // Lord Howe Island moves its clock by half an hour: 2:00 AM becomes 2:30 AM, then 2:00 AM becomes 1:30 AM.
    expect(fromZonedInput('2027-10-03T02:15', 'Australia/Lord_Howe')).toBe('2027-10-02T15:45:00.000Z');
    expect(fromZonedInput('2027-04-04T01:45', 'Australia/Lord_Howe')).toBe('2027-04-03T14:45:00.000Z');
    // A zone without daylight saving (Tokyo) has no gap and no repeat.
    expect(fromZonedInput('2027-03-14T02:30', 'Asia/Tokyo')).toBe('2027-03-13T17:30:00.000Z');
  });

  it("names the zone's clock at the instant, and its date today", () => {
    expect(zoneAbbreviation('2027-01-05T13:00:00.000Z', 'America/Denver')).toBe('MST');
    expect(zoneAbbreviation(new Date('2027-07-05T12:00:00.000Z'), 'America/Denver')).toBe('MDT');
    expect(zoneAbbreviation('2027-01-05T13:00:00.000Z', 'Asia/Tokyo')).toBe('GMT+9');
    expect(formatInZone('2027-06-01T12:00:00.000Z', 'America/Denver', true)).toBe('Jun 1, 2027, 6:00 AM MDT');
    // 11 PM on January 4 in Denver is already January 5 in UTC and in Tokyo.
    const at = new Date('2027-01-05T06:00:00.000Z');
    expect(todayInZone('America/Denver', at)).toBe('2027-01-04');
    expect(todayInZone('Asia/Tokyo', at)).toBe('2027-01-05');
  });
});
