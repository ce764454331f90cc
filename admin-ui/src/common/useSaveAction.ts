import { useState } from 'react';
import { useTimedMessage } from '@/common/useTimedMessage';
import { errorMessage } from '@/providers/httpClient';

/**
 * A form's save that is not one group of PUT /api/settings (those use useSettingsForm): `run(work)` marks it busy,
 * clears the last refusal and runs `work`, which calls `saved(text)` once the save went through (the text shows for
 * three seconds), before anything it reloads. A failure shows the server's words, or `failure` when it gave none;
 * `ownWords` shows `failure` whatever the server said.
 */
export function useSaveAction(failure: string, { ownWords = false } = {}) {
  const [busy, setBusy] = useState(false);
  const [success, setSuccess] = useTimedMessage(3000);
  const [error, setError] = useState<string | null>(null);
  const run = async (work: (saved: (text: string) => void) => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work(setSuccess);
    } catch (e) {
      setError(ownWords ? failure : errorMessage(e, failure));
    } finally {
      setBusy(false);
    }
  };
  return { busy, success, error, run, status: { saving: busy, success, error } };
}
