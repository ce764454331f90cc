import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HoldCountdown } from './HoldCountdown';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('HoldCountdown', () => {
  it('should count the hold down every second and announce only the minutes', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-23T13:00:00Z'));
    const { container } = render(<HoldCountdown endsAt={Date.parse('2026-11-23T13:15:00Z')} />);
    expect(container.textContent).toContain('Your spot is held for 15:00. Complete your payment before the time runs out.');
    expect(screen.getByRole('status').textContent).toBe('Your spot is held for 15 minutes.');
    act(() => vi.advanceTimersByTime(61_000));
    expect(container.querySelector('.hold-timer__clock')?.textContent).toBe('13:59');
    expect(screen.getByRole('status').textContent).toBe('Your spot is held for 14 minutes.');
  });

  it('should say the spot was released when the hold has run out, once', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-23T13:14:58Z'));
    const onExpired = vi.fn();
    render(<HoldCountdown endsAt={Date.parse('2026-11-23T13:15:00Z')} onExpired={onExpired} />);
    expect(screen.getByRole('status').textContent).toBe('Your spot is held for less than 1 minute.');
    act(() => vi.advanceTimersByTime(3_000));
    expect(screen.getByRole('status').textContent).toBe(
      'Your held spot was released. Press Pay to hold a spot again if one is still free.',
    );
    act(() => vi.advanceTimersByTime(5_000));
    expect(onExpired).toHaveBeenCalledTimes(1);
  });
});
