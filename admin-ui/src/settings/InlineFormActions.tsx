import { Alert, Button, Stack } from '@mui/material';
import { errorMessage } from '@/providers/httpClient';

/**
 * The foot of a settings form that creates or edits one item of a list on the same screen (terms): the
 * last save's notice or the server's refusal, then 'Create …' or 'Save …' and, while editing, Cancel.
 */
export function InlineFormActions({
  noun,
  notice,
  error,
  saving,
  canSave,
  editing,
  onSave,
  onCancel,
}: {
  /** What the form saves, as the buttons and the failure say it ('term', 'promo code'). */
  noun: string;
  notice: string | null;
  error: unknown;
  saving: boolean;
  canSave: boolean;
  editing: boolean;
  onSave: () => void;
  onCancel: () => void;
}) {
  return (
    <>
      {notice && <Alert severity="success">{notice}</Alert>}
      {!!error && <Alert severity="error">{errorMessage(error, `Failed to save the ${noun}. Please try again`)}</Alert>}
      <Stack direction="row" spacing={1}>
        <Button variant="contained" onClick={onSave} disabled={!canSave || saving}>
          {saving ? 'Saving...' : editing ? `Save ${noun}` : `Create ${noun}`}
        </Button>
        {editing && <Button onClick={onCancel}>Cancel</Button>}
      </Stack>
    </>
  );
}
