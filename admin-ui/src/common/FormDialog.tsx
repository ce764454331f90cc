import { useId, type ReactNode } from 'react';
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, type ButtonProps } from '@mui/material';

export interface FormDialogProps {
  open: boolean;
  title: ReactNode;
  /** Closes the dialog; ignored while `busy`, so a save in flight is never abandoned half-way. */
  onClose: () => void;
  /** The submit button's label. */
  submitLabel: ReactNode;
  /** Shown on the submit button while busy instead of the label (e.g. 'Processing...'). */
  busyLabel?: ReactNode;
  busy?: boolean;
  /** The server's refusal, above the fields. */
  error?: string | null;
  /** Notices between the error and the fields (plan limits, warnings). */
  notice?: ReactNode;
  /** Drawn between the title and the content (e.g. the class form's tabs). */
  header?: ReactNode;
  /** With a react-admin `<Form id>` inside, the submit button submits it; otherwise the button calls `onSubmit`. */
  formId?: string;
  onSubmit?: () => void;
  submitDisabled?: boolean;
  submitColor?: ButtonProps['color'];
  cancelLabel?: ReactNode;
  maxWidth?: 'xs' | 'sm' | 'md';
  fullScreen?: boolean;
  children?: ReactNode;
}

/**
 * The one dialog frame of the admin app's forms and confirmations: a labelled title, the server's error, the
 * fields, then Cancel and the submit button (disabled with a spinner while the call runs).
 */
export function FormDialog({
  open,
  title,
  onClose,
  submitLabel,
  busyLabel,
  busy = false,
  error,
  notice,
  header,
  formId,
  onSubmit,
  submitDisabled,
  submitColor,
  cancelLabel = 'Cancel',
  maxWidth = 'sm',
  fullScreen,
  children,
}: FormDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth={maxWidth}
      fullScreen={fullScreen}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {header}
      <DialogContent>
        <Stack spacing={2} pt={1}>
          {error && <Alert severity="error">{error}</Alert>}
          {notice}
          {children}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button
          {...(formId ? { type: 'submit' as const, form: formId } : { onClick: onSubmit })}
          variant="contained"
          color={submitColor}
          disabled={busy || submitDisabled}
          startIcon={busy && !busyLabel ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {busy && busyLabel ? busyLabel : submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
