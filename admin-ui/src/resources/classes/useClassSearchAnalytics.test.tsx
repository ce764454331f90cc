import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { CoreAdminContext, testDataProvider } from 'react-admin';
import { SEARCH_ANALYTICS_DEBOUNCE_MS, useClassSearchAnalytics } from '@/resources/classes/useClassSearchAnalytics';

describe(useClassSearchAnalytics.name, () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  function setup() {
    const trackClassSearch = vi.fn(async () => ({}));
    const dataProvider = testDataProvider({ trackClassSearch } as never);
    const wrapper = ({ children }: { children: ReactNode }) => <CoreAdminContext dataProvider={dataProvider}>{children}</CoreAdminContext>;
    const hook = renderHook(({ q, total }: { q: string; total?: number }) => useClassSearchAnalytics('org-1', q, total), {
      wrapper,
      initialProps: { q: '' } as { q: string; total?: number },
    });
    return { trackClassSearch, hook };
  }

  it('should report a search once, 1 s after the text stopped changing, with the number of classes found', () => {
    const { trackClassSearch, hook } = setup();
    hook.rerender({ q: 'wat', total: 4 });
    vi.advanceTimersByTime(600);
    hook.rerender({ q: 'water', total: 4 });
    vi.advanceTimersByTime(SEARCH_ANALYTICS_DEBOUNCE_MS - 1);
    hook.rerender({ q: 'water', total: 2 });
    expect(trackClassSearch).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(trackClassSearch).toHaveBeenCalledTimes(1);
    expect(trackClassSearch).toHaveBeenCalledWith('org-1', 'water', 2);
  });

  it('should not report an empty search, nor the same text twice in a row', () => {
    const { trackClassSearch, hook } = setup();
    vi.advanceTimersByTime(5000);
    hook.rerender({ q: '  ' });
    vi.advanceTimersByTime(5000);
    expect(trackClassSearch).not.toHaveBeenCalled();
    hook.rerender({ q: 'clay' });
    vi.advanceTimersByTime(SEARCH_ANALYTICS_DEBOUNCE_MS);
    hook.rerender({ q: 'clay ' });
    vi.advanceTimersByTime(SEARCH_ANALYTICS_DEBOUNCE_MS);
    expect(trackClassSearch).toHaveBeenCalledTimes(1);
  });
});
