import { useState } from 'react';
import { useDelete, type RaRecord } from 'react-admin';

/**
 * The confirm-then-delete flow of a list screen: which record is being confirmed, the busy flag, and
 * react-admin's delete (which refreshes the resource's lists itself). The screen decides what a success or a
 * failure says.
 */
export function useDeleteFlow<T extends RaRecord>(
  resource: string,
  on: { deleted: (record: T) => void; failed: (error: unknown) => void },
) {
  const [deleting, setDeleting] = useState<T | null>(null);
  const [deleteOne, { isPending }] = useDelete<T>();

  const confirm = () => {
    const record = deleting;
    if (!record) return;
    deleteOne(
      resource,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setDeleting(null);
          on.deleted(record);
        },
        onError: (error) => {
          setDeleting(null);
          on.failed(error);
        },
      },
    );
  };

  return { deleting, ask: setDeleting, cancel: () => setDeleting(null), busy: isPending, confirm };
}
