import { useState } from 'react';
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { TypeToConfirmField } from '@/common/TypeToConfirmField';
import { confirmationMatches, DELETE_ORGANIZATION } from '@/it-admin/itAdminUtils';

/** The typed-confirmation modal of spec 3 §5: the exact text DELETE_ORGANIZATION (the server checks it again). */
export function DeleteOrganizationDialog({
  name,
  open,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  name: string;
  open: boolean;
  busy: boolean;
  error: string | null;
  onConfirm: (typed: string) => void;
  onClose: () => void;
}) {
  const [typed, setTyped] = useState('');
  const close = () => {
    setTyped('');
    onClose();
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : close} maxWidth="sm" fullWidth>
      <DialogTitle>Delete Organization</DialogTitle>
      <DialogContent>
        <DialogContentText gutterBottom>
          This permanently deletes <strong>{name}</strong> and everything it owns: users, classes, students, enrollments, attendance,
          activity and messages. Open seat holds are cancelled and the subscription goes back to Free. This cannot be undone.
        </DialogContentText>
        <DialogContentText sx={{ mt: 2 }}>
          Type <strong>{DELETE_ORGANIZATION}</strong> to confirm.
        </DialogContentText>
        <TypeToConfirmField word={DELETE_ORGANIZATION} value={typed} onChange={setTyped} />
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          Cancel
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={busy || !confirmationMatches(typed, DELETE_ORGANIZATION)}
          onClick={() => onConfirm(typed)}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Delete Organization
        </Button>
      </DialogActions>
    </Dialog>
  );
}
