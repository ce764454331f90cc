import { useCallback, useEffect, useState } from 'react';
import { trackConversion } from './abTest';
import { track } from '@/lib/analytics';

/** Open state of the organization registration dialog; `?signup=1` opens it on arrival. */
export function useRegistrationDialog() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (new URLSearchParams(window.location.search).get('signup') === '1') setOpen(true);
  }, []);
  const start = useCallback((source: string) => {
    track('cta_click', { source });
    trackConversion('headline', `cta_click:${source}`);
    trackConversion('cta', `cta_click:${source}`);
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  return { open, start, close };
}
