import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/apiClient';
import {
  dropTicket,
  keepTicket,
  peopleAhead,
  peopleAheadText,
  storedTicket,
  ticketKey,
  toTicket,
  waitingRoomActive,
  waitingRoomRefusal,
  waitText,
} from './waitingRoom';

const ORG = 'a0000000-0000-4000-8000-000000000001';
const OTHER_ORG = 'b0000000-0000-4000-8000-000000000002';
const OPENS = '2027-01-05T11:00:00.000Z';
const at = (iso: string) => new Date(iso).getTime();
const place = (over: Record<string, unknown> = {}) => ({
  ticket: 'signed.ticket',
  position: 3,
  opensAt: OPENS,
  admitAt: '2027-01-05T11:00:06.000Z',
  expiresAt: '2027-01-05T11:30:06.000Z',
  ...over,
});

afterEach(() => sessionStorage.clear());

describe('the kept place in line', () => {
  it('is found again by organization and opening instant, whether the opening comes as a string or a Date', () => {
    keepTicket(ORG, place());
    expect(storedTicket(ORG, OPENS, at('2027-01-05T11:00:01Z'))).toEqual(place());
    expect(storedTicket(ORG, new Date(OPENS), at('2027-01-05T11:00:01Z'))?.ticket).toBe('signed.ticket');
    expect(ticketKey(ORG, new Date(OPENS))).toBe(ticketKey(ORG, OPENS));
  });

  it("is not another organization's or another opening's", () => {
    keepTicket(ORG, place());
    expect(storedTicket(OTHER_ORG, OPENS, at('2027-01-05T11:00:01Z'))).toBeNull();
    expect(storedTicket(ORG, '2027-01-05T12:00:00.000Z', at('2027-01-05T11:00:01Z'))).toBeNull();
  });

  it('is reused until it expires, then forgotten', () => {
    keepTicket(ORG, place());
    expect(storedTicket(ORG, OPENS, at('2027-01-05T11:30:05.999Z'))).not.toBeNull();
    expect(storedTicket(ORG, OPENS, at('2027-01-05T11:30:06Z'))).toBeNull();
    expect(sessionStorage.getItem(ticketKey(ORG, OPENS))).toBeNull();
  });

  it('is dropped on demand and ignores what is not a place', () => {
    keepTicket(ORG, place());
    dropTicket(ORG, OPENS);
    expect(storedTicket(ORG, OPENS, at('2027-01-05T11:00:01Z'))).toBeNull();
    sessionStorage.setItem(ticketKey(ORG, OPENS), '{not json');
    expect(storedTicket(ORG, OPENS, at('2027-01-05T11:00:01Z'))).toBeNull();
    sessionStorage.setItem(ticketKey(ORG, OPENS), JSON.stringify({ ticket: 'x' }));
    expect(storedTicket(ORG, OPENS, at('2027-01-05T11:00:01Z'))).toBeNull();
  });
});

describe('toTicket', () => {
  it('reads the reply with its revived instants back as ISO strings', () => {
    const reply = {
      ...place(),
      opensAt: new Date(OPENS),
      admitAt: new Date('2027-01-05T11:00:06Z'),
      expiresAt: new Date('2027-01-05T11:30:06Z'),
    };
    expect(toTicket(reply)).toEqual(place());
  });

  it('keeps the rate the turn was spaced by, and leaves it out when the server gave none or not a rate', () => {
    expect(toTicket({ ...place(), admitPerMinute: 1800 })).toEqual({ ...place(), admitPerMinute: 1800 });
    expect(toTicket(place())).not.toHaveProperty('admitPerMinute');
    expect(toTicket({ ...place(), admitPerMinute: '1800' })).not.toHaveProperty('admitPerMinute');
    expect(toTicket({ ...place(), admitPerMinute: 0 })).not.toHaveProperty('admitPerMinute');
    // Kept with the place, so a reload still shows the count.
    keepTicket(ORG, toTicket({ ...place(), admitPerMinute: 600 })!);
    expect(storedTicket(ORG, OPENS, at('2027-01-05T11:00:01Z'))?.admitPerMinute).toBe(600);
  });

  it('is null for a reply that is not a place', () => {
    expect(toTicket(null)).toBeNull();
    expect(toTicket({ ...place(), admitAt: 'soon' })).toBeNull();
    expect(toTicket({ ...place(), position: '3' })).toBeNull();
  });
});

describe('waitingRoomActive', () => {
  const w = { opensAt: OPENS, waitingRoomUntil: '2027-01-05T12:00:00.000Z' };
  it('is on from the opening until the waiting room ends', () => {
    expect(waitingRoomActive(w, at(OPENS) - 1)).toBe(false);
    expect(waitingRoomActive(w, at(OPENS))).toBe(true);
    expect(waitingRoomActive(w, at('2027-01-05T11:59:59.999Z'))).toBe(true);
    expect(waitingRoomActive(w, at('2027-01-05T12:00:00Z'))).toBe(false);
  });

  it('is off without a waiting room or an opening', () => {
    expect(waitingRoomActive({ opensAt: OPENS, waitingRoomUntil: null }, at(OPENS) + 1000)).toBe(false);
    expect(waitingRoomActive({ opensAt: OPENS }, at(OPENS) + 1000)).toBe(false);
    expect(waitingRoomActive({ opensAt: null, waitingRoomUntil: '2027-01-05T12:00:00.000Z' }, at(OPENS))).toBe(false);
    expect(waitingRoomActive(null, at(OPENS))).toBe(false);
  });
});

