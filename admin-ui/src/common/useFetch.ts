import { useCallback, useEffect, useRef, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '@/providers/dataProvider';

export interface FetchState<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => Promise<void>;
  setData: (updater: (prev: T | undefined) => T | undefined) => void;
}

/**
 * Run a custom data-provider method and keep its result. `key` changes re-run it; `null` skips it.
 * (The CRUD resources use react-admin's useGetList; this is for the typed custom methods.)
 */
export function useFetch<T>(key: string | null, fn: (dp: AppDataProvider) => Promise<T>): FetchState<T> {
  const dp = useDataProvider<AppDataProvider>();
  const [data, setDataState] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState<boolean>(key !== null);
  const fnRef = useRef(fn);
  fnRef.current = fn;
  const seq = useRef(0);

  const run = useCallback(async () => {
    if (key === null) return;
    const id = ++seq.current;
    setLoading(true);
    try {
      const result = await fnRef.current(dp);
      if (id === seq.current) {
        setDataState(result);
        setError(null);
      }
    } catch (e) {
      if (id === seq.current) setError(e);
    } finally {
      if (id === seq.current) setLoading(false);
    }
  }, [dp, key]);

  useEffect(() => {
    void run();
  }, [run]);

  const setData = useCallback((updater: (prev: T | undefined) => T | undefined) => setDataState(updater), []);
  return { data, error, loading, reload: run, setData };
}

/** A message that disappears after `ms` (success 3 s, warnings 8 s, payment errors 5 s). */
export function useTimedMessage(ms: number): [string | null, (m: string | null) => void] {
  const [msg, setMsg] = useState<string | null>(null);
  useEffect(() => {
    if (!msg) return;
    const t = setTimeout(() => setMsg(null), ms);
    return () => clearTimeout(t);
  }, [msg, ms]);
  return [msg, setMsg];
}
