import { useState } from 'react';
import { useDataProvider, type RaRecord } from 'react-admin';

/**
 * The confirm-then-delete flow of a list screen: which record is being confirmed, the busy flag, and
 * the delete itself. The screen decides what a success or a failure says.
 */
export function useDeleteFlow<T extends RaRecord>(resource: string, on: { deleted: (record: T) => void; failed: () => void }) {
  const dp = useDataProvider();
  const [deleting, setDeleting] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await dp.delete(resource, { id: deleting.id, previousData: deleting });
      on.deleted(deleting);
    } catch {
      on.failed();
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  return { deleting, ask: setDeleting, cancel: () => setDeleting(null), busy, confirm };
}
