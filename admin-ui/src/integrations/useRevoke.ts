/**
 * Revoking an API key or a calendar feed: react-admin's delete of the section's resource. The server keeps what it
 * revokes (with the time it was revoked) while useDelete drops the row from the cached list, so the list is read again
 * after, and the row comes back showing when it was revoked.
 */
import { useState } from 'react';
import { useDelete, useListContext, type RaRecord } from 'react-admin';
import { errorMessage } from '@/providers/httpClient';

/** The row being confirmed, the revoke itself, and whether one is under way; a failure goes to `setError` as `failure`. */
export function useRevoke<T extends RaRecord>(resource: string, failure: string, setError: (error: string | null) => void) {
  const list = useListContext<T>();
  const [remove, { isPending }] = useDelete<T>();
  const [revoking, setRevoking] = useState<T | null>(null);
  const revoke = () => {
    if (!revoking) return;
    setError(null);
    void remove(
      resource,
      { id: revoking.id, previousData: revoking },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => void list.refetch(),
        onError: (e) => setError(errorMessage(e, failure)),
        onSettled: () => setRevoking(null),
      },
    );
  };
  return { revoking, setRevoking, revoke, busy: isPending };
}
