import { DialogContentText } from '@mui/material';
import { FormDialog } from '@/common/FormDialog';

/** A yes/no question before something that cannot be undone. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Delete',
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <FormDialog
      open={open}
      title={title}
      onClose={onClose}
      submitLabel={confirmLabel}
      submitColor="error"
      busy={busy}
      onSubmit={onConfirm}
      maxWidth="xs"
    >
      <DialogContentText>{message}</DialogContentText>
    </FormDialog>
  );
}
