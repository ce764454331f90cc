import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { CoreAdminContext, testDataProvider } from 'react-admin';
import { ThemeProvider, createTheme } from '@mui/material';
import { makeQueryClient } from '@/providers/queryClient';
import { WAITING_ROOM_POLL_MS, WAITING_ROOM_SETTINGS_LINK, WaitingRoomCard, isLiveLine } from '@/dashboard/WaitingRoomCard';
import type { Settings, WaitingRoomLine } from '@/providers/types';

// 6:00 AM in Chicago on Saturday, November 28, 2026 (UTC-6).
const OPENS = Date.parse('2026-11-28T12:00:00Z');
const NOW = OPENS + 2 * 60_000;

const line = (over: Partial<WaitingRoomLine> = {}): WaitingRoomLine => ({
  opensAt: new Date(OPENS).toISOString(),
  waitingRoomUntil: new Date(OPENS + 60 * 60_000).toISOString(),
  placesGiven: 1800,
  inLineNow: 1234,
  letInSoFar: 566,
  lineClearsAt: new Date(OPENS + 4 * 60_000).toISOString(),
  admitPerMinute: 1800,
  ...over,
});

function renderCard(getWaitingRoomLines: () => Promise<WaitingRoomLine[]>) {
  const dataProvider = {
    ...testDataProvider(),
    getWaitingRoomLines: vi.fn(getWaitingRoomLines),
    getSettings: vi.fn(async () => ({ timeZone: 'America/Chicago', defaultTimeZone: 'America/Chicago' }) as Settings),
  };
  const view = render(
    <ThemeProvider theme={createTheme()}>
      <MemoryRouter>
        <CoreAdminContext dataProvider={dataProvider} queryClient={makeQueryClient()}>
          <WaitingRoomCard />
        </CoreAdminContext>
      </MemoryRouter>
    </ThemeProvider>,
  );
  return { ...view, calls: dataProvider.getWaitingRoomLines, settingsCalls: dataProvider.getSettings };
}

/**
 * Lets the queries settle: the lines, then the settings the card waits for (their replies reach the screen through
 * short timers). 100 ms, far from the 5 s poll.
 */
const settle = async () => {
  for (let i = 0; i < 4; i++) await act(async () => void (await vi.advanceTimersByTimeAsync(25)));
};
/** Moves the clock by `ms`, then lets the fetches it started settle (their replies reach the screen through timers). */
const pass = async (ms: number) => {
  await act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
  await settle();
};

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: false, toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('isLiveLine', () => {
  it('should be live while the room is on, or while its line still clears, and never when the room is off', () => {
    expect(isLiveLine(line(), NOW)).toBe(true);
    // The line has cleared, the room is still on: newcomers may take places.
    expect(isLiveLine(line({ lineClearsAt: null, inLineNow: 0 }), NOW)).toBe(true);
    expect(isLiveLine(line({ lineClearsAt: null }), OPENS + 60 * 60_000)).toBe(false);
    expect(isLiveLine(line({ waitingRoomUntil: null }), NOW)).toBe(false);
  });
});

describe(WaitingRoomCard.name, () => {
  it('should show the line now, those let in, when it clears (organization time) and the rate, with the way to the setting', async () => {
    renderCard(async () => [line()]);
    await settle();
    const card = screen.getByRole('region', { name: 'Waiting room' });
    const figures = screen.getAllByTestId('waiting-room-figure').map((f) => f.textContent);
    expect(figures).toEqual(['In line now: 1,234', 'Let in so far: 566', 'Line clears at 6:04 AM']);
    expect(card.textContent).toContain('Opened Saturday, November 28 at 6:00 AM · the waiting room is on until 7:00 AM');
    expect(card.textContent).toContain('Letting in 1,800 a minute');
    expect(screen.getByRole('link', { name: 'Change the rate' }).getAttribute('href')).toBe(WAITING_ROOM_SETTINGS_LINK);
  });

  it('should say there is no wait once the line has cleared while the room is on', async () => {
    renderCard(async () => [line({ inLineNow: 0, letInSoFar: 1800, lineClearsAt: null })]);
    await settle();
    expect(screen.getAllByTestId('waiting-room-figure').map((f) => f.textContent)).toEqual([
      'In line now: 0',
      'Let in so far: 1,800',
      'Line: No wait',
    ]);
  });

  it('should render nothing when no line is live (no empty card), read no settings, and not poll', async () => {
    const { container, calls, settingsCalls } = renderCard(async () => [
      line({ waitingRoomUntil: null, lineClearsAt: null }),
      line({
        opensAt: new Date(OPENS - 3 * 3600_000).toISOString(),
        waitingRoomUntil: new Date(OPENS - 2 * 3600_000).toISOString(),
        lineClearsAt: null,
      }),
    ]);
    await settle();
    expect(calls).toHaveBeenCalledTimes(1);
    expect(container.textContent).toBe('');
    await pass(3 * WAITING_ROOM_POLL_MS);
    expect(calls).toHaveBeenCalledTimes(1);
    expect(settingsCalls).not.toHaveBeenCalled();
  });

  it('should ask again every 5 s while a line is live, show the new numbers, and stop once none is', async () => {
    let reply = [line()];
    const { container, calls } = renderCard(async () => reply);
    await settle();
    expect(calls).toHaveBeenCalledTimes(1);
    reply = [line({ inLineNow: 1084, letInSoFar: 716 })];
    await pass(WAITING_ROOM_POLL_MS);
    expect(calls).toHaveBeenCalledTimes(2);
    await settle();
    expect(screen.getAllByTestId('waiting-room-figure')[0].textContent).toBe('In line now: 1,084');
    // The organization turns the room off: the card goes, and so does the polling.
    reply = [line({ waitingRoomUntil: null, lineClearsAt: null, inLineNow: 0, letInSoFar: 1800 })];
    await pass(WAITING_ROOM_POLL_MS);
    expect(calls).toHaveBeenCalledTimes(3);
    expect(container.textContent).toBe('');
    await pass(3 * WAITING_ROOM_POLL_MS);
    expect(calls).toHaveBeenCalledTimes(3);
  });

  it('should not poll while the tab is hidden', async () => {
    const { calls } = renderCard(async () => [line()]);
    await settle();
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.advanceTimersByTimeAsync(3 * WAITING_ROOM_POLL_MS);
    });
    expect(calls).toHaveBeenCalledTimes(1);
    hidden.mockRestore();
  });
});
