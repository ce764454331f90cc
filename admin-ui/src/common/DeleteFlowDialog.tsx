import type { RaRecord } from 'react-admin';
import { ConfirmDialog } from '@/common/ConfirmDialog';
import type { useDeleteFlow } from '@/common/useDeleteFlow';

/** The confirmation of a list screen's delete flow: 'Delete {noun}', and that it cannot be undone. */
export function DeleteFlowDialog<T extends RaRecord>({ deletion, noun }: { deletion: ReturnType<typeof useDeleteFlow<T>>; noun: string }) {
  return (
    <ConfirmDialog
      open={Boolean(deletion.deleting)}
      title={`Delete ${noun}`}
      message={`Are you sure you want to delete this ${noun}? This action cannot be undone.`}
      busy={deletion.busy}
      onConfirm={deletion.confirm}
      onClose={deletion.cancel}
    />
  );
}
