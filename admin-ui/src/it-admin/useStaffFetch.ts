import { useCallback, useEffect, useRef, useState } from 'react';

/** Runs a staff call and keeps its result; `key` changes (or reload) run it again. Late answers of older runs are dropped. */
export function useStaffFetch<T>(key: string, fn: () => Promise<T>) {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const fnRef = useRef(fn);
  fnRef.current = fn;
  const seq = useRef(0);
  const reload = useCallback(async () => {
    const id = ++seq.current;
    setLoading(true);
    try {
      const result = await fnRef.current();
      if (id === seq.current) {
        setData(result);
        setError(null);
      }
    } catch (e) {
      if (id === seq.current) setError(e);
    } finally {
      if (id === seq.current) setLoading(false);
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [key, reload]);
  return { data, error, loading, reload };
}
