import { Alert } from '@mui/material';

/**
 * The notices above a list screen, in the order every list shows them: what the last action failed with (closable),
 * the list's own loading failure, a warning, and what the last action did.
 */
export function ListNotices({
  error,
  onCloseError,
  loadError,
  warning,
  success,
}: {
  error: string | null;
  onCloseError: () => void;
  loadError?: string | null;
  warning?: string | null;
  success: string | null;
}) {
  return (
    <>
      {error && (
        <Alert severity="error" onClose={onCloseError}>
          {error}
        </Alert>
      )}
      {loadError && <Alert severity="error">{loadError}</Alert>}
      {warning && <Alert severity="warning">{warning}</Alert>}
      {success && (
        <Alert severity="success" role="status">
          {success}
        </Alert>
      )}
    </>
  );
}
