import { useEffect, useRef } from 'react';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '@/providers/dataProvider';

/** Spec 3 §2.3 / §9: search use is reported to analytics once the admin has stopped typing for a second. */
export const SEARCH_ANALYTICS_DEBOUNCE_MS = 1000;

/**
 * Reports a class search (`class_search`, POST /api/analytics/events) 1 s after the search text last changed, once
 * per distinct text; the number of matching classes is the list's total at that moment. A failed report is dropped:
 * analytics never gets in the admin's way.
 */
export function useClassSearchAnalytics(organizationId: string | null, query: string, results: number | undefined) {
  const dp = useDataProvider<AppDataProvider>();
  const lastSent = useRef('');
  const latestResults = useRef(results);
  latestResults.current = results;
  useEffect(() => {
    const text = query.trim();
    if (!organizationId || !text || text === lastSent.current) return;
    const timer = setTimeout(() => {
      lastSent.current = text;
      dp.trackClassSearch(organizationId, text, latestResults.current).catch(() => undefined);
    }, SEARCH_ANALYTICS_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [dp, organizationId, query]);
}
