import { describe, expect, it } from 'vitest';
import { clockTime, rowState, wanted } from '@/teacher-session/sessionView';
import type { KeyStatus } from '@/teacher-session/writeQueue';

const at = new Date(2026, 10, 27, 15, 5).getTime();
const tap = (state: KeyStatus['state'], extra: Partial<KeyStatus> = {}): KeyStatus => ({
  state,
  label: 'Ada Lovelace: present',
  payload: { attended: true },
  at,
  attempts: 0,
  ...extra,
});

describe('rowState', () => {
  it('should say nothing while no tap was made on the row', () => {
    expect(rowState([undefined, undefined], false)).toBeNull();
  });

  it('should say a tap on its way is saving, or kept on the device while offline', () => {
    expect(rowState([tap('sending'), tap('saved')], false)).toEqual({ text: 'Saving…', tone: 'muted' });
    expect(rowState([tap('pending')], true)).toEqual({ text: 'Kept on this device: will be sent when online', tone: 'muted' });
  });

  it("should name a refused tap's reason once nothing is on its way", () => {
    expect(rowState([tap('saved'), tap('failed', { error: 'Class is archived' })], false)).toEqual({
      text: 'Not saved: Class is archived',
      tone: 'error',
    });
    expect(rowState([tap('failed')], false)).toEqual({ text: 'Not saved: refused', tone: 'error' });
  });

  it('should say when the latest of the saved taps was saved', () => {
    expect(rowState([tap('saved', { at: at - 60_000 }), tap('saved')], false)).toEqual({ text: `Saved ${clockTime(at)}`, tone: 'ok' });
    expect(clockTime(at)).toBe('3:05 PM');
  });
});

describe('wanted', () => {
  it("should show a tap's payload until it is refused, then the server's value again", () => {
    expect(wanted(tap('pending'))).toEqual({ attended: true });
    expect(wanted(tap('saved'))).toEqual({ attended: true });
    expect(wanted(tap('failed'))).toBeUndefined();
    expect(wanted(undefined)).toBeUndefined();
  });
});