describe('waitingRoomRefusal', () => {
  const envelope = (extra: Record<string, unknown>) => ({ success: false, data: null, error: 'Registration for Pottery is …', ...extra });

  it('reads the three waiting-room answers out of the 409 envelope', () => {
    expect(
      waitingRoomRefusal(new ApiError('x', 409, envelope({ code: 'WAITING_ROOM', waitingRoomUntil: '2027-01-05T12:00:00.000Z' }))),
    ).toEqual({
      code: 'WAITING_ROOM',
      waitingRoomUntil: '2027-01-05T12:00:00.000Z',
    });
    expect(
      waitingRoomRefusal(new ApiError('x', 409, envelope({ code: 'WAITING_ROOM_NOT_YET', admitAt: '2027-01-05T11:00:06.000Z' }))),
    ).toEqual({
      code: 'WAITING_ROOM_NOT_YET',
      admitAt: '2027-01-05T11:00:06.000Z',
    });
    expect(waitingRoomRefusal(new ApiError('x', 409, envelope({ code: 'NO_WAITING_ROOM' })))).toEqual({ code: 'NO_WAITING_ROOM' });
    // The fields may also come inside `data`.
    expect(waitingRoomRefusal(new ApiError('x', 409, { success: false, data: { code: 'WAITING_ROOM' } }))).toEqual({
      code: 'WAITING_ROOM',
      waitingRoomUntil: null,
    });
  });

  it("is not the window's refusal, a full class, another status or a turn without its time", () => {
    expect(waitingRoomRefusal(new ApiError('x', 409, envelope({ code: 'REGISTRATION_NOT_OPEN', opensAt: OPENS })))).toBeNull();
    expect(waitingRoomRefusal(new ApiError('This class is full', 409, envelope({ code: 'CLASS_FULL' })))).toBeNull();
    expect(waitingRoomRefusal(new ApiError('x', 400, envelope({ code: 'WAITING_ROOM' })))).toBeNull();
    expect(waitingRoomRefusal(new ApiError('x', 409, envelope({ code: 'WAITING_ROOM_NOT_YET' })))).toBeNull();
    expect(waitingRoomRefusal(new Error('network'))).toBeNull();
  });
});

describe('waitText', () => {
  it('is m:ss, rounded up to the next second, never negative, with minutes past an hour', () => {
    expect(waitText(0)).toBe('0:00');
    expect(waitText(-5000)).toBe('0:00');
    expect(waitText(1)).toBe('0:01');
    expect(waitText(9_000)).toBe('0:09');
    expect(waitText(65_200)).toBe('1:06');
    expect(waitText(75 * 60_000)).toBe('75:00');
  });
});

describe('peopleAhead', () => {
  it('is the turns between now and this one: ceil(left / (60000 / rate))', () => {
    // 30 a minute: one every 2 s.
    expect(peopleAhead(16_000, 30)).toBe(8);
    expect(peopleAhead(15_999, 30)).toBe(8);
    expect(peopleAhead(14_000, 30)).toBe(7);
    expect(peopleAhead(1, 30)).toBe(1);
    // 1,800 a minute: one every 33.3 ms, with no drift from the step's rounding.
    expect(peopleAhead(60_000, 1800)).toBe(1800);
    expect(peopleAhead(90_000, 1800)).toBe(2700);
    expect(peopleAhead(100, 1800)).toBe(3);
    expect(peopleAhead(10 * 60_000, 60_000)).toBe(600_000);
  });

  it('falls to 0 at the turn and stays there', () => {
    expect(peopleAhead(0, 1800)).toBe(0);
    expect(peopleAhead(-5_000, 1800)).toBe(0);
  });

  it('is null without a rate (an older server), so the page shows no count', () => {
    expect(peopleAhead(16_000, undefined)).toBeNull();
    expect(peopleAhead(16_000, null)).toBeNull();
    expect(peopleAhead(16_000, 0)).toBeNull();
    expect(peopleAhead(16_000, Number.NaN)).toBeNull();
    expect(peopleAhead(Number.NaN, 30)).toBeNull();
  });
});

describe('peopleAheadText', () => {
  it("says the count with the locale's thousands separator", () => {
    expect(peopleAheadText(1)).toBe('People ahead of you: 1');
    expect(peopleAheadText(999)).toBe('People ahead of you: 999');
    expect(peopleAheadText(2700)).toBe('People ahead of you: 2,700');
    expect(peopleAheadText(1_234_567)).toBe('People ahead of you: 1,234,567');
  });
});
