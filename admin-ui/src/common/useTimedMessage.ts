import { useEffect, useState } from 'react';

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
